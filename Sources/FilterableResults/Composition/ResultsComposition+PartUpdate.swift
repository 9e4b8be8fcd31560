extension ResultsComposition {
    /// One update of a part, in the part's own coordinates, with its rows
    /// turned into the composition's and its keys erased.
    ///
    /// The row changes are read on demand, by functions the part's
    /// connection makes where the part's type is known (so an app's
    /// build specializes them), not converted up front.
    @usableFromInline
    struct PartUpdate {
        /// One row change of the part.
        @usableFromInline
        struct RowEdit {
            @usableFromInline var change: RowChange
            @usableFromInline var key: PartKey
            @usableFromInline var row: Element

            @inlinable init(change: RowChange, key: PartKey, row: Element) {
                self.change = change
                self.key = key
                self.row = row
            }
        }

        /// Whether the part must be reloaded.
        @usableFromInline var isReload: Bool
        /// The part's section changes.
        @usableFromInline var sectionChanges: [SectionChange]
        /// The part's row changes, in its own coordinates.
        @usableFromInline var rowChanges: () -> [RowEdit]
        /// The part's row changes as changes of the composed table, for a
        /// part that shows every section it has: each section index
        /// shifted by the first argument, each key the part's (its
        /// identity is the second argument).
        @usableFromInline var composedRowChanges: (_ sectionOffset: Int, _ part: Int) -> [ResultsChangeset<Element, Key>.ElementChange]
        /// The part's sections whose value changed, old index to new.
        @usableFromInline var sectionUpdates: [(index: Int, newIndex: Int)]
        /// The part's table after the update.
        @usableFromInline var table: any PartTable<Element>

        @inlinable init(
            isReload: Bool, sectionChanges: [SectionChange],
            rowChanges: @escaping () -> [RowEdit],
            composedRowChanges: @escaping (_ sectionOffset: Int, _ part: Int) -> [ResultsChangeset<Element, Key>.ElementChange],
            sectionUpdates: [(index: Int, newIndex: Int)], table: any PartTable<Element>
        ) {
            self.isReload = isReload
            self.sectionChanges = sectionChanges
            self.rowChanges = rowChanges
            self.composedRowChanges = composedRowChanges
            self.sectionUpdates = sectionUpdates
            self.table = table
        }
    }
}
