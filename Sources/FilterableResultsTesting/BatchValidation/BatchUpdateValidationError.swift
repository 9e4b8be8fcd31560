/// The error ``BatchUpdateValidator/validate(_:from:to:key:isSameContent:hidesEmptySections:)``
/// throws: every violation of the batch-update rules the batch has.
public struct BatchUpdateValidationError: Error, Hashable, Sendable {
    /// The violations, never empty, ordered by rule.
    public var violations: [BatchUpdateViolation]

    /// Creates the error for `violations`.
    ///
    /// - Complexity: O(1).
    public init(violations: [BatchUpdateViolation]) {
        self.violations = violations
    }
}

extension BatchUpdateValidationError: CustomStringConvertible {
    /// A summary line, then one violation per line.
    ///
    /// - Complexity: O(*m*), where *m* is the total length of the messages.
    public var description: String {
        let count = violations.count
        let header = "invalid batch update: \(count) violation\(count == 1 ? "" : "s")"
        return ([header] + violations.map { "- \($0)" }).joined(separator: "\n")
    }
}
