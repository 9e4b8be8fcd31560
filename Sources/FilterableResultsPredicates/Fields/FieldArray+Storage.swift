import FilterableResults

extension FieldArray {
    /// The elements' buffer: a class, so that its `deinit` can take nested
    /// values apart without recursion (``FieldValue/dismantle(_:)``).
    ///
    /// Mutated only through a uniquely referenced `FieldArray` (copy on
    /// write), which makes sharing it across threads safe.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline
        var elements: [FieldValue]

        @usableFromInline
        init(_ elements: [FieldValue]) {
            self.elements = elements
        }

        deinit {
            guard elements.contains(where: \.isContainer) else { return }
            var pending: [FieldValue] = []
            swap(&pending, &elements)
            FieldValue.dismantle(&pending)
        }
    }
}
