import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// The data a `setData` step sets: a list of objects, which becomes one
/// unnamed section, or a list of sections.
public enum ScenarioData: Hashable, Sendable {
    /// OBJECTS: one unnamed section of these objects (with `sectionBy`, the
    /// sections their values name). An empty list is one empty section.
    case objects([FieldValue])
    /// SECTIONS: exactly these sections.
    case sections([ResultsSection<FieldValue>])

    /// The number of objects, in all sections.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public var objectCount: Int {
        switch self {
        case let .objects(objects): objects.count
        case let .sections(sections): sections.reduce(0) { $0 + $1.elements.count }
        }
    }
}
