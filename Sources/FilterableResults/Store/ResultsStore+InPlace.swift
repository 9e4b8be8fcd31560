/// Edits of rows in place, as an outline rewrites its rows (expansion,
/// filters): the row keeps its place and identity.
extension ResultsStore {
    /// Gives live rows new elements with their own keys, where they stand;
    /// each shows or hides as the filters say.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows.
    @inlinable mutating func replaceInPlace(_ rows: [(Int32, Element)]) {
        guard !rows.isEmpty else { return }
        noteMutation()
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices { storeContent(ofRow: rows[index].0, with: rows[index].1) }
        }
        if !appliedFilters.isEmpty {
            let visibility = rows.map { (item: $0.0, flag: passesFilters($0.1)) }
            table.setVisible(visibility)
        }
        _checkInvariants()
    }

    /// Changes live rows in place in what shows the same (only what the
    /// filters read): `change` is called with each row's element and its
    /// value, and each row shows or hides as the filters then say. No row
    /// is compared for an update.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows.
    @inlinable mutating func modifyInPlace<Value>(_ rows: [(id: Int32, value: Value)], _ change: (inout Element, Value) -> Void) {
        guard !rows.isEmpty else { return }
        noteMutation()
        let filters = appliedFilters
        var visibility: [(item: Int32, flag: Bool)] = []
        visibility.reserveCapacity(rows.count)
        for (id, value) in rows {
            let visible = table.slots.withUniqueChunk(containing: Int(id)) { header, elements, offset in
                precondition(SlotArray<Element>.isSet(header, offset), "ResultsStore: row \(id) is not live")
                change(&elements[offset], value)
                return filters.allSatisfy { $0.matches(elements + offset) }
            }
            tracker.touch(id)
            visibility.append((id, visible))
        }
        table.setVisible(visibility)
        _checkInvariants()
    }
}
