extension ListViewException {
    /// The rule a batch update (or a call outside one) broke.
    ///
    /// In the wording below *row* reads *item* for a collection view, and
    /// *table view* reads *collection view*. "UIKit's wording" means the
    /// reason is UIKit's as recorded in public crash reports (cited);
    /// "simulator's wording" means no public report records it and the
    /// simulator words it in UIKit's style.
    ///
    /// A reload is a delete plus an insert inside UIKit, so reloads are
    /// checked as deletes (their index paths against the counts before the
    /// update, in the delete wording) and their re-insertions as inserts.
    /// UIKit places a reloaded section, and the section of a reloaded row,
    /// at the index it would have if no section moved (from the section
    /// deletes and inserts only); a reloaded row keeps its row index within
    /// that section. Without section moves every reload lands where its row
    /// or section does; with them, see ``reloadAndMoveToSameSection``,
    /// ``reloadAndMoveToSameIndexPath`` and ``invalidNumberOfRows``.
    public enum Kind: Hashable, Sendable, CaseIterable {
        // MARK: Sections

        /// The number of sections after the update is not the number before
        /// it plus inserts minus deletes. UIKit's wording: "Invalid update:
        /// invalid number of sections. The number of sections contained in
        /// the table view after the update (N) must be equal to the number
        /// of sections contained in the table view before the update (M),
        /// plus or minus the number of sections inserted or deleted (I
        /// inserted, D deleted)." (forkingdog/UITableView-FDTemplateLayoutCell
        /// #40, MessageKit #1008, DeepDiff #56.)
        case invalidNumberOfSections
        /// A deleted, reloaded or moved section is not in the table before
        /// the update. Simulator's wording, modelled on the row forms:
        /// "attempt to delete section S, but there are only N sections
        /// before the update" (reloads use it too); "attempt to move section
        /// S, but there are only N sections before the update".
        case sectionOutOfRangeBeforeUpdate
        /// An inserted section or a section move's destination is not in the
        /// table after the update. Simulator's wording: "attempt to insert
        /// section S but there are only N sections after the update";
        /// "attempt to move section S to section T, but there are only N
        /// sections after the update".
        case sectionOutOfRangeAfterUpdate
        /// A section is deleted, inserted or reloaded twice. Simulator's
        /// wording: "attempt to delete section S more than once" (and
        /// "insert", "reload").
        case duplicateSection
        /// A section is deleted and reloaded. Simulator's wording, modelled
        /// on the row form: "attempt to delete and reload the same section (S)".
        case deleteAndReloadSameSection
        /// A section is deleted and moved. Simulator's wording, modelled on
        /// the row form: "attempt to perform a delete and a move from the
        /// same section (S)".
        case deleteAndMoveFromSameSection
        /// A section is reloaded and moved; UIKit reports it as a delete and
        /// a move, as it does for rows (Apple bug 33662307): "attempt to
        /// perform a delete and a move from the same section (S)".
        case reloadAndMoveFromSameSection
        /// A section is inserted at the index a section moves to. UIKit's
        /// wording: "attempt to perform an insert and a move to the same
        /// section (S)" (IGListKit #690).
        case insertAndMoveToSameSection
        /// A reloaded section, placed where it would be if no section moved,
        /// lands on a section move's destination, and UIKit reports an insert
        /// and a move: "attempt to perform an insert and a move to the same
        /// section (S)". IGListKit #690: move 2 to 4, reload 3, delete 4 and
        /// insert 2 raise it for section 4 though no section is inserted
        /// there (the reload's insert is placed at 3 + 1 inserted before it).
        case reloadAndMoveToSameSection
        /// One section is moved twice. Simulator's wording: "attempt to move
        /// section S to both section T and section U".
        case twoMovesFromSameSection
        /// Two sections are moved to one index. Simulator's wording,
        /// modelled on the row form: "attempt to move both section S and
        /// section T to section U".
        case twoMovesToSameSection

        // MARK: Rows

        /// A section that exists before and after the update does not end
        /// with its old count, minus deletes and moves out, plus inserts and
        /// moves in. UIKit's wording: "Invalid update: invalid number of rows
        /// in section S. The number of rows contained in an existing section
        /// after the update (N) must be equal to the number of rows contained
        /// in that section before the update (M), plus or minus the number of
        /// rows inserted or deleted from that section (I inserted, D deleted)
        /// and plus or minus the number of rows moved into or out of that
        /// section (A moved in, B moved out)." S is the section's index after
        /// the update; reloads count as one deleted and one inserted.
        ///
        /// A reloaded row's insert goes to the section at the index its
        /// section would have if no section moved, so reloading a row while
        /// sections move raises this for a batch that is otherwise right
        /// (Apple bug 27041784: reload [1, 0] and move section 1 to 0 raise
        /// it for section 0, "(0 inserted, 1 deleted)").
        case invalidNumberOfRows
        /// A deleted, reloaded or moved row is not in the table before the
        /// update. UIKit's wording: "attempt to delete row R from section S
        /// which only contains N rows before the update" (Longboxed-iOS #20,
        /// DeepDiff #45 and #54; reloads use it too); "attempt to delete row
        /// R from section S, but there are only N sections before the update"
        /// (simulator's, from the insert form); "attempt to move index path
        /// (P) that does not exist - there are only N rows in section S
        /// before the update" (RxDataSources #35).
        case rowOutOfRangeBeforeUpdate
        /// An inserted row, a move's destination, or a reloaded row's
        /// re-insertion is not in the table after the update. UIKit's
        /// wording: "attempt to insert row R into section S, but there are
        /// only N rows in section S after the update" (5calls/ios #57);
        /// "attempt to insert row R into section S, but there are only N
        /// sections after the update" (SDAutoLayout #261); "attempt to move
        /// index path (P) to index path (Q) that does not exist - there are
        /// only N rows in section S after the update" (Bond #593).
        case rowOutOfRangeAfterUpdate
        /// An index path is deleted, inserted or reloaded twice. Simulator's
        /// wording: "attempt to delete row R from section S more than once"
        /// (and "insert … into", "reload … in"). A table view raises "Invalid
        /// table view update. The application has requested an update to the
        /// table view that is inconsistent with the state provided by the
        /// data source."; a collection view accepts two deletes of one index
        /// path and later crashes (Apple bug 31786176, IGListKit #651, #689).
        case duplicateIndexPath
        /// A row is deleted and reloaded. UIKit's wording: "attempt to delete
        /// and reload the same index path (P)" (XLData #14 and #15, with
        /// NSFetchedResultsController's update events).
        case deleteAndReloadSameIndexPath
        /// A row is deleted and moved. UIKit's wording: "attempt to perform a
        /// delete and a move from the same index path (P)" (Texture #507,
        /// FluidGroup/DataSources #12).
        case deleteAndMoveFromSameIndexPath
        /// A row is reloaded and moved; UIKit reports a delete and a move:
        /// "attempt to perform a delete and a move from the same index path
        /// (P)" (Apple bug 33662307: "There is no delete operation in the
        /// sample project"). Reconfigure a moved row after the batch instead.
        case reloadAndMoveFromSameIndexPath
        /// A row is inserted where a row moves to. UIKit's wording: "attempt
        /// to perform an insert and a move to the same index path (P)"
        /// (osteslag/Changeset #11, RxDataSources #321, WordPress-iOS #19507).
        case insertAndMoveToSameIndexPath
        /// A reloaded row, re-inserted into the section at the index its
        /// section would have if no section moved, lands on a move's
        /// destination there; UIKit reports an insert and a move: "attempt
        /// to perform an insert and a move to the same index path (P)". The
        /// row-level twin of ``reloadAndMoveToSameSection``: swapping two
        /// sections by a move while reloading a row of one and moving a row
        /// within the other raises it.
        case reloadAndMoveToSameIndexPath
        /// One row is moved twice. Simulator's wording: "attempt to move
        /// index path (P) to both (Q) and (R)".
        case twoMovesFromSameIndexPath
        /// Two rows are moved to one index path. UIKit's wording: "attempt to
        /// move both row at index path P and Q to R" (JXMovableCellTableView #4).
        case twoMovesToSameIndexPath
        /// A row moves out of a section that is deleted (or reloaded, which
        /// deletes it). UIKit's wording: "cannot move a row from a deleted
        /// section" (TLIndexPathTools #20).
        case moveFromDeletedSection
        /// A row moves into a section that is inserted (or reloaded, which
        /// inserts it). UIKit's wording: "cannot move a row into a newly
        /// inserted section (S)" (TLIndexPathTools #13 and #18).
        case moveIntoInsertedSection
        /// Collection views only: an item is inserted, deleted, reloaded or
        /// moved inside a section that the same batch inserts, deletes,
        /// reloads or moves. UICollectionView has no single exception for
        /// this: it corrupts its data, crashes in `_computeItemUpdates`
        /// (Apple bug 26021018: insert item [1, 0], insert section 0, move
        /// section 3 to 1) or raises an unrelated assertion later (Apple bug
        /// 48941906: "request for index path for global index 1 when there
        /// are only 1 items in the collection view"). Simulator's wording:
        /// "attempt to delete item R from section S, which is itself moved in
        /// the same update …". A table view absorbs row deletes, reloads and
        /// inserts in deleted, reloaded and inserted sections, and applies
        /// row changes in moved sections (reloads there corrupt its
        /// arithmetic: see ``invalidNumberOfRows``).
        case itemChangeInChangedSection
        /// The update's index paths passed every check yet do not describe
        /// the table; the simulator's safety net. UIKit's wording for a table
        /// view: "Invalid table view update. The application has requested
        /// an update to the table view that is inconsistent with the state
        /// provided by the data source." (MTStatusBarOverlay #41).
        case inconsistentUpdate

        // MARK: Outside batch updates

        /// `reconfigureRows(at:)` names a row the view does not have.
        /// Simulator's wording: "attempt to reconfigure row R in section S,
        /// but there are only N rows in section S" (and the section form).
        case reconfigureOutOfRange
        /// A simulated user action names a row or destination the view does
        /// not show. Simulator's wording. This is a mistake in the test,
        /// not in the data source.
        case invalidUserAction
    }
}
