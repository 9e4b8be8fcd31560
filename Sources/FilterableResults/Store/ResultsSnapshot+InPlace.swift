/// Reading a large table in place, for the integrations (see
/// ``ResultsSearchFolding``): not part of the package's public API.
@_spi(Integrations)
extension ResultsSnapshot {
    /// Calls `body` with each element shown, in order, in place: a walk
    /// over a large table that tests a field or two of each row copies no
    /// element that it does not keep.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    @inlinable public func forEachElementInPlace(_ body: (UnsafePointer<Element>) -> Void) {
        let slots = table.slots
        table.tree.forEachLeaf { leaf in
            leaf.forEachRow(in: leaf.flagMask) { _, id in slots.withPointer(at: Int(id), body) }
        }
    }
}
