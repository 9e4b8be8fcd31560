import FilterableResults

extension SimulatedBatchCheck {
    /// The section calls' checks, in UIKit's order: ranges, conflicts, the
    /// section count; then the mapping of old sections to new ones.
    func checkSections() throws(ListViewException) -> SimulatedSectionMap {
        try checkSectionRanges()
        let oldUse = try oldSectionUses()
        var newUse = try newSectionUses()
        let deleted = batch.sectionDeletes.count
        let inserted = batch.sectionInserts.count
        guard newCounts.count == oldCounts.count - deleted + inserted else {
            throw wording.invalidNumberOfSections(
                after: newCounts.count, before: oldCounts.count, inserted: inserted, deleted: deleted)
        }
        let ignoringMoves = placesIgnoringMoves()
        for section in batch.sectionReloads {
            guard let place = ignoringMoves[section], newCounts.indices.contains(place) else {
                throw wording.inconsistentUpdate()
            }
            if case .moveTo = newUse[place] { throw wording.insertAndMoveToSameSection(place, reloaded: true) }
            newUse[place] = .reloadedFrom(section)
        }
        return try map(oldUse: oldUse, newUse: newUse, placeIgnoringMoves: ignoringMoves)
    }

    private func checkSectionRanges() throws(ListViewException) {
        let old = oldCounts.count
        let new = newCounts.count
        for section in batch.sectionDeletes + batch.sectionReloads where !(0..<old).contains(section) {
            throw wording.deleteSectionOutOfRange(section, sectionCount: old)
        }
        for move in batch.sectionMoves where !(0..<old).contains(move.from) {
            throw wording.moveSectionSourceOutOfRange(move.from, sectionCount: old)
        }
        for section in batch.sectionInserts where !(0..<new).contains(section) {
            throw wording.insertSectionOutOfRange(section, sectionCount: new)
        }
        for move in batch.sectionMoves where !(0..<new).contains(move.to) {
            throw wording.moveSectionDestinationOutOfRange(move.from, to: move.to, sectionCount: new)
        }
    }

    /// What the batch does to each old section it names; throws on two
    /// calls for one old section.
    private func oldSectionUses() throws(ListViewException) -> [Int: SimulatedSectionMap.OldUse] {
        var uses: [Int: SimulatedSectionMap.OldUse] = [:]
        for section in batch.sectionDeletes {
            if uses[section] != nil { throw wording.duplicateSection("delete", section) }
            uses[section] = .delete
        }
        for section in batch.sectionReloads {
            switch uses[section] {
            case .delete: throw wording.deleteAndReloadSameSection(section)
            case .some: throw wording.duplicateSection("reload", section)
            case nil: uses[section] = .reload
            }
        }
        for move in batch.sectionMoves {
            switch uses[move.from] {
            case .delete: throw wording.deleteAndMoveFromSameSection(move.from, reloaded: false)
            case .reload: throw wording.deleteAndMoveFromSameSection(move.from, reloaded: true)
            case let .moveFrom(to): throw wording.twoMovesFromSameSection(move.from, to: to, and: move.to)
            case nil: uses[move.from] = .moveFrom(to: move.to)
            }
        }
        return uses
    }

    /// What the batch puts at each new section index it names; throws on
    /// two calls for one new index.
    private func newSectionUses() throws(ListViewException) -> [Int: SimulatedSectionMap.NewUse] {
        var uses: [Int: SimulatedSectionMap.NewUse] = [:]
        for section in batch.sectionInserts {
            if uses[section] != nil { throw wording.duplicateSection("insert", section) }
            uses[section] = .insert
        }
        for move in batch.sectionMoves {
            switch uses[move.to] {
            case .insert: throw wording.insertAndMoveToSameSection(move.to, reloaded: false)
            case let .moveTo(from): throw wording.twoMovesToSameSection(from, and: move.from, to: move.to)
            case .reloadedFrom, nil: uses[move.to] = .moveTo(from: move.from)
            }
        }
        return uses
    }

    /// Each old section's index after the update if no section moved: the
    /// sections that are not deleted fill, in order, the indexes that are
    /// not inserted.
    private func placesIgnoringMoves() -> [Int?] {
        let deleted = Set(batch.sectionDeletes)
        let inserted = Set(batch.sectionInserts)
        var places = [Int?](repeating: nil, count: oldCounts.count)
        var next = 0
        for section in oldCounts.indices where !deleted.contains(section) {
            while inserted.contains(next) { next += 1 }
            places[section] = next
            next += 1
        }
        return places
    }

    /// UIKit's mapping: inserts, reloads and move destinations take their
    /// new indexes; the untouched old sections fill the others in order.
    private func map(
        oldUse: [Int: SimulatedSectionMap.OldUse],
        newUse: [Int: SimulatedSectionMap.NewUse],
        placeIgnoringMoves: [Int?]
    ) throws(ListViewException) -> SimulatedSectionMap {
        var oldFates = [SimulatedSectionMap.OldFate](repeating: .deleted, count: oldCounts.count)
        var newOrigins = [SimulatedSectionMap.NewOrigin?](repeating: nil, count: newCounts.count)
        for (section, use) in oldUse {
            switch use {
            case .delete: oldFates[section] = .deleted
            case .reload:
                guard let place = placeIgnoringMoves[section] else { throw wording.inconsistentUpdate() }
                oldFates[section] = .reloaded(at: place)
            case let .moveFrom(to): oldFates[section] = .moved(to: to)
            }
        }
        for (section, use) in newUse {
            switch use {
            case .insert: newOrigins[section] = .inserted
            case let .moveTo(from): newOrigins[section] = .moved(from: from)
            case let .reloadedFrom(from): newOrigins[section] = .reloaded(from: from)
            }
        }
        var free = newOrigins.indices.filter { newOrigins[$0] == nil }.makeIterator()
        for section in oldCounts.indices where oldUse[section] == nil {
            guard let place = free.next() else { throw wording.inconsistentUpdate() }
            oldFates[section] = .stays(at: place)
            newOrigins[place] = .stays(from: section)
        }
        guard free.next() == nil else { throw wording.inconsistentUpdate() }
        return SimulatedSectionMap(
            oldFates: oldFates, newOrigins: newOrigins.map { $0! }, placeIgnoringMoves: placeIgnoringMoves)
    }
}
