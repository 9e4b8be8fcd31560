/// Counts the members of a set of ranks `0..<n` that are still in it, as
/// members leave: a Fenwick tree.
struct RankCounter {
    private var tree: [Int]

    /// All of `0..<count` in the set.
    ///
    /// - Complexity: O(*n*).
    init(count: Int) {
        tree = [0] + Array(repeating: 1, count: count)
        for index in tree.indices.dropFirst() {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    /// The members below `rank`.
    ///
    /// - Complexity: O(log *n*).
    func count(below rank: Int) -> Int {
        var total = 0
        var index = rank
        while index > 0 {
            total += tree[index]
            index -= index & -index
        }
        return total
    }

    /// Takes `rank` out of the set.
    ///
    /// - Precondition: `rank` is a member.
    /// - Complexity: O(log *n*).
    mutating func remove(_ rank: Int) {
        var index = rank + 1
        while index < tree.count {
            tree[index] -= 1
            index += index & -index
        }
    }
}
