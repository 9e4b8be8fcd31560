import FilterableResults
import FilterableResultsTesting
import Testing

/// Seeded random operation sequences over nested batches: every batch the
/// controller reports is checked by the validator, and after every batch the
/// store agrees with the reference model (raw data, visible table, errors).
@Suite("Random operation sequences")
struct RandomOperationTests {
    /// A store configuration to fuzz.
    struct Configuration: CustomStringConvertible, Sendable {
        var name: String
        var sorted = false
        var sectioned = false
        var hidesEmptySections = false
        var filtered = false

        var description: String { name }

        var sortKeys: [ResultsSortKey<Entry>] { sorted ? [.ascending(\.value)] : [] }
        var sectioning: ResultsSectioning<Entry>? { sectioned ? .by(\.group) : nil }
    }

    static let configurations: [Configuration] = [
        Configuration(name: "plain"),
        Configuration(name: "filtered", filtered: true),
        Configuration(name: "hiding empty sections", hidesEmptySections: true, filtered: true),
        Configuration(name: "hiding empty sections, unfiltered", hidesEmptySections: true),
        Configuration(name: "sorted", sorted: true, filtered: true),
        Configuration(name: "sectioned", sectioned: true),
        Configuration(name: "sectioned and sorted", sorted: true, sectioned: true, hidesEmptySections: true, filtered: true),
    ]

    static let filters: [ResultsFilter<Entry>] = [
        ResultsFilter(title: "even", group: "parity") { $0.value % 2 == 0 },
        ResultsFilter(title: "odd", group: "parity") { $0.value % 2 != 0 },
        ResultsFilter(title: "small") { $0.value < 3 },
        ResultsFilter(title: "not b", group: "group") { $0.group != "b" },
    ]

    @Test(arguments: configurations)
    func randomSequencesAgreeWithTheModelAndValidate(_ configuration: Configuration) throws {
        for seed in 1...40 as ClosedRange<UInt64> {
            var fuzzer = Fuzzer(configuration: configuration, seed: seed)
            try fuzzer.run(operations: 320)
            if fuzzer.failed { return }
        }
    }

    /// Drives a controller and a model with the same random operations.
    struct Fuzzer {
        let configuration: Configuration
        let seed: UInt64
        var random: SeededRandomNumberGenerator
        let controller: ResultsController<Entry, Int>
        var model: ReferenceModel<Entry, Int>
        var reported: [ResultsSection<Entry>]
        var failed = false
        var log: [String] = []
        let box = Box()
        /// Called after every outermost batch has been checked (on the main
        /// actor, for tests that show the controller in simulated views).
        var afterBatch: (@MainActor (_ log: [String]) -> Bool)?

        final class Box {
            var updates: [ResultsUpdate<Entry, Int>] = []
        }

        init(configuration: Configuration, seed: UInt64) {
            self.configuration = configuration
            self.seed = seed
            random = SeededRandomNumberGenerator(seed: seed)
            let store = ResultsStore<Entry, Int>(
                key: \.id, sortedBy: configuration.sortKeys, sectionedBy: configuration.sectioning,
                hidesEmptySections: configuration.hidesEmptySections)
            controller = ResultsController(store: store)
            model = ReferenceModel(
                key: { $0.id }, sortedBy: configuration.sortKeys, sectionedBy: configuration.sectioning,
                hidesEmptySections: configuration.hidesEmptySections)
            reported = store.visibleSections
            let box = self.box
            controller.onChange = { box.updates.append($0) }
        }

        mutating func entry() -> Entry {
            Entry(id: Int.random(in: 0..<12, using: &random), value: Int.random(in: 0..<5, using: &random),
                  group: ["a", "b", "c"].randomElement(using: &random)!)
        }

        mutating func entries(_ range: ClosedRange<Int>) -> [Entry] {
            (0..<Int.random(in: range, using: &random)).map { _ in entry() }
        }

        mutating func indexPath() -> RawIndexPath {
            let section = Int.random(in: -1...model.sections.count, using: &random)
            let rows = model.sections.indices.contains(section) ? model.sections[section].objects.count : 2
            return RawIndexPath(section: section, row: Int.random(in: -1...rows, using: &random))
        }

        mutating func section() -> ResultsSection<Entry> {
            let name: String? = Bool.random(using: &random) ? nil : ["x", "y", "z"].randomElement(using: &random)!
            return ResultsSection(name: name, objects: entries(0...3))
        }

        /// One random operation on both; returns its description.
        mutating func step() -> String {
            let store = controller
            var described = ""
            func both(_ text: String, _ onStore: () throws(ResultsError) -> Void, _ onModel: (inout ReferenceModel<Entry, Int>) throws(ResultsError) -> Void) {
                described = text
                var storeError: ResultsError?
                var modelError: ResultsError?
                do { try onStore() } catch { storeError = error }
                var candidate = model
                do { try onModel(&candidate) } catch { modelError = error }
                if modelError == nil { model = candidate }
                #expect(storeError?.code == modelError?.code, "seed \(seed) \(configuration): \(text): store \(String(describing: storeError)) model \(String(describing: modelError))")
                if storeError?.code != modelError?.code { failed = true }
            }
            switch Int.random(in: 0..<22, using: &random) {
            case 0:
                let list = entries(0...8)
                both("setData \(list)", { () throws(ResultsError) in try store.setData(list) }, { model throws(ResultsError) in try model.setData(list) })
            case 1:
                let sections = (0..<Int.random(in: 0...3, using: &random)).map { _ in section() }
                both("setData sections \(sections.map { "\($0.name ?? "-"):\($0.objects)" })",
                     { () throws(ResultsError) in try store.setData(sections: sections) }, { model throws(ResultsError) in try model.setData(sections: sections) })
            case 2, 3, 4:
                let e = entry()
                let target: Int? = Bool.random(using: &random) ? nil : Int.random(in: -1...model.sections.count, using: &random)
                both("add \(e) to \(String(describing: target))", { () throws(ResultsError) in try store.modify { s throws(ResultsError) in try s.add(e, toSection: target) } }, { model throws(ResultsError) in try model.add(e, toSection: target) })
            case 5:
                let e = entry()
                let path = indexPath()
                both("insert \(e) at \(path)", { () throws(ResultsError) in try store.modify { s throws(ResultsError) in try s.insert(e, at: path) } }, { model throws(ResultsError) in try model.insert(e, at: path) })
            case 6, 7:
                let e = entry()
                both("remove \(e)", { () throws(ResultsError) in try store.remove(e) }, { model throws(ResultsError) in try model.remove(e) })
            case 8:
                let path = indexPath()
                both("removeAt \(path)", { () throws(ResultsError) in try store.modify { s throws(ResultsError) in try s.remove(at: path) } }, { model throws(ResultsError) in try model.remove(at: path) })
            case 9, 10:
                let e = entry()
                both("replace \(e)", { () throws(ResultsError) in try store.replace(e) }, { model throws(ResultsError) in try model.replace(e) })
            case 11:
                let (old, new) = (entry(), entry())
                both("replace \(old) with \(new)", { () throws(ResultsError) in try store.replace(old, with: new) }, { model throws(ResultsError) in try model.replace(old, with: new) })
            case 12:
                let path = indexPath()
                let e = entry()
                both("replaceAt \(path) with \(e)", { () throws(ResultsError) in try store.modify { s throws(ResultsError) in try s.replace(at: path, with: e) } }, { model throws(ResultsError) in try model.replace(at: path, with: e) })
            case 13:
                let list = entries(0...4)
                both("replaceAll \(list)", { () throws(ResultsError) in try store.replaceAll(list) }, { model throws(ResultsError) in try model.replaceAll(list) })
            case 14, 15:
                let list = entries(0...6)
                let prune = Bool.random(using: &random)
                let sort: [ResultsSortKey<Entry>] = Int.random(in: 0..<4, using: &random) == 0 ? [.descending(\.value)] : []
                both("merge \(list) prune \(prune) sorted \(!sort.isEmpty)",
                     { () throws(ResultsError) in try store.merge(list, sortedBy: sort, prune: prune) },
                     { model throws(ResultsError) in try model.merge(list, sortedBy: sort, prune: prune) })
            case 16:
                let s = section()
                let index = Int.random(in: -1...(model.sections.count + 1), using: &random)
                if Bool.random(using: &random) {
                    both("addSection \(s.name ?? "-"):\(s.objects)", { () throws(ResultsError) in try store.addSection(s) }, { model throws(ResultsError) in try model.addSection(s) })
                } else {
                    both("insertSection \(s.name ?? "-"):\(s.objects) at \(index)", { () throws(ResultsError) in try store.modify { st throws(ResultsError) in try st.insertSection(s, at: index) } }, { model throws(ResultsError) in try model.insertSection(s, at: index) })
                }
            case 17:
                let index = Int.random(in: -1...model.sections.count, using: &random)
                if Bool.random(using: &random) {
                    both("removeSectionAt \(index)", { () throws(ResultsError) in try store.modify { st throws(ResultsError) in try st.removeSection(at: index) } }, { model throws(ResultsError) in try model.removeSection(at: index) })
                } else {
                    let name = ["x", "y", "z"].randomElement(using: &random)!
                    both("removeSection \(name)", { () throws(ResultsError) in try store.removeSection(named: name) }, { model throws(ResultsError) in try model.removeSection(named: name) })
                }
            case 18:
                let s = section()
                let index = Int.random(in: -1...model.sections.count, using: &random)
                both("replaceSectionAt \(index) with \(s.name ?? "-"):\(s.objects)", { () throws(ResultsError) in try store.modify { st throws(ResultsError) in try st.replaceSection(at: index, with: s) } }, { model throws(ResultsError) in try model.replaceSection(at: index, with: s) })
            case 19 where configuration.filtered, 20 where configuration.filtered:
                let filter = RandomOperationTests.filters.randomElement(using: &random)!
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    both("removeFilter \(filter)", { () throws(ResultsError) in try store.removeFilter(title: filter.title, group: filter.group) }, { model in model.removeFilter(title: filter.title, group: filter.group) })
                case 1:
                    both("clearFilters", { () throws(ResultsError) in try store.clearFilters() }, { model in model.clearFilters() })
                default:
                    both("addFilter \(filter)", { () throws(ResultsError) in try store.addFilter(filter) }, { model in model.addFilter(filter) })
                }
            default:
                let e = entry()
                both("update \(e.id)", { () throws(ResultsError) in _ = try store.update(e.id) { $0.value = e.value } }, { model throws(ResultsError) in
                    if let place = model.indexPath(forKey: e.id) {
                        var changed = model.sections[place.section].objects[place.row]
                        changed.value = e.value
                        try model.replace(changed)
                    }
                })
            }
            return described
        }

        mutating func run(operations: Int) throws {
            var done = 0
            while done < operations && !failed {
                let nested = Int.random(in: 0..<3, using: &random)
                if nested > 0 {
                    for _ in 0..<nested { try controller.beginUpdates() }
                    for _ in 0..<Int.random(in: 1...5, using: &random) {
                        log.append(step())
                        done += 1
                    }
                    for _ in 0..<nested { try controller.endUpdates() }
                } else {
                    log.append(step())
                    done += 1
                }
                check()
            }
        }

        mutating func check() {
            let store = controller.store
            let updates = box.updates
            box.updates = []
            #expect(updates.count <= 1, "seed \(seed): one group per outermost batch")
            if let update = updates.first, !update.isReload {
                let changeset = update.changeset
                #expect(update.snapshot.sections.map(\.objects) == store.visibleSections.map(\.objects), "seed \(seed): the update's snapshot is the table after it")
                let violations = BatchUpdateValidator.violations(of: changeset, from: reported, to: store.visibleSections, key: \.id)
                if !violations.isEmpty {
                    Issue.record("seed \(seed) \(configuration): \(violations)\nafter \(log.suffix(6))\nold \(reported.map { "\($0.name ?? "-"):\($0.objects)" })\nnew \(store.visibleSections.map { "\($0.name ?? "-"):\($0.objects)" })\nevents \(summary(changeset))")
                    failed = true
                }
            } else {
                let unchanged = reported.map(\.name) == store.visibleSections.map(\.name)
                    && reported.map(\.objects) == store.visibleSections.map(\.objects)
                #expect(unchanged, "seed \(seed) \(configuration): no events but the visible table changed, after \(log.suffix(4))")
                if !unchanged { failed = true }
            }
            if let afterBatch {
                let log = self.log
                if !MainActor.assumeIsolated({ afterBatch(log) }) { failed = true }
            }
            reported = store.visibleSections
            let agrees = store.sections.map(\.name) == model.sections.map(\.name)
                && store.sections.map(\.objects) == model.sections.map(\.objects)
                && reported.map(\.objects) == model.visibleSections.map(\.objects)
            #expect(agrees, "seed \(seed) \(configuration): store \(store.sections.map { "\($0.name ?? "-"):\($0.objects)" }) model \(model.sections.map { "\($0.name ?? "-"):\($0.objects)" }) after \(log.suffix(4))")
            if !agrees { failed = true }
        }
    }
}
