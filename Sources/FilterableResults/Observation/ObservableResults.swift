import Observation

/// A controller's visible table for SwiftUI and anything else built on
/// Observation: ``snapshot`` changes once per reported update, after the
/// outermost batch ends, never in the middle of one.
///
///     @State var results = ObservableResults(controller)
///
///     List(results.snapshot.objects) { product in Text(product.name) }
///
/// It holds the controller; edits go through ``controller``. It lives in
/// the controller's isolation domain (usually the main actor).
@Observable
public final class ObservableResults<Element, Key: Hashable> {
    /// The visible table as last reported.
    public private(set) var snapshot: ResultsSnapshot<Element, Key>

    /// The controller whose updates this follows.
    @ObservationIgnored public let controller: ResultsController<Element, Key>

    @ObservationIgnored private var observation: ResultsObservation?

    /// Follows `controller` from its table as last reported.
    ///
    /// - Complexity: O(1).
    public init(_ controller: ResultsController<Element, Key>) {
        self.controller = controller
        self.snapshot = controller.reportedSnapshot
        observation = controller.observe { [weak self] update in self?.snapshot = update.snapshot }
    }
}
