extension ResultsComposition {
    /// One update of a part, in the part's own coordinates, with its rows
    /// turned into the composition's and its keys erased.
    ///
    /// Its row changes are the part's own, each read (and its key
    /// wrapped) only when it is read: a part's large batch costs nothing
    /// per row until the composed batch is read.
    @usableFromInline
    struct PartUpdate {
        /// Whether the part must be reloaded.
        @usableFromInline var isReload: Bool
        /// The part's changes, in its own coordinates.
        @usableFromInline var changes: ResultsChangeset<Element, PartKey>
        /// The part's table after the update.
        @usableFromInline var table: any PartTable<Element>
        /// The part's row changes as changes of the composed table, for a
        /// part all of whose rows show: its sections shifted past the
        /// sections before it in the table before (`old`) and after
        /// (`new`), its keys wrapped with its identity (`part`). Made
        /// where the source's type is known, so an app's build reads a
        /// large batch without generic dispatch per change.
        @usableFromInline var shifted: (_ old: Int, _ new: Int, _ part: Int) -> ResultsChangeset<Element, Key>.ElementChanges

        /// The update of a part whose source reported `update`.
        ///
        /// - Complexity: O(*s*) for *s* section changes and updates.
        @inlinable init<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>) where Snapshot.Element == Element {
            isReload = update.isReload
            changes = ResultsChangeset(
                sectionChanges: update.changeset.sectionChanges,
                sectionUpdates: update.changeset.sectionUpdates.map { .init(index: $0.index, newIndex: $0.newIndex) })
            changes.elementChanges = .init(
                mapping: update.changeset.elementChanges, position: { $0 },
                change: { .init($0, key: PartKey($1), element: $2) })
            table = PartSnapshotTable(snapshot: update.snapshot)
            let elementChanges = update.changeset.elementChanges
            shifted = { old, new, part in
                .init(
                    mapping: elementChanges, position: { $0.shiftingSections(old: old, new: new) },
                    change: { ResultsChangeset<Element, Key>.ElementChange($0.shiftingSections(old: old, new: new), key: .row(part: part, partKey: PartKey($1)), element: $2) })
            }
        }
    }
}
