import Foundation

/// One key of a sort order: compares two objects, ascending or descending.
///
/// A store with sort keys keeps every section sorted by them, stably.
///
///     let byName = ResultsSortKey<Contact>.ascending(\.name)
///     let newestFirst = ResultsSortKey<Contact>.descending(\.created)
public struct ResultsSortKey<Element>: Sendable {
    /// Compares two objects: `.orderedAscending` when the first sorts first.
    public let compare: @Sendable (Element, Element) -> ComparisonResult

    /// Creates a sort key from a comparator.
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ compare: @escaping @Sendable (Element, Element) -> ComparisonResult) {
        self.compare = compare
    }

    /// The same key in the opposite direction.
    ///
    /// - Complexity: O(1).
    @inlinable public var reversed: Self {
        let compare = self.compare
        return Self { compare($1, $0) }
    }
}

extension ResultsSortKey where Element: SendableMetatype {
    /// Sorts by a comparable property, smallest first.
    ///
    /// - Complexity: O(1).
    @inlinable public static func ascending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value> & Sendable) -> Self {
        Self { lhs, rhs in
            let (a, b) = (lhs[keyPath: keyPath], rhs[keyPath: keyPath])
            return a < b ? .orderedAscending : b < a ? .orderedDescending : .orderedSame
        }
    }

    /// Sorts by a comparable property, largest first.
    ///
    /// - Complexity: O(1).
    @inlinable public static func descending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value> & Sendable) -> Self {
        ascending(keyPath).reversed
    }

    /// Sorts by an optional comparable property, smallest first, `nil`
    /// before every value (as the predicate language orders null).
    ///
    /// - Complexity: O(1).
    @inlinable public static func ascending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value?> & Sendable) -> Self {
        Self { lhs, rhs in
            switch (lhs[keyPath: keyPath], rhs[keyPath: keyPath]) {
            case (nil, nil): .orderedSame
            case (nil, _): .orderedAscending
            case (_, nil): .orderedDescending
            case let (a?, b?): a < b ? .orderedAscending : b < a ? .orderedDescending : .orderedSame
            }
        }
    }

    /// Sorts by an optional comparable property, largest first, `nil` last.
    ///
    /// - Complexity: O(1).
    @inlinable public static func descending<Value: Comparable & Sendable>(_ keyPath: KeyPath<Element, Value?> & Sendable) -> Self {
        ascending(keyPath).reversed
    }
}

extension Array {
    /// Compares two objects by each key in turn: the first key that orders
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
