import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// One run of a scenario: the controller, the visible table the client last
/// saw, and what the last step did (for `expect`). Each log line goes to
/// the sink as it happens; the execution keeps none.
final class ScenarioExecution {
    typealias Controller = ResultsController<FieldValue, FieldValue>
    typealias Table = [ResultsSection<FieldValue>]

    /// What a step did, for the `expect` steps after it.
    struct StepRecord {
        /// The step, and the item of its batch, this record is of.
        var step: Int
        var batchItem: Int?
        /// Whether an `expect` step reads the events: a setData of a
        /// million rows keeps its million events only then.
        var keepsEvents = false
        /// The events, when ``keepsEvents``; else empty.
        var events: [ScenarioEvent] = []
        var errorCodes: [String] = []

        /// Takes in what one operation of a batch did.
        mutating func append(_ other: StepRecord) {
            if keepsEvents { events += other.events }
            errorCodes += other.errorCodes
        }

        /// `step 3` or `step 3, batch item 2`, for messages.
        var label: String {
            batchItem.map { "step \(step), batch item \($0)" } ?? (step == 0 ? "the start" : "step \(step)")
        }
    }

    /// Collects what the controller reports; drained after each operation.
    private final class Inbox {
        var updates: [ResultsUpdate<ResultsSnapshot<FieldValue, FieldValue>>] = []
    }

    let scenario: Scenario
    let controller: Controller
    private let keyOf: @Sendable (FieldValue) -> FieldValue?
    private let inbox = Inbox()
    private var observation: ResultsObservation?

    /// Takes each log line as it happens.
    private let sink: (ScenarioLogLine) -> Void
    private(set) var failures: [ScenarioFailure] = []

    /// The visible table the client last saw: the one the last group of
    /// events led to, or the one a reload showed.
    private var lastReported: Table
    /// The step running now.
    private var step = 0
    /// The batches this script opened and has not closed.
    private var openBatches = 0
    /// What the last step that is not an `expect` did.
    private var lastRecord = StepRecord(step: 0)

    init(scenario: Scenario, sink: @escaping (ScenarioLogLine) -> Void) {
        self.scenario = scenario
        self.sink = sink
        self.keyOf = Scenario.keyFunction(scenario.primaryKey)
        self.controller = Controller(store: scenario.makeStore())
        self.lastReported = controller.store.snapshot.sections.map(ResultsSection.init)
        let inbox = self.inbox
        observation = controller.observe { inbox.updates.append($0) }
    }

    // MARK: Running

    func run() {
        emitState()
        for (index, current) in scenario.steps.enumerated() {
            step = index + 1
            if case let .expect(expectation) = current {
                check(expectation, against: lastRecord)
            } else {
                var record = StepRecord(step: step)
                record.keepsEvents = Self.expectationsReadEvents(after: index, in: scenario.steps)
                perform(current, into: &record)
                lastRecord = record
            }
            if !controller.isBatching { emitState() }
        }
        if openBatches > 0 {
            let batches = openBatches == 1 ? "a batch" : "\(openBatches) batches"
            fail(.openBatch, "the file ended with \(batches) still open (beginUpdates without endUpdates)")
        }
    }

    private func perform(_ operation: ScenarioStep, into record: inout StepRecord) {
        let controller = self.controller
        switch operation {
        case let .setData(.objects(objects)):
            call(&record) { () throws(ResultsError) in try controller.setData(objects) }
        case let .setData(.sections(sections)):
            call(&record) { () throws(ResultsError) in try controller.setData(sections: sections) }
        case let .add(object, section):
            call(&record) { () throws(ResultsError) in try controller.modify { store throws(ResultsError) in try store.add(object, toSection: section) } }
        case let .insert(object, indexPath):
            call(&record) { () throws(ResultsError) in try controller.modify { store throws(ResultsError) in try store.insert(object, at: indexPath) } }
        case let .remove(object):
            call(&record) { () throws(ResultsError) in try controller.remove(object) }
        case let .removeKey(key):
            call(&record) { () throws(ResultsError) in try controller.remove(key: key) }
        case let .removeAt(indexPath):
            call(&record) { () throws(ResultsError) in try controller.modify { store throws(ResultsError) in try store.remove(at: indexPath) } }
        case let .replace(object):
            call(&record) { () throws(ResultsError) in try controller.replace(object) }
        case let .replaceObject(old, new):
            call(&record) { () throws(ResultsError) in try controller.replace(old, with: new) }
        case let .replaceAt(indexPath, new):
            call(&record) { () throws(ResultsError) in try controller.modify { store throws(ResultsError) in try store.replace(at: indexPath, with: new) } }
        case let .replaceAll(objects):
            call(&record) { () throws(ResultsError) in try controller.replaceAll(objects) }
        case let .merge(objects, sortBy, prune):
            call(&record) { () throws(ResultsError) in
                try controller.merge(objects, sortedBy: sortBy.map(\.sortKey), prune: prune)
            }
        case let .addSection(section):
            call(&record) { () throws(ResultsError) in try controller.addSection(section) }
        case let .insertSection(section, index):
            call(&record) { () throws(ResultsError) in try controller.modify { store throws(ResultsError) in try store.insertSection(section, at: index) } }
        case let .removeSectionAt(index):
            call(&record) { () throws(ResultsError) in try controller.modify { store throws(ResultsError) in try store.removeSection(at: index) } }
        case let .removeSection(name):
            call(&record) { () throws(ResultsError) in try controller.removeSection(named: name) }
        case let .replaceSectionAt(index, section):
            call(&record) { () throws(ResultsError) in try controller.modify { store throws(ResultsError) in try store.replaceSection(at: index, with: section) } }
        case let .addFilter(filter):
            call(&record) { () throws(ResultsError) in try controller.addFilter(try filter.makeFilter()) }
        case let .addFilters(filters):
            call(&record) { () throws(ResultsError) in
                try controller.addFilters(try filters.map { f throws(ResultsError) in try f.makeFilter() })
            }
        case let .removeFilter(title, group):
            call(&record) { () throws(ResultsError) in try controller.removeFilter(title: title, group: group) }
        case let .replaceFilters(filters):
            call(&record) { () throws(ResultsError) in
                try controller.replaceFilters(with: try filters.map { f throws(ResultsError) in try f.makeFilter() })
            }
        case .clearFilters:
            call(&record) { () throws(ResultsError) in try controller.clearFilters() }
        case .beginUpdates:
            call(&record) { [self] () throws(ResultsError) in
                try controller.beginUpdates()
                openBatches += 1
            }
        case .endUpdates:
            call(&record) { [self] () throws(ResultsError) in
                try controller.endUpdates()
                openBatches -= 1
            }
        case let .batch(operations):
            perform(.beginUpdates, into: &record)
            var previous = StepRecord(step: record.step, batchItem: record.batchItem)
            for (index, operation) in operations.enumerated() {
                if case let .expect(expectation) = operation {
                    check(expectation, against: previous)
                } else {
                    var itemRecord = StepRecord(step: record.step, batchItem: index + 1)
                    itemRecord.keepsEvents = record.keepsEvents
                        || Self.expectationsReadEvents(after: index, in: operations)
                    perform(operation, into: &itemRecord)
                    record.append(itemRecord)
                    previous = itemRecord
                }
            }
            perform(.endUpdates, into: &record)
        case let .setUpdatesEnabled(enabled):
            call(&record) { () throws(ResultsError) in try controller.setUpdatesEnabled(enabled) }
        case let .expect(expectation):
            check(expectation, against: lastRecord)
        }
    }

    /// Runs one controller call: logs its error, or the events it caused,
    /// and checks those events.
    private func call(_ record: inout StepRecord, _ body: () throws(ResultsError) -> Void) {
        let wasEnabled = controller.updatesEnabled
        do {
            try body()
        } catch {
            emit(.error(code: error.code, message: error.description))
            record.errorCodes.append(error.code)
        }
        let updates = inbox.updates
        inbox.updates = []
        if updates.count > 1 {
            fail(.batchRule(8), "batch rule 8: one operation produced \(updates.count) groups of events")
        }
        for update in updates {
            if controller.isBatching {
                fail(.batchRule(8), "batch rule 8: events were emitted while a batch was open")
            }
            if !wasEnabled && !controller.updatesEnabled {
                fail(.batchRule(8), "batch rule 8: events were emitted while updates were disabled")
            }
            report(update, into: &record)
        }
        if updates.isEmpty && !controller.isBatching && controller.updatesEnabled {
            if !Self.snapshot(controller.store.snapshot, shows: lastReported) {
                fail(.batchRule(5), "batch rule 5: the visible table changed but no events were emitted")
                lastReported = controller.store.snapshot.sections.map(ResultsSection.init)
            }
        }
    }

    /// Logs one report of the controller and checks it against the table
    /// the client last saw.
    private func report(_ update: ResultsUpdate<ResultsSnapshot<FieldValue, FieldValue>>, into record: inout StepRecord) {
        let new = controller.store.snapshot.sections.map(ResultsSection.init)
        if !Self.snapshot(update.snapshot, shows: new) {
            fail(.batchRule(5), "batch rule 5: the update's snapshot is not the visible table after it")
        }
        if !update.isReload {
            let changeset = update.changeset
            // Each event is logged as it is made: a setData of a million
            // rows never holds its million events (unless an `expect` reads
            // them).
            emit(.willChangeContent, keepingIn: &record)
            for change in changeset.sectionChanges { emit(.didChangeSection(change), keepingIn: &record) }
            for change in changeset.elementChanges { emit(.didChangeObject(change), keepingIn: &record) }
            emit(.didChangeContent, keepingIn: &record)
            let keyOf = self.keyOf
            let violations = BatchUpdateValidator.violations(
                of: changeset, from: lastReported, to: new, key: { keyOf($0) ?? .null },
                hidesEmptySections: scenario.hidesEmptySections)
            for violation in violations {
                fail(.batchRule(violation.rule), "batch rule \(violation.rule): \(violation.message)")
            }
        } else {
            emit(.shouldReload, keepingIn: &record)
            if new == lastReported {
                fail(.batchRule(7), "batch rule 7: shouldReload was emitted but the visible table did not change")
            }
        }
        lastReported = new
    }

    /// Logs an event of the step, and keeps it for an `expect` that reads it.
    private func emit(_ event: ScenarioEvent, keepingIn record: inout StepRecord) {
        emit(event)
        if record.keepsEvents { record.events.append(event) }
    }

    /// Whether `snapshot` shows exactly `table`, read in place.
    private static func snapshot(_ snapshot: ResultsSnapshot<FieldValue, FieldValue>, shows table: Table) -> Bool {
        let sections = snapshot.sections
        guard sections.count == table.count else { return false }
        return zip(sections, table).allSatisfy { section, expected in
            section.name == expected.name && section.elementsEqual(expected.elements)
        }
    }

    /// Whether `snapshot` shows `table` with every object printing the same
    /// text (equal objects with their keys in another order do not).
    private static func snapshot(_ snapshot: ResultsSnapshot<FieldValue, FieldValue>, printsAs table: Table) -> Bool {
        let sections = snapshot.sections
        guard sections.count == table.count else { return false }
        return zip(sections, table).allSatisfy { section, expected in
            let sameName = switch (section.name, expected.name) {
            case (nil, nil): true
            case let (name?, other?): UTF8Bytes.equal(name, other)
            default: false
            }
            return sameName && section.elementsEqual(expected.elements) { $0.hasSameJSONText(as: $1) }
        }
    }

    // MARK: Expectations

    private func check(_ expectation: ScenarioExpectation, against record: StepRecord) {
        let after = "after \(record.label)"
        if let expected = expectation.visible {
            let actual = keys(of: controller.store.snapshot.sections.map(ResultsSection.init))
            if actual != expected {
                fail(.expectation, "visible \(after): expected \(Self.text(expected)), got \(Self.text(actual))")
            }
        }
        if let expected = expectation.data {
            let actual = keys(of: controller.store.rawSections)
            if actual != expected {
                fail(.expectation, "data \(after): expected \(Self.text(expected)), got \(Self.text(actual))")
            }
        }
        if let expected = expectation.events {
            let actual = record.events.filter(\.isChangeEvent).map(ScenarioLog.comparable)
            if let problem = Self.differences(expected: expected, actual: actual) {
                fail(.expectation, "events \(after): \(problem)")
            }
        }
        switch expectation.error {
        case nil:
            break
        case let .code(code)?:
            if !record.errorCodes.contains(code) {
                let got = record.errorCodes.isEmpty ? "no error" : record.errorCodes.joined(separator: ", ")
                fail(.expectation, "error \(after): expected \(code), got \(got)")
            }
        case .noError?:
            if !record.errorCodes.isEmpty {
                fail(.expectation, "error \(after): expected no error, got \(record.errorCodes.joined(separator: ", "))")
            }
        }
    }

    /// Whether an `expect` step right after `steps[index]` (before the next
    /// step that is not an `expect`) compares events.
    static func expectationsReadEvents(after index: Int, in steps: [ScenarioStep]) -> Bool {
        for step in steps[(index + 1)...] {
            guard case let .expect(expectation) = step else { return false }
            if expectation.events != nil { return true }
        }
        return false
    }

    /// The keys of a table, section by section.
    private func keys(of table: Table) -> [[FieldValue]] {
        table.map { $0.elements.map { keyOf($0) ?? .null } }
    }

    /// What differs between two lists of events compared in any order, or
    /// `nil` when they hold the same events.
    static func differences(expected: [FieldValue], actual: [FieldValue]) -> String? {
        var remaining: [FieldValue: Int] = [:]
        for event in actual { remaining[event, default: 0] += 1 }
        var missing: [FieldValue] = []
        for event in expected {
            if let count = remaining[event], count > 0 {
                remaining[event] = count - 1
            } else {
                missing.append(event)
            }
        }
        let unexpected = actual.filter { event in
            guard let count = remaining[event], count > 0 else { return false }
            remaining[event] = count - 1
            return true
        }
        if missing.isEmpty && unexpected.isEmpty { return nil }
        var parts = ["expected \(expected.count) events, got \(actual.count)"]
        if !missing.isEmpty { parts.append("missing \(missing.map(\.jsonText).joined(separator: ", "))") }
        if !unexpected.isEmpty { parts.append("unexpected \(unexpected.map(\.jsonText).joined(separator: ", "))") }
        return parts.joined(separator: "; ")
    }

    /// A table of keys as JSON text.
    static func text(_ table: [[FieldValue]]) -> String {
        FieldValue.array(table.map(FieldValue.array)).jsonText
    }

    // MARK: The log

    private func emit(_ event: ScenarioEvent) {
        sink(ScenarioLogLine(step: step, event: event))
    }

    /// Logs the visible table and the raw data. The table last reported is
    /// usually the one shown now, and the raw data the visible table (no
    /// filter hides a row, no section is hidden): they are shared then,
    /// not copied again row by row.
    private func emitState() {
        let store = controller.store
        let snapshot = store.snapshot
        let visible = Self.snapshot(snapshot, printsAs: lastReported) ? lastReported : snapshot.sections.map(ResultsSection.init)
        let showsEverything = store.numberOfRawSections == snapshot.numberOfSections && store.rawCount == snapshot.count
        emit(.state(visible: visible, data: showsEverything ? visible : store.rawSections))
    }

    private func fail(_ kind: ScenarioFailure.Kind, _ message: String) {
        failures.append(ScenarioFailure(step: step, kind: kind, message: message))
        emit(.expectationFailed(message: message))
    }
}
