/// The handlers registered with a source's `observe(_:)`, in the order they
/// were registered: the one registry behind every source's observation
/// primitive.
@usableFromInline
struct ObserverList<Update> {
    @usableFromInline var handlers: [(id: Int, handler: (Update) -> Void)] = []
    @usableFromInline var nextID = 0

    @inlinable init() {}

    /// Registers `handler` last; returns the identity that removes it.
    @inlinable mutating func add(_ handler: @escaping (Update) -> Void) -> Int {
        let id = nextID
        nextID += 1
        handlers.append((id, handler))
        return id
    }

    /// Unregisters a handler. From inside ``send(_:)``, the update being
    /// delivered still reaches every handler registered when it started;
    /// later updates do not reach this one.
    @inlinable mutating func remove(_ id: Int) {
        handlers.removeAll { $0.id == id }
    }

    /// Calls every handler registered now with `update`, in order.
    @inlinable func send(_ update: Update) {
        for observer in handlers { observer.handler(update) }
    }
}
