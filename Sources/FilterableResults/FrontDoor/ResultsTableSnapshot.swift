/// A visible table at one moment, as a data source serves it: a
/// controller's ``ResultsSnapshot`` or a composition's
/// ``ResultsComposition/Snapshot``.
///
/// Every index path is one of the table shown: sections and rows as a
/// table or collection view counts them.
public protocol ResultsTableSnapshot<Element, Key> {
    /// The type of the elements shown.
    associatedtype Element
    /// The type of the elements' identities.
    associatedtype Key: Hashable

    /// The number of sections shown.
    ///
    /// - Complexity: O(1) for the package's snapshots.
    var numberOfSections: Int { get }
    /// The number of elements shown in a section, or `nil` for a section
    /// that does not exist.
    ///
    /// - Complexity: O(log *n*) for the package's snapshots.
    func numberOfElements(inSection section: Int) -> Int?
    /// The name of a section (its header title by default), or `nil`.
    ///
    /// - Complexity: O(log *n*) for the package's snapshots.
    func name(ofSection section: Int) -> String?
    /// The id of its own of a section (``ResultsSection/id``: a day, an
    /// enum case), or `nil` for a section identified by its name (or,
    /// unnamed, by its index) and for a section that does not exist.
    ///
    /// - Complexity: O(log *n*) for the package's snapshots.
    func id(ofSection section: Int) -> (any Hashable & Sendable)?
    /// The value of a section: its header and footer titles and what else
    /// they show, apart from its name; `nil` when it has none or the
    /// section does not exist.
    ///
    /// - Complexity: O(log *n*) for the package's snapshots, plus a
    ///   controller's section value function.
    func value(ofSection section: Int) -> ResultsSectionValue?
    /// The element at an index path, or `nil` when there is none.
    ///
    /// - Complexity: O(log *n*) for the package's snapshots.
    func element(at indexPath: ResultsIndexPath) -> Element?
    /// The identity of the element at an index path, or `nil` when there is none.
    ///
    /// - Complexity: O(log *n*) for the package's snapshots.
    func key(at indexPath: ResultsIndexPath) -> Key?
    /// The number of elements shown.
    ///
    /// - Complexity: O(1) for the package's snapshots.
    var count: Int { get }
    /// The elements shown in a section, in order; empty for a section that
    /// does not exist.
    ///
    /// - Complexity: O(log *n* + *m*) for *m* elements of a controller's
    ///   snapshot; O(*m* log *n*) by default, one ``element(at:)`` each.
    func elements(inSection section: Int) -> [Element]
    /// The index path of the element with `key`, or `nil` when the table
    /// does not show it (a filter, a folded section or an empty section
    /// hidden hides it): a lookup in the visible table. A controller's
    /// store answers from every element (``ResultsStore/rawIndexPath(forKey:)``).
    ///
    /// - Complexity: O(log *n*) for the package's snapshots (a
    ///   composition's: O(*p* + log *n*) for *p* parts); O(*n* log *n*) by
    ///   default, one ``key(at:)`` per row.
    func indexPath(forKey key: Key) -> ResultsIndexPath?
}

extension ResultsTableSnapshot {
    /// No section has an id of its own: each is identified by its name,
    /// or unnamed by its index.
    ///
    /// - Complexity: O(1).
    public func id(ofSection section: Int) -> (any Hashable & Sendable)? { nil }

    /// The index of the section shown whose id of its own is `id`, or
    /// `nil` when no section shown has it.
    ///
    ///     let today = snapshot.index(ofSectionWithID: Calendar.current.startOfDay(for: .now))
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections shown.
    public func index(ofSectionWithID id: some Hashable & Sendable) -> Int? {
        let wanted = AnyHashable(id)
        return (0..<numberOfSections).first { section in self.id(ofSection: section).map { AnyHashable($0) } == wanted }
    }

    /// The elements shown in a section, in order, read one by one with
    /// ``element(at:)``; empty for a section that does not exist.
    ///
    /// - Complexity: O(*m* log *n*) for *m* elements of the package's snapshots.
    public func elements(inSection section: Int) -> [Element] {
        Array(ResultsSections.Section(snapshot: self, index: section))
    }

    /// The index path of the element with `key`, found by reading every
    /// row's key with ``key(at:)``, or `nil` when the table does not show it.
    ///
    /// - Complexity: O(*n* log *n*) for the package's snapshots.
    public func indexPath(forKey key: Key) -> ResultsIndexPath? {
        for section in 0..<numberOfSections {
            for row in 0..<(numberOfElements(inSection: section) ?? 0) {
                let path = ResultsIndexPath(row: row, section: section)
                if self.key(at: path) == key { return path }
            }
        }
        return nil
    }

    /// The element with `key` if the table shows it, or `nil` when no
    /// element has the key or the table hides it (a filter, a folded
    /// section): a lookup in the visible table, as its name says; a
    /// controller's store finds hidden elements too
    /// (``ResultsStore/element(forKey:)``).
    ///
    ///     let shown = snapshot.visibleElement(forKey: id)   // nil while a search hides it
    ///
    /// - Complexity: that of ``indexPath(forKey:)``, plus ``element(at:)``.
    public func visibleElement(forKey key: Key) -> Element? {
        indexPath(forKey: key).flatMap(element(at:))
    }

    /// Whether the table shows the element with `key`.
    ///
    /// - Complexity: that of ``indexPath(forKey:)``.
    public func contains(key: Key) -> Bool { indexPath(forKey: key) != nil }
}
