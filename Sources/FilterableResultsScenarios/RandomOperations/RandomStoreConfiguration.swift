import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// A store set-up for random operation sequences: its shape, sorting,
/// filtering, and how the controller over it batches its reports.
///
///     let configuration = RandomStoreConfiguration<Item>(
///         name: "sectioned, filtered", sectioning: .by(\.group), filtered: true, updates: .batched)
public struct RandomStoreConfiguration<Element>: CustomStringConvertible {
    /// How a ``RandomOperationRunner`` groups operations into reports.
    public enum UpdateMode: Sendable, CustomStringConvertible {
        /// Every operation is a batch of its own.
        case unbatched
        /// Operations also run in nested `beginUpdates()`/`endUpdates()`
        /// batches and in atomic `performBatchUpdates { }` blocks, some of
        /// which throw and roll back.
        case batched
        /// As `batched`, and reporting is turned off and on again now and
        /// then: nothing is reported while off, one reload when turned on
        /// after the visible table changed.
        case disabled

        /// The mode's name.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch self {
            case .unbatched: "unbatched"
            case .batched: "batched"
            case .disabled: "updates disabled"
            }
        }
    }

    /// A name for reports.
    public var name: String
    /// The store's sort keys (none: rows keep the order they are put in).
    public var sortKeys: [ResultsSortKey<Element>]
    /// How the store derives each object's section (none: by hand).
    public var sectioning: ResultsSectioning<Element>?
    /// Whether sections without visible rows are hidden.
    public var hidesEmptySections: Bool
    /// Whether operations add and remove filters.
    public var filtered: Bool
    /// Whether operations add, insert, remove and replace sections (the
    /// store stays flat, one section, without them).
    public var sectionOperations: Bool
    /// How reports are batched.
    public var updates: UpdateMode
    /// Whether the controller's `reloadThreshold` is set before each
    /// outermost batch ends, around the batch's size (one under, exactly
    /// it, one over), so that a batch at the boundary must still come as
    /// changes and one over it as a reload.
    public var variesReloadThreshold: Bool

    /// Creates a configuration.
    ///
    /// - Complexity: O(1).
    public init(
        name: String,
        sortKeys: [ResultsSortKey<Element>] = [],
        sectioning: ResultsSectioning<Element>? = nil,
        hidesEmptySections: Bool = false,
        filtered: Bool = false,
        sectionOperations: Bool = true,
        updates: UpdateMode = .batched,
        variesReloadThreshold: Bool = false
    ) {
        self.name = name
        self.sortKeys = sortKeys
        self.sectioning = sectioning
        self.hidesEmptySections = hidesEmptySections
        self.filtered = filtered
        self.sectionOperations = sectionOperations
        self.updates = updates
        self.variesReloadThreshold = variesReloadThreshold
    }

    /// The configuration's name.
    ///
    /// - Complexity: O(1).
    public var description: String { name }
}

extension RandomStoreConfiguration: Sendable {}
