import Foundation

/// A set of non-negative positions, kept as sorted runs with the count of
/// members before each, that answers in O(log *r*) for *r* runs how many
/// members lie below a position and which position is the *k*-th one
/// outside the set: how ``FlatListChanges`` maps rows between the list
/// before a batch, the list between its calls, and the list after it,
/// without visiting the rows that stay.
struct PositionSet {
    /// The first member of each run, ascending.
    private var lowers: [Int] = []
    /// Just past the last member of each run; never the first of the next run.
    private var uppers: [Int] = []
    /// The members in the runs before each run.
    private var before: [Int] = []
    /// The number of members.
    private(set) var count = 0

    /// The positions of `indexes`.
    ///
    /// - Complexity: O(*r*) for *r* runs.
    init(_ indexes: IndexSet) {
        for range in indexes.rangeView { append(range) }
    }

    /// The positions of `sorted`.
    ///
    /// - Precondition: `sorted` is strictly ascending and non-negative.
    /// - Complexity: O(*n*) for *n* positions.
    init(sorted: some Sequence<Int>) {
        for position in sorted { append(position..<position + 1) }
    }

    /// Adds the run `range`, after every member.
    private mutating func append(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let last = uppers.last, last == range.lowerBound {
            uppers[uppers.count - 1] = range.upperBound
        } else {
            precondition(range.lowerBound >= (uppers.last ?? 0), "PositionSet: positions out of order at \(range.lowerBound)")
            lowers.append(range.lowerBound)
            uppers.append(range.upperBound)
            before.append(count)
        }
        count += range.count
    }

    /// The index of the run holding `position`, or `nil`.
    private func run(holding position: Int) -> Int? {
        let run = lowers.indices.partitioningIndex { lowers[$0] > position } - 1
        return run >= 0 && position < uppers[run] ? run : nil
    }

    /// Whether `position` is a member.
    ///
    /// - Complexity: O(log *r*).
    func contains(_ position: Int) -> Bool { run(holding: position) != nil }

    /// The number of members below `position`.
    ///
    /// - Complexity: O(log *r*).
    func count(below position: Int) -> Int {
        let run = lowers.indices.partitioningIndex { lowers[$0] >= position } - 1
        guard run >= 0 else { return 0 }
        return before[run] + min(uppers[run], position) - lowers[run]
    }

    /// The `k`-th (from 0) non-negative integer that is not a member.
    ///
    /// - Complexity: O(log *r*).
    func nonMember(at k: Int) -> Int {
        // Runs that start at or before the answer: those with at most `k`
        // non-members below their start.
        let runs = lowers.indices.partitioningIndex { lowers[$0] - before[$0] > k }
        return k + (runs == 0 ? 0 : before[runs - 1] + uppers[runs - 1] - lowers[runs - 1])
    }

    /// The least non-member at or after `position`.
    ///
    /// - Complexity: O(log *r*).
    func firstNonMember(atOrAfter position: Int) -> Int {
        run(holding: position).map { uppers[$0] } ?? position
    }

    /// The greatest non-member at or before `position`; -1 when there is none.
    ///
    /// - Complexity: O(log *r*).
    func lastNonMember(atOrBefore position: Int) -> Int {
        run(holding: position).map { lowers[$0] - 1 } ?? position
    }
}
