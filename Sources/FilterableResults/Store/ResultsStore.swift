import Foundation

/// A mutable, sectioned collection of elements identified by primary key,
/// with filters, that computes the changes of its visible table.
///
/// The store is a persistent, copy-on-write value: a copy costs O(1) and
/// shares everything with the original until one of them changes, and then
/// only the pieces an edit touches are copied. Copy it to prepare a large
/// merge off the main actor, to keep a snapshot, or to roll back.
/// ``ResultsController`` owns one, batches edits and reports the changes;
/// tests and background work use the store directly and call
/// ``takeChangeset()`` to get the changes since the last call.
///
/// The store speaks raw positions (``RawIndexPath``): every section and
/// every element, filters ignored. The visible table, what a view shows, is
/// its ``snapshot``.
///
/// Keys are unique, always: an operation that would give two rows one key
/// throws ``ResultsError/duplicateKey(_:)`` and changes nothing. A key is
/// stored once, read from its element: an element of a class type whose key
/// is changed in place while stored is a programmer error, detected when
/// its row leaves the key index or the index grows, and it stops the
/// program with a message naming the key. Replace such an element instead.
///
///     var store = ResultsStore<Product, Int>(key: \.id)
///     try store.setData([kindle, echo])
///     try store.add(fire)
///     let changes = store.takeChangeset()   // inserts of kindle, echo, fire
public struct ResultsStore<Element, Key: Hashable> {
    /// An internal row identity. A row keeps it across replaces and moves,
    /// and a key removed and added again before the next changeset gets its
    /// old identity back.
    @usableFromInline typealias RowID = Int32

    // MARK: Configuration

    @usableFromInline let keyOf: @Sendable (Element) -> Key?
    /// How a replaced element's content is compared with the one it replaces.
    @usableFromInline let sameContent: ContentComparator<Element>
    /// The sort keys every section is kept in order by; empty for none.
    @inlinable public var sortKeys: [ResultsSortKey<Element>] { _sortKeys }
    @usableFromInline var _sortKeys: [ResultsSortKey<Element>]
    /// How elements are filed into sections, if the store sections them.
    @inlinable public var sectioning: ResultsSectioning<Element>? { _sectioning }
    @usableFromInline var _sectioning: ResultsSectioning<Element>?
    /// Whether sections with no visible rows are left out of the visible table.
    public var hidesEmptySections: Bool {
        get { table.hidesEmptySections }
        set {
            guard newValue != table.hidesEmptySections else { return }
            table.hidesEmptySections = newValue
            tracker.visibilityChanged = true
            noteMutation()
        }
    }
    /// The applied filters, in order.
    public var filters: [ResultsFilter<Element>] { appliedFilters }
    @usableFromInline var appliedFilters: [ResultsFilter<Element>] = []

    // MARK: Data

    /// The data as it is now.
    @usableFromInline var table: RowTable<Element, Key>
    /// The data when the last changeset was taken: what the next one is
    /// computed against, and what still holds the rows removed since.
    @usableFromInline var baseline: RowTable<Element, Key>
    /// What changed since the baseline.
    @usableFromInline var tracker = ChangeTracker()
    /// Row identities free for reuse: live neither now nor in the baseline.
    @usableFromInline var freeRows: [RowID] = []
    /// Section identities free for reuse.
    @usableFromInline var freeSections: [Int32] = []
    /// This store value's version: replaced by every edit of a copy that
    /// shares it, so two stores with one version hold the same data.
    @usableFromInline var version = ResultsStoreVersion()
    /// The pending changeset computed ahead of time (see
    /// ``ResultsController/PreparedUpdate``), valid while ``version`` is the one it
    /// was computed at.
    @usableFromInline var precomputedChangeset: (version: ResultsStoreVersion, changeset: ResultsChangeset<Element, Key>)?
    /// The refresh in progress, if any (see ``beginRefresh()``).
    @usableFromInline var refresh: Refresh?
    #if FILTERABLE_RESULTS_CHECKS
    /// Rows edited since the last whole check (see ``_checkInvariantsAfterRowEdit(rows:)``).
    @usableFromInline var editsSinceCheck = 0
    #endif

    /// Creates an empty store that identifies elements by `key` and compares
    /// their content with `isSameContent`.
    ///
    /// `key` returns `nil` for an element without a primary key; such an
    /// element is refused with ``ResultsError/missingPrimaryKey(_:)``. The
    /// store keeps the key each stored element had: should `key` later
    /// return `nil` for it (a class element changed in place, a function
    /// that is not pure), the row keeps that key. Without `isSameContent`,
    /// every replace counts as a content change.
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
        self.init(
            keyOf: key, keyAt: nil,
            sameContent: ContentComparator(comparing: isSameContent),
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }

    /// Creates an empty store from its key and content functions, both on
    /// elements in place and (the key) on an element. The public initialisers
    /// form them where the element type is known, so a store's hot loops
    /// call them without a reabstraction thunk that would copy each element.
    ///
    /// With `keyAt`, a stored element's key must never be `nil`; with
    /// `keyOffset` (a key that is a stored property of a value, at that
    /// byte offset), keys are loaded from there instead; with
    /// `keysAreStable`, it must never change (values and a pure key
    /// function): the store then keeps no copy of each row's key or hash.
    /// The package's scenario runner, whose elements are JSON values keyed
    /// by a field, uses it so.
    @inlinable package init(
        keyOf: @escaping @Sendable (Element) -> Key?,
        keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?,
        keyOffset: Int? = nil,
        keysAreStable: Bool = false,
        sameContent: ContentComparator<Element>,
        sortedBy sortKeys: [ResultsSortKey<Element>],
        sectionedBy sectioning: ResultsSectioning<Element>?,
        hidesEmptySections: Bool
    ) {
        self.keyOf = keyOf
        self.sameContent = sameContent
        self._sortKeys = sortKeys
        self._sectioning = sectioning
        var table = RowTable<Element, Key>(
            keyOf: keyOf, keyAt: keyAt, keyOffset: keyOffset, keysAreStable: keysAreStable, hidesEmptySections: hidesEmptySections)
        if sectioning == nil {
            table.insertSection(table.appendSectionSlot(), name: nil, atRaw: 0)
        }
        self.table = table
        self.baseline = table
        _checkInvariants()
    }
}

extension ResultsStore: @unchecked Sendable where Element: Sendable, Key: Sendable {}

/// The version of stores that stand in for a controller's store while it
/// is edited: never the version of a store that can be edited.
@usableFromInline let placeholderVersion = ResultsStoreVersion()

extension ResultsStore {
    /// Marks an edit: a version shared with a copy is replaced, so the copy
    /// and this store no longer claim to hold the same data.
    @inlinable mutating func noteMutation() {
        if !isKnownUniquelyReferenced(&version) { version = ResultsStoreVersion() }
    }

    /// This store as it was when its last changeset was taken, for reading
    /// only: the same configuration and filters, the baseline's data,
    /// nothing pending. It shares nothing this store's edits may copy.
    @inlinable var lastReported: ResultsStore {
        var store = self
        store.table = baseline
        store.tracker = ChangeTracker()
        store.freeRows = []
        store.freeSections = []
        store.version = placeholderVersion
        store.precomputedChangeset = nil
        return store
    }
}

// MARK: - Convenience initialisers

extension ResultsStore where Element: SendableMetatype, Key: SendableMetatype {
    /// Creates an empty store that identifies elements by a key path.
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
            keyPath: key, sameContent: ContentComparator(comparing: isSameContent),
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: Equatable & SendableMetatype, Key: SendableMetatype {
    /// Creates an empty store that identifies elements by a key path and
    /// compares their content with `==`.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        key: KeyPath<Element, Key> & Sendable,
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.init(keyPath: key, sameContent: .equality, sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: Identifiable & Equatable & SendableMetatype, Key == Element.ID, Key: SendableMetatype {
    /// Creates an empty store that identifies elements by their `id` and
    /// compares their content with `==`.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.init(
            keyOf: { $0.id }, keyAt: { $0.pointee.id }, sameContent: .equality,
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: Hashable & SendableMetatype, Key == Element {
    /// Creates an empty store whose elements are their own keys: two equal
    /// elements are the same element.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.init(
            keyOf: { $0 }, keyAt: { $0.pointee }, sameContent: .equality,
            sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}

extension ResultsStore where Element: SendableMetatype, Key: SendableMetatype {
    /// Creates an empty store keyed by a key path. A key path to a stored
    /// property of a value is read at its byte offset, which is many times
    /// faster than applying the key path at run time (the store's key
    /// reader loads a stored element's key there itself), and such a key
    /// can never change in place (the store holds its own copy), so the key
    /// index keeps nothing of it; any other key path is applied.
    ///
    /// - Complexity: O(1).
    @inlinable init(
        keyPath: KeyPath<Element, Key> & Sendable, sameContent: ContentComparator<Element>,
        sortedBy sortKeys: [ResultsSortKey<Element>], sectionedBy sectioning: ResultsSectioning<Element>?, hidesEmptySections: Bool
    ) {
        let offset = MemoryLayout<Element>.offset(of: keyPath)
        let keyOf: @Sendable (Element) -> Key? = if let offset {
            { element in withUnsafeBytes(of: element) { $0.load(fromByteOffset: offset, as: Key.self) } }
        } else {
            { $0[keyPath: keyPath] }
        }
        self.init(
            keyOf: keyOf, keyAt: { $0.pointee[keyPath: keyPath] }, keyOffset: offset, keysAreStable: offset != nil,
            sameContent: sameContent, sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }
}
