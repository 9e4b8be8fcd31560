/// The visible table at one moment: the sections shown and, in each, the
/// elements that pass the filters, as a value that never changes.
///
/// Every update a ``ResultsController`` reports carries the snapshot of the
/// table after it. A data source serves the snapshot it owns, and swaps in
/// the new one inside the view's batch update, never before: a collection
/// view that has not cached its counts reads them when the batch starts, and
/// must see the old table then.
///
/// A snapshot shares its storage with the store it came from: taking one is
/// O(1), and it costs nothing until the store changes, when only the pieces
/// the store edits are copied. It is `Sendable` when its elements and keys
/// are, so it can be handed to another actor.
///
///     let snapshot = controller.snapshot
///     for section in 0..<snapshot.numberOfSections {
///         headers.append("\(snapshot.name(ofSection: section) ?? "") (\(snapshot.numberOfElements(inSection: section) ?? 0))")
///     }
public struct ResultsSnapshot<Element, Key: Hashable>: ResultsTableSnapshot {
    @usableFromInline let table: RowTable<Element, Key>
    /// Derives a section's value (see ``ResultsController/setSectionValues(_:)``).
    @usableFromInline let sectionValue: SectionValue?

    @inlinable init(table: RowTable<Element, Key>, sectionValue: SectionValue? = nil) {
        self.table = table
        self.sectionValue = sectionValue
    }

    /// A function that derives a section's value from the section as shown.
    public typealias SectionValue = @Sendable (ResultsSections<Self>.Section) -> ResultsSectionValue
}

extension ResultsSnapshot: @unchecked Sendable where Element: Sendable, Key: Sendable {}

// MARK: - Sections and counts

extension ResultsSnapshot {
    /// The number of sections shown.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { table.numberOfVisibleSections }

    /// The number of elements shown in a section, or `nil` for a section
    /// that does not exist.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func numberOfElements(inSection section: Int) -> Int? {
        guard section >= 0, section < numberOfSections else { return nil }
        return Int(table.record(table.header(atVisible: section).id).visibleCount)
    }

    /// The name of a section, if it has one (and `nil` for a section that
    /// does not exist).
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func name(ofSection section: Int) -> String? {
        guard section >= 0, section < numberOfSections else { return nil }
        return table.record(table.header(atVisible: section).id).name
    }

    /// The id of its own of a section (``ResultsSection/id``), or `nil`
    /// for a section identified by its name or index, or that does not exist.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func id(ofSection section: Int) -> (any Hashable & Sendable)? {
        guard section >= 0, section < numberOfSections else { return nil }
        return table.record(table.header(atVisible: section).id).sectionID?.value
    }

    /// The value of a section (its header and footer titles, and what else
    /// they show), derived by the controller's
    /// ``ResultsController/setSectionValues(_:)`` function; `nil` without
    /// one, or for a section that does not exist.
    ///
    /// - Complexity: that of the function, plus O(log *n*).
    public func value(ofSection section: Int) -> ResultsSectionValue? {
        guard let sectionValue, section >= 0, section < numberOfSections else { return nil }
        return sectionValue(ResultsSections(self)[section])
    }

    /// The number of elements shown.
    ///
    /// - Complexity: O(1).
    @inlinable public var count: Int { table.visibleRowCount }

    /// Whether no element is shown.
    ///
    /// - Complexity: O(1).
    @inlinable public var isEmpty: Bool { count == 0 }
}

// MARK: - Elements

extension ResultsSnapshot {
    /// The element at an index path, or `nil` when there is none.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func element(at indexPath: ResultsIndexPath) -> Element? {
        table.row(atVisible: indexPath).map(table.element(ofRow:))
    }

    /// The key of the element at an index path, or `nil` when there is none.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func key(at indexPath: ResultsIndexPath) -> Key? {
        table.row(atVisible: indexPath).map(table.key(ofRow:))
    }

    /// The index path of the element with `key`, or `nil` when it is not shown.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func indexPath(forKey key: Key) -> ResultsIndexPath? {
        table.row(forKey: key).flatMap(table.visiblePath(ofRow:))
    }

    /// The element with `key` if the table shows it, or `nil` when no
    /// element has the key or a filter (or an empty section hidden) hides
    /// it. `visible` says which table answers: the store's
    /// ``ResultsStore/element(forKey:)`` answers from every element, hidden
    /// or not.
    ///
    ///     let shown = snapshot.visibleElement(forKey: product.id)   // nil while a search hides it
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func visibleElement(forKey key: Key) -> Element? {
        guard let row = table.row(forKey: key), table.visiblePath(ofRow: row) != nil else { return nil }
        return table.element(ofRow: row)
    }

    /// The index path of the element with `element`'s key, or `nil` when it
    /// is not shown.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func indexPath(of element: Element) -> ResultsIndexPath? {
        table.keyOf(element).flatMap(indexPath(forKey:))
    }

    /// Whether the element with `key` is shown.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func contains(key: Key) -> Bool { indexPath(forKey: key) != nil }

    /// Every element shown, section by section.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var elements: [Element] { table.visibleTable.flatMap { $0.rows.map(table.element(ofRow:)) } }

    /// The elements shown in a section, in order; empty for a section that
    /// does not exist.
    ///
    /// - Complexity: O(log *n* + *m*) for *m* elements.
    @inlinable public func elements(inSection section: Int) -> [Element] {
        guard let count = numberOfElements(inSection: section), count > 0 else { return [] }
        let start = table.header(atVisible: section).place
        var elements: [Element] = []
        elements.reserveCapacity(count)
        table.tree.forEachItem(from: start.index + 1) { item, visible in
            if visible { elements.append(table.element(ofRow: item)) }
            return elements.count < count
        }
        return elements
    }
}

extension ResultsSnapshot: Equatable where Element: Equatable {
    /// Whether two snapshots show the same sections (names and ids) and
    /// elements.
    ///
    /// - Complexity: O(1) when one is a copy of the other, else O(*n*).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.table.tree.root === rhs.table.tree.root && lhs.table.hidesEmptySections == rhs.table.hidesEmptySections
            && lhs.table.slots.isIdentical(to: rhs.table.slots) {
            return true
        }
        let (left, right) = (lhs.table.visibleTable, rhs.table.visibleTable)
        return left.count == right.count && zip(left, right).allSatisfy { a, b in
            SectionName.same(a.name, b.name) && a.identity.id == b.identity.id
                && a.rows.map(lhs.table.element(ofRow:)) == b.rows.map(rhs.table.element(ofRow:))
        }
    }
}

// MARK: - A collection of the elements shown

extension ResultsSnapshot: RandomAccessCollection {
    /// The position of the first element shown: 0.
    ///
    /// - Complexity: O(1).
    @inlinable public var startIndex: Int { 0 }

    /// The number of elements shown.
    ///
    /// - Complexity: O(1).
    @inlinable public var endIndex: Int { count }

    /// The element shown at `position`, counting every section's elements
    /// in order: a flat list reads the snapshot in place.
    ///
    ///     List(results.snapshot) { product in Text(product.name) }
    ///
    /// - Complexity: O(log *n*).
    @inlinable public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ResultsSnapshot: element \(position) is out of range: \(count) are shown")
        return table.element(ofRow: table.tree.find(position, by: .visibleRows).item)
    }
}
