/// One way a batch of events breaks UIKit's batch-update rules.
///
/// ``rule`` is the number of the rule in "What a batch of events must
/// satisfy" (SCENARIOS.md), 1 through 9; 0 means the tables themselves
/// cannot be checked by identity (a key appears twice in one table).
/// ``message`` names the event, the index paths, the keys and the sections
/// involved, so it says what to fix.
public struct BatchUpdateViolation: Hashable, Sendable {
    /// The number of the broken rule: 1–9, or 0 for unusable input tables.
    public var rule: Int
    /// What is wrong, with the events, paths and keys involved.
    public var message: String

    /// Creates a violation of `rule`.
    ///
    /// - Complexity: O(1).
    @inlinable public init(rule: Int, message: String) {
        self.rule = rule
        self.message = message
    }
}

extension BatchUpdateViolation: CustomStringConvertible {
    /// The message followed by the rule, as in
    /// `row key 7 is inserted at [0, 3] but section 0 is itself inserted (rule 3)`.
    ///
    /// - Complexity: O(*m*), where *m* is the length of the message.
    @inlinable public var description: String {
        rule == 0 ? "\(message) (input tables)" : "\(message) (rule \(rule))"
    }
}
