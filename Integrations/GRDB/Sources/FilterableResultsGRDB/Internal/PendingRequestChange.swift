import FilterableResults

/// A request change on its way to the main actor: the edit it makes to
/// the request, made again on top of the request shown whenever a later
/// change is asked for, and the serial of the request it was last sent as.
@MainActor
final class PendingRequestChange {
    /// Sets what the change changes (a filter's group, the order and
    /// sections): made twice, it changes nothing more.
    let edit: (inout DatabaseResultsRequest) -> Void
    /// The serial of the request sent for it, the last time it was.
    var serial = 0

    init(edit: @escaping (inout DatabaseResultsRequest) -> Void) {
        self.edit = edit
    }
}
