import FilterableResults

extension JSONObject {
    /// The members' buffer: a class, so that its `deinit` can take nested
    /// values apart without recursion (``JSONValue/dismantle(_:)``).
    ///
    /// Mutated only through a uniquely referenced `JSONObject` (copy on
    /// write), which makes sharing it across threads safe.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline
        var members: [Member]

        @usableFromInline
        init(_ members: [Member]) {
            self.members = members
        }

        deinit {
            guard members.contains(where: \.value.isContainer) else { return }
            var pending = members.compactMap { $0.value.isContainer ? $0.value : nil }
            members = []
            JSONValue.dismantle(&pending)
        }
    }
}
