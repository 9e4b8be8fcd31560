import FilterableResults

extension SimulatedBatchCheck {
    /// UIKit's mapping of old rows to new positions: inserts, reloads'
    /// re-insertions and move destinations take their new paths; in each
    /// kept section, the old rows that are not deleted, reloaded or moved
    /// fill the other positions in their old order.
    func place(_ changes: SimulatedRowChanges, in map: SimulatedSectionMap) throws(ListViewException)
        -> [SimulatedBatchPlan.SectionSource]
    {
        var slots = newCounts.map { [SimulatedBatchPlan.RowSource?](repeating: nil, count: $0) }
        func fill(_ path: ResultsIndexPath, with source: SimulatedBatchPlan.RowSource) throws(ListViewException) {
            guard slots.indices.contains(path.section), slots[path.section].indices.contains(path.row),
                slots[path.section][path.row] == nil
            else { throw wording.inconsistentUpdate() }
            slots[path.section][path.row] = source
        }
        for path in changes.inserts + changes.reinsertions { try fill(path, with: .fresh) }
        for (from, to) in changes.moves { try fill(to, with: .old(from)) }

        var leaving = [Set<Int>](repeating: [], count: oldCounts.count)
        for path in changes.deletes + changes.reloads + changes.moves.map(\.from) {
            leaving[path.section].insert(path.row)
        }
        var sections: [SimulatedBatchPlan.SectionSource] = []
        for (section, origin) in map.newOrigins.enumerated() {
            let old: Int
            switch origin {
            case let .stays(from), let .moved(from): old = from
            case .inserted, .reloaded:
                sections.append(.fresh(rowCount: newCounts[section]))
                continue
            }
            var staying = (0..<oldCounts[old]).lazy.filter { !leaving[old].contains($0) }.makeIterator()
            var rows: [SimulatedBatchPlan.RowSource] = []
            rows.reserveCapacity(slots[section].count)
            for slot in slots[section] {
                if let slot {
                    rows.append(slot)
                } else {
                    guard let row = staying.next() else { throw wording.inconsistentUpdate() }
                    rows.append(.old(ResultsIndexPath(row: row, section: old)))
                }
            }
            guard staying.next() == nil else { throw wording.inconsistentUpdate() }
            sections.append(.kept(from: old, rows: rows))
        }
        return sections
    }
}
