import FilterableResults

/// Minimality and identity (rule 9): the fewest moves within each kept
/// section, no delete and insert of a row that stays, and no delete and
/// insert of a section that keeps its identity.
extension BatchValidation {
    /// In each new section that keeps an old section's rows (moved sections
    /// included), the moves between the two must be as few as the rows
    /// outside a longest increasing subsequence of the old row indexes of
    /// the rows they share, listed in new order.
    ///
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows
    ///   and *e* the number of row events.
    @inlinable mutating func checkMinimalMoves() {
        guard sectionsAreMapped else { return }
        var movesWithin = Array(repeating: 0, count: new.count)
        for number in acceptedEvents {
            let change = changeset.elementChanges[number]
            guard change.kind == .move, let from = change.indexPath, let to = change.newIndexPath,
                  newOrigins[to.section]?.rowSource == from.section else { continue }
            movesWithin[to.section] += 1
        }
        for newSection in new.indices where movesWithin[newSection] > 0 {
            let oldSection = newOrigins[newSection]!.rowSource!
            var shared: [Key] = []
            var oldRows: [Int] = []
            for key in newKeys[newSection] {
                guard let path = oldLocation[key], path.section == oldSection else { continue }
                shared.append(key)
                oldRows.append(path.row)
            }
            let kept = longestIncreasingSubsequence(oldRows)
            let needed = shared.count - kept.count
            guard movesWithin[newSection] > needed else { continue }
            var inOrder = Array(repeating: false, count: shared.count)
            for position in kept { inOrder[position] = true }
            let toMove = shared.indices.filter { !inOrder[$0] }.map { shared[$0] }
            let advice = toMove.isEmpty ? "no row needs to move" : "move only \(describe(list: toMove))"
            report(9, "\(count(movesWithin[newSection], "row")) \(movesWithin[newSection] == 1 ? "moves" : "move") within \(describeNewSection(newSection)) (from \(describeOldSection(oldSection))) but \(count(needed, "move")) \(needed == 1 ? "suffices" : "suffice"): \(kept.count) of its \(count(shared.count, "staying row")) can keep their order; \(advice)")
        }
    }

    /// A row deleted from a kept section and present in a kept section of
    /// the new table stays in the table: it must be a move, not a delete
    /// and an insert.
    ///
    /// - Complexity: O(*e*), where *e* is the number of row events.
    @inlinable mutating func checkStayingRowsAreNotReplaced() {
        for number in acceptedEvents {
            let change = changeset.elementChanges[number]
            guard change.kind == .delete, let from = change.indexPath, !rowsAreReplaced(inOldSection: from.section) else { continue }
            let key = oldKeys[from.section][from.row]
            guard oldLocation[key] == from, let to = newLocation[key], !rowsAreReplaced(inNewSection: to.section) else { continue }
            let inserted = eventAtNewPath[to].map { changeset.elementChanges[$0].kind == .insert } ?? false
            report(9, "row key \(describe(key)) is deleted at \(from)\(inserted ? " and inserted at \(to)" : "") but stays in the table (at \(to) after the batch): it must be a move, not a delete and an insert")
        }
    }

    /// A section deleted and inserted under one identity (the same name, in
    /// the same part of a composition; or, unnamed, the same index, when no
    /// section can be hidden; or the same placeholder) is reported unless
    /// rule 3 may force it.
    ///
    /// Rule 3 forces it only when the section must move among the sections
    /// that stay while its rows change. Deciding "must move" exactly depends
    /// on which other sections the batch chose to move, so this check is a
    /// sound approximation: it reports the delete and insert only when it is
    /// certainly unneeded, that is when
    /// - the section sits at the same relative position among the sections
    ///   the batch keeps in place (so it could have stayed, with row events),
    ///   or
    /// - none of its rows changed, in keys, order or content (so it could
    ///   have stayed or moved with no row events).
    ///
    /// - Complexity: O(*s* + *r*), where *s* is the number of sections and
    ///   *r* the rows of the sections deleted and inserted.
    @inlinable mutating func checkSectionIdentity(isSameContent: (Element, Element) -> Bool) {
        var newIndexByIdentity: [SectionIdentity: Int] = [:]
        for (index, identity) in newIdentities.enumerated() where identity.isMatchable(hidesEmptySections: hidesEmptySections) {
            if newIndexByIdentity[identity] == nil { newIndexByIdentity[identity] = index }
        }
        // Sections kept in place (unchanged or reloaded) before each index.
        var keptBeforeOld = [0], keptBeforeNew = [0]
        for fate in oldFates { keptBeforeOld.append(keptBeforeOld.last! + (fate == .stays || fate == .reloaded ? 1 : 0)) }
        for origin in newOrigins {
            let kept = switch origin { case .stays?, .reloaded?: 1; default: 0 }
            keptBeforeNew.append(keptBeforeNew.last! + kept)
        }
        for (index, fate) in oldFates.enumerated() where fate == .deleted {
            // An unnamed section is its raw index, which the visible tables
            // show only when no section can be hidden (and in a composition,
            // never: its part may hide sections, or be a composition).
            guard let newIndex = newIndexByIdentity[oldIdentities[index]] else { continue }
            guard newOrigins[newIndex] == .inserted else { continue }
            let unchanged = oldKeys[index].elementsEqual(newKeys[newIndex])
                && zip(old[index].elements, new[newIndex].elements).allSatisfy(isSameContent)
            let inPlace = sectionsAreMapped && keptBeforeOld[index] == keptBeforeNew[newIndex]
            guard unchanged || inPlace else { continue }
            let identity = oldIdentities[index]
            let reason = unchanged
                ? "none of its rows changed, so it can stay or move without row events"
                : "it keeps its place among the sections that stay, so its rows can change in place"
            report(9, "\(identity) keeps its identity (old \(index), new \(newIndex)): it must not be deleted and inserted, \(reason)")
        }
    }
}
