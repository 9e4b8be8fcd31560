/// Marks the elements of a longest strictly increasing subsequence of
/// `values`: the rows that need not move.
///
/// Patience sorting with binary search; an already increasing sequence is
/// recognised in one pass.
///
/// - Complexity: O(*n* log *n*), O(*n*) when `values` is increasing.
@inlinable
func longestIncreasingSubsequence<Value: Comparable>(_ values: [Value]) -> [Bool] {
    var isIncreasing = true
    for i in values.indices.dropFirst() where !(values[i - 1] < values[i]) {
        isIncreasing = false
        break
    }
    if isIncreasing { return Array(repeating: true, count: values.count) }

    // tails[k]: index of the smallest tail of an increasing run of length k+1.
    var tails: [Int] = []
    var predecessor = [Int](repeating: -1, count: values.count)
    tails.reserveCapacity(values.count)
    for i in values.indices {
        // Most rows extend the longest run: no search needed.
        if let last = tails.last, values[last] < values[i] {
            predecessor[i] = last
            tails.append(i)
            continue
        }
        var low = 0
        var high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < values[i] { low = mid + 1 } else { high = mid }
        }
        if low > 0 { predecessor[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var member = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        member[i] = true
        i = predecessor[i]
    }
    return member
}

/// Marks the elements of an increasing subsequence of `values` (distinct
/// integers in `0..<values.count`... or any non-negative integers below
/// `bound`) with the greatest total weight.
///
/// Used for sections, where a section whose rows change must rather stay
/// than move (UIKit cannot move a section and change its rows at once),
/// and for runs of rows, each weighing its length (``SingleSectionDiff``).
///
/// - Complexity: O(*n* log *bound*).
@inlinable
func heaviestIncreasingSubsequence(_ values: [Int], weights: [Int], bound: Int) -> [Bool] {
    precondition(values.count == weights.count, "one weight per value")
    // A Fenwick tree over values: at each node, the heaviest total of an
    // increasing subsequence ending below a value, and where it ends.
    var treeWeight = [Int](repeating: 0, count: bound + 1)
    var treeEnd = [Int](repeating: -1, count: bound + 1)
    var predecessor = [Int](repeating: -1, count: values.count)
    var best = (weight: 0, position: -1)
    values.withUnsafeBufferPointer { values in
        weights.withUnsafeBufferPointer { weights in
            treeWeight.withUnsafeMutableBufferPointer { treeWeight in
                treeEnd.withUnsafeMutableBufferPointer { treeEnd in
                    for position in values.indices {
                        let value = values[position]
                        precondition(value >= 0 && value < bound, "value \(value) outside 0..<\(bound)")
                        // Values strictly below `value`: tree indexes 1...value.
                        var prefix = (weight: 0, end: -1)
                        var i = value
                        while i > 0 {
                            if treeWeight[i] > prefix.weight { prefix = (treeWeight[i], treeEnd[i]) }
                            i &= i &- 1
                        }
                        let total = prefix.weight &+ weights[position]
                        predecessor[position] = prefix.end
                        if total > best.weight { best = (total, position) }
                        i = value &+ 1
                        while i <= bound {
                            if total > treeWeight[i] {
                                treeWeight[i] = total
                                treeEnd[i] = position
                            }
                            i &+= i & -i
                        }
                    }
                }
            }
        }
    }
    var member = [Bool](repeating: false, count: values.count)
    var i = best.position
    while i >= 0 {
        member[i] = true
        i = predecessor[i]
    }
    return member
}
