import FilterableResults
import FilterableResultsTesting

/// The user's swipes and drags, at the index paths the view shows.
extension SoakScreen {
    /// The user swipes to delete, or drags, a random row the view shows
    /// (which may lag the controller), through the view's user-editing
    /// path. Checks that the view raised nothing, that an edit the data
    /// source refused (a typed error) left the view as it was, and that a
    /// dragged row landed next to the rows the user dropped it between.
    ///
    /// - Complexity: O(*n*) for *n* rows, plus the controller's edit.
    public func userActs(using random: inout SeededRandomNumberGenerator) -> RandomUserEdit<Int> {
        let shown = dataSource.snapshot
        let paths = (0..<shown.numberOfSections).flatMap { section in
            (0..<(shown.numberOfElements(inSection: section) ?? 0)).map { ResultsIndexPath(row: $0, section: section) }
        }
        guard let path = paths.randomElement(using: &random), let key = shown.key(at: path) else { return .unchanged("no row shown") }
        let before = view.cells
        var errors: [ResultsError] = []
        dataSource.onEditingError = { errors.append($0) }
        defer { dataSource.onEditingError = nil }
        if Bool.random(using: &random) {
            let deleted = view.userDeletesRow(at: path)
            return outcome(deleted ? .deleted(key) : .failed("the data source did not let the user delete \(path)"), errors: errors, cells: before)
        }
        let section = Int.random(in: 0..<shown.numberOfSections, using: &random)
        let limit = (shown.numberOfElements(inSection: section) ?? 0) - (section == path.section ? 1 : 0)
        let destination = ResultsIndexPath(row: Int.random(in: 0...max(0, limit), using: &random), section: section)
        guard destination != path else { return .unchanged("a drag back to where it was") }
        let movable = controller.canMoveRow(at: path, in: shown)
        guard view.userMovesRow(from: path, to: destination) else {
            return movable ? .failed("the data source did not let the user drag \(path)") : .unchanged("the controller places its rows")
        }
        if !movable { return .failed("the view let the user drag \(path), a row the controller places") }
        return outcome(landingProblem(of: key, from: path, to: destination, in: shown).map(RandomUserEdit.failed) ?? .moved(key), errors: errors, cells: before)
    }

    /// The edit, unless the view raised, or the edit was refused (then
    /// nothing of the view may have changed).
    func outcome(_ edit: RandomUserEdit<Int>, errors: [ResultsError], cells before: [[String]]) -> RandomUserEdit<Int> {
        if let exception = view.exception { return .failed("\(view.flavor) raised after \(edit): \(exception)") }
        guard let error = errors.first else { return edit }
        if view.cells != before { return .failed("\(edit) was refused (\(error)), but the view went from \(before) to \(view.cells)") }
        return .unchanged("refused: \(error)")
    }

    /// What is wrong with where the store put the row the user dragged
    /// from `source` to `destination` of `shown`, if anything: it must be
    /// in the section the user saw (by its id of its own, else by name)
    /// and next to the row it was dropped above (else below), when that
    /// row is still in its section.
    func landingProblem(of key: Int, from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: ResultsSnapshot<SoakEntry, Int>) -> String? {
        let raw = controller.store.rawSections.map { $0.elements.map(\.id) }
        guard let target = raw.firstIndex(where: { $0.contains(key) }) else { return nil }   // refused: the caller checks
        var seen = shown.sections.map { $0.elements.map(\.id) }
        seen[source.section].remove(at: source.row)
        seen[destination.section].insert(key, at: destination.row)
        let row = seen[destination.section]
        let before = destination.row > 0 ? row[destination.row - 1] : nil
        let after = destination.row + 1 < row.count ? row[destination.row + 1] : nil
        let context = "the drag of \(key) from \(source) to \(destination) of \(seen) landed in \(raw)"
        let landed = controller.store.rawSections[target]
        if let id = shown.id(ofSection: destination.section) {
            // A section with an id of its own is that section, whatever its title now.
            if landed.id.map({ AnyHashable($0) }) != AnyHashable(id) { return "\(context): not in the section with id \(id)" }
        } else if let name = shown.name(ofSection: destination.section), landed.id != nil || landed.name != name {
            return "\(context): not in section \(name)"
        }
        let index = raw[target].firstIndex(of: key)!
        if let after, raw[target].contains(after) {
            if raw[target][index + 1] != after { return "\(context): not just before \(after)" }
        } else if let before, raw[target].contains(before) {
            if index == 0 || raw[target][index - 1] != before { return "\(context): not just after \(before)" }
        }
        return nil
    }
}
