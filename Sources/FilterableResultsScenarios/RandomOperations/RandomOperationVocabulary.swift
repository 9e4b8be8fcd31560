import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// What random operations are made of: how to draw an object, its key,
/// the names hand-made sections take, the filters to apply and the sort
/// keys a merge may bring.
///
/// Keep the key space small (a dozen keys) so that operations often meet
/// existing rows: duplicates, replaces and removes of present keys are
/// where the interesting cases are.
///
///     let vocabulary = RandomOperationVocabulary<Item, Int>(
///         key: \.id, sectionNames: ["x", "y"], filters: [evenFilter], mergeSortKeys: [.descending(\.rank)]
///     ) { random in Item(id: Int.random(in: 0..<12, using: &random), rank: Int.random(in: 0..<5, using: &random)) }
public struct RandomOperationVocabulary<Element, Key: Hashable> {
    /// The primary key of an object.
    public var key: KeyPath<Element, Key> & Sendable
    /// Names for the sections that operations add by hand.
    public var sectionNames: [String]
    /// The filters that filter operations add and remove.
    public var filters: [ResultsFilter<Element>]
    /// The sort keys a merge may sort its input by.
    public var mergeSortKeys: [ResultsSortKey<Element>]
    /// The most objects a `setData` brings (a merge: three quarters of it,
    /// a `replaceAll` half, a hand-made section three eighths); 8 by
    /// default. Hundreds make tables that span many leaves of the store's
    /// tree.
    public var bulkCount: Int
    /// Draws an object.
    public var makeElement: @Sendable (inout SeededRandomNumberGenerator) -> Element
    /// Ids of their own for the sections that operations add by hand;
    /// when there are some, half the hand-made sections take one (their
    /// names may then repeat), and sections are also removed by id.
    public var sectionIDs: [any Hashable & Sendable] = []
    /// Moves on the clock that a sectioning by id's titles read ("Today"
    /// becoming "Yesterday"); when set, operations include
    /// `refreshSectionTitles()` right after calling it. Give each runner a
    /// clock of its own: runners may run at once.
    public var advanceSectionTitles: (@Sendable () -> Void)?

    /// Creates a vocabulary.
    ///
    /// - Complexity: O(1).
    public init(
        key: KeyPath<Element, Key> & Sendable,
        sectionNames: [String],
        filters: [ResultsFilter<Element>],
        mergeSortKeys: [ResultsSortKey<Element>],
        bulkCount: Int = 8,
        makeElement: @escaping @Sendable (inout SeededRandomNumberGenerator) -> Element
    ) {
        self.key = key
        self.sectionNames = sectionNames
        self.filters = filters
        self.mergeSortKeys = mergeSortKeys
        self.bulkCount = bulkCount
        self.makeElement = makeElement
    }
}

extension RandomOperationVocabulary: Sendable {}
