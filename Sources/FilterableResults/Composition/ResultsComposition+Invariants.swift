/// The composition's consistency checks, run after every change when the
/// package's compile-time condition `FILTERABLE_RESULTS_CHECKS` is set
/// (its own debug builds; never an app's).
extension ResultsComposition {
    /// Checks that the composed table as last reported is laid out from the
    /// parts' tables: sections follow one another, folded sections are
    /// those whose identity is folded, counts add up, and every section
    /// and row maps to its part and back. Does nothing unless invariant
    /// checks are enabled, so an app's debug build does not pay for them.
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections, when enabled.
    @usableFromInline func _checkInvariants() {
        #if FILTERABLE_RESULTS_CHECKS
        let shown = reportedSnapshot
        precondition(shown.parts.count == parts.count, "ResultsComposition: \(shown.parts.count) parts shown for \(parts.count)")
        var section = 0, rows = 0, partRows = 0
        for (index, part) in shown.parts.enumerated() {
            precondition(part.firstSection == section, "ResultsComposition: part \(index) starts at section \(part.firstSection), not \(section)")
            let table = part.table
            let folded = (0..<table.numberOfSections).filter { parts[index].folded.contains(FoldedSection($0, of: table)) }
            precondition(folded == part.foldedSections, "ResultsComposition: part \(index) folds \(part.foldedSections), not \(folded)")
            precondition(part.hiddenRows == folded.reduce(0) { $0 + table.numberOfRows(inSection: $1) }, "ResultsComposition: part \(index) hides a wrong number of rows")
            for local in 0..<table.numberOfSections {
                precondition(shown.sectionLocation(of: section + local) == .section(part: index, section: local)
                    && shown.section(local, inPart: index) == section + local,
                    "ResultsComposition: section \(local) of part \(index) does not map to \(section + local) and back")
                let count = shown.numberOfElements(inSection: section + local)
                precondition(count == (part.isFolded(local) ? 0 : table.numberOfRows(inSection: local)),
                    "ResultsComposition: section \(section + local) shows \(count ?? -1) rows")
                rows += count ?? 0
            }
            section += table.numberOfSections
            if part.showsPlaceholder {
                precondition(shown.sectionLocation(of: section) == .placeholder(part: index), "ResultsComposition: part \(index)'s placeholder is not at \(section)")
                rows += part.placeholder!.rows.count
                section += 1
            }
            partRows += table.count
        }
        precondition(shown.partsSectionCount == section, "ResultsComposition: the parts take \(section) sections, not \(shown.partsSectionCount)")
        precondition(shown.showsPlaceholder == (placeholder != nil && partRows == 0), "ResultsComposition: the placeholder shows wrongly")
        if shown.showsPlaceholder {
            precondition(shown.sectionLocation(of: section) == .placeholder(part: nil), "ResultsComposition: the placeholder is not at \(section)")
            rows += placeholder!.rows.count
            section += 1
        }
        precondition(shown.numberOfSections == section && shown.count == rows,
            "ResultsComposition: \(shown.numberOfSections) sections and \(shown.count) rows shown, not \(section) and \(rows)")
        #endif
    }
}
