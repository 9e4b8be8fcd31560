/// A registration for a controller's updates: they stop when it is
/// cancelled or released.
///
///     let observation = controller.observe { update in … }
///     observation.cancel()   // or let it go
public final class ResultsObservation {
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
}
