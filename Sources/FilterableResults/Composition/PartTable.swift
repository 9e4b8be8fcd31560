/// A part's table as a composition reads it: the part's snapshot, its
/// elements turned into the composition's rows and its keys erased.
@usableFromInline
protocol PartTable<Element> {
    /// The composition's row type.
    associatedtype Element

    /// The number of sections the part shows.
    var numberOfSections: Int { get }
    /// The number of rows the part shows, in every section.
    var count: Int { get }
    /// The number of rows in a section; 0 for a section that does not exist.
    func numberOfRows(inSection section: Int) -> Int
    /// The name of a section, or `nil`.
    func name(ofSection section: Int) -> String?
    /// The id of its own of a section, or `nil`.
    func id(ofSection section: Int) -> (any Hashable & Sendable)?
    /// The value of a section, or `nil`.
    func value(ofSection section: Int) -> ResultsSectionValue?
    /// The row at a path of the part's table, or `nil`.
    func row(at indexPath: ResultsIndexPath) -> Element?
    /// The part's key of the row at a path, or `nil`.
    func key(at indexPath: ResultsIndexPath) -> ResultsComposition<Element>.PartKey?
    /// The path of the row with a key of the part, found by the part's own
    /// lookup, or `nil`.
    func indexPath(forPartKey key: ResultsComposition<Element>.PartKey) -> ResultsIndexPath?
    /// The identity the part's source gives a section when it has one of
    /// its own (a nested composition's sections belong to its parts), or
    /// `nil` when a section is its name, or unnamed its index.
    func identity(ofSection section: Int) -> (AnyHashable, description: String)?
}

/// A part's snapshot with the function that turns its elements into rows.
@usableFromInline
struct PartSnapshotTable<Snapshot: ResultsTableSnapshot>: PartTable {
    @usableFromInline typealias Element = Snapshot.Element
    @usableFromInline let snapshot: Snapshot
    @inlinable init(snapshot: Snapshot) {
        self.snapshot = snapshot
    }

    @usableFromInline var numberOfSections: Int { snapshot.numberOfSections }
    @usableFromInline var count: Int { snapshot.count }
    @usableFromInline func numberOfRows(inSection section: Int) -> Int { snapshot.numberOfElements(inSection: section) ?? 0 }
    @usableFromInline func name(ofSection section: Int) -> String? { snapshot.name(ofSection: section) }
    @usableFromInline func value(ofSection section: Int) -> ResultsSectionValue? { snapshot.value(ofSection: section) }
    @usableFromInline func row(at indexPath: ResultsIndexPath) -> Element? { snapshot.element(at: indexPath) }
    @usableFromInline func key(at indexPath: ResultsIndexPath) -> ResultsComposition<Element>.PartKey? { snapshot.key(at: indexPath).map { .init($0) } }

    /// The identity a nested composition gives its section (by its own
    /// part, a placeholder apart), or `nil` for any other part's table.
    @usableFromInline func identity(ofSection section: Int) -> (AnyHashable, description: String)? {
        if let nested = (snapshot as? any SectionIdentifying)?.identity(ofSection: section) { return nested }
        return snapshot.id(ofSection: section).map { given in
            let id = SectionID(given)
            return (AnyHashable(id), "section \(id)")
        }
    }
    @usableFromInline func id(ofSection section: Int) -> (any Hashable & Sendable)? { snapshot.id(ofSection: section) }
}
