import FilterableResults

/// W2b: W2's keystroke with the filter given as the format string
/// `score < 450000`, evaluated against the fields `Row` exposes by name
/// (`FieldValueProviding`). Compared with W2's own time.
func runFormatSearch(_ data: inout LiveSearchData, reps: Int) throws -> (Double, ChangeCounts) {
    let filter = try ResultsFilter<Row>(title: "score < 450000", group: "score", format: "score < 450000")
    return timeKeystroke(&data, to: filter, reps: reps)
}
