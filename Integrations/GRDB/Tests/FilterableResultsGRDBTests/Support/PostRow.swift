import GRDB

/// A post with its author's name, as a join or the view reads it.
struct PostRow: Codable, Hashable, Sendable, FetchableRecord {
    var id: Int64
    var code: String
    var title: String
    var score: Int
    var authorId: Int64?
    var authorName: String?

    var cell: String { "\(id)/\(code):\(title):\(score):\(authorName ?? "-")" }
}
