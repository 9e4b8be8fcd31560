// A folder tree in an NSOutlineView: disclosure triangles expand and
// collapse the outline, files are dragged to other folders, and every
// change reaches the view as item moves, inserts and removals. It needs
// AppKit; on Linux, CI type-checks it against a stand-in for AppKit's
// declarations (.ci/appkit), and the logic that orders the outline view's
// calls runs in `swift test`.
#if canImport(AppKit) && !canImport(UIKit)
import AppKit
import FilterableResults

struct FileEntry: Equatable, Sendable {
    var path: String
    var folder: String?
    var name: String
    var isFolder: Bool
}

@MainActor
final class FileOutline {
    let files: ResultsOutline<FileEntry, String>
    private let dataSource: ResultsOutline<FileEntry, String>.OutlineViewDataSource

    init(outlineView: NSOutlineView) {
        let files = ResultsOutline<FileEntry, String>(key: \.path, parentKey: \.folder, sortedBy: [.ascending(\.name)])
        files.takesChildren = { $0.isFolder }
        self.files = files
        dataSource = ResultsOutline.OutlineViewDataSource(outline: files, outlineView: outlineView) { outlineView, column, row in
            let cell = outlineView.makeView(withIdentifier: NSUserInterfaceItemIdentifier("File"), owner: nil) as? NSTableCellView
            cell?.textField?.stringValue = row.element.name
            return cell
        }
        dataSource.canMoveRow = { _ in true }       // drag to another folder
        dataSource.canDeleteRow = { !$0.hasChildren }
        dataSource.onEditingError = { error in print("refused: \(error)") }
    }

    /// Removes the selected files (the Delete key).
    func deleteBackward() { dataSource.deleteSelectedRows() }

    /// Shows a folder's listing, loaded when the user opens it.
    func show(_ listing: [FileEntry], in folder: String?) throws {
        try files.merge(listing, under: folder)
    }
}
#endif
