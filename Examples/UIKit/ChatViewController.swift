// A chat on FilterableResults: messages oldest first, one section per day,
// and, when the user scrolls near the top, the 50 messages before the
// oldest arrive above what the user reads without moving it on screen
// (the data source's anchoring; the same screen runs in `swift test`
// against the ListViewSimulator, AnchoringTests). It needs UIKit; on
// Linux, CI type-checks it against a stand-in for UIKit's declarations
// (.ci/uikit).
#if canImport(UIKit) && !os(watchOS)
import Foundation
#if canImport(FoundationNetworking)  // URLSession on Linux, where CI type-checks this file
import FoundationNetworking
#endif
import UIKit
import FilterableResults

struct ChatMessage: Identifiable, Equatable, Sendable, Decodable {
    var id: Int
    var sentAt: Date
    var day: String        // "2024-05-01": the section it shows in
    var text: String
}

/// Up to `limit` messages sent before the message `id` (the latest ones without it).
func fetchMessages(before id: Int?, limit: Int) async throws -> [ChatMessage] {
    var components = URLComponents(string: "https://api.example.com/messages")!
    components.queryItems = [URLQueryItem(name: "limit", value: String(limit))] + (id.map { [URLQueryItem(name: "before", value: String($0))] } ?? [])
    let (data, _) = try await URLSession.shared.data(from: components.url!)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode([ChatMessage].self, from: data)
}

final class ChatViewController: UITableViewController {
    let messages = ResultsController(store: ResultsStore<ChatMessage, Int>(
        key: \.id, sortedBy: [.ascending(\.sentAt)], sectionedBy: .by(\.day)))
    private var dataSource: ResultsTableViewDataSource<ResultsController<ChatMessage, Int>>!
    private var isLoadingOlder = false
    private var hasOlderMessages = true

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Message")
        dataSource = ResultsTableViewDataSource(controller: messages, tableView: tableView) { tableView, indexPath, message in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Message", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = message.text
            cell.contentConfiguration = content
            return cell
        }
        // Messages inserted above the first one on screen leave it where it is.
        dataSource.anchoring = .firstVisibleRow
        loadOlderMessages()
    }

    // The table view controller is its table view's delegate.
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if scrollView.contentOffset.y < scrollView.bounds.height { loadOlderMessages() }
    }

    /// The 50 messages before the oldest one loaded, one load at a time.
    func loadOlderMessages() {
        guard !isLoadingOlder, hasOlderMessages else { return }
        isLoadingOlder = true
        let oldest = messages.element(at: ResultsIndexPath(row: 0, section: 0))?.id
        Task {
            defer { isLoadingOlder = false }
            do {
                let older = try await fetchMessages(before: oldest, limit: 50)
                try messages.merge(older)   // one update: the reader's message stays put
                hasOlderMessages = older.count == 50
            } catch {
                // Nothing changes; the next scroll near the top tries again.
            }
        }
    }
}
#endif
