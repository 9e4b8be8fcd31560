import Foundation

/// A named condition an object must meet to be visible.
///
/// A filter has a title, an optional group and a predicate. A store applies
/// at most one filter per group (a new one replaces it in place); filters
/// without a group are appended. An object is visible when every applied
/// filter's predicate is true for it. Filtering never removes raw data.
///
///     let micro = ResultsFilter<Instance>(title: "Micro", group: "Type") {
///         $0.type.hasPrefix("t1")
///     }
public struct ResultsFilter<Element>: Sendable {
    /// The filter's title; with its group, what `removeFilter` matches.
    public var title: String
    /// The filter's group: one applied filter per group. `nil` for none.
    public var group: String?
    /// Whether an object passes the filter.
    public var predicate: @Sendable (Element) -> Bool

    /// Creates a filter from a closure.
    ///
    /// - Complexity: O(1).
    @inlinable public init(title: String, group: String? = nil, predicate: @escaping @Sendable (Element) -> Bool) {
        self.title = title
        self.group = group
        self.predicate = predicate
    }

    /// Creates a filter from a Foundation `Predicate`. An object for which
    /// the predicate throws does not match.
    ///
    /// - Complexity: O(1).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public init(title: String, group: String? = nil, _ predicate: Predicate<Element>) {
        self.init(title: title, group: group) { (try? predicate.evaluate($0)) ?? false }
    }
}

extension ResultsFilter: CustomStringConvertible {
    /// The filter's group and title, as `group/title`.
    public var description: String { "\(group.map { "\($0)/" } ?? "")\(title)" }
}
