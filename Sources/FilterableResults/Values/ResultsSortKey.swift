import Foundation

/// One key of a sort order: compares two elements, ascending or descending.
///
/// A store with sort keys keeps every section sorted by them, stably.
///
///     let byName = ResultsSortKey<Contact>.ascending(\.name)
///     let newestFirst = ResultsSortKey<Contact>.descending(\.created)
public struct ResultsSortKey<Element>: Sendable {
    /// Compares two elements: `.orderedAscending` when the first sorts first.
    public let compare: @Sendable (Element, Element) -> ComparisonResult

    /// For a key on a property: sorts many elements at once, reading the
    /// property once per element rather than twice per comparison.
    @usableFromInline let ordering: Ordering?
    /// Whether ``ordering`` runs in reverse.
    @usableFromInline let isReversed: Bool

    /// Sorts `objects` stably (descending when asked): their positions in
    /// sorted order, and each one's rank (equal elements share a rank; ranks
    /// start at 0 and leave no gaps).
    @usableFromInline typealias Ordering = @Sendable (_ objects: [Element], _ descending: Bool) -> (order: [Int], ranks: [Int32])

    /// Creates a sort key from a comparator.
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ compare: @escaping @Sendable (Element, Element) -> ComparisonResult) {
        self.init(compare: compare, ordering: nil, isReversed: false)
    }

    @inlinable init(compare: @escaping @Sendable (Element, Element) -> ComparisonResult, ordering: Ordering?, isReversed: Bool) {
        self.compare = compare
        self.ordering = ordering
        self.isReversed = isReversed
    }

    /// The same key in the opposite direction.
    ///
    /// - Complexity: O(1).
    @inlinable public var reversed: Self {
        let compare = self.compare
        return Self(compare: { compare($1, $0) }, ordering: ordering, isReversed: !isReversed)
    }

    /// A key on a comparable property read by `value`, smallest first.
    @inlinable static func by<Value: Comparable & SendableMetatype>(_ value: @escaping @Sendable (Element) -> Value) -> Self {
        Self(
            compare: { lhs, rhs in
                let (a, b) = (value(lhs), value(rhs))
                return sortsBefore(a, b) ? .orderedAscending : sortsBefore(b, a) ? .orderedDescending : .orderedSame
            },
            ordering: { objects, descending in stableOrder(of: objects.map(value), descending: descending) },
            isReversed: false
        )
    }
}

/// Whether `a` sorts before `b`: by `<`, with values that are not equal to
/// themselves (a floating-point NaN) first, as `nil` is, so that sorting is
/// a strict weak order even with NaNs.
@inlinable func sortsBefore<Value: Comparable>(_ a: Value, _ b: Value) -> Bool {
    a < b || (a != a && b == b)
}

/// The positions of `values` in stably sorted order, and each value's rank
/// (equal values share a rank; ranks start at 0 and leave no gaps): by
/// radix for many numbers (see ``RadixOrderable``), else by comparisons.
///
/// - Complexity: O(*n*) for many numbers, else O(*n* log *n*) comparisons.
@inlinable func stableOrder<Value: Comparable>(of values: [Value], descending: Bool) -> (order: [Int], ranks: [Int32]) {
    if values.count >= radixSortMinimumCount, let keys = radixKeys(of: values) {
        return stableOrder(ofKeys: keys, descending: descending)
    }
    return stableOrderByComparing(values, descending: descending)
}

/// ``stableOrder(of:descending:)`` by comparisons, for any comparable values.
///
/// - Complexity: O(*n* log *n*) comparisons.
@inlinable func stableOrderByComparing<Value: Comparable>(_ values: [Value], descending: Bool) -> (order: [Int], ranks: [Int32]) {
    var pairs = values.enumerated().map { (value: $0.element, position: $0.offset) }
    if descending {
        pairs.sort { sortsBefore($1.value, $0.value) }   // the standard library's sort is stable
    } else {
        pairs.sort { sortsBefore($0.value, $1.value) }
    }
    return orderAndRanks(ofSorted: pairs) { previous, current in
        descending ? sortsBefore(current, previous) : sortsBefore(previous, current)
    }
}

/// The positions of values already sorted stably, in order, and each
/// position's rank: a value takes the next rank when `isAfter` says it
/// sorts after the value before it, else that value's rank.
///
/// - Complexity: O(*n*).
@inlinable func orderAndRanks<Value>(
    ofSorted sorted: [(value: Value, position: Int)], isAfter: (_ previous: Value, _ current: Value) -> Bool
) -> (order: [Int], ranks: [Int32]) {
    var order = [Int](repeating: 0, count: sorted.count)
    var ranks = [Int32](repeating: 0, count: sorted.count)
    var rank: Int32 = 0
    for index in sorted.indices {
        if index > 0 && isAfter(sorted[index - 1].value, sorted[index].value) { rank += 1 }
        order[index] = sorted[index].position
        ranks[sorted[index].position] = rank
    }
    return (order, ranks)
}

extension ResultsSortKey where Element: SendableMetatype {
    /// Sorts by a comparable property, smallest first (a NaN first of all).
    ///
    /// - Complexity: O(1).
    @inlinable public static func ascending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value> & Sendable) -> Self {
        Self.by { (element: Element) -> Value in element[keyPath: keyPath] }
    }

    /// Sorts by a comparable property, largest first.
    ///
    /// - Complexity: O(1).
    @inlinable public static func descending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value> & Sendable) -> Self {
        ascending(keyPath).reversed
    }

    /// Sorts by an optional comparable property, smallest first, `nil`
    /// before every value (as the predicate language orders null), then a NaN.
    ///
    /// - Complexity: O(1).
    @inlinable public static func ascending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value?> & Sendable) -> Self {
        Self.by { (element: Element) -> NilFirst<Value> in NilFirst(element[keyPath: keyPath]) }
    }

    /// Sorts by an optional comparable property, largest first, `nil` last.
    ///
    /// - Complexity: O(1).
    @inlinable public static func descending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value?> & Sendable) -> Self {
        ascending(keyPath).reversed
    }
}

extension ResultsSortKey where Element: SendableMetatype {
    /// Sorts by a string property in a string order: `.localizedStandard`
    /// (as Finder and the Files app sort names: case ignored where the
    /// user's language ignores it, numbers by value), `.caseInsensitive`,
    /// or `.unicodeScalars` (what `ascending(\.name)` does:
    /// `"Mac"` before `"iPad"`). The orders are those of section names
    /// (``ResultsSectioning/Order``).
    ///
    ///     let byName = ResultsSortKey<Product>.ascending(\.name, order: .localizedStandard)   // iPad, iPhone, Mac
    ///
    /// - Complexity: O(1).
    @inlinable public static func ascending(
        _ keyPath: KeyPath<Element, String> & Sendable, order: ResultsSectioning<Element>.Order
    ) -> Self {
        let areInIncreasingOrder = order.areInIncreasingOrder
        let value: @Sendable (Element) -> String = { $0[keyPath: keyPath] }
        return Self(
            compare: { lhs, rhs in
                let (a, b) = (value(lhs), value(rhs))
                return areInIncreasingOrder(a, b) ? .orderedAscending : areInIncreasingOrder(b, a) ? .orderedDescending : .orderedSame
            },
            ordering: { objects, descending in
                var pairs = objects.enumerated().map { (value: value($0.element), position: $0.offset) }
                if descending {
                    pairs.sort { areInIncreasingOrder($1.value, $0.value) }   // stable
                } else {
                    pairs.sort { areInIncreasingOrder($0.value, $1.value) }
                }
                return orderAndRanks(ofSorted: pairs) { previous, current in
                    descending ? areInIncreasingOrder(current, previous) : areInIncreasingOrder(previous, current)
                }
            },
            isReversed: false
        )
    }

    /// Sorts by a string property in a string order, last first (see
    /// ``ascending(_:order:)``).
    ///
    /// - Complexity: O(1).
    @inlinable public static func descending(
        _ keyPath: KeyPath<Element, String> & Sendable, order: ResultsSectioning<Element>.Order
    ) -> Self {
        ascending(keyPath, order: order).reversed
    }
}

extension Array {
    /// The order that sorts `objects` by these keys, stably, as positions
    /// in `objects`; `nil` unless every key is on a property (see
    /// ``ResultsSortKey/ordering``).
    ///
    /// - Complexity: O(*n* log *n*) per key for *n* elements, each key's
    ///   property read once per element.
    @inlinable func stableOrder<Object>(of objects: [Object]) -> [Int]? where Element == ResultsSortKey<Object> {
        guard allSatisfy({ $0.ordering != nil }) else { return nil }
        if count == 1 { return self[0].ordering!(objects, self[0].isReversed).order }
        // A stable counting sort by each key's ranks, the last key first.
        var order = [Int](objects.indices)
        var sorted = order
        for key in reversed() {
            let ranks = key.ordering!(objects, key.isReversed).ranks
            var starts = [Int](repeating: 0, count: Int(ranks.max() ?? 0) + 2)
            for rank in ranks { starts[Int(rank) + 1] += 1 }
            for index in starts.indices.dropFirst() { starts[index] += starts[index - 1] }
            for position in order {
                let rank = Int(ranks[position])
                sorted[starts[rank]] = position
                starts[rank] += 1
            }
            swap(&order, &sorted)
        }
        return order
    }

    /// Compares two elements by each key in turn: the first key that orders
    /// them decides.
    @inlinable func compare<Object>(_ lhs: Object, _ rhs: Object) -> ComparisonResult
    where Element == ResultsSortKey<Object> {
        for key in self {
            let result = key.compare(lhs, rhs)
            if result != .orderedSame { return result }
        }
        return .orderedSame
    }
}
