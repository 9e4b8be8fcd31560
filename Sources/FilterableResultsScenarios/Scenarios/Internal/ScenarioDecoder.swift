import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// Checks the JSON shape of a scenario file and builds its typed steps.
///
/// Every problem is a ``ScenarioError`` naming the file, the step (and the
/// item of a batch) and what is wrong; the first problem found is reported.
struct ScenarioDecoder {
    let file: String
    /// Whether the file has a primary key, so objects must be JSON objects.
    private var hasPrimaryKey = false
    /// The step being decoded, for messages.
    private var step: Int?
    private var batchItem: Int?

    init(file: String) {
        self.file = file
    }

    /// The top-level fields a file may have.
    static let topLevelFields: Set<String> = [
        "name", "description", "primaryKey", "sortBy", "sectionBy", "hidesEmptySections", "steps",
    ]

    /// The error for the current position.
    func failure(_ problem: String) -> ScenarioError {
        ScenarioError(file: file, step: step, batchItem: batchItem, problem: problem)
    }

    // MARK: The file

    mutating func decodeScenario(_ json: FieldValue) throws(ScenarioError) -> Scenario {
        guard case let .object(root) = json else {
            throw failure("a scenario must be a JSON object with \"steps\", found \(Self.describe(json))")
        }
        for key in root.keys where !Self.topLevelFields.contains(key) {
            throw failure("unknown field \"\(key)\" (a scenario has \(Self.list(Self.topLevelFields.sorted())))")
        }
        let name = try optionalString(root["name"], field: "name")
        _ = try optionalString(root["description"], field: "description")
        let primaryKey = try optionalFieldPath(root["primaryKey"], field: "primaryKey")
        let sectionBy = try optionalFieldPath(root["sectionBy"], field: "sectionBy")
        let sortBy = try sortFields(root["sortBy"], field: "sortBy")
        var hidesEmptySections = false
        switch root["hidesEmptySections"] {
        case nil, .null?: break
        case let .bool(value)?: hidesEmptySections = value
        case let other?: throw failure("\"hidesEmptySections\" must be true or false, found \(Self.describe(other))")
        }
        guard let stepsValue = root["steps"] else { throw failure("missing field \"steps\" (an array of steps)") }
        guard case let .array(stepValues) = stepsValue else {
            throw failure("\"steps\" must be an array of steps, found \(Self.describe(stepsValue))")
        }
        hasPrimaryKey = primaryKey != nil
        var steps: [ScenarioStep] = []
        steps.reserveCapacity(stepValues.count)
        for (index, value) in stepValues.enumerated() {
            step = index + 1
            steps.append(try decodeStep(value, inBatch: false))
        }
        step = nil
        return Scenario(
            name: name ?? Self.defaultName(forFile: file), file: file, primaryKey: primaryKey,
            sortBy: sortBy, sectionBy: sectionBy, hidesEmptySections: hidesEmptySections, steps: steps)
    }

    /// A scenario's name when its file gives none: the file's last path
    /// component without its extension.
    static func defaultName(forFile file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { return String(last[..<dot]) }
        return last
    }

    // MARK: Steps

    /// The operation keys, each with the other keys its step may have.
    static let operations: [String: Set<String>] = [
        "setData": [], "add": ["section"], "insert": ["at"], "remove": [], "removeKey": [],
        "removeAt": [], "replace": [], "replaceObject": ["with"], "replaceAt": ["with"],
        "replaceAll": [], "merge": ["sortBy", "prune"], "addSection": [], "insertSection": ["at"],
        "removeSectionAt": [], "removeSection": [], "replaceSectionAt": ["with"], "addFilter": [],
        "addFilters": [], "removeFilter": [], "replaceFilters": [], "clearFilters": [],
        "beginUpdates": [], "endUpdates": [], "batch": [], "setUpdatesEnabled": [], "expect": [],
    ]

    /// The operations a `batch` may not hold.
    static let notInBatch: Set<String> = ["batch", "beginUpdates", "endUpdates", "setUpdatesEnabled"]

    mutating func decodeStep(_ value: FieldValue, inBatch: Bool) throws(ScenarioError) -> ScenarioStep {
        guard case let .object(fields) = value else {
            throw failure("a step must be an object with one operation key, found \(Self.describe(value))")
        }
        let operationKeys = fields.keys.filter { Self.operations[$0] != nil }
        if operationKeys.count > 1 {
            throw failure("more than one operation in one step: \(Self.list(operationKeys))")
        }
        guard let operation = operationKeys.first else {
            let modifiers = Set(Self.operations.values.joined())
            if let unknown = fields.keys.first(where: { !modifiers.contains($0) }) {
                throw failure("unknown operation \"\(unknown)\"")
            }
            if fields.keys.isEmpty { throw failure("an empty step: it needs one operation key") }
            throw failure("no operation in the step (only \(Self.list(fields.keys)))")
        }
        let allowed = Self.operations[operation]!
        for key in fields.keys where key != operation && !allowed.contains(key) {
            let takes = allowed.isEmpty ? "takes no other key" : "takes only \(Self.list(allowed.sorted()))"
            throw failure("\"\(operation)\" does not take \"\(key)\" (it \(takes))")
        }
        if inBatch && Self.notInBatch.contains(operation) {
            throw failure("\"\(operation)\" is not allowed inside a batch")
        }
        let argument = fields[operation]!
        return try decodeOperation(operation, argument, fields: fields)
    }

    private mutating func decodeOperation(
        _ operation: String, _ argument: FieldValue, fields: FieldObject
    ) throws(ScenarioError) -> ScenarioStep {
        switch operation {
        case "setData":
            return .setData(try data(argument, field: operation))
        case "add":
            let object = try object(argument, field: operation)
            let section = try fields["section"].flatMap { value throws(ScenarioError) in
                value.isNull ? nil : try integer(value, field: "section")
            }
            return .add(object, section: section)
        case "insert":
            return .insert(try object(argument, field: operation), at: try indexPath(required(fields, "at", of: operation), field: "at"))
        case "remove":
            return .remove(try object(argument, field: operation))
        case "removeKey":
            return .removeKey(argument)
        case "removeAt":
            return .removeAt(try indexPath(argument, field: operation))
        case "replace":
            return .replace(try object(argument, field: operation))
        case "replaceObject":
            return .replaceObject(try object(argument, field: operation), with: try object(required(fields, "with", of: operation), field: "with"))
        case "replaceAt":
            return .replaceAt(try indexPath(argument, field: operation), with: try object(required(fields, "with", of: operation), field: "with"))
        case "replaceAll":
            return .replaceAll(try objects(argument, field: operation))
        case "merge":
            let prune: Bool
            switch fields["prune"] {
            case nil, .null?: prune = false
            case let .bool(value)?: prune = value
            case let other?: throw failure("\"prune\" must be true or false, found \(Self.describe(other))")
            }
            return .merge(try objects(argument, field: operation), sortBy: try sortFields(fields["sortBy"], field: "sortBy"), prune: prune)
        case "addSection":
            return .addSection(try section(argument, field: operation))
        case "insertSection":
            return .insertSection(try section(argument, field: operation), at: try integer(required(fields, "at", of: operation), field: "at"))
        case "removeSectionAt":
            return .removeSectionAt(try integer(argument, field: operation))
        case "removeSection":
            guard case let .string(name) = argument else {
                throw failure("\"removeSection\" must be a section name (a string), found \(Self.describe(argument))")
            }
            return .removeSection(named: name)
        case "replaceSectionAt":
            return .replaceSectionAt(try integer(argument, field: operation), with: try section(required(fields, "with", of: operation), field: "with"))
        case "addFilter":
            return .addFilter(try filter(argument, field: operation))
        case "addFilters":
            return .addFilters(try filters(argument, field: operation))
        case "removeFilter":
            let (title, group) = try filterName(argument)
            return .removeFilter(title: title, group: group)
        case "replaceFilters":
            return .replaceFilters(try filters(argument, field: operation))
        case "clearFilters":
            try requireTrue(argument, field: operation)
            return .clearFilters
        case "beginUpdates":
            try requireTrue(argument, field: operation)
            return .beginUpdates
        case "endUpdates":
            try requireTrue(argument, field: operation)
            return .endUpdates
        case "batch":
            guard case let .array(items) = argument else {
                throw failure("\"batch\" must be an array of steps, found \(Self.describe(argument))")
            }
            var steps: [ScenarioStep] = []
            for (index, item) in items.enumerated() {
                batchItem = index + 1
                steps.append(try decodeStep(item, inBatch: true))
            }
            batchItem = nil
            return .batch(steps)
        case "setUpdatesEnabled":
            guard case let .bool(enabled) = argument else {
                throw failure("\"setUpdatesEnabled\" must be true or false, found \(Self.describe(argument))")
            }
            return .setUpdatesEnabled(enabled)
        case "expect":
            return .expect(try expectation(argument))
        default:
            throw failure("unknown operation \"\(operation)\"")
        }
    }

    // MARK: Values

    private func required(_ fields: FieldObject, _ key: String, of operation: String) throws(ScenarioError) -> FieldValue {
        guard let value = fields[key] else { throw failure("\"\(operation)\" needs \"\(key)\"") }
        return value
    }

    private func requireTrue(_ value: FieldValue, field: String) throws(ScenarioError) {
        guard value == .bool(true) else {
            throw failure("\"\(field)\" must be true, found \(Self.describe(value))")
        }
    }

    private func optionalString(_ value: FieldValue?, field: String) throws(ScenarioError) -> String? {
        switch value {
        case nil, .null?: return nil
        case let .string(text)?: return text
        case let other?: throw failure("\"\(field)\" must be a string, found \(Self.describe(other))")
        }
    }

    /// A field path: a string of non-empty components separated by dots.
    private func fieldPath(_ text: String, field: String) throws(ScenarioError) -> String {
        guard !text.isEmpty, !text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            throw failure("\"\(field)\" must be a field name or a dotted path like \"owner.id\", found \(FieldValue.string(text).jsonText)")
        }
        return text
    }

    private func optionalFieldPath(_ value: FieldValue?, field: String) throws(ScenarioError) -> String? {
        try optionalString(value, field: field).map { text throws(ScenarioError) in try fieldPath(text, field: field) }
    }

    private func sortFields(_ value: FieldValue?, field: String) throws(ScenarioError) -> [ScenarioSortField] {
        switch value {
        case nil, .null?:
            return []
        case let .array(items)?:
            var fields: [ScenarioSortField] = []
            for item in items {
                guard case let .string(text) = item else {
                    throw failure("\"\(field)\" must be an array of field names (\"-name\" for descending), found \(Self.describe(item)) in it")
                }
                let sortField = ScenarioSortField(text)
                _ = try fieldPath(sortField.keyPath, field: field)
                fields.append(sortField)
            }
            return fields
        case let other?:
            throw failure("\"\(field)\" must be an array of field names (\"-name\" for descending), found \(Self.describe(other))")
        }
    }

    private func integer(_ value: FieldValue, field: String) throws(ScenarioError) -> Int {
        guard value.kind == .number, let integer = value.intValue else {
            throw failure("\"\(field)\" must be an integer, found \(Self.describe(value))")
        }
        return integer
    }

    private func indexPath(_ value: FieldValue, field: String) throws(ScenarioError) -> RawIndexPath {
        guard case let .array(items) = value, items.count == 2,
              items.allSatisfy({ $0.kind == .number }),
              let section = items[0].intValue, let row = items[1].intValue
        else {
            throw failure("\"\(field)\" must be an index path [section, row] of two integers, found \(Self.describe(value))")
        }
        return RawIndexPath(row: row, section: section)
    }

    /// An OBJ: any JSON value, or a JSON object when the file has a primary key.
    private func object(_ value: FieldValue, field: String) throws(ScenarioError) -> FieldValue {
        if hasPrimaryKey, value.kind != .object {
            throw failure("\"\(field)\" must be an object (the file has a primaryKey), found \(Self.describe(value))")
        }
        return value
    }

    private func objects(_ value: FieldValue, field: String) throws(ScenarioError) -> [FieldValue] {
        guard case let .array(items) = value else {
            throw failure("\"\(field)\" must be an array of objects, found \(Self.describe(value))")
        }
        for (index, item) in items.enumerated() where hasPrimaryKey && item.kind != .object {
            throw failure("\"\(field)\" must be an array of objects (the file has a primaryKey), found \(Self.describe(item)) at index \(index)")
        }
        return items.elements
    }

    /// Whether a value has the shape of a SECTION: an array, or an object
    /// whose keys are `objects` and optionally `name`.
    static func isSection(_ value: FieldValue) -> Bool {
        switch value {
        case .array:
            return true
        case let .object(members):
            let keys = Set(members.keys)
            return keys == ["objects"] || keys == ["objects", "name"]
        default:
            return false
        }
    }

    private func section(_ value: FieldValue, field: String) throws(ScenarioError) -> ResultsSection<FieldValue> {
        switch value {
        case .array:
            return ResultsSection(elements: try objects(value, field: field))
        case let .object(members) where Self.isSection(value):
            let name: String?
            switch members["name"] {
            case nil, .null?: name = nil
            case let .string(text)?: name = text
            case let other?: throw failure("a section's \"name\" must be a string or null, found \(Self.describe(other)) in \"\(field)\"")
            }
            return ResultsSection(name: name, elements: try objects(members["objects"]!, field: "\(field).objects"))
        default:
            throw failure("\"\(field)\" must be a section: an array of objects or {\"name\": …, \"objects\": […]}, found \(Self.describe(value))")
        }
    }

    /// SECTIONS or OBJECTS: an array whose every element is a SECTION, or
    /// none is.
    private func data(_ value: FieldValue, field: String) throws(ScenarioError) -> ScenarioData {
        guard case let .array(items) = value else {
            throw failure("\"\(field)\" must be an array of objects or of sections, found \(Self.describe(value))")
        }
        let sectionIndexes = items.indices.filter { Self.isSection(items[$0]) }
        if sectionIndexes.isEmpty { return .objects(try objects(value, field: field)) }
        if sectionIndexes.count != items.count {
            let objectIndex = items.indices.first { !Self.isSection(items[$0]) }!
            throw failure("\"\(field)\" mixes sections and objects: element \(sectionIndexes[0]) is a section, element \(objectIndex) is not (\(Self.describe(items[objectIndex])))")
        }
        var sections: [ResultsSection<FieldValue>] = []
        for item in items { sections.append(try section(item, field: field)) }
        return .sections(sections)
    }

    // MARK: Filters

    private func filter(_ value: FieldValue, field: String) throws(ScenarioError) -> ScenarioFilter {
        guard case let .object(members) = value else {
            throw failure("\"\(field)\" must be a filter {\"title\": …, \"group\": …, \"predicate\": …}, found \(Self.describe(value))")
        }
        for key in members.keys where !["title", "group", "predicate"].contains(key) {
            throw failure("a filter has only \"title\", \"group\" and \"predicate\", found \"\(key)\" in \"\(field)\"")
        }
        guard case let .string(title)? = members["title"] else {
            throw failure("a filter needs a \"title\" string in \"\(field)\"")
        }
        guard case let .string(predicate)? = members["predicate"] else {
            throw failure("a filter needs a \"predicate\" string in \"\(field)\"")
        }
        let group = try optionalString(members["group"], field: "group")
        return ScenarioFilter(title: title, group: group, predicate: predicate)
    }

    private func filters(_ value: FieldValue, field: String) throws(ScenarioError) -> [ScenarioFilter] {
        guard case let .array(items) = value else {
            throw failure("\"\(field)\" must be an array of filters, found \(Self.describe(value))")
        }
        var filters: [ScenarioFilter] = []
        for item in items { filters.append(try filter(item, field: field)) }
        return filters
    }

    /// The title and group of `removeFilter` (a whole filter is accepted;
    /// its predicate is ignored).
    private func filterName(_ value: FieldValue) throws(ScenarioError) -> (String, String?) {
        guard case let .object(members) = value, case let .string(title)? = members["title"] else {
            throw failure("\"removeFilter\" must be {\"title\": …, \"group\": …} with a title string, found \(Self.describe(value))")
        }
        for key in members.keys where !["title", "group", "predicate"].contains(key) {
            throw failure("\"removeFilter\" takes only \"title\" and \"group\", found \"\(key)\"")
        }
        return (title, try optionalString(members["group"], field: "group"))
    }

    // MARK: Expectations

    private func expectation(_ value: FieldValue) throws(ScenarioError) -> ScenarioExpectation {
        guard case let .object(members) = value else {
            throw failure("\"expect\" must be an object with \"visible\", \"data\", \"events\" or \"error\", found \(Self.describe(value))")
        }
        var expectation = ScenarioExpectation()
        for (key, part) in members {
            switch key {
            case "visible": expectation.visible = try table(part, field: key)
            case "data": expectation.data = try table(part, field: key)
            case "events":
                guard case let .array(items) = part else {
                    throw failure("\"events\" must be an array of event lines, found \(Self.describe(part))")
                }
                var events: [FieldValue] = []
                for (index, item) in items.enumerated() { events.append(try expectedEvent(item, index: index)) }
                expectation.events = events
            case "error":
                switch part {
                case .null:
                    expectation.error = .noError
                case let .string(code) where ScenarioLog.errorCodes.contains(code):
                    expectation.error = .code(code)
                default:
                    throw failure("\"error\" must be an error code (\(Self.list(ScenarioLog.errorCodes))) or null, found \(Self.describe(part))")
                }
            default:
                throw failure("\"expect\" takes only \"visible\", \"data\", \"events\" and \"error\", found \"\(key)\"")
            }
        }
        return expectation
    }

    private func table(_ value: FieldValue, field: String) throws(ScenarioError) -> [[FieldValue]] {
        guard case let .array(sections) = value else {
            throw failure("\"\(field)\" must be an array of sections of keys like [[1, 2], [5]], found \(Self.describe(value))")
        }
        var table: [[FieldValue]] = []
        for section in sections {
            guard case let .array(keys) = section else {
                throw failure("\"\(field)\" must be an array of sections of keys like [[1, 2], [5]], found \(Self.describe(section)) as a section")
            }
            table.append(keys.elements)
        }
        return table
    }

    /// An expected event line, checked and put in the form the runner
    /// compares: the contract's fields only, without `"updated": false`.
    private func expectedEvent(_ value: FieldValue, index: Int) throws(ScenarioError) -> FieldValue {
        let at = "in \"events\" at index \(index)"
        guard case let .object(members) = value, case let .string(event)? = members["event"] else {
            throw failure("an expected event must be an object with an \"event\" name, found \(Self.describe(value)) \(at)")
        }
        func check(_ allowed: Set<String>, required: Set<String>) throws(ScenarioError) {
            for key in members.keys where !allowed.contains(key) && key != "event" {
                if key == "step" { throw failure("an expected event is written without \"step\" \(at)") }
                throw failure("a \(event) event has no field \"\(key)\" \(at) (it has \(Self.list(allowed.union(required).sorted())))")
            }
            for key in required where members[key] == nil {
                throw failure("a \(event) event needs \"\(key)\" \(at)")
            }
        }
        func kind(_ name: String) throws(ScenarioError) -> String {
            guard case let .string(type)? = members["type"], ["insert", "delete", "move", "update"].contains(type) else {
                throw failure("a \(name) event needs a \"type\": insert, delete, move or update \(at)")
            }
            return type
        }
        var normalized = FieldObject()
        normalized["event"] = .string(event)
        switch event {
        case "willChangeContent", "didChangeContent", "shouldReload":
            try check([], required: [])
        case "didChangeSection":
            let type = try kind(event)
            let fields: Set<String> = switch type {
            case "insert": ["newIndex"]
            case "delete", "update": ["index"]
            default: ["index", "newIndex"]
            }
            try check(fields.union(["type"]), required: fields)
            normalized["type"] = .string(type)
            for field in fields.sorted() {
                normalized[field] = .integer(try integer(members[field]!, field: field))
            }
        case "didChangeObject":
            let type = try kind(event)
            let paths: Set<String> = switch type {
            case "insert": ["newIndexPath"]
            case "delete": ["indexPath"]
            default: ["indexPath", "newIndexPath"]
            }
            try check(paths.union(["type", "key", "updated"]), required: paths.union(["key"]))
            normalized["type"] = .string(type)
            normalized["key"] = members["key"]!
            for field in paths.sorted() {
                let path = try indexPath(members[field]!, field: field)
                normalized[field] = [.integer(path.section), .integer(path.row)]
            }
            switch members["updated"] {
            case nil, .bool(false)?: break
            case .bool(true)? where type == "move": normalized["updated"] = true
            case .bool(true)?: throw failure("only a move carries \"updated\": true, not a \(type) \(at)")
            case let other?: throw failure("\"updated\" must be true or false, found \(Self.describe(other)) \(at)")
            }
        default:
            throw failure("an expected event is one of willChangeContent, didChangeSection, didChangeObject, didChangeContent and shouldReload, found \(FieldValue.string(event).jsonText) \(at)")
        }
        return .object(normalized)
    }

    // MARK: Messages

    /// A value as a message shows it: its JSON text, shortened when long.
    static func describe(_ value: FieldValue) -> String {
        let text = value.jsonText
        if text.count <= 60 { return text }
        return "\(value.kind == .object ? "an" : "a") \(value.kind) \(text.prefix(50))…"
    }

    /// Names quoted and joined: `"a", "b" and "c"`.
    static func list(_ names: some Collection<String>) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}
