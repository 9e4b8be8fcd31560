import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// Seeded random scenario files over small key spaces, run through the
/// runner (which validates every batch of events), with every `state` line
/// compared against ``ScenarioModel``.
@Suite("Scenario random files")
struct ScenarioRandomTests {
    /// A file header: the configuration the random steps run against.
    struct Configuration: CustomTestStringConvertible, Sendable {
        var sortBy: [String] = []
        var sectionBy: String? = nil
        var hidesEmptySections = false

        var testDescription: String {
            "sortBy \(sortBy), sectionBy \(sectionBy ?? "-"), hides \(hidesEmptySections)"
        }

        var header: FieldObject {
            var header: FieldObject = ["primaryKey": "id"]
            if !sortBy.isEmpty { header["sortBy"] = .array(sortBy.map(FieldValue.string)) }
            if let sectionBy { header["sectionBy"] = .string(sectionBy) }
            if hidesEmptySections { header["hidesEmptySections"] = true }
            return header
        }
    }

    static let configurations: [Configuration] = [
        Configuration(),
        Configuration(hidesEmptySections: true),
        Configuration(sortBy: ["v"]),
        Configuration(sortBy: ["-v", "id"], hidesEmptySections: true),
        Configuration(sortBy: ["v", "id"], sectionBy: "g"),
        Configuration(sortBy: ["-v", "id"], sectionBy: "g", hidesEmptySections: true),
    ]

    static let seedsPerConfiguration: UInt64 = 40
    static let stepsPerFile = 30

    @Test(arguments: configurations)
    func randomFilesMatchTheModelAndObeyTheBatchRules(_ configuration: Configuration) throws {
        for seed in 1...Self.seedsPerConfiguration {
            var generator = ScenarioFileGenerator(seed: seed &* 7919 &+ UInt64(configuration.testDescription.count), configuration: configuration)
            let text = generator.file(steps: Self.stepsPerFile)
            let scenario = try Scenario(parsing: text, file: "random-\(seed).json")
            let result = ScenarioRunner().run(scenario)
            guard result.failures.isEmpty else {
                Issue.record("seed \(seed): \(result.failureSummary)\nfile:\n\(text)")
                return
            }
            if let problem = Self.compare(result, with: scenario) {
                Issue.record("seed \(seed): \(problem)\nfile:\n\(text)")
                return
            }
        }
    }

    /// Replays the scenario on the model and compares each step's state
    /// line and number of refused operations.
    static func compare(_ result: ScenarioResult, with scenario: Scenario) -> String? {
        var model = ScenarioModel(scenario)
        var states: [Int: (visible: [ResultsSection<FieldValue>], data: [ResultsSection<FieldValue>])] = [:]
        var errors: [Int: Int] = [:]
        for line in result.log {
            switch line.event {
            case let .state(visible, data): states[line.step] = (visible, data)
            case .error: errors[line.step, default: 0] += 1
            default: break
            }
        }
        func sections(_ model: [ScenarioModel.Section]) -> [ResultsSection<FieldValue>] {
            model.map { ResultsSection(name: $0.name, elements: $0.elements) }
        }
        for (index, step) in scenario.steps.enumerated() {
            let number = index + 1
            let refused = model.apply(step)
            guard let state = states[number] else { return "step \(number): no state line" }
            if state.data != sections(model.sections) {
                return "step \(number) (\(step.operationName)): data \(Self.text(state.data)), model \(Self.text(sections(model.sections)))"
            }
            if state.visible != sections(model.visible) {
                return "step \(number) (\(step.operationName)): visible \(Self.text(state.visible)), model \(Self.text(sections(model.visible)))"
            }
            if refused != errors[number, default: 0] {
                return "step \(number) (\(step.operationName)): \(errors[number, default: 0]) errors, model \(refused)"
            }
        }
        return nil
    }

    @Test func theGeneratorIsDeterministic() {
        var a = ScenarioFileGenerator(seed: 42, configuration: Configuration())
        var b = ScenarioFileGenerator(seed: 42, configuration: Configuration())
        #expect(a.file(steps: 30) == b.file(steps: 30))
    }
}

extension ScenarioRandomTests {
    /// Sections as compact text for messages: `A[1, 2] -[3]`.
    static func text(_ sections: [ResultsSection<FieldValue>]) -> String {
        sections.map { "\($0.name ?? "-")\(FieldValue.array($0.elements.map { $0["id"] ?? .null }).jsonText)" }
            .joined(separator: " ")
    }
}

/// Writes random scenario files: objects `{"id": 0…5, "v": 0…3, "g": …}`,
/// every kind of operation, batches, filters and toggled updates.
struct ScenarioFileGenerator {
    var random: SeededRandomNumberGenerator
    let configuration: ScenarioRandomTests.Configuration
    /// Whether updates are off at this point of the file.
    private var updatesDisabled = false
    /// A rough count of raw sections, to aim section indexes.
    private var sectionCount = 1

    init(seed: UInt64, configuration: ScenarioRandomTests.Configuration) {
        random = SeededRandomNumberGenerator(seed: seed)
        self.configuration = configuration
        sectionCount = configuration.sectionBy == nil ? 1 : 0
    }

    mutating func file(steps count: Int) -> String {
        var header = configuration.header
        var steps: [FieldValue] = []
        for _ in 0..<count { steps.append(step(inBatch: false)) }
        header["steps"] = .array(steps)
        return FieldValue.object(header).jsonText
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    private mutating func object() -> FieldValue {
        var object: FieldObject = [:]
        switch int(0...39) {
        case 0: break
        case 1: object["id"] = .null
        default: object["id"] = .integer(int(0...5))
        }
        object["v"] = .integer(int(0...3))
        switch int(0...5) {
        case 0: break
        case 1: object["g"] = 1
        case 2: object["g"] = .null
        case 3: object["g"] = "a"
        case 4: object["g"] = "b"
        default: object["g"] = "c"
        }
        return .object(object)
    }

    private mutating func objects(_ range: ClosedRange<Int>) -> FieldValue {
        .array((0..<int(range)).map { _ in object() })
    }

    private mutating func indexPath() -> FieldValue {
        [.integer(int(-1...sectionCount)), .integer(int(-1...4))]
    }

    private mutating func section(allowEmpty: Bool) -> FieldValue {
        let objects = objects(allowEmpty ? 0...2 : 1...2)
        switch int(0...4) {
        case 0: return objects
        case 1: return ["objects": objects]
        default: return ["name": .string("S\(int(1...3))"), "objects": objects]
        }
    }

    private static let predicates = [
        "TRUEPREDICATE", "v > 1", "v == 0", "v IN {1, 3}", "g == 'a'", "g BEGINSWITH 'b'",
        "v <= 2 AND g != 'c'", "NOT (v == 1 OR g == nil)",
    ]

    private mutating func filter() -> FieldValue {
        let predicate = chance(5) ? "v >" : Self.predicates[int(0...Self.predicates.count - 1)]
        var filter: FieldObject = ["title": .string("f\(int(1...3))"), "predicate": .string(predicate)]
        switch int(0...3) {
        case 0: break
        case 1: filter["group"] = .null
        default: filter["group"] = .string("g\(int(1...2))")
        }
        return .object(filter)
    }

    private mutating func step(inBatch: Bool) -> FieldValue {
        let manual = configuration.sectionBy == nil
        switch int(0...99) {
        case 0..<8:
            return ["setData": objects(0...6)]
        case 8..<12:
            let sections = (0..<int(1...3)).map { _ in section(allowEmpty: true) }
            if manual { sectionCount = sections.count }
            return ["setData": .array(sections)]
        case 12..<24:
            var step: FieldObject = ["add": object()]
            if chance(30) { step["section"] = .integer(int(-1...sectionCount)) }
            return .object(step)
        case 24..<29:
            return ["insert": object(), "at": indexPath()]
        case 29..<34:
            return ["remove": object()]
        case 34..<39:
            return ["removeKey": .integer(int(0...6))]
        case 39..<44:
            return ["removeAt": indexPath()]
        case 44..<51:
            return ["replace": object()]
        case 51..<55:
            return ["replaceObject": object(), "with": object()]
        case 55..<59:
            return ["replaceAt": indexPath(), "with": object()]
        case 59..<62:
            return ["replaceAll": objects(0...3)]
        case 62..<70:
            var step: FieldObject = ["merge": objects(0...5)]
            if chance(40) { step["prune"] = true }
            if configuration.sortBy.isEmpty ? chance(30) : chance(5) {
                step["sortBy"] = chance(50) ? ["v"] : ["-v"]
            }
            return .object(step)
        case 70..<73:
            if manual { sectionCount += 1 }
            return ["addSection": section(allowEmpty: true)]
        case 73..<75:
            if manual { sectionCount += 1 }
            return ["insertSection": section(allowEmpty: true), "at": .integer(int(-1...sectionCount))]
        case 75..<78:
            return ["removeSectionAt": .integer(int(-1...sectionCount))]
        case 78..<79:
            return ["removeSection": .string("S\(int(1...3))")]
        case 79..<82:
            return ["replaceSectionAt": .integer(int(-1...sectionCount)), "with": section(allowEmpty: true)]
        case 82..<87:
            return ["addFilter": filter()]
        case 87..<88:
            return ["addFilters": .array((0..<int(0...2)).map { _ in filter() })]
        case 88..<90:
            return ["removeFilter": ["title": .string("f\(int(1...3))"), "group": chance(30) ? .null : .string("g\(int(1...2))")]]
        case 90..<91:
            return ["replaceFilters": .array((0..<int(0...2)).map { _ in filter() })]
        case 91..<92:
            return ["clearFilters": true]
        case 92..<97 where !inBatch:
            return ["batch": .array((0..<int(0...4)).map { _ in step(inBatch: true) })]
        case 97..<100 where !inBatch:
            updatesDisabled.toggle()
            return ["setUpdatesEnabled": .bool(!updatesDisabled)]
        default:
            return ["add": object()]
        }
    }
}
