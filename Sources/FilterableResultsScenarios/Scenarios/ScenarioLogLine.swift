import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// One line of a scenario's event log: the step it belongs to and what it
/// says, as a value and as the JSON text `results-scenario --json` prints.
public struct ScenarioLogLine: Equatable, Sendable {
    /// The step: 0 for the initial state, then 1, 2, … (a batch's
    /// operations share its number).
    public var step: Int
    /// What the line says.
    public var event: ScenarioEvent

    /// Creates a line.
    ///
    /// - Complexity: O(1).
    public init(step: Int, event: ScenarioEvent) {
        self.step = step
        self.event = event
    }

    /// The line as a JSON object: `"event"`, `"step"`, then the event's fields.
    ///
    /// - Complexity: O(*n*) in the size of the line.
    public var json: FieldValue {
        var members = event.members
        members.insert(("step", .integer(step)), at: 1)
        return .object(FieldObject(uniqueMembers: members, keys: members.map(\.key)))
    }

    /// The line as one line of JSON text, without a newline:
    /// `{"event": "willChangeContent", "step": 2}`.
    ///
    /// - Complexity: O(*n*) in the size of the line.
    public var jsonText: String { json.jsonText }

    /// Writes the line's JSON text (``jsonText``), without a newline, to
    /// `target` in pieces, so that a `state` line of a million rows is
    /// never held as one text.
    ///
    /// - Complexity: O(*n*) in the size of the line.
    public func writeJSONText(to target: inout some TextOutputStream) {
        json.writeJSONText(to: &target)
    }
}
