import Foundation

/// The primitives every operation is built from. They assume the operation
/// has validated its input: they never fail.
extension ResultsStore {
    /// The key of an object, or the error that names it.
    ///
    /// - Complexity: O(1) plus the cost of the key function.
    @inlinable func requireKey(of element: Element) throws(ResultsError) -> Key {
        guard let key = keyOf(element) else {
            throw .missingPrimaryKey(String(describing: element))
        }
        return key
    }

    /// The keys of `elements`, or the error naming the first without one.
    @inlinable func requireKeys(of elements: some Sequence<Element>) throws(ResultsError) -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(elements.underestimatedCount)
        for element in elements { keys.append(try requireKey(of: element)) }
        return keys
    }

    /// The key of a live row.
    @inlinable func key(ofRow id: RowID) -> Key { keyOf(slots[Int(id)]!)! }

    /// The object of a live (or removed but not yet reported) row.
    @inlinable func element(ofRow id: RowID) -> Element { slots[Int(id)]! }

    /// Whether an object passes every applied filter.
    @inlinable func passesFilters(_ element: Element) -> Bool {
        for filter in filters where !filter.predicate(element) { return false }
        return true
    }

    /// Stores a new row (or brings back the row of a key removed since the
    /// last changeset) and indexes its key. The caller places it in a section.
    @inlinable mutating func allocateRow(_ element: Element, key: Key) -> RowID {
        let visible = passesFilters(element)
        if let id = tracker.removedKeys.removeValue(forKey: key) {
            tracker.touch(id)
            slots[Int(id)] = element
            isVisible[Int(id)] = visible
            keyIndex[key] = id
            return id
        }
        let id: RowID
        if let free = freeSlots.popLast() {
            id = free
            slots[Int(id)] = element
            isVisible[Int(id)] = visible
        } else {
            id = RowID(slots.count)
            slots.append(element)
            isVisible.append(visible)
        }
        tracker.touch(id)
        keyIndex[key] = id
        return id
    }

    /// Unindexes a row the caller has taken out of its section. Its slot
    /// keeps the object until the next changeset has reported the removal.
    @inlinable mutating func releaseRow(_ id: RowID) {
        tracker.touch(id)
        let element = slots[Int(id)]!
        let key = keyOf(element)!
        keyIndex[key] = nil
        tracker.removedKeys[key] = id
        if tracker.originals[id] == nil { tracker.originals[id] = element }
    }

    /// Replaces a row's object (same key), remembering the object it had
    /// when the last changeset was taken.
    @inlinable mutating func replaceContent(ofRow id: RowID, with element: Element) {
        tracker.touch(id)
        let index = Int(id)
        if tracker.originals[id] == nil { tracker.originals[id] = slots[index]! }
        slots[index] = element
        isVisible[index] = passesFilters(element)
    }

    /// The raw position of a row.
    ///
    /// - Complexity: O(*n*): a scan of the rows.
    @inlinable func position(ofRow id: RowID) -> ResultsIndexPath? {
        for (s, section) in storedSections.enumerated() {
            if let r = section.rows.firstIndex(of: id) { return ResultsIndexPath(s, r) }
        }
        return nil
    }

    /// The raw position of the row with `key`.
    @inlinable func position(ofKey key: Key) -> ResultsIndexPath? {
        keyIndex[key].flatMap(position(ofRow:))
    }

    /// Validates a raw index path of an existing row.
    @inlinable func requireRow(at indexPath: ResultsIndexPath) throws(ResultsError) -> RowID {
        guard storedSections.indices.contains(indexPath.section) else {
            throw .indexPathOutOfRange(indexPath, sectionCount: storedSections.count, rowCount: nil)
        }
        let rows = storedSections[indexPath.section].rows
        guard rows.indices.contains(indexPath.row) else {
            throw .indexPathOutOfRange(indexPath, sectionCount: storedSections.count, rowCount: rows.count)
        }
        return rows[indexPath.row]
    }

    /// Refuses a key another row has.
    @inlinable func requireNew(_ key: Key) throws(ResultsError) {
        if keyIndex[key] != nil { throw .duplicateKey(String(describing: key)) }
    }

    /// Refuses section operations in a store that derives its sections.
    @inlinable func requireManualSections(_ operation: String) throws(ResultsError) {
        if sectioning != nil {
            throw .invalidOperation("\(operation) is not allowed in a store whose sections come from its objects (sectionedBy)")
        }
    }

    /// Refuses a section name another section has.
    @inlinable func requireNewSectionName(_ name: String?, ignoringSection ignored: Int? = nil) throws(ResultsError) {
        guard let name else { return }
        for (index, section) in storedSections.enumerated() where index != ignored && section.name == name {
            throw .duplicateSection(name)
        }
    }

}

// MARK: - Placement in sorted and sectioned stores

extension ResultsStore {
    /// Whether objects are placed by the store rather than by the caller.
    @usableFromInline var placesRows: Bool { !sortKeys.isEmpty || sectioning != nil }

    /// The index of the section named `name` in a sectioned store, creating
    /// the section in its ordered place when it does not exist.
    @inlinable mutating func sectionIndex(named name: String) -> Int {
        let order = sectioning!.areInIncreasingOrder
        var low = 0
        var high = storedSections.count
        while low < high {
            let mid = (low + high) / 2
            if order(storedSections[mid].name!, name) { low = mid + 1 } else { high = mid }
        }
        if low < storedSections.count && storedSections[low].name == name { return low }
        tracker.touchAll()
        storedSections.insert(Section(name: name, rows: []), at: low)
        return low
    }

    /// Where a new row goes in a section: after its ties when sorted, else
    /// at the end.
    @inlinable func insertionIndex(of element: Element, inSection section: Int) -> Int {
        let rows = storedSections[section].rows
        guard !sortKeys.isEmpty else { return rows.count }
        var low = 0
        var high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if sortKeys.compare(element, slots[Int(rows[mid])]!) == .orderedAscending { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Adds a stored row to the store's chosen place: its section by
    /// `sectionedBy` (else `section`), its row by the sort keys (else the end).
    @inlinable mutating func place(_ id: RowID, inSection section: Int) {
        let element = slots[Int(id)]!
        let section = sectioning.map { sectionIndex(named: $0.sectionName(element)) } ?? section
        storedSections[section].rows.insert(id, at: insertionIndex(of: element, inSection: section))
    }

    /// Puts a row whose object just changed back in order, as a stable sort
    /// would: in its section by `sectionedBy` (appended, or sorted, when the
    /// section changes), among its ties at its old place when sorted.
    @inlinable mutating func restoreOrder(ofRowAt indexPath: ResultsIndexPath) {
        guard placesRows else { return }
        let id = storedSections[indexPath.section].rows[indexPath.row]
        let element = slots[Int(id)]!
        if let sectioning, sectioning.sectionName(element) != storedSections[indexPath.section].name {
            removeRow(at: indexPath)
            place(id, inSection: 0)
            return
        }
        guard !sortKeys.isEmpty else { return }
        storedSections[indexPath.section].rows.remove(at: indexPath.row)
        let rows = storedSections[indexPath.section].rows
        // Stable position: the ties keep their order around the old index.
        func firstIndex(where isAfter: (ComparisonResult) -> Bool) -> Int {
            var low = 0
            var high = rows.count
            while low < high {
                let mid = (low + high) / 2
                if isAfter(sortKeys.compare(element, slots[Int(rows[mid])]!)) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        let firstTie = firstIndex { $0 != .orderedDescending }
        let pastTies = firstIndex { $0 == .orderedAscending }
        let target = min(max(indexPath.row, firstTie), pastTies)
        storedSections[indexPath.section].rows.insert(id, at: target)
    }

    /// Stably sorts a section's rows by `keys`.
    @inlinable mutating func sortRows(inSection section: Int, by keys: [ResultsSortKey<Element>]) {
        guard !keys.isEmpty else { return }
        tracker.touchAll()
        let slots = self.slots
        storedSections[section].rows.sort { keys.compare(slots[Int($0)]!, slots[Int($1)]!) == .orderedAscending }
    }

    /// Takes a row out of its section; in a sectioned store, a section left
    /// empty goes too. The caller releases or re-places the row.
    @inlinable mutating func removeRow(at indexPath: ResultsIndexPath) {
        tracker.dataChanged = true
        storedSections[indexPath.section].rows.remove(at: indexPath.row)
        if sectioning != nil && storedSections[indexPath.section].rows.isEmpty {
            tracker.touchAll()
            storedSections.remove(at: indexPath.section)
        }
    }
}
