import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// Why a scenario file was refused before any of it ran: it cannot be read,
/// is not JSON, or is malformed. The description names the file, the step
/// and the problem:
///
/// ```text
/// refresh.json: step 4: "removeAt" must be an index path [section, row] of two integers, found [0]
/// ```
public struct ScenarioError: Error, Hashable, Sendable {
    /// The file, as it was named (a path, or `"<input>"` for a text).
    public var file: String
    /// The 1-based number of the step at fault; `nil` when the problem is
    /// the file as a whole or one of its top-level fields.
    public var step: Int?
    /// The 1-based position inside a `batch` step of the operation at fault.
    public var batchItem: Int?
    /// What is wrong.
    public var problem: String

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(file: String, step: Int? = nil, batchItem: Int? = nil, problem: String) {
        self.file = file
        self.step = step
        self.batchItem = batchItem
        self.problem = problem
    }
}

extension ScenarioError {
    /// The exit status `results-scenario` gives a malformed or unreadable
    /// file: 2.
    ///
    /// - Complexity: O(1).
    public var exitStatus: Int32 { 2 }
}

extension ScenarioError: CustomStringConvertible {
    /// `FILE: step N: PROBLEM` (`FILE: step N, batch item M: PROBLEM`, or
    /// `FILE: PROBLEM` for the file as a whole).
    public var description: String {
        var text = file + ": "
        if let step {
            text += "step \(step)"
            if let batchItem { text += ", batch item \(batchItem)" }
            text += ": "
        }
        return text + problem
    }
}
