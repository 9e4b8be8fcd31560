import FilterableResults
import FilterableResultsTesting

/// A controller shown in a simulated view through a ``/FilterableResults/ResultsDataSource``,
/// the way an app shows it, with counts read when a batch starts (the
/// strictest view: a collection view that had not cached them). Its user
/// may delete and drag every row the source lets them.
@MainActor
public struct SoakScreen {
    /// The controller shown.
    public let controller: ResultsController<SoakEntry, Int>
    /// The data source between the controller and the view.
    public let dataSource: ResultsDataSource<ResultsController<SoakEntry, Int>, String>
    /// The simulated view.
    public let view: ListViewSimulator<String>

    /// Creates a screen showing `controller` in a simulated view of `flavor`.
    ///
    /// - Complexity: O(*n*) for the view's first load of *n* rows.
    public init(_ controller: ResultsController<SoakEntry, Int>, flavor: ListViewFlavor) {
        self.controller = controller
        view = ListViewSimulator(flavor: flavor, countMode: .readAtBatchStart)
        dataSource = ResultsDataSource(controller: controller, view: view) { _, entry in entry.description }
        dataSource.canDeleteRow = { _, _ in true }
        dataSource.canMoveRow = { _, _ in true }
        view.dataSource = dataSource
        view.layoutIfNeeded()
    }

    /// What is wrong with the view, if anything: an exception UIKit would
    /// raise, or rows other than the table the controller last reported
    /// (its snapshot, once the batch is reported).
    ///
    /// - Complexity: O(*n*) for *n* rows.
    public func problem() -> String? {
        if let exception = view.exception { return "\(view.flavor): \(exception)" }
        let reported = controller.reportedSnapshot.sections.map { $0.elements.map(\.description) }
        if view.cells != reported { return "\(view.flavor) shows \(view.cells), the controller reported \(reported)" }
        return nil
    }
}
