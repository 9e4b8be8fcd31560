// A table-view screen of posts with their author's name: a source over a
// join, a section per author. With the GRDB integration
// (Integrations/GRDB) its source is a `DatabaseResults` over `post`
// joined to `author`, keyed by the post's own `slug`:
//
//     let posts = try await DatabaseResults<PostWithAuthor, String>(pool, request: DatabaseResultsRequest(
//         table: "post", keyedBy: "slug",
//         joining: [.init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])],
//         orderedBy: [.ascending("title")], sectionedBy: "authorId", sectionTitle: "authorName"))
//     let screen = PostsByAuthorViewController<DatabaseResults<PostWithAuthor, String>>()
//     screen.source = posts
//
// where `PostWithAuthor` is a `FetchableRecord` with the post's columns
// and `authorName`. Each section is an author, identified by the author's
// id and titled by the name: an author renamed refreshes the section's
// header and updates its posts in place, in one animated batch; two
// authors of one name are two sections; a post keeps its row by its slug.
// (Integrations/GRDB's `JoinExampleTests` runs these lines.)
//
// The screen is generic over its source so that CI type-checks it on Linux
// against the stand-in for UIKit (.ci/uikit), which compiles only the core
// modules: the lines above, which need GRDB, are not type-checked there.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

/// What a row of the screen shows: a post's title and its author's name
/// (`nil` for a post whose author is gone).
protocol PostWithAuthorName {
    var title: String { get }
    var authorName: String? { get }
}

final class PostsByAuthorViewController<Source: ResultsSource>: UITableViewController where Source.Element: PostWithAuthorName {
    /// The posts shown, sectioned by author; set before the view loads.
    var source: Source!
    private var dataSource: ResultsTableViewDataSource<Source>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Post")
        // Section headers are the section names: the authors' names.
        dataSource = ResultsTableViewDataSource(source: source, tableView: tableView) { tableView, indexPath, post in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Post", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = post.title
            content.secondaryText = post.authorName ?? "No author"
            cell.contentConfiguration = content
            return cell
        }
    }
}
#endif
