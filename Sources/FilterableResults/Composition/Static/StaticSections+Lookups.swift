extension StaticSections.Snapshot {
    /// The index path of the row with id `key` (see ``StaticSections/key(ofRow:)``),
    /// or `nil` when no declared row has it.
    ///
    ///     let path = header.reportedSnapshot.indexPath(forKey: header.key(ofRow: "version"))
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(forKey key: AnyHashable) -> ResultsIndexPath? { rows.indexPath(forKey: key) }
}
