extension ResultsStore {
    /// What a `setData` or `merge` did, counted by key.
    public struct MergeSummary: Hashable, Sendable {
        /// Elements whose keys were new.
        public var inserted = 0
        /// Existing elements whose content changed.
        public var updated = 0
        /// Existing elements that were removed (by `setData`, or a pruning merge).
        public var removed = 0
        /// Input elements folded into an earlier one with the same key (the
        /// first position and the last content are kept).
        public var foldedDuplicates = 0

        /// Creates a summary.
        ///
        /// - Complexity: O(1).
        public init(inserted: Int = 0, updated: Int = 0, removed: Int = 0, foldedDuplicates: Int = 0) {
            self.inserted = inserted
            self.updated = updated
            self.removed = removed
            self.foldedDuplicates = foldedDuplicates
        }
    }
}
