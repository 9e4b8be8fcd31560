import Foundation

/// A named condition an element must meet to be visible.
///
/// A filter has a title, an optional group and a predicate. A store applies
/// at most one filter per group (a new one replaces it in place); filters
/// without a group are appended. An element is visible when every applied
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
    /// The test, on an element in place. A store calls it on every row: a
    /// closure over a pointer is called directly from code specialised for
    /// the element type (a closure over the element itself would be reached
    /// through a thunk that copies each element), and it is formed in the
    /// inlinable initialiser, where the element type is known.
    @usableFromInline var matches: @Sendable (UnsafePointer<Element>) -> Bool

    /// Whether an element passes the filter.
    ///
    /// - Complexity: that of the test.
    @inlinable public var predicate: @Sendable (Element) -> Bool {
        get {
            let matches = self.matches
            return { element in withUnsafePointer(to: element) { matches($0) } }
        }
        set { matches = { newValue($0.pointee) } }
    }

    /// Creates a filter from a closure.
    ///
    /// - Complexity: O(1).
    @inlinable public init(title: String, group: String? = nil, predicate: @escaping @Sendable (Element) -> Bool) {
        self.title = title
        self.group = group
        self.matches = { predicate($0.pointee) }
    }

    /// Creates a filter from a test on an element in place.
    @inlinable init(title: String, group: String?, matchesInPlace matches: @escaping @Sendable (UnsafePointer<Element>) -> Bool) {
        self.title = title
        self.group = group
        self.matches = matches
    }

    /// Whether an element passes the filter.
    ///
    /// - Complexity: that of the test.
    @inlinable public func callAsFunction(_ element: Element) -> Bool {
        withUnsafePointer(to: element) { matches($0) }
    }

    /// Creates a filter from a Foundation `Predicate`. An element for which
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

extension ResultsFilter {
    /// Whether the filter has this title and group (`nil`: none), compared
    /// by their Unicode scalars, as section names are ("café" written
    /// with a combining accent is another title).
    ///
    /// - Complexity: O(*t*) for the title's and group's length.
    @inlinable func isNamed(_ title: String, group: String?) -> Bool {
        self.title.utf8.elementsEqual(title.utf8) && Self.isSameGroup(self.group, group)
    }

    /// Whether two groups (`nil`: none) are the same by their scalars.
    ///
    /// - Complexity: O(*g*) for the groups' length.
    @inlinable static func isSameGroup(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (lhs?, rhs?): lhs.utf8.elementsEqual(rhs.utf8)
        default: false
        }
    }

    /// Applies `newFilters` to `applied`, in order: each replaces the
    /// applied filter of its group, in place; one without a group is appended.
    ///
    /// - Complexity: O(*f* *g*) for *f* new filters and *g* applied.
    @inlinable static func apply(_ newFilters: [ResultsFilter], to applied: inout [ResultsFilter]) {
        for filter in newFilters {
            if let group = filter.group, let index = applied.firstIndex(where: { isSameGroup($0.group, group) }) {
                applied[index] = filter
            } else {
                applied.append(filter)
            }
        }
    }

    /// The live search for `text` over `fields`, titled `"search"` in
    /// `group`; `nil` for text that searches for nothing.
    ///
    /// The text is split into words at whitespace (so leading and trailing
    /// spaces go), and an element matches when every word is found in one
    /// of the fields, any one: `"apple iphone"` finds the iPhone of company
    /// Apple, as Mail and Finder search. One word (the keystroke's common
    /// case) is the filter it was before words: one needle, no loop.
    @inlinable static func search(for text: String, in fields: [ResultsFilter<Element>.SearchField], group: String) -> ResultsFilter? {
        // Longest first: a longer word is found in fewer rows, so a row
        // that does not match is rejected sooner.
        let needles = SearchText.words(of: text)
        guard let needle = needles.first else { return nil }
        if needles.count == 1 {
            // One field (the common case) is captured alone: nothing to iterate.
            if fields.count == 1 {
                let field = fields[0]
                return ResultsFilter(title: "search", group: group, matchesInPlace: { field.contains(needle, in: $0) })
            }
            return ResultsFilter(title: "search", group: group, matchesInPlace: { element in
                fields.contains { $0.contains(needle, in: element) }
            })
        }
        return ResultsFilter(title: "search", group: group, matchesInPlace: { element in
            needles.allSatisfy { needle in fields.contains { $0.contains(needle, in: element) } }
        })
    }
}
