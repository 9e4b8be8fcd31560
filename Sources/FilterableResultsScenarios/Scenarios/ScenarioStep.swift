import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// One step of a scenario: an operation on the controller, a batch of
/// them, or an expectation.
///
/// The cases mirror the operation keys of a scenario file, with their
/// arguments typed; index paths are `[section, row]` of the raw data.
public indirect enum ScenarioStep: Hashable, Sendable {
    /// `setData`: replaces all data (objects as one unnamed section, or sections).
    case setData(ScenarioData)
    /// `add`: appends an object to the last section, or to `section`.
    case add(FieldValue, section: Int?)
    /// `insert`: inserts an object at a raw index path.
    case insert(FieldValue, at: RawIndexPath)
    /// `remove`: removes the object matching this one (by key).
    case remove(FieldValue)
    /// `removeKey`: removes the object with this key.
    case removeKey(FieldValue)
    /// `removeAt`: removes the object at a raw index path.
    case removeAt(RawIndexPath)
    /// `replace`: replaces the object with this one's key, in place.
    case replace(FieldValue)
    /// `replaceObject` … `with`: replaces the object matching the first by the second.
    case replaceObject(FieldValue, with: FieldValue)
    /// `replaceAt` … `with`: replaces the object at a raw index path.
    case replaceAt(RawIndexPath, with: FieldValue)
    /// `replaceAll`: replaces each object that exists; the others are ignored.
    case replaceAll([FieldValue])
    /// `merge`: upserts objects, optionally sorting every section after it
    /// and pruning the objects absent from the list.
    case merge([FieldValue], sortBy: [ScenarioSortField], prune: Bool)
    /// `addSection`: appends a section.
    case addSection(ResultsSection<FieldValue>)
    /// `insertSection` … `at`: inserts a section.
    case insertSection(ResultsSection<FieldValue>, at: Int)
    /// `removeSectionAt`: removes the section at an index.
    case removeSectionAt(Int)
    /// `removeSection`: removes the section with this name, if any.
    case removeSection(named: String)
    /// `replaceSectionAt` … `with`: replaces a section's objects (and name).
    case replaceSectionAt(Int, with: ResultsSection<FieldValue>)
    /// `addFilter`: applies a filter.
    case addFilter(ScenarioFilter)
    /// `addFilters`: applies several filters.
    case addFilters([ScenarioFilter])
    /// `removeFilter`: removes every applied filter with this title and group.
    case removeFilter(title: String, group: String?)
    /// `replaceFilters`: replaces all applied filters.
    case replaceFilters([ScenarioFilter])
    /// `clearFilters`: removes all applied filters.
    case clearFilters
    /// `beginUpdates`: opens a (nested) batch.
    case beginUpdates
    /// `endUpdates`: closes a batch; the outermost one reports its events.
    case endUpdates
    /// `batch`: begin, these steps (which share the batch's step number), end.
    case batch([ScenarioStep])
    /// `setUpdatesEnabled`: turns event reporting off or on.
    case setUpdatesEnabled(Bool)
    /// `expect`: checks the store and the last step's events and error.
    case expect(ScenarioExpectation)
}

extension ScenarioStep {
    /// The operation key a file writes for this step (`"setData"`, `"add"`, …).
    ///
    /// - Complexity: O(1).
    public var operationName: String {
        switch self {
        case .setData: "setData"
        case .add: "add"
        case .insert: "insert"
        case .remove: "remove"
        case .removeKey: "removeKey"
        case .removeAt: "removeAt"
        case .replace: "replace"
        case .replaceObject: "replaceObject"
        case .replaceAt: "replaceAt"
        case .replaceAll: "replaceAll"
        case .merge: "merge"
        case .addSection: "addSection"
        case .insertSection: "insertSection"
        case .removeSectionAt: "removeSectionAt"
        case .removeSection: "removeSection"
        case .replaceSectionAt: "replaceSectionAt"
        case .addFilter: "addFilter"
        case .addFilters: "addFilters"
        case .removeFilter: "removeFilter"
        case .replaceFilters: "replaceFilters"
        case .clearFilters: "clearFilters"
        case .beginUpdates: "beginUpdates"
        case .endUpdates: "endUpdates"
        case .batch: "batch"
        case .setUpdatesEnabled: "setUpdatesEnabled"
        case .expect: "expect"
        }
    }

    /// Whether this step is an expectation, which changes nothing.
    ///
    /// - Complexity: O(1).
    public var isExpectation: Bool {
        if case .expect = self { true } else { false }
    }
}
