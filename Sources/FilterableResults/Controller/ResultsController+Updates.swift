/// A controller's updates as an asynchronous sequence.
extension ResultsController where Element: Sendable, Key: Sendable {
    /// The updates from now on, as an `AsyncStream`: the values `onChange`
    /// receives, each with its snapshot, in order. Each call makes an
    /// independent subscriber.
    ///
    ///     for await update in controller.updates() {
    ///         render(update.snapshot)
    ///     }
    ///
    /// The sequence ends when the controller is deallocated, or for this
    /// subscriber when the task iterating it is cancelled (the controller
    /// forgets the subscriber at its next update).
    ///
    /// - Parameter bufferingPolicy: what is kept while the subscriber is
    ///   busy. The default, `.unbounded`, keeps every update, which a
    ///   subscriber applying changesets to a view of its own needs: a
    ///   changeset only applies to the table the one before it left. A
    ///   subscriber that only reads the snapshot can use
    ///   `.bufferingNewest(1)`.
    /// - Complexity: O(1); each update costs O(1) per subscriber.
    public func updates(
        bufferingPolicy: AsyncStream<ResultsUpdate<Element, Key>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<ResultsUpdate<Element, Key>> {
        let (stream, continuation) = AsyncStream.makeStream(of: ResultsUpdate<Element, Key>.self, bufferingPolicy: bufferingPolicy)
        let subscriber = UpdateSubscriber(continuation)
        var id = 0
        id = addObserver { [weak self] update in
            if case .terminated = subscriber.continuation.yield(update) { self?.removeObserver(id) }
        }
        return stream
    }
}

/// A subscriber's end of an update stream; the stream finishes when the
/// controller lets go of it.
@usableFromInline
final class UpdateSubscriber<Element: Sendable, Key: Hashable & Sendable>: Sendable {
    @usableFromInline let continuation: AsyncStream<ResultsUpdate<Element, Key>>.Continuation

    @usableFromInline init(_ continuation: AsyncStream<ResultsUpdate<Element, Key>>.Continuation) {
        self.continuation = continuation
    }

    deinit { continuation.finish() }
}
