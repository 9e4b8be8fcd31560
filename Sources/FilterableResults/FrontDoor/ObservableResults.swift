import Observation

/// A source's table for SwiftUI and anything else built on Observation:
/// ``snapshot`` changes once per reported update, after the outermost batch
/// ends, never in the middle of one. It works with any source: a
/// controller, a composition, static sections.
///
///     struct ProductListView: View {
///         @State var results: ObservableResults<ResultsController<Product, Int>>
///
///         var body: some View {
///             List(results.snapshot) { product in Text(product.name) }
///         }
///     }
///
/// made with `ProductListView(results: ObservableResults(controller))`.
///
/// It derives from the source's one observation primitive
/// (``ResultsSource/observe(_:)``), so it sees the updates in the order
/// every other observer does. It holds the source; edits go through
/// ``source``. It lives in the source's isolation domain (usually the
/// main actor).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
public final class ObservableResults<Source: ResultsSource> {
    /// The table as last reported.
    public private(set) var snapshot: Source.Snapshot
    /// The last update reported since this element was made, or `nil`: its
    /// ``ResultsUpdate/changeset`` and ``ResultsUpdate/isReload`` let a
    /// view choose its animation.
    public private(set) var lastUpdate: Source.Update?

    /// The source whose updates this follows.
    @ObservationIgnored public let source: Source

    @ObservationIgnored private var observation: ResultsObservation?

    /// Follows `source` from its table as last reported.
    ///
    /// - Complexity: O(1).
    public init(_ source: Source) {
        self.source = source
        self.snapshot = source.reportedSnapshot
        observation = source.observe { [weak self] update in
            self?.lastUpdate = update
            self?.snapshot = update.snapshot
        }
    }
}
