// A file browser on FilterableResults: folders expand and collapse in
// place, their contents loaded the first time they open, and a search
// shows the matching files with the folders above them. It needs UIKit;
// on Linux, CI type-checks it against a stand-in for UIKit's declarations
// (.ci/uikit), and the same steps run in `swift test` against the
// ListViewSimulator (OutlineTests.aFileBrowserLoadsFoldersWhenTheyOpen).
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

struct FileItem: Equatable, Sendable {
    var path: String
    var folder: String?
    var name: String
    var isFolder: Bool
}

/// Where a folder's contents come from: the file system, a server.
protocol FileListing: Sendable {
    /// The items in `folder`, or at the top level for `nil`.
    func contents(of folder: String?) async throws -> [FileItem]
}

final class FileBrowserViewController: UITableViewController, UISearchResultsUpdating {
    var listing: (any FileListing)?
    let files = ResultsOutline<FileItem, String>(key: \.path, parentKey: \.folder, sortedBy: [.ascending(\.name)])
    private var dataSource: ResultsTableViewDataSource<ResultsOutline<FileItem, String>>!
    /// The folders whose contents were loaded.
    private var loaded: Set<String> = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "File")
        dataSource = ResultsTableViewDataSource(source: files, tableView: tableView) { tableView, indexPath, row in
            let cell = tableView.dequeueReusableCell(withIdentifier: "File", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = row.element.name
            content.secondaryText = row.element.isFolder ? (row.isExpanded ? "▾" : "▸") : nil
            cell.contentConfiguration = content
            cell.indentationLevel = row.level
            return cell
        }
        tableView.delegate = dataSource
        dataSource.onSelectRow = { [weak self] _, row in self?.toggle(row.element) }

        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self
        #if !os(tvOS)  // tvOS has no search controller in the navigation item
        navigationItem.searchController = search
        #endif
        Task { await load(nil) }
    }

    /// Opens a closed folder (loading it the first time) or closes an open one.
    func toggle(_ item: FileItem) {
        guard item.isFolder else { return }
        if files.isExpanded(item.path) {
            try? files.collapse(item.path)
        } else {
            Task { await open(item.path) }
        }
    }

    func open(_ folder: String) async {
        if !loaded.contains(folder) { await load(folder) }
        try? files.expand(folder)   // an empty folder has nothing to show: refused, harmlessly
    }

    /// Merges a folder's listing: new files come in, deleted ones go, and
    /// subfolders keep what was loaded below them.
    func load(_ folder: String?) async {
        guard let contents = try? await listing?.contents(of: folder) else { return }
        try? files.merge(contents, under: folder)
        if let folder { loaded.insert(folder) }
    }

    func updateSearchResults(for searchController: UISearchController) {
        try? files.search(for: searchController.searchBar.text ?? "", in: [.field(\.name)])
    }
}
#endif
