import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// Writes the readable transcript of a run (``ScenarioResult/transcript``).
struct ScenarioTranscriptWriter {
    let scenario: Scenario
    private(set) var text = ""
    /// The visible table of the last `state` line written.
    private var lastTable: [ResultsSection<FieldValue>]?

    /// The width of the step column: `step 12  `.
    private static let indent = String(repeating: " ", count: 10)
    /// The longest object text a row shows.
    private static let objectWidth = 90

    init(scenario: Scenario) {
        self.scenario = scenario
    }

    private mutating func line(_ content: String = "") {
        text += content
        text += "\n"
    }

    // MARK: Parts

    mutating func writeHeader() {
        var settings: [String] = []
        if let primaryKey = scenario.primaryKey { settings.append("primaryKey \(primaryKey)") }
        if !scenario.sortBy.isEmpty { settings.append("sortBy \(scenario.sortBy.map(\.description).joined(separator: ", "))") }
        if let sectionBy = scenario.sectionBy { settings.append("sectionBy \(sectionBy)") }
        if scenario.hidesEmptySections { settings.append("hidesEmptySections") }
        line("== \(scenario.name)  (\(scenario.file))")
        if !settings.isEmpty { line("   " + settings.joined(separator: " · ")) }
    }

    mutating func writeStep(_ step: Int, lines: ArraySlice<ScenarioLogLine>) {
        let label = "step \(step)".padding(to: Self.indent.count)
        if step == 0 {
            line(label + "initial state")
        } else if scenario.steps.indices.contains(step - 1) {
            let operation = scenario.steps[step - 1]
            line(label + Self.describe(operation))
            if case let .batch(operations) = operation {
                for item in operations { line(Self.indent + "- " + Self.describe(item)) }
            }
        } else {
            line(label)
        }
        let isExpectation = scenario.steps.indices.contains(step - 1) && scenario.steps[step - 1].isExpectation
        if lines.isEmpty && !isExpectation {
            line(Self.indent + "(inside a batch: the changes are reported when it ends)")
            return
        }
        var changes: [ScenarioEvent] = []
        for logLine in lines {
            switch logLine.event {
            case .willChangeContent:
                changes = []
            case .didChangeSection, .didChangeObject:
                changes.append(logLine.event)
            case .didChangeContent:
                writeChanges(changes)
            case .shouldReload:
                line(Self.indent + "reload everything (shouldReload)")
            case let .error(code, message):
                line(Self.indent + "refused: \(code): \(message)")
            case let .expectationFailed(message):
                line(Self.indent + "FAILED: \(message)")
            case let .state(visible, data):
                if !isExpectation { writeTable(visible: visible, data: data) }
            }
        }
        if isExpectation,
           !lines.contains(where: { if case .expectationFailed = $0.event { true } else { false } }) {
            line(Self.indent + "ok")
        }
    }

    mutating func writeVerdict(_ verdict: String, failures: [ScenarioFailure]) {
        line(verdict)
        for failure in failures { line("      \(failure)") }
    }

    // MARK: Events

    /// The events of one group in the order a table view applies them:
    /// section deletes, inserts and moves, then row deletes, inserts, moves and updates.
    private mutating func writeChanges(_ events: [ScenarioEvent]) {
        if events.isEmpty {
            line(Self.indent + "(an empty group of events)")
            return
        }
        let order: [RowChange.Kind] = [.delete, .insert, .move, .update]
        var rows: [[String]] = []
        for kind in order {
            for event in events {
                guard case let .didChangeSection(change) = event, change.kind == kind else { continue }
                rows.append([
                    Self.verb(kind), "section",
                    change.kind == .insert ? "" : change.index.map(String.init) ?? "?",
                    change.kind == .move ? "->" : "",
                    change.kind == .insert || change.kind == .move ? change.newIndex.map(String.init) ?? "?" : "",
                    change.name.map { FieldValue.string($0).jsonText } ?? "",
                ])
            }
        }
        for kind in order {
            for event in events {
                guard case let .didChangeObject(change) = event, change.kind == kind else { continue }
                var note = "key \(Self.shorten(change.key.jsonText, to: 40))"
                if change.kind == .move && change.isUpdated { note += "  (content changed)" }
                rows.append([
                    Self.verb(kind), "row",
                    change.kind == .insert ? "" : change.indexPath.map(\.description) ?? "?",
                    change.kind == .move || change.kind == .update ? "->" : "",
                    change.kind == .delete ? "" : change.newIndexPath.map(\.description) ?? "?",
                    note,
                ])
            }
        }
        for row in Self.aligned(rows) { line(Self.indent + "  " + row) }
    }

    private static func verb(_ kind: RowChange.Kind) -> String {
        switch kind {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }

    // MARK: Tables

    private mutating func writeTable(visible: [ResultsSection<FieldValue>], data: [ResultsSection<FieldValue>]) {
        defer { lastTable = visible }
        let rowCount = visible.reduce(0) { $0 + $1.elements.count }
        let dataCount = data.reduce(0) { $0 + $1.elements.count }
        var summary = "visible: \(Self.count(visible.count, "section")), \(Self.count(rowCount, "row"))"
        if dataCount != rowCount { summary += " (\(dataCount - rowCount) of \(dataCount) hidden by filters)" }
        if visible.count != data.count { summary += ", \(Self.count(data.count - visible.count, "empty section")) hidden" }
        if let lastTable, lastTable == visible {
            line(Self.indent + summary + ", unchanged")
            return
        }
        line(Self.indent + summary)
        for (index, section) in visible.enumerated() {
            let name = section.name.map { FieldValue.string($0).jsonText } ?? "(unnamed)"
            line(Self.indent + "  section \(index)  \(name)" + (section.elements.isEmpty ? "  (empty)" : ""))
            var rows: [[String]] = []
            for (row, object) in section.elements.enumerated() {
                let text = Self.shorten(object.jsonText, to: Self.objectWidth)
                if scenario.primaryKey != nil {
                    rows.append([String(row), scenario.key(of: object).map { Self.shorten($0.jsonText, to: 30) } ?? "-", text])
                } else {
                    rows.append([String(row), text])
                }
            }
            for row in Self.aligned(rows) { line(Self.indent + "    " + row) }
        }
    }

    // MARK: Describing steps

    /// A step in one line: the operation and its arguments, shortened.
    static func describe(_ step: ScenarioStep) -> String {
        func object(_ value: FieldValue) -> String { shorten(value.jsonText, to: 70) }
        func section(_ section: ResultsSection<FieldValue>) -> String {
            let name = section.name.map { FieldValue.string($0).jsonText } ?? "(unnamed)"
            return "\(name) with \(count(section.elements.count, "object"))"
        }
        func filter(_ filter: ScenarioFilter) -> String {
            "\(filter.group.map { "\($0) / " } ?? "")\(filter.title): \(filter.predicate)"
        }
        switch step {
        case let .setData(.objects(objects)):
            return "setData \(count(objects.count, "object"))"
        case let .setData(.sections(sections)):
            return "setData \(count(sections.count, "section")), \(count(sections.reduce(0) { $0 + $1.elements.count }, "object"))"
        case let .add(value, section):
            return "add \(object(value))" + (section.map { " to section \($0)" } ?? "")
        case let .insert(value, indexPath):
            return "insert \(object(value)) at \(indexPath)"
        case let .remove(value):
            return "remove \(object(value))"
        case let .removeKey(key):
            return "removeKey \(object(key))"
        case let .removeAt(indexPath):
            return "removeAt \(indexPath)"
        case let .replace(value):
            return "replace \(object(value))"
        case let .replaceObject(old, new):
            return "replaceObject \(object(old)) with \(object(new))"
        case let .replaceAt(indexPath, new):
            return "replaceAt \(indexPath) with \(object(new))"
        case let .replaceAll(objects):
            return "replaceAll \(count(objects.count, "object"))"
        case let .merge(objects, sortBy, prune):
            var options: [String] = []
            if !sortBy.isEmpty { options.append("sortBy \(sortBy.map(\.description).joined(separator: ", "))") }
            if prune { options.append("prune") }
            return "merge \(count(objects.count, "object"))" + (options.isEmpty ? "" : ", " + options.joined(separator: ", "))
        case let .addSection(value):
            return "addSection \(section(value))"
        case let .insertSection(value, index):
            return "insertSection \(section(value)) at \(index)"
        case let .removeSectionAt(index):
            return "removeSectionAt \(index)"
        case let .removeSection(name):
            return "removeSection \(FieldValue.string(name).jsonText)"
        case let .replaceSectionAt(index, value):
            return "replaceSectionAt \(index) with \(section(value))"
        case let .addFilter(value):
            return "addFilter \(filter(value))"
        case let .addFilters(values):
            return "addFilters " + values.map(filter).joined(separator: "; ")
        case let .removeFilter(title, group):
            return "removeFilter \(group.map { "\($0) / " } ?? "")\(title)"
        case let .replaceFilters(values):
            return values.isEmpty ? "replaceFilters (none)" : "replaceFilters " + values.map(filter).joined(separator: "; ")
        case .clearFilters:
            return "clearFilters"
        case .beginUpdates:
            return "beginUpdates"
        case .endUpdates:
            return "endUpdates"
        case let .batch(operations):
            return "batch of \(count(operations.count, "operation"))"
        case let .setUpdatesEnabled(enabled):
            return "setUpdatesEnabled \(enabled)"
        case let .expect(expectation):
            let parts = expectation.checkedParts
            return "expect " + (parts.isEmpty ? "(nothing)" : parts.joined(separator: ", "))
        }
    }

    // MARK: Text helpers

    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    static func shorten(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// Rows of cells padded so each column lines up; trailing blanks trimmed.
    static func aligned(_ rows: [[String]]) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() where column < columns - 1 {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            var text = ""
            for (column, cell) in row.enumerated() {
                text += column < columns - 1 ? cell.padding(to: widths[column]) + "  " : cell
            }
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
