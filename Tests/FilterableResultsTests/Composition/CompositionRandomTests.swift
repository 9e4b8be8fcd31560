import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// Random compositions (nested too) of random controllers and static
/// sections, with placeholders, driven by seeded random operations on
/// every part, collapses and expansions, and bad input. After every step,
/// in every composition: every batch passed the validator, the views of
/// every kind show the composed table without an exception or a stale
/// cell, the composed table is the parts' tables one after the other, and
/// every row and section maps to its part and back.
@MainActor
@Suite("Random compositions")
struct CompositionRandomTests {
    static let seeds: ClosedRange<UInt64> = 1...60
    static let stepsPerSeed = 100

    @Test func randomOperationsOnEveryPartGiveValidBatchesOfTheJoinedTable() {
        var compositions = 0, steps = 0, batches = 0, placeholderChanges = 0, collapses = 0, byID = 0, byTitle = 0
        for seed in Self.seeds {
            var world = RandomCompositionWorld(seed: seed)
            let top = world.makeComposition(depth: 0)
            let screens = world.models.map { CompositionScreen($0.composition) }
            compositions += world.models.count
            for step in 0..<Self.stepsPerSeed {
                let action = world.step()
                steps += 1
                var problems: [String] = world.failures
                for (model, screen) in zip(world.models, screens) {
                    let shown = model.composition.reportedSnapshot
                    if rows(shown.sections.map(ResultsSection.init)) != rows(model.sections) || shown.sections.map(\.name) != model.sections.map(\.name) {
                        problems.append("the composition shows \(rows(shown.sections.map(ResultsSection.init))) \(shown.sections.map(\.name)), its parts \(rows(model.sections)) \(model.sections.map(\.name))")
                    }
                    if model.composition.foldedSections != model.collapsed {
                        problems.append("collapsed \(model.composition.foldedSections), not \(model.collapsed)")
                    }
                    problems += mappingProblems(shown, parts: model.parts)
                    problems += screen.problems()
                }
                guard problems.isEmpty else {
                    Issue.record("seed \(seed), step \(step) (\(action)): \(problems.prefix(5))")
                    return
                }
            }
            batches += screens.reduce(0) { $0 + $1.updates.count }
            placeholderChanges += screens.reduce(0) { $0 + $1.placeholderChanges }
            collapses += world.collapses
            (byID, byTitle) = (byID + world.collapsesByID, byTitle + world.collapsesByTitle)
            #expect(top.composition.reportedSnapshot.numberOfParts == top.parts.count)
        }
        print("random compositions: \(compositions) compositions, \(steps) steps, \(batches) batches, \(placeholderChanges) placeholder sections in or out, \(collapses) collapses and expansions")
        // The sequences must exercise what they claim to.
        #expect(compositions >= 80 && steps == Self.seeds.count * Self.stepsPerSeed)
        #expect(batches > steps / 3 && placeholderChanges > 100 && collapses > 500)
        #expect(byID > 30 && byTitle > 8, "sections with ids folded: \(byID) by id, \(byTitle) by title")
    }
}

/// The parts and compositions of one seeded run, and the operations on them.
@MainActor
struct RandomCompositionWorld {
    var random: SeededRandomNumberGenerator
    let seed: UInt64
    var nextLabel = 0
    var runners: [RandomOperationRunner<Entry, Int>] = []
    var statics: [StaticPartModel] = []
    /// Every composition, outermost first.
    var models: [CompositionModel] = []
    /// What went wrong outside the checks of the tables (a runner's
    /// failure, a refusal that changed something).
    var failures: [String] = []
    /// The collapses and expansions done; of them, those of a section
    /// with an id of its own, and those of one by its title.
    var collapses = 0, collapsesByID = 0, collapsesByTitle = 0

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandomNumberGenerator(seed: seed)
    }

    static let configurations: [RandomStoreConfiguration<Entry>] = [
        RandomStoreConfiguration(name: "plain"),
        RandomStoreConfiguration(name: "flat", sectionOperations: false, updates: .unbatched),
        RandomStoreConfiguration(name: "filtered", filtered: true),
        RandomStoreConfiguration(name: "hiding empty sections", hidesEmptySections: true, filtered: true),
        RandomStoreConfiguration(name: "sorted", sortKeys: [.ascending(\.value)], filtered: true),
        RandomStoreConfiguration(name: "sectioned", sectioning: .by(\.group), filtered: true),
        RandomStoreConfiguration(
            name: "sectioned and sorted", sortKeys: [.ascending(\.value)], sectioning: .by(\.group),
            hidesEmptySections: true, filtered: true),
        RandomStoreConfiguration(name: "filtered, updates disabled", filtered: true, updates: .disabled),
    ]

    /// Entries whose groups and section names every controller shares, so
    /// that parts have sections named alike (the validator tells them
    /// apart by part).
    static func vocabulary(_ label: Int) -> RandomOperationVocabulary<Entry, Int> {
        let groups = ["a", "b", "c"]
        return RandomOperationVocabulary(
            key: \.id,
            sectionNames: ["x", "y", "z"],
            filters: [
                ResultsFilter(title: "even", group: "parity") { $0.value % 2 == 0 },
                ResultsFilter(title: "small") { $0.value < 3 },
                ResultsFilter(title: "not b", group: "group") { !$0.group.hasSuffix("b") },
            ],
            mergeSortKeys: [.descending(\.value)]
        ) { random in
            Entry(id: Int.random(in: 0..<10, using: &random), value: Int.random(in: 0..<5, using: &random),
                  group: groups.randomElement(using: &random)!)
        }
    }

    /// A part's store set-up and vocabulary: one of ``configurations``, or
    /// past them a store whose sections have ids of their own: by hand
    /// with ids, or sectioned by id with titles that change (a clock of
    /// the part's own).
    static func partSetUp(_ choice: Int, label: Int) -> (RandomStoreConfiguration<Entry>, RandomOperationVocabulary<Entry, Int>) {
        var vocabulary = vocabulary(label)
        if choice < configurations.count { return (configurations[choice], vocabulary) }
        if choice == configurations.count {
            vocabulary.sectionIDs = [1, 2, 3]
            return (RandomStoreConfiguration(name: "by hand with ids", filtered: true), vocabulary)
        }
        let clock = RandomOperationTests.TitleClock()
        vocabulary.advanceSectionTitles = { clock.advance() }
        let sectioning = ResultsSectioning<Entry>.by(\.value, title: { clock.title(of: $0) })
        return (RandomStoreConfiguration(name: "sectioned by id", sectioning: sectioning, filtered: true), vocabulary)
    }

    mutating func label() -> Int {
        defer { nextLabel += 1 }
        return nextLabel
    }

    /// A random composition of one to three parts; parts of the outermost
    /// composition may be compositions themselves.
    mutating func makeComposition(depth: Int) -> CompositionModel {
        var parts: [(any PartModel, ResultsComposition<Row>.Part, ResultsComposition<Row>.Placeholder?)] = []
        let index = models.count
        models.append(CompositionModel(parts: [], placeholder: nil))   // keeps the outermost first
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let label = label()
            let placeholder = placeholder(label)
            switch Int.random(in: 0..<(depth == 0 ? 5 : 4), using: &random) {
            case 0, 1:
                let (configuration, vocabulary) = Self.partSetUp(Int.random(in: 0...Self.configurations.count + 1, using: &random), label: label)
                let runner = RandomOperationRunner(configuration: configuration, vocabulary: vocabulary, seed: seed &* 31 &+ UInt64(label))
                runners.append(runner)
                parts.append((ResultsPartModel(label: label, runner: runner),
                              .part(runner.controller, as: { Row.entry(source: label, $0) }, placeholder: placeholder), placeholder))
            case 2, 3:
                let sections = declaration(label)
                let model = StaticPartModel(label: label, statics: try! StaticSections<Row> { sections })
                statics.append(model)
                parts.append((model, .part(model.statics, placeholder: placeholder), placeholder))
            default:
                let nested = makeComposition(depth: depth + 1)
                parts.append((nested, .part(nested.composition, placeholder: placeholder), placeholder))
            }
        }
        let model = CompositionModel(parts: parts, placeholder: self.placeholder(label()))
        models[index] = model
        return model
    }

    /// A placeholder, or none; titled or not.
    mutating func placeholder(_ label: Int) -> ResultsComposition<Row>.Placeholder? {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return nil
        case 1: return .row(.placeholder("\(label)"))
        default:
            // Titled like other placeholders, or like a part's section.
            let title = ["empty", "x", "a", "s-0"].randomElement(using: &random)!
            return ResultsComposition<Row>.Placeholder(title: title, rows: [.placeholder("\(label)a"), .placeholder("\(label)b")])
        }
    }

    /// A random declaration of static sections: titles unique in the part
    /// (and shared with other parts), row ids unique.
    mutating func declaration(_ label: Int) -> [StaticSection<Row>] {
        var titles: [String?] = (0..<4).map { "s-\($0)" }
        if Bool.random(using: &random) { titles.append(nil) }
        titles.shuffle(using: &random)
        var ids = (0..<6).map { "\(label)r\($0)" }.shuffled(using: &random)
        return titles.prefix(Int.random(in: 0...3, using: &random)).map { title in
            let count = Int.random(in: 0...min(3, ids.count), using: &random)
            let rows = ids.prefix(count).map { fixed($0, Int.random(in: 0...1, using: &random)) }
            ids.removeFirst(count)
            return StaticSection(title, rows: rows)
        }
    }

    /// One random operation somewhere; returns what it was.
    mutating func step() -> String {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<11 where !runners.isEmpty:
            let runner = runners.randomElement(using: &random)!
            if let failure = runner.run(operations: 1) { failures.append("\(failure)") }
            return "an operation on a controller"
        case 11..<14 where !statics.isEmpty:
            let part = statics.randomElement(using: &random)!
            let sections = declaration(part.label)
            do { try part.statics.setSections(sections) } catch { failures.append("setSections threw \(error)") }
            return "static sections declared anew: \(sections.map { "\($0.title ?? "-"): \($0.rows.map(\.id))" })"
        case 14..<19:
            return collapseOrExpand()
        default:
            return badInput()
        }
    }

    /// Collapses or expands a section of a random part of a random
    /// composition: by its identity, or now and then a section with an id
    /// by the title it shows, which stands for every shown section of the
    /// part with that title.
    mutating func collapseOrExpand() -> String {
        typealias SectionID = ResultsComposition<Row>.SectionID
        let model = models.randomElement(using: &random)!
        let part = Int.random(in: 0..<model.parts.count, using: &random)
        let shown = model.parts[part].sections
        let candidates = shown.map { $0.identity(inPart: part) } + model.collapsed.filter { $0.part == part }
        guard var id = candidates.randomElement(using: &random) else { return "nothing to collapse" }
        // What the model folds, what it unfolds, and whether it has it folded now.
        var folds: Set<SectionID> = [id], unfolds: Set<SectionID> = [id]
        var isCollapsed = model.collapsed.contains(id)
        if id.id != nil, let title = shown.first(where: { $0.identity(inPart: part) == id })?.name, Int.random(in: 0..<4, using: &random) == 0 {
            id = SectionID(part: part, name: title)
            let titled = shown.filter { $0.name.map { $0.unicodeScalars.elementsEqual(title.unicodeScalars) } ?? false }
            // The title names a section without an id, if one has it; else it stands for those with ids.
            if !model.collapsed.contains(id) && titled.allSatisfy({ $0.id != nil }) {
                let named = Set(titled.map { $0.identity(inPart: part) })
                isCollapsed = !named.isDisjoint(with: model.collapsed)
                (folds, unfolds) = (named, named)
            } else {
                isCollapsed = model.collapsed.contains(id)
                (folds, unfolds) = ([id], [id])
            }
            collapsesByTitle += 1
        }
        if id.id != nil { collapsesByID += 1 }
        let collapse = Bool.random(using: &random)
        do {
            if collapse { try model.composition.foldSection(id) } else { try model.composition.unfoldSection(id) }
            if collapse { model.collapsed.formUnion(folds) }   // those not folded yet
            if !collapse && isCollapsed { model.collapsed.subtract(unfolds) }
            collapses += 1
        } catch {
            failures.append("\(collapse ? "collapse" : "expand") \(id) threw \(error)")
        }
        return "\(collapse ? "collapse" : "expand") \(id)"
    }

    /// Bad input: it is refused with an error naming it, and nothing changes.
    mutating func badInput() -> String {
        let model = models.randomElement(using: &random)!
        let before = (model.composition.reportedSnapshot.sections.map(ResultsSection.init), model.composition.foldedSections)
        let bad = [
            ResultsComposition<Row>.SectionID(part: model.parts.count + Int.random(in: 0...2, using: &random), name: nil),
            ResultsComposition<Row>.SectionID(part: Int.random(in: 0..<model.parts.count, using: &random), name: "no such section"),
        ].randomElement(using: &random)!
        let collapse = Bool.random(using: &random)
        do {
            if collapse { try model.composition.foldSection(bad) } else { try model.composition.unfoldSection(bad) }
            failures.append("\(collapse ? "collapse" : "expand") of \(bad) did not throw")
        } catch {
            let expected: ResultsError = model.parts.indices.contains(bad.part)
                ? .sectionNotFound(part: bad.part, name: bad.name) : .partOutOfRange(bad.part, partCount: model.parts.count)
            if error != expected { failures.append("\(collapse ? "collapse" : "expand") of \(bad) threw \(error), not \(expected)") }
            if !error.description.contains("part \(bad.part)") { failures.append("the error \(error) does not name part \(bad.part)") }
        }
        if rows(model.composition.reportedSnapshot.sections.map(ResultsSection.init)) != rows(before.0) || model.composition.foldedSections != before.1 {
            failures.append("a refused \(collapse ? "collapse" : "expand") of \(bad) changed the composition")
        }
        return "\(collapse ? "collapse" : "expand") of unknown \(bad)"
    }
}
