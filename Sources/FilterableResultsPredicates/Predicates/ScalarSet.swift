import FilterableResults

/// A character class: ranges of scalars and the classes `\d`, `\w`, `\s`
/// and their negations, possibly negated as a whole.
struct ScalarSet: Sendable {
    /// The named classes a set can hold.
    enum Class: Sendable {
        case digit, notDigit, word, notWord, space, notSpace

        func contains(_ scalar: UInt32) -> Bool {
            switch self {
            case .digit: ScalarClasses.isDigit(scalar)
            case .notDigit: !ScalarClasses.isDigit(scalar)
            case .word: ScalarClasses.isWord(scalar)
            case .notWord: !ScalarClasses.isWord(scalar)
            case .space: ScalarClasses.isSpace(scalar)
            case .notSpace: !ScalarClasses.isSpace(scalar)
            }
        }
    }

    /// Sorted, non-overlapping ranges.
    let ranges: [ClosedRange<UInt32>]
    let classes: [Class]
    let isNegated: Bool
    /// For case-insensitive matching: the folded forms of every scalar in
    /// the ranges of at most 1,024 scalars (while `foldBudget` lasts).
    let foldedMembers: Set<UInt32>

    /// The most scalars of ranges one pattern folds when it compiles; past
    /// it, as for ranges over 1,024 scalars, a range matches a scalar when
    /// it holds the scalar or its folded form.
    static let foldBudget = 65_536

    init(
        ranges: [ClosedRange<UInt32>], classes: [Class], isNegated: Bool, caseInsensitive: Bool,
        foldBudget: inout Int
    ) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
        self.classes = classes
        self.isNegated = isNegated
        var folded = Set<UInt32>()
        if caseInsensitive {
            for range in merged where range.count <= 1_024 && range.count <= foldBudget {
                foldBudget -= range.count
                for scalar in range { folded.insert(CaseFolding.fold(scalar)) }
            }
        }
        foldedMembers = folded
    }

    /// Whether the set matches `scalar`.
    func contains(_ scalar: UInt32, caseInsensitive: Bool) -> Bool {
        var found = containsExactly(scalar)
        if !found, caseInsensitive {
            let folded = CaseFolding.fold(scalar)
            found = foldedMembers.contains(folded) || containsExactly(folded)
        }
        return found != isNegated
    }

    private func containsExactly(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar {
                low = middle + 1
            } else {
                high = middle
            }
        }
        if low < ranges.count, ranges[low].contains(scalar) { return true }
        return classes.contains { $0.contains(scalar) }
    }
}
