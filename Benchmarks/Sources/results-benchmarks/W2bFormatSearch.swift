import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

/// W2b's filter: W2's narrow filter given as the format string
/// `score < 450000`, evaluated against the fields `Row` exposes by name
/// (`FieldValueProviding`). Timed with W2 and compared with W2's own time.
func makeFormatFilter() throws -> ResultsFilter<Row> {
    try ResultsFilter<Row>(title: "score < 450000", group: "score", format: "score < 450000")
}
