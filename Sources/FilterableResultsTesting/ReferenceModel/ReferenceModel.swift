import FilterableResults

/// A deliberately simple model of a results store's semantics, for oracle
/// tests: every operation is a plain scan over arrays of sections, and every
/// section is re-sorted after every operation.
///
/// Drive a ``/FilterableResults/ResultsStore`` and a model with the same operations and compare
/// their ``sections`` and ``visibleSections`` after each one; both refuse the
/// same operations with the same ``/FilterableResults/ResultsError/code``.
///
///     var model = ReferenceModel<Item, Int>(key: { $0.id })
///     try model.add(item)
public struct ReferenceModel<Element, Key: Hashable> {
    /// The raw data.
    public internal(set) var sections: [ResultsSection<Element>]
    /// The applied filters, in order.
    public internal(set) var filters: [ResultsFilter<Element>] = []
    /// Whether sections without visible rows are left out of the visible table.
    public var hidesEmptySections: Bool

    let key: (Element) -> Key?
    let sortKeys: [ResultsSortKey<Element>]
    let sectioning: ResultsSectioning<Element>?

    /// Creates an empty model configured as a store would be.
    ///
    /// - Complexity: O(1).
    public init(
        key: @escaping (Element) -> Key?,
        sortedBy sortKeys: [ResultsSortKey<Element>] = [],
        sectionedBy sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false
    ) {
        self.key = key
        self.sortKeys = sortKeys
        self.sectioning = sectioning
        self.hidesEmptySections = hidesEmptySections
        self.sections = sectioning == nil ? [ResultsSection(elements: [])] : []
    }

    /// The visible table: rows passing every filter, empty sections left out
    /// when ``hidesEmptySections`` is set.
    ///
    /// - Complexity: O(*n* *f*).
    public var visibleSections: [ResultsSection<Element>] {
        sections.compactMap { section in
            let objects = section.elements.filter { object in filters.allSatisfy { $0.predicate(object) } }
            return hidesEmptySections && objects.isEmpty ? nil : ResultsSection(name: section.name, id: section.id, elements: objects)
        }
    }
}
