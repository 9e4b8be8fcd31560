import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting

/// A controller shown in a simulated view through a ``ResultsDataSource``,
/// the way an app shows it, with counts read when a batch starts (the
/// strictest view: a collection view that had not cached them).
@MainActor
struct SoakScreen {
    let controller: ResultsController<SoakEntry, Int>
    let dataSource: ResultsDataSource<ResultsController<SoakEntry, Int>, ListViewSimulator<String>, String>
    let view: ListViewSimulator<String>

    init(_ controller: ResultsController<SoakEntry, Int>, flavor: ListViewFlavor) {
        self.controller = controller
        view = ListViewSimulator(flavor: flavor, countMode: .readAtBatchStart)
        dataSource = ResultsDataSource(controller: controller, view: view) { _, _, entry in entry.description }
        view.dataSource = dataSource
        view.layoutIfNeeded()
    }

    /// What is wrong with the view, if anything: an exception UIKit would
    /// raise, or rows other than the table the controller last reported
    /// (its snapshot, once the batch is reported).
    func problem() -> String? {
        if let exception = view.exception { return "\(view.flavor): \(exception)" }
        let reported = controller.reportedSnapshot.sections.map { $0.elements.map(\.description) }
        if view.cells != reported { return "\(view.flavor) shows \(view.cells), the controller reported \(reported)" }
        return nil
    }
}
