extension ResultsComposition {
    /// One update of a part, in the part's own coordinates, with its rows
    /// turned into the composition's and its keys erased.
    struct PartUpdate {
        /// One row change of the part.
        struct RowChange {
            var change: ElementChange<Element, Key>.Change
            var key: AnyHashable
            var row: Element
        }

        /// Whether the part must be reloaded.
        var isReload: Bool
        /// The part's section changes.
        var sectionChanges: [SectionChange]
        /// The part's row changes.
        var rowChanges: [RowChange]
        /// The part's sections whose value changed, old index to new.
        var sectionUpdates: [(index: Int, newIndex: Int)]
        /// The part's table after the update.
        var table: any PartTable<Element>
    }
}
