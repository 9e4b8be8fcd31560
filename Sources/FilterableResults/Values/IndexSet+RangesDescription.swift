import Foundation

extension IndexSet {
    /// The indexes as runs, for a call's description: `[1, 4…6]`.
    ///
    /// - Complexity: O(*r*) for *r* runs.
    var rangesDescription: String {
        "[" + rangeView.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)…\($0.upperBound - 1)" }.joined(separator: ", ") + "]"
    }
}
