import FilterableResults
import FilterableResultsTesting

/// The soak's screens: what `results-soak` and the `soak` fuzz target show
/// a runner's controller in.
extension RandomOperationRunner where Element == SoakEntry, Key == Int {
    /// Shows the controller in a simulated table view and collection view
    /// (counts read when a batch starts), checks both after every batch,
    /// and lets their user swipe and drag rows between and inside batches.
    /// The runner must then run on the main thread.
    ///
    /// - Returns: The screens; the runner keeps them alive.
    /// - Complexity: O(*n*) for the views' first load of *n* rows.
    @MainActor
    public func showOnSoakScreens() -> [SoakScreen] {
        let screens = [ListViewFlavor.tableView, .collectionView].map { SoakScreen(controller, flavor: $0) }
        afterBatch = { screens.lazy.compactMap { $0.problem() }.first }
        userAction = { random in screens.randomElement(using: &random)!.userActs(using: &random) }
        return screens
    }
}
