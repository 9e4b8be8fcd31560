// MARK: - Section values

extension ResultsController {
    /// Derives every section's value (its header and footer titles, and
    /// anything else they show) from the section as shown, with `value`;
    /// `nil` gives sections no value (a data source then shows their names).
    ///
    ///     try controller.setSectionValues { section in
    ///         ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))")
    ///     }
    ///
    /// From then on, each update carries a section update
    /// (``ResultsChangeset/sectionUpdates``) for every section that kept
    /// its identity and whose value changed, and a data source refreshes
    /// its header and footer in place after the batch, its cells kept. The
    /// function must depend on the section alone (its name, its elements
    /// as shown): only the sections whose rows changed are derived again.
    /// When the value depends on anything else (titles the app keeps),
    /// capture a copy of it and set the function again after it changes:
    /// setting it compares every section's value.
    ///
    /// The change is reported at once, or with the open batch; a
    /// ``performBatchUpdates(_:)`` that throws takes it back with the rest.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` or
    ///   ``ResultsError/changedDuringClosure``.
    /// - Complexity: O(*s* log *n*) for *s* sections, plus the function
    ///   twice per section; each later update, O(*e*) for *e* changes plus
    ///   the function twice per section whose rows changed.
    public func setSectionValues(_ value: ResultsSnapshot<Element, Key>.SectionValue?) throws(ResultsError) {
        try requireIdle()
        sectionValue = value
        sectionValueWasSet = true
        if frames.isEmpty { report() }
    }
}
