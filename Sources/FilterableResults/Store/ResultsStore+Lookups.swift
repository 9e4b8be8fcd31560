/// Reading the raw data: every section and every element, filters ignored,
/// at raw positions (``RawIndexPath``). The visible table is ``snapshot``.
extension ResultsStore {
    /// The visible table as it is now: the sections shown, with the elements
    /// that pass every applied filter, as a value that later edits of the
    /// store leave unchanged.
    ///
    /// - Complexity: O(1).
    @inlinable public var snapshot: ResultsSnapshot<Element, Key> { ResultsSnapshot(table: table) }

    /// The raw data: every section with every element, filters ignored.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var rawSections: [ResultsSection<Element>] {
        table.rawTableWithIdentities.map { ResultsSection(name: $0.name, id: $0.sectionID?.value, elements: $0.rows.map(element(ofRow:))) }
    }

    /// Every element, section by section, filters ignored.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var allElements: [Element] { rawSections.flatMap(\.elements) }

    /// The number of elements, filters ignored.
    ///
    /// - Complexity: O(1).
    @inlinable public var rawCount: Int { table.keys.count }

    /// The number of raw sections, filters and hidden empty sections ignored.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfRawSections: Int { table.numberOfSections }

    /// The number of elements in a raw section, or `nil` when it does not exist.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func numberOfRawElements(inSection section: Int) -> Int? {
        (0..<table.numberOfSections).contains(section) ? rowCount(inSection: section) : nil
    }

    /// The element at a raw index path, or `nil` when it does not exist.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func element(at indexPath: RawIndexPath) -> Element? {
        table.row(atRaw: indexPath).map(element(ofRow:))
    }

    /// The element with `key`, shown or hidden by a filter, or `nil` when
    /// no element has it. The visible table's lookup is
    /// ``ResultsSnapshot/visibleElement(forKey:)`` (and the controller's
    /// ``ResultsController/visibleElement(forKey:)``).
    ///
    /// - Complexity: O(1) on average (a hash lookup).
    @inlinable public func element(forKey key: Key) -> Element? {
        table.row(forKey: key).map(element(ofRow:))
    }

    /// Whether an element has `key`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable public func contains(key: Key) -> Bool { table.row(forKey: key) != nil }

    /// The raw index path of the element with `key`, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func rawIndexPath(forKey key: Key) -> RawIndexPath? {
        table.row(forKey: key).map(table.rawPath(ofRow:))
    }

    /// The raw index path of the element with `element`'s key, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func rawIndexPath(of element: Element) -> RawIndexPath? {
        keyOf(element).flatMap(rawIndexPath(forKey:))
    }
}
