import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The controller speaks the visible table: every index path and section
/// index it takes or returns is what the view shows, with filters and
/// hidden empty sections in force.
@Suite("Controller index paths are visible")
struct VisibleIndexPathTests {
    static let even = ResultsFilter<Entry>(title: "even", group: "parity") { $0.value % 2 == 0 }

    /// A: 1 2 3 4 (2 and 4 shown), B: 5 (hidden, empty once filtered), C: 6 (shown).
    func controller() throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: true)
        try store.setData(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 3, value: 3), Entry(id: 4, value: 4)]),
            ResultsSection(name: "B", elements: [Entry(id: 5, value: 5)]),
            ResultsSection(name: "C", elements: [Entry(id: 6, value: 6)]),
        ])
        store.addFilter(Self.even)
        return ResultsController(store: store)
    }

    @Test func removingAtAVisiblePathRemovesTheRowShownThere() throws {
        let controller = try controller()
        #expect(controller.element(at: visible(0, 1))?.id == 4)
        try controller.remove(at: visible(0, 1))
        #expect(keys(controller.store.rawSections) == [[1, 2, 3], [5], [6]])
        try controller.remove(at: visible(1, 0))
        #expect(keys(controller.store.rawSections) == [[1, 2, 3], [5], []])
    }

    @Test func replacingAtAVisiblePathReplacesTheRowShownThere() throws {
        let controller = try controller()
        try controller.replace(at: visible(1, 0), with: Entry(id: 6, value: 8))
        #expect(controller.store.element(forKey: 6)?.value == 8)
        try controller.replace(at: visible(0, 0), with: Entry(id: 9, value: 10))
        #expect(keys(controller.store.rawSections) == [[1, 9, 3, 4], [5], [6]])
    }

    @Test func insertingAtAVisiblePathGoesBeforeTheRowShownThereOrAtTheEnd() throws {
        let controller = try controller()
        try controller.insert(Entry(id: 7, value: 10), at: visible(0, 1))
        #expect(keys(controller.store.rawSections) == [[1, 2, 3, 7, 4], [5], [6]])
        #expect(controller.indexPath(forKey: 7) == visible(0, 1))
        try controller.insert(Entry(id: 8, value: 12), at: visible(1, 1))
        #expect(keys(controller.store.rawSections) == [[1, 2, 3, 7, 4], [5], [6, 8]])
        #expect(controller.indexPath(forKey: 8) == visible(1, 1))
    }

    @Test func movingBetweenVisiblePathsLandsWhereTheViewShowsIt() throws {
        let controller = try controller()
        try controller.move(from: visible(0, 0), to: visible(1, 1))
        #expect(controller.indexPath(forKey: 2) == visible(1, 1))
        #expect(keys(controller.store.rawSections) == [[1, 3, 4], [5], [6, 2]])
        try controller.move(from: visible(1, 1), to: visible(0, 0))
        #expect(controller.indexPath(forKey: 2) == visible(0, 0))
    }

    @Test func sectionIndexesAreTheSectionsShown() throws {
        let controller = try controller()
        #expect(controller.numberOfSections == 2 && controller.name(ofSection: 1) == "C")
        try controller.add(Entry(id: 10, value: 10), toSection: 1)
        #expect(keys(controller.store.rawSections) == [[1, 2, 3, 4], [5], [6, 10]])
        try controller.insertSection(ResultsSection(name: "D", elements: [Entry(id: 11, value: 2)]), at: 1)
        #expect(controller.store.rawSections.map(\.name) == ["A", "B", "D", "C"])
        try controller.removeSection(at: 2)
        #expect(controller.store.rawSections.map(\.name) == ["A", "B", "D"])
    }

    @Test func pathsOutsideTheVisibleTableAreRefusedNamingTheVisibleCounts() throws {
        let controller = try controller()
        #expect(throws: ResultsError.indexPathOutOfRange(visible(1, 1), sectionCount: 2, rowCount: 1)) {
            try controller.remove(at: visible(1, 1))
        }
        #expect(throws: ResultsError.indexPathOutOfRange(visible(2, 0), sectionCount: 2, rowCount: nil)) {
            try controller.replace(at: visible(2, 0), with: Entry(id: 1))
        }
        #expect(throws: ResultsError.sectionOutOfRange(2, sectionCount: 2)) { try controller.removeSection(at: 2) }
        #expect(keys(controller.store.rawSections) == [[1, 2, 3, 4], [5], [6]])
        let error = ResultsError.indexPathOutOfRange(visible(1, 1), sectionCount: 2, rowCount: 1)
        #expect(error.description == "index path [1, 1] is out of range: section 1 shows 1 row")
    }

    @Test func aTableShowingEverythingTakesVisiblePathsAsRawOnesAndRefusesThemNamingTheVisibleCounts() throws {
        // Nothing hidden: visible paths are raw paths, taken without
        // translating them, and refused in the controller's words.
        var store = ResultsStore<Entry, Int>.items()
        try store.setData([Entry(id: 1), Entry(id: 2)])
        let controller = ResultsController(store: store)
        #expect(throws: ResultsError.indexPathOutOfRange(visible(0, 3), sectionCount: 1, rowCount: 2)) {
            try controller.insert(Entry(id: 3), at: visible(0, 3))
        }
        #expect(throws: ResultsError.indexPathOutOfRange(visible(1, 0), sectionCount: 1, rowCount: nil)) {
            try controller.insert(Entry(id: 3), at: visible(1, 0))
        }
        #expect(throws: ResultsError.indexPathOutOfRange(visible(0, 2), sectionCount: 1, rowCount: 2)) {
            try controller.remove(at: visible(0, 2))
        }
        #expect(keys(controller.store.rawSections) == [[1, 2]])
        try controller.insert(Entry(id: 3), at: visible(0, 2))
        try controller.insert(Entry(id: 0), at: visible(0, 0))
        try controller.replace(at: visible(0, 1), with: Entry(id: 1, value: 5))
        try controller.remove(at: visible(0, 2))
        #expect(controller.store.allElements == [Entry(id: 0), Entry(id: 1, value: 5), Entry(id: 3)])
    }

    @Test func aHiddenEmptySectionWithoutFiltersStillTranslatesPaths() throws {
        // No filter, but the empty middle section is hidden: visible
        // section 1 is raw section 2.
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: true)
        try store.setData(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1)]),
            ResultsSection(name: "B", elements: []),
            ResultsSection(name: "C", elements: [Entry(id: 3)]),
        ])
        let controller = ResultsController(store: store)
        try controller.insert(Entry(id: 2), at: visible(1, 0))
        try controller.replace(at: visible(1, 1), with: Entry(id: 4))
        #expect(keys(controller.store.rawSections) == [[1], [], [2, 4]])
        try controller.remove(at: visible(1, 0))
        #expect(keys(controller.store.rawSections) == [[1], [], [4]])
        #expect(throws: ResultsError.indexPathOutOfRange(visible(1, 2), sectionCount: 2, rowCount: 1)) {
            try controller.insert(Entry(id: 5), at: visible(1, 2))
        }
    }

    @Test func aSortedTableShowingEverythingRemovesAndReplacesTheRowShown() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.descending(\.value)])
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 3, value: 3)])
        let controller = ResultsController(store: store)
        try controller.remove(at: visible(0, 0))
        #expect(controller.store.allElements.map(\.id) == [2, 1])
        try controller.replace(at: visible(0, 1), with: Entry(id: 1, value: 5))
        #expect(controller.store.allElements.map(\.id) == [1, 2])
        #expect(throws: ResultsError.rowsPlacedByStore(operation: "inserting at an index path")) {
            try controller.insert(Entry(id: 9), at: visible(0, 1))
        }
        #expect(throws: ResultsError.indexPathOutOfRange(visible(0, 5), sectionCount: 1, rowCount: 2)) {
            try controller.insert(Entry(id: 9), at: visible(0, 5))
        }
    }

    /// Random visible-path operations on a controller, and the same
    /// operations translated by hand to raw paths on the reference model;
    /// seeds past 5 filter nothing, so every row is shown unless a section
    /// is empty and hidden.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomVisibleOperationsAgreeWithTheModel(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: seed % 2 == 0)
        var model = ReferenceModel<Entry, Int>(key: { $0.id }, hidesEmptySections: seed % 2 == 0)
        let sections = (0..<3).map { s in ResultsSection(name: "S\(s)", elements: (0..<4).map { Entry(id: s * 10 + $0, value: Int.random(in: 0..<4, using: &random)) }) }
        try store.setData(sections: sections)
        try model.setData(sections: sections)
        if seed <= 5 {
            store.addFilter(Self.even)
            model.addFilter(Self.even)
        }
        let controller = ResultsController(store: store)
        var next = 100
        for step in 0..<400 {
            let shown = model.visibleSections
            // The raw place of the row shown at a visible path, by scanning the model.
            func rawPlace(_ path: ResultsIndexPath) -> RawIndexPath? {
                guard shown.indices.contains(path.section), shown[path.section].elements.indices.contains(path.row) else { return nil }
                return model.indexPath(forKey: shown[path.section].elements[path.row].id)
            }
            let section = Int.random(in: 0..<max(1, shown.count), using: &random)
            let row = Int.random(in: 0...max(0, shown.indices.contains(section) ? shown[section].elements.count : 0), using: &random)
            let path = visible(section, row)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let raw = rawPlace(path)
                do { try controller.remove(at: path) } catch { #expect(raw == nil, "step \(step): remove at \(path)"); continue }
                try model.remove(at: raw!)
            case 1:
                next += 1
                let entry = Entry(id: next, value: Int.random(in: 0..<4, using: &random))
                let raw = rawPlace(path)
                do { try controller.replace(at: path, with: entry) } catch { #expect(raw == nil); continue }
                try model.replace(at: raw!, with: entry)
            case 2:
                next += 1
                let entry = Entry(id: next, value: 2 * Int.random(in: 0..<2, using: &random))
                guard shown.indices.contains(section) else {
                    #expect(throws: ResultsError.self) { try controller.insert(entry, at: path) }
                    continue
                }
                let before = rawPlace(path)
                let rawSection = model.sections.firstIndex { $0.name == shown[section].name }!
                try controller.insert(entry, at: path)
                try model.insert(entry, at: before ?? RawIndexPath(row: model.sections[rawSection].elements.count, section: rawSection))
            default:
                guard let raw = rawPlace(path) else { continue }
                let object = model.sections[raw.section].elements[raw.row]
                let target = visible(Int.random(in: 0..<shown.count, using: &random), 0)
                try controller.move(from: path, to: target)
                // The model: out, then in before the row shown first in the target section (or at its end).
                try model.remove(at: raw)
                let rawSection = model.sections.firstIndex { $0.name == shown[target.section].name }!
                let first = model.visibleSections.first { $0.name == shown[target.section].name }?.elements.first
                try model.insert(object, at: first.flatMap { model.indexPath(forKey: $0.id) } ?? RawIndexPath(row: model.sections[rawSection].elements.count, section: rawSection))
                #expect(controller.indexPath(forKey: object.id) == (model.visibleSections.firstIndex { $0.name == shown[target.section].name }.map { visible($0, 0) }))
            }
            #expect(controller.store.rawSections == model.sections, "seed \(seed) step \(step)")
            if controller.store.rawSections != model.sections { return }
        }
    }
}
