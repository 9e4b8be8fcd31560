// A hierarchical list in SwiftUI: a ResultsOutline's table, one row per
// shown item indented by its level, a tap on a folder expanding or
// collapsing it. The outline reports each expansion as one update, and
// ObservableResults makes SwiftUI read the new table. On Linux, CI
// type-checks it against a stand-in for SwiftUI's declarations
// (.ci/swiftui); the outline's logic runs in `swift test`.
#if canImport(SwiftUI)
import SwiftUI
import FilterableResults

struct Folder: Equatable, Sendable {
    var id: Int
    var parent: Int?
    var name: String
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct FolderTree: View {
    typealias Outline = ResultsOutline<Folder, Int>

    let folders: Outline
    @State var results: ObservableResults<Outline>

    init(folders: Outline) {
        self.folders = folders
        _results = State(wrappedValue: ObservableResults(folders))
    }

    var body: some View {
        List {
            ForEach(results.snapshot, id: \.key) { row in
                Button {
                    toggle(row)
                } label: {
                    Text(label(of: row))
                }
            }
        }
    }

    /// The row's name, indented by its level, with a disclosure mark for a folder with children.
    func label(of row: Outline.Row) -> String {
        let mark = row.hasChildren ? (row.isExpanded ? "▾ " : "▸ ") : "  "
        return String(repeating: "    ", count: row.level) + mark + row.element.name
    }

    /// Expands a collapsed folder, collapses an expanded one; a file does nothing.
    func toggle(_ row: Outline.Row) {
        guard row.hasChildren else { return }
        if row.isExpanded {
            try? folders.collapse(row.key)
        } else {
            try? folders.expand(row.key)
        }
    }
}
#endif
