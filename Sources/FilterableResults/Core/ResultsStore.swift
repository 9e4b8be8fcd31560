import Foundation

/// A mutable, sectioned collection of objects identified by primary key,
/// with filters, that computes the changes of its visible table.
///
/// The store is a copy-on-write value: copy it, prepare a large merge off
/// the main actor, send it back. ``ResultsController`` owns one, batches
/// edits and reports the changes to a delegate; tests and background work
/// use the store directly and call ``takeChangeset()`` to get the changes
/// since the last call.
///
/// Keys are unique, always: an operation that would give two rows one key
/// throws ``ResultsError/duplicateKey(_:)`` and changes nothing.
///
///     var store = ResultsStore<Product, Int>(key: \.id)
///     try store.setData([kindle, echo])
///     try store.add(fire)
///     let changes = store.takeChangeset()   // inserts of kindle, echo, fire
public struct ResultsStore<Element, Key: Hashable> {
    /// An internal row identity: an index into ``slots``. A row keeps it
    /// across replaces and moves, and a key removed and added again before
    /// the next changeset gets its old identity back.
    @usableFromInline typealias RowID = Int32

    /// A section as stored: its name and its row identities. A named
    /// section's identity is its name; an unnamed one's is its index.
    @usableFromInline struct Section: Sendable {
        @usableFromInline var name: String?
        @usableFromInline var rows: [RowID]

        @inlinable init(name: String?, rows: [RowID]) {
            self.name = name
            self.rows = rows
        }
    }

    // MARK: Configuration

    @usableFromInline let keyOf: @Sendable (Element) -> Key?
    @usableFromInline let isSameContent: (@Sendable (Element, Element) -> Bool)?
    /// The sort keys every section is kept in order by; empty for none.
    public let sortKeys: [ResultsSortKey<Element>]
    /// How objects are filed into sections, if the store sections them.
    public let sectioning: ResultsSectioning<Element>?
    /// Whether sections with no visible rows are left out of the visible table.
    public var hidesEmptySections: Bool {
        didSet { if hidesEmptySections != oldValue { tracker.visibilityChanged = true } }
    }

    // MARK: Storage

    /// Objects by row identity; `nil` for a free slot. A removed row's slot
    /// keeps its object until the next changeset has reported it.
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var freeSlots: [RowID] = []
    @usableFromInline var keyIndex: [Key: RowID] = [:]
    /// Whether each row passes the applied filters, by row identity.
    @usableFromInline var isVisible: [Bool] = []
    @usableFromInline var storedSections: [Section]
    /// The applied filters, in order.
    public var filters: [ResultsFilter<Element>] { appliedFilters }
    @usableFromInline var appliedFilters: [ResultsFilter<Element>] = []

    /// What changed since the last changeset: the table to diff against.
    @usableFromInline var tracker: ChangeTracker

    /// Creates an empty store that identifies objects by `key` and compares
    /// their content with `isSameContent`.
    ///
    /// `key` returns `nil` for an object without a primary key; such an
    /// object is refused with ``ResultsError/missingPrimaryKey(_:)``. Without
    /// `isSameContent`, every replace counts as a content change.
    ///
    /// A new store holds one unnamed, empty section (with `sectioning`, none).
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        key: @escaping @Sendable (Element) -> Key?,
        isSameContent: (@Sendable (Element, Element) -> Bool)? = nil,
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.keyOf = key
        self.isSameContent = isSameContent
        self.sortKeys = sortKeys
        self.sectioning = sectioning
        self.hidesEmptySections = hidesEmptySections
        self.storedSections = sectioning == nil ? [Section(name: nil, rows: [])] : []
        self.tracker = ChangeTracker(sections: storedSections, isVisible: [], hidesEmptySections: hidesEmptySections)
        _checkInvariants()
    }
}

extension ResultsStore: Sendable where Element: Sendable, Key: Sendable {}

// MARK: - Convenience initialisers

extension ResultsStore where Element: SendableMetatype, Key: SendableMetatype {
    /// Creates an empty store that identifies objects by a key path.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        key: KeyPath<Element, Key> & Sendable,
        isSameContent: (@Sendable (Element, Element) -> Bool)? = nil,
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.init(
            key: Self.reader(for: key), isSameContent: isSameContent,
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: Equatable & SendableMetatype, Key: SendableMetatype {
    /// Creates an empty store that identifies objects by a key path and
    /// compares their content with `==`.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        key: KeyPath<Element, Key> & Sendable,
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.init(
            key: Self.reader(for: key), isSameContent: { $0 == $1 },
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: Identifiable & Equatable & SendableMetatype, Key == Element.ID, Key: SendableMetatype {
    /// Creates an empty store that identifies objects by their `id` and
    /// compares their content with `==`.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.init(
            key: { $0.id }, isSameContent: { $0 == $1 },
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: Hashable & SendableMetatype, Key == Element {
    /// Creates an empty store whose objects are their own keys: two equal
    /// objects are the same object.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.init(
            key: { $0 }, isSameContent: { $0 == $1 },
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: SendableMetatype, Key: SendableMetatype {
    /// A function that reads a key through a key path. A key path to a
    /// stored property of a struct is read at its byte offset, which is
    /// many times faster than applying the key path at run time; any other
    /// key path is applied.
    @inlinable
    static func reader(for keyPath: KeyPath<Element, Key> & Sendable) -> @Sendable (Element) -> Key? {
        if let offset = MemoryLayout<Element>.offset(of: keyPath) {
            return { element in withUnsafeBytes(of: element) { $0.load(fromByteOffset: offset, as: Key.self) } }
        }
        return { $0[keyPath: keyPath] }
    }
}
