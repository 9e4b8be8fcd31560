import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// The vocabulary of the event log shared by the decoder, the runner and
/// the reports.
enum ScenarioLog {
    /// The codes an `error` line may carry.
    static let errorCodes = [
        "indexPathOutOfRange", "sectionOutOfRange", "duplicateKey", "duplicateSection",
        "missingPrimaryKey", "invalidPredicate", "unbalancedEndUpdates", "invalidOperation",
    ]

    /// Sections as the `state` line writes them: `{"name": …, "objects": […]}`.
    static func json(_ sections: [ResultsSection<FieldValue>]) -> FieldValue {
        .array(sections.map { section in
            .object(["name": section.name.map(FieldValue.string) ?? .null, "objects": .array(section.elements)])
        })
    }

    /// An index path as the log writes it: `[section, row]`.
    static func json(_ indexPath: ResultsIndexPath) -> FieldValue {
        [.integer(indexPath.section), .integer(indexPath.row)]
    }

    /// A change event in the form `expect`'s `events` compares: its fields
    /// without `"step"` and without `"updated": false`.
    static func comparable(_ event: ScenarioEvent) -> FieldValue {
        .object(event.fields)
    }
}
