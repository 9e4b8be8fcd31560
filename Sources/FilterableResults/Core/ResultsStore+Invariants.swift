/// Consistency checks run after every mutation in debug builds.
extension ResultsStore {
    /// Traps when the store's internal structures disagree. Runs in debug
    /// builds only; stores over 20,000 rows get the cheap checks alone.
    ///
    /// Checked: keys are unique and the key index agrees with the rows;
    /// every row is in exactly one section; visibility bits agree with the
    /// filters; section names are unique; sectioned stores file every row
    /// under its section, in order, with no empty section; sorted stores
    /// keep every section sorted; removed rows keep their slots until
    /// reported.
    public func _checkInvariants() {
        #if DEBUG
        let rowCount = storedSections.reduce(0) { $0 + $1.rows.count }
        precondition(rowCount == keyIndex.count, "rows (\(rowCount)) and keys (\(keyIndex.count)) disagree")
        precondition(slots.count == isVisible.count, "a visibility bit per slot")
        var names = Set<String>()
        for name in storedSections.compactMap(\.name) {
            precondition(names.insert(name).inserted, "section name \(name) repeats")
        }
        guard rowCount <= 20_000 else { return }

        var seen = Set<RowID>()
        for section in storedSections {
            for id in section.rows {
                precondition(seen.insert(id).inserted, "row \(id) is placed twice")
                guard let element = slots[Int(id)] else { preconditionFailure("row \(id) has no object") }
                precondition(keyIndex[keyOf(element)!] == id, "key index disagrees for row \(id)")
                precondition(isVisible[Int(id)] == passesFilters(element), "visibility of row \(id) is stale")
            }
            if let sectioning {
                precondition(!section.rows.isEmpty, "sectioned store keeps an empty section")
                for id in section.rows {
                    precondition(sectioning.sectionName(slots[Int(id)]!) == section.name, "row \(id) is in the wrong section")
                }
            }
            if !sortKeys.isEmpty {
                for (a, b) in zip(section.rows, section.rows.dropFirst()) {
                    precondition(
                        sortKeys.compare(slots[Int(a)]!, slots[Int(b)]!) != .orderedDescending,
                        "section \(section.name ?? "unnamed") is out of order")
                }
            }
        }
        if let sectioning {
            for (a, b) in zip(storedSections, storedSections.dropFirst()) {
                precondition(sectioning.areInIncreasingOrder(a.name!, b.name!), "sections out of order")
            }
        }
        for (key, id) in tracker.removedKeys {
            precondition(keyIndex[key] == nil && slots[Int(id)] != nil && !seen.contains(id), "removed row \(id) is still live")
        }
        precondition(Set(freeSlots).allSatisfy { slots[Int($0)] == nil }, "a free slot holds an object")
        #endif
    }
}
