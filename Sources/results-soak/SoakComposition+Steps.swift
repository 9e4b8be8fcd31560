import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting

/// The random steps.
extension SoakComposition {
    /// Runs one random step; returns what it was, for a failure report.
    func step() -> String {
        steps += 1
        let controllers = parts.compactMap { if case let .controller(_, runner) = $0.part { runner } else { nil } }
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<8 where !controllers.isEmpty:
            let runner = controllers.randomElement(using: &random)!
            if let failure = runner.run(operations: 1) { problems.append("a part: \(failure)") }
            return "an operation on a controller part"
        case 8, 9:
            let statics = parts.compactMap { if case let .statics(label, sections) = $0.part { (label, sections) } else { nil } }
            guard let (label, sections) = statics.randomElement(using: &random) else { return "no static part" }
            do { try sections.setSections(declaration(label)) } catch { problems.append("setSections threw \(error)") }
            return "static sections \(label) declared anew"
        case 10, 11:
            filtered.toggle()
            let filter = ResultsFilter<SoakRow>(title: "not 3") { row in if case let .entry(_, entry) = row { entry.value != 3 } else { true } }
            do { try composition.replaceFilters(with: filtered ? [filter] : []) } catch { problems.append("filter threw \(error)") }
            return filtered ? "filter set" : "filter cleared"
        case 12, 13:
            return collapseOrExpand()
        case 14..<17:
            return changeParts()
        default:
            return userActs()
        }
    }

    /// Collapses a random section, or expands a random collapsed one.
    func collapseOrExpand() -> String {
        let snapshot = composition.reportedSnapshot
        let ids = (0..<snapshot.numberOfSections).compactMap(snapshot.sectionID(at:))
        let collapsed = Array(composition.foldedSections)
        if Bool.random(using: &random), let id = collapsed.randomElement(using: &random) {
            do { try composition.unfoldSection(id) } catch { problems.append("expand \(id) threw \(error)") }
            return "expand \(id)"
        }
        guard let id = ids.randomElement(using: &random) else { return "nothing to collapse" }
        do { try composition.foldSection(id) } catch { problems.append("collapse \(id) threw \(error)") }
        return "collapse \(id)"
    }

    /// Inserts, removes or moves a part at run time (one part at least, four at most).
    func changeParts() -> String {
        do {
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where parts.count < 4:
                let index = Int.random(in: 0...parts.count, using: &random)
                let part = makePart()
                parts.insert((try composition.insertPart(part.part, at: index), part), at: index)
                return "insert part \(part.label) at \(index)"
            case 1 where parts.count > 1:
                let index = Int.random(in: 0..<parts.count, using: &random)
                try composition.removePart(at: index)
                return "remove part \(parts.remove(at: index).part.label)"
            default:
                let (source, destination) = (Int.random(in: 0..<parts.count, using: &random), Int.random(in: 0..<parts.count, using: &random))
                try composition.movePart(from: source, to: destination)
                parts.insert(parts.remove(at: source), at: destination)
                return "move part \(source) to \(destination)"
            }
        } catch {
            problems.append("a part change threw \(error)")
            return "a part change refused"
        }
    }

    /// The user swipes to delete or drags a random row of the composed view;
    /// the part's runner follows an edit of its controller.
    func userActs() -> String {
        let table = dataSource.snapshot
        let paths = (0..<table.numberOfSections).flatMap { section in
            (0..<(table.numberOfElements(inSection: section) ?? 0)).map { ResultsIndexPath(row: $0, section: section) }
        }
        guard let path = paths.randomElement(using: &random), let key = table.key(at: path) else { return "no row to act on" }
        let before = view.cells
        var errors: [ResultsError] = []
        dataSource.onEditingError = { errors.append($0) }
        defer { dataSource.onEditingError = nil }
        let deletes = Bool.random(using: &random)
        var acted: Bool
        if deletes {
            acted = view.userDeletesRow(at: path)
        } else {
            let section = Int.random(in: 0..<table.numberOfSections, using: &random)
            let limit = (table.numberOfElements(inSection: section) ?? 0) - (section == path.section ? 1 : 0)
            let destination = ResultsIndexPath(row: Int.random(in: 0...max(0, limit), using: &random), section: section)
            acted = destination != path && view.userMovesRow(from: path, to: destination)
        }
        let what = "user \(deletes ? "deletes" : "drags") \(key) at \(path)"
        if let exception = view.exception { problems.append("\(what): \(exception)") }
        if !errors.isEmpty, view.cells != before { problems.append("\(what) was refused (\(errors)), but the view went from \(before) to \(view.cells)") }
        guard case let .row(part, partKey) = key, let runner = runner(ofPart: part), let entryKey = partKey.base as? Int else { return what }
        let edit: RandomUserEdit<Int> = !acted || !errors.isEmpty ? .unchanged("\(errors)") : deletes ? .deleted(entryKey) : .moved(entryKey)
        runner.follow(edit)
        if let failure = runner.check() { problems.append("\(what): \(failure)") }
        return what
    }

    /// The runner of the controller part with identity `id`, if it is one.
    func runner(ofPart id: Int) -> RandomOperationRunner<SoakEntry, Int>? {
        guard case let .controller(_, runner)? = parts.first(where: { $0.id == id })?.part else { return nil }
        return runner
    }
}
