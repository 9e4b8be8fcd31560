extension ResultsSnapshot: CustomStringConvertible {
    /// The numbers of sections and elements and, for up to 50 elements, the
    /// keys of each section: `ResultsSnapshot(2 sections, 3 elements: "A" [1, 2], #1 [3])`.
    ///
    /// - Complexity: O(1) for a large snapshot, else O(*n* log *n*).
    public var description: String {
        let counts = "\(ResultsError.count(numberOfSections, "section")), \(ResultsError.count(count, "element"))"
        guard count <= 50, numberOfSections <= 20 else { return "ResultsSnapshot(\(counts))" }
        let tables = sections.map { section in
            "\(section.id) [\((0..<section.count).map { "\(key(at: ResultsIndexPath(row: $0, section: section.index))!)" }.joined(separator: ", "))]"
        }
        return "ResultsSnapshot(\(counts)\(tables.isEmpty ? "" : ": ")\(tables.joined(separator: ", ")))"
    }
}
