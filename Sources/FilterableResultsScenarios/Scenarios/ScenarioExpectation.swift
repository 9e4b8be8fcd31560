import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// What an `expect` step checks: the store after the nearest earlier step
/// that is not an `expect`, and that step's events and error. Absent parts
/// are not checked.
public struct ScenarioExpectation: Hashable, Sendable {
    /// What a step's error must be.
    public enum ErrorExpectation: Hashable, Sendable {
        /// The step was refused with this code (for a `batch` step: one of
        /// its operations was).
        case code(String)
        /// The step was not refused (`"error": null` in a file).
        case noError
    }

    /// The visible table as sections of keys (of whole objects without a
    /// primary key); section names are not compared.
    public var visible: [[FieldValue]]?
    /// The raw, unfiltered data, in the same form as ``visible``.
    public var data: [[FieldValue]]?
    /// The step's `willChangeContent`, `didChangeSection`, `didChangeObject`,
    /// `didChangeContent` and `shouldReload` lines, as JSON objects in the
    /// log's form without `step`, in any order. Empty: no events at all.
    public var events: [FieldValue]?
    /// The step's error.
    public var error: ErrorExpectation?

    /// Creates an expectation.
    ///
    /// - Complexity: O(1).
    public init(
        visible: [[FieldValue]]? = nil,
        data: [[FieldValue]]? = nil,
        events: [FieldValue]? = nil,
        error: ErrorExpectation? = nil
    ) {
        self.visible = visible
        self.data = data
        self.events = events
        self.error = error
    }

    /// The names of the parts this expectation checks, in file order.
    ///
    /// - Complexity: O(1).
    public var checkedParts: [String] {
        var parts: [String] = []
        if visible != nil { parts.append("visible") }
        if data != nil { parts.append("data") }
        if events != nil { parts.append("events") }
        if error != nil { parts.append("error") }
        return parts
    }
}
