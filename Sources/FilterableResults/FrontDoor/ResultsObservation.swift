/// A registration for a source's updates: they stop when it is cancelled
/// or released. Keep it for as long as you want updates, in a property or
/// with ``store(in:)``: one that is not kept (`_ = source.observe { … }`)
/// is released at once and delivers nothing.
///
///     observation = controller.observe { update in … }
///     controller.observe { update in … }.store(in: &observations)
///     observation.cancel()   // or let it go
public final class ResultsObservation: Hashable {
    @usableFromInline var onCancel: (() -> Void)?

    @inlinable init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the updates. Cancelling twice does nothing.
    ///
    /// - Complexity: O(*k*) for *k* observers of the controller.
    public func cancel() {
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }

    deinit { onCancel?() }

    /// Keeps the observation in `set`, for as long as the set holds it.
    ///
    ///     var observations: Set<ResultsObservation> = []
    ///     products.observe { update in render(update) }.store(in: &observations)
    ///
    /// - Complexity: O(1) on average.
    public func store(in set: inout Set<ResultsObservation>) { set.insert(self) }

    /// Whether two observations are the same registration.
    ///
    /// - Complexity: O(1).
    public static func == (lhs: ResultsObservation, rhs: ResultsObservation) -> Bool { lhs === rhs }

    /// Hashes the registration's identity.
    ///
    /// - Complexity: O(1).
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
