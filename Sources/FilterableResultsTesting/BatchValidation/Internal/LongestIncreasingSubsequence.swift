/// The positions in `values` of one longest strictly increasing
/// subsequence, in order (patience sorting with back links).
///
/// - Complexity: O(*n* log *n*), where *n* is the number of values.
@inlinable func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    // tails[k]: position of the smallest value ending an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = Array(repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result: [Int] = []
    result.reserveCapacity(tails.count)
    var position = tails.last ?? -1
    while position >= 0 {
        result.append(position)
        position = previous[position]
    }
    return result.reversed()
}
