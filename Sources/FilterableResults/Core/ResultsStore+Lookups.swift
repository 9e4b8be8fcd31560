/// Reading the raw data (every object, as stored) and the visible table
/// (the objects that pass the filters, in the sections shown).
extension ResultsStore {
    /// The visible table of `sections` under `isVisible`.
    @inlinable static func visibleTable(
        of sections: [Section], isVisible: [Bool], filtered: Bool, hidesEmptySections: Bool
    ) -> [VisibleSection] {
        var table: [VisibleSection] = []
        table.reserveCapacity(sections.count)
        for section in sections {
            let rows = filtered ? section.rows.filter { isVisible[Int($0)] } : section.rows
            if hidesEmptySections && rows.isEmpty { continue }
            let identity = section.name.map(SectionIdentity.named) ?? .unnamed(table.count)
            table.append(VisibleSection(identity: identity, name: section.name, rows: rows))
        }
        return table
    }

    /// The current visible table.
    @inlinable var visibleTable: [VisibleSection] {
        Self.visibleTable(
            of: storedSections, isVisible: isVisible, filtered: !filters.isEmpty,
            hidesEmptySections: hidesEmptySections)
    }

    // MARK: Raw data

    /// The raw data: every section with every object, filters ignored.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var sections: [ResultsSection<Element>] {
        storedSections.map { ResultsSection(name: $0.name, objects: $0.rows.map(element(ofRow:))) }
    }

    /// Every object, section by section, filters ignored.
    ///
    /// - Complexity: O(*n*).
    public var allObjects: [Element] { storedSections.flatMap { $0.rows.map(element(ofRow:)) } }

    /// The number of objects, filters ignored.
    ///
    /// - Complexity: O(1).
    public var count: Int { keyIndex.count }

    /// The number of raw sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { storedSections.count }

    /// The number of objects in a raw section, or `nil` when it does not exist.
    ///
    /// - Complexity: O(1).
    @inlinable public func numberOfObjects(inSection section: Int) -> Int? {
        storedSections.indices.contains(section) ? storedSections[section].rows.count : nil
    }

    /// The object at a raw index path, or `nil` when it does not exist.
    ///
    /// - Complexity: O(1).
    @inlinable public func object(at indexPath: ResultsIndexPath) -> Element? {
        (try? requireRow(at: indexPath)).map(element(ofRow:))
    }

    /// The object with `key`, or `nil`.
    ///
    /// - Complexity: O(1) on average (a hash lookup).
    @inlinable public func object(forKey key: Key) -> Element? {
        keyIndex[key].map(element(ofRow:))
    }

    /// Whether an object has `key`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable public func contains(key: Key) -> Bool { keyIndex[key] != nil }

    /// The raw index path of the object with `key`, or `nil`.
    ///
    /// - Complexity: O(*n*).
    @inlinable public func indexPath(forKey key: Key) -> ResultsIndexPath? { position(ofKey: key) }

    /// The raw index path of the object with `element`'s key, or `nil`.
    ///
    /// - Complexity: O(*n*).
    @inlinable public func indexPath(of element: Element) -> ResultsIndexPath? {
        keyOf(element).flatMap(position(ofKey:))
    }

    // MARK: Visible table

    /// The visible table: the sections shown, with the objects that pass
    /// every applied filter.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var visibleSections: [ResultsSection<Element>] {
        visibleTable.map { ResultsSection(name: $0.name, objects: $0.rows.map(element(ofRow:))) }
    }

    /// Every visible object, section by section.
    ///
    /// - Complexity: O(*n*).
    public var visibleObjects: [Element] { visibleTable.flatMap { $0.rows.map(element(ofRow:)) } }

    /// The object at an index path of the visible table, or `nil`.
    ///
    /// - Complexity: O(1) without filters or hidden sections, else O(*n*).
    @inlinable public func visibleObject(at indexPath: ResultsIndexPath) -> Element? {
        if filters.isEmpty && !hidesEmptySections { return object(at: indexPath) }
        let table = visibleTable
        guard table.indices.contains(indexPath.section),
              table[indexPath.section].rows.indices.contains(indexPath.row) else { return nil }
        return element(ofRow: table[indexPath.section].rows[indexPath.row])
    }

    /// The index path in the visible table of the object with `key`, or
    /// `nil` when it is not visible.
    ///
    /// - Complexity: O(*n*).
    @inlinable public func visibleIndexPath(forKey key: Key) -> ResultsIndexPath? {
        guard let id = keyIndex[key], isVisible[Int(id)] else { return nil }
        for (s, section) in visibleTable.enumerated() {
            if let r = section.rows.firstIndex(of: id) { return ResultsIndexPath(s, r) }
        }
        return nil
    }

    /// The index path in the visible table of the object with `element`'s
    /// key, or `nil` when it is not visible.
    ///
    /// - Complexity: O(*n*).
    @inlinable public func visibleIndexPath(of element: Element) -> ResultsIndexPath? {
        keyOf(element).flatMap(visibleIndexPath(forKey:))
    }

    /// The number of sections in the visible table.
    ///
    /// - Complexity: O(1) unless empty sections are hidden, else O(*n*).
    @inlinable public var numberOfVisibleSections: Int {
        hidesEmptySections ? visibleTable.count : storedSections.count
    }

    /// The number of objects in a section of the visible table, or `nil`.
    ///
    /// - Complexity: O(1) without filters or hidden sections, else O(*n*).
    @inlinable public func numberOfVisibleObjects(inSection section: Int) -> Int? {
        if filters.isEmpty && !hidesEmptySections { return numberOfObjects(inSection: section) }
        let table = visibleTable
        return table.indices.contains(section) ? table[section].rows.count : nil
    }
}
