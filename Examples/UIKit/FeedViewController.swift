// A paged feed on FilterableResults: the next page loads as the user nears
// the end, one page at a time and never one page twice, with a loading row
// and an error row whose tap retries (both served by the data source, not
// cells the app fakes), and pull to refresh fetches every page loaded
// again. The pager holds all of it (ResultsController.Pager; the same
// screen runs in `swift test` against the ListViewSimulator, PagingTests).
// It needs UIKit; on Linux, CI type-checks it against a stand-in for
// UIKit's declarations (.ci/uikit).
#if canImport(UIKit) && !os(watchOS)
import Foundation
#if canImport(FoundationNetworking)  // URLSession on Linux, where CI type-checks this file
import FoundationNetworking
#endif
import UIKit
import FilterableResults

struct Post: Identifiable, Equatable, Sendable, Decodable {
    var id: Int
    var publishedAt: Date
    var title: String
}

struct PostPage: Decodable {
    var posts: [Post]
    var nextPage: Int?
}

func fetchPosts(page: Int) async throws -> PostPage {
    var components = URLComponents(string: "https://api.example.com/feed")!
    components.queryItems = [URLQueryItem(name: "page", value: String(page))]
    let (data, _) = try await URLSession.shared.data(from: components.url!)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(PostPage.self, from: data)
}

final class FeedViewController: UITableViewController {
    let posts = ResultsController(store: ResultsStore<Post, Int>(key: \.id, sortedBy: [.descending(\.publishedAt)]))
    private var pager: ResultsController<Post, Int>.Pager!
    private var dataSource: ResultsTableViewDataSource<ResultsController<Post, Int>>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Post")
        dataSource = ResultsTableViewDataSource(controller: posts, tableView: tableView) { tableView, indexPath, post in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Post", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = post.title
            cell.contentConfiguration = content
            return cell
        }
        pager = ResultsController<Post, Int>.Pager(controller: posts) { number in
            let page = try await fetchPosts(page: number)
            return .init(page.posts, isLast: page.nextPage == nil)
        }
        // Rows shown near the end load the next page; a tap on the error row retries.
        tableView.delegate = dataSource
        dataSource.loadPages(with: pager)   // the default loading and error rows
        pager.loadNextPage()

        #if !os(tvOS)  // tvOS has no refresh control
        let refreshControl = UIRefreshControl()
        refreshControl.addAction(UIAction { [unowned self] _ in
            Task {
                try? await pager.refresh()   // a failure keeps the pages shown
                tableView.refreshControl?.endRefreshing()
            }
        }, for: .valueChanged)
        tableView.refreshControl = refreshControl
        #endif
    }
}
#endif
