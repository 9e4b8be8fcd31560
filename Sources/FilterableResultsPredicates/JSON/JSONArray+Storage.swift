import FilterableResults

extension JSONArray {
    /// The elements' buffer: a class, so that its `deinit` can take nested
    /// values apart without recursion (``JSONValue/dismantle(_:)``).
    ///
    /// Mutated only through a uniquely referenced `JSONArray` (copy on
    /// write), which makes sharing it across threads safe.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline
        var elements: [JSONValue]

        @usableFromInline
        init(_ elements: [JSONValue]) {
            self.elements = elements
        }

        deinit {
            guard elements.contains(where: \.isContainer) else { return }
            var pending: [JSONValue] = []
            swap(&pending, &elements)
            JSONValue.dismantle(&pending)
        }
    }
}
