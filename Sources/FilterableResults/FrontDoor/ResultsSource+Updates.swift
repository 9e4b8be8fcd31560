/// A source's updates as an asynchronous sequence.
extension ResultsSource {
    /// The updates from now on, as an `AsyncStream`: the values
    /// ``observe(_:)`` delivers, each with its snapshot, in order. Each call
    /// makes an independent subscriber.
    ///
    ///     for await update in controller.updates() {
    ///         render(update.snapshot)
    ///     }
    ///
    /// A stream of `Sendable` updates (a controller's, when its elements and
    /// keys are `Sendable`) can be iterated anywhere; one of a composition,
    /// whose updates hold your closures, in the source's isolation domain
    /// (the compiler sees to it).
    ///
    /// The sequence ends when the source is deallocated, or for this
    /// subscriber when the task iterating it is cancelled (the source
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
        bufferingPolicy: AsyncStream<Update>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Update> {
        let (stream, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: bufferingPolicy)
        let subscriber = UpdateSubscriber(continuation)
        subscriber.observation = observe { update in
            // Safe: a stream of updates that are not `Sendable` (a
            // composition's) is not `Sendable` either, so it is iterated
            // in the source's own isolation domain.
            nonisolated(unsafe) let update = update
            if case .terminated = subscriber.continuation.yield(update) { subscriber.observation?.cancel() }
        }
        return stream
    }
}

/// A subscriber's end of an update stream. The source's observer holds it
/// (through the observation's handler); the stream finishes when the
/// source lets go of it, at its deallocation or once the subscriber has
/// cancelled.
final class UpdateSubscriber<Update> {
    let continuation: AsyncStream<Update>.Continuation
    var observation: ResultsObservation?

    init(_ continuation: AsyncStream<Update>.Continuation) {
        self.continuation = continuation
    }

    deinit { continuation.finish() }
}
