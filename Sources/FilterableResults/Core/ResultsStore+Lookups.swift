/// Reading the raw data: every section and every object, filters ignored,
/// at raw positions (``RawIndexPath``). The visible table is ``snapshot``.
extension ResultsStore {
    /// The visible table as it is now: the sections shown, with the objects
    /// that pass every applied filter, as a value that later edits of the
    /// store leave unchanged.
    ///
    /// - Complexity: O(1).
    @inlinable public var snapshot: ResultsSnapshot<Element, Key> { ResultsSnapshot(table: table) }

    /// The raw data: every section with every object, filters ignored.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var sections: [ResultsSection<Element>] {
        table.rawTable.map { ResultsSection(name: $0.name, objects: $0.rows.map(element(ofRow:))) }
    }

    /// Every object, section by section, filters ignored.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var allObjects: [Element] { sections.flatMap(\.objects) }

    /// The visible table's sections and objects.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var visibleSections: [ResultsSection<Element>] { snapshot.sections }

    /// Every visible object, section by section.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var visibleObjects: [Element] { snapshot.objects }

    /// The number of objects, filters ignored.
    ///
    /// - Complexity: O(1).
    @inlinable public var count: Int { table.keys.count }

    /// The number of raw sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { table.numberOfSections }

    /// The number of objects in a raw section, or `nil` when it does not exist.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func numberOfObjects(inSection section: Int) -> Int? {
        (0..<table.numberOfSections).contains(section) ? rowCount(inSection: section) : nil
    }

    /// The object at a raw index path, or `nil` when it does not exist.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func object(at indexPath: RawIndexPath) -> Element? {
        table.row(atRaw: indexPath).map(element(ofRow:))
    }

    /// The object with `key`, or `nil`.
    ///
    /// - Complexity: O(1) on average (a hash lookup).
    @inlinable public func object(forKey key: Key) -> Element? {
        table.row(forKey: key).map(element(ofRow:))
    }

    /// Whether an object has `key`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable public func contains(key: Key) -> Bool { table.row(forKey: key) != nil }

    /// The raw index path of the object with `key`, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func rawIndexPath(forKey key: Key) -> RawIndexPath? {
        table.row(forKey: key).map(table.rawPath(ofRow:))
    }

    /// The raw index path of the object with `element`'s key, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func rawIndexPath(of element: Element) -> RawIndexPath? {
        keyOf(element).flatMap(rawIndexPath(forKey:))
    }
}
