// A searchable table-view screen over a database table. With the GRDB
// integration (Integrations/GRDB) its source is a `DatabaseResults`:
//
//     let players = try await DatabaseResults<Player, Int64>(pool, request: DatabaseResultsRequest(
//         table: "player", orderedBy: [.ascending("name")], sectionedBy: "team"))
//     let screen = DatabaseSearchViewController<DatabaseResults<Player, Int64>>()
//     screen.source = players
//     screen.cellText = { $0.name }
//     screen.search = { text in try await players.search(for: text, in: ["name", "team"]) }
//
// The screen is generic over its source so that CI type-checks it on Linux
// against the stand-in for UIKit (.ci/uikit), which compiles only the core
// modules: the lines above, which need GRDB, are not type-checked there.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

final class DatabaseSearchViewController<Source: ResultsSource>: UITableViewController, UISearchResultsUpdating {
    /// The rows shown; set before the view loads.
    var source: Source!
    /// A row's text.
    var cellText: (Source.Element) -> String = { "\($0)" }
    /// Applies a keystroke's text (`DatabaseResults.search(for:in:)`: a
    /// keystroke still waiting when the next arrives returns without effect).
    var search: @MainActor (String) async throws -> Void = { _ in }
    private var dataSource: ResultsTableViewDataSource<Source>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
        let text = cellText
        // Records are read in batches as the table view asks for rows.
        dataSource = ResultsTableViewDataSource(source: source, tableView: tableView) { tableView, indexPath, element in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = text(element)
            cell.contentConfiguration = content
            return cell
        }
        let searchController = UISearchController(searchResultsController: nil)
        searchController.searchResultsUpdater = self
        #if !os(tvOS)  // tvOS has no search controller in the navigation item
        navigationItem.searchController = searchController
        #endif
    }

    func updateSearchResults(for searchController: UISearchController) {
        let text = searchController.searchBar.text ?? ""
        let search = self.search
        Task { try? await search(text) }
    }
}
#endif
