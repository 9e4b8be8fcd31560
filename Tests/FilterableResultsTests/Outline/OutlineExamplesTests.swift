import FilterableResults
import FilterableResultsTesting
import Foundation
import Testing

/// The examples of the outline's documentation comments, line for line as
/// they are shown (`.ci/snippets/check` finds each here), with what their
/// documentation says they do.
@MainActor
@Suite("Documentation examples: outlines")
struct OutlineExamplesTests {
    /// A file or folder, keyed by its URL.
    struct File: Equatable, Sendable, CustomStringConvertible {
        var url: URL
        var folder: URL?
        var isFolder = false
        var name: String { url.lastPathComponent }

        var description: String { name }
    }

    /// A file or folder, keyed by an id.
    struct Node: Equatable, Sendable, CustomStringConvertible {
        var id: Int
        var parent: Int?
        var name: String

        var description: String { name }
    }

    @Test func aFileTreeLoadsItsFoldersLazilyAndSearchesThem() throws {
        let root = URL(fileURLWithPath: "/")
        let documents = File(url: root.appendingPathComponent("Documents"), folder: nil)
        let rootListing = [documents, File(url: root.appendingPathComponent("Photos"), folder: nil)]
        let listing = [File(url: documents.url.appendingPathComponent("invoice.pdf"), folder: documents.url)]
        let files = ResultsOutline<File, URL>(key: \.url, parentKey: \.folder, sortedBy: [.ascending(\.name)])
        try files.setData(rootListing)
        try files.merge(listing, under: documents.url)   // a folder's children, loaded lazily
        try files.expand(documents.url)                  // they slide in below it
        try files.search(for: "invoice", in: [.field(\.name)])   // matches, with their folders
        let screen = SourceScreen(files)
        #expect(screen.rows.map { $0.map(\.element.name) } == [["Documents", "invoice.pdf"]])
        try files.search(for: "", in: [.field(\.name)])
        #expect(screen.rows.map { $0.map(\.element.name) } == [["Documents", "invoice.pdf", "Photos"]], "the user's expansion back")
        try files.search(for: "photo", in: [\File.name, \File.url])   // key paths, as the controller takes them
        #expect(screen.rows.map { $0.map(\.element.name) } == [["Photos"]])
        try files.search(for: "", in: [\File.name])
        try files.collapse(documents.url)
        #expect(screen.rows.map { $0.map(\.element.name) } == [["Documents", "Photos"]])
        screen.expectConsistent()
    }

    @Test func anOutlinesEditsAndExpansionAreOneUpdate() throws {
        let outline = ResultsOutline<Node, Int>(key: \.id, parentKey: \.parent)
        try outline.setData([Node(id: 1, name: "Documents"), Node(id: 2, name: "Photos"), Node(id: 3, parent: 2, name: "beach.jpg")])
        let screen = SourceScreen(outline)
        let folder = 1
        let listing = [Node(id: 4, parent: 1, name: "notes.txt")]
        try outline.performBatchUpdates { () throws(ResultsError) in
            try outline.merge(listing, under: folder)
            try outline.expand(folder)
        }   // one update
        #expect(screen.updates == 1 && screen.rows.map { $0.map(\.element.name) } == [["Documents", "notes.txt", "Photos"]])
        let query = "BEACH"
        try outline.search(for: query, in: [.field(\.name)])
        #expect(screen.rows.map { $0.map(\.element.name) } == [["Photos", "beach.jpg"]], "the match with its folder")
        screen.expectConsistent()
    }

    @Test func aDraggedItemMovesOntoAFolderOrBesideAnotherItem() throws {
        let root = URL(fileURLWithPath: "/")
        let archive = File(url: root.appendingPathComponent("Archive"), folder: nil, isFolder: true)
        let documents = File(url: root.appendingPathComponent("Documents"), folder: nil, isFolder: true)
        let invoice = File(url: documents.url.appendingPathComponent("invoice.pdf"), folder: documents.url)
        let notes = File(url: documents.url.appendingPathComponent("notes.txt"), folder: documents.url)
        let files = ResultsOutline<File, URL>(key: \.url, parentKey: \.folder, sortedBy: [.ascending(\.name)])
        files.takesChildren = { $0.isFolder }
        try files.setData([archive, documents, invoice, notes])
        try files.expand(documents.url)
        let screen = SourceScreen(files)
        try files.move(invoice.url, to: .onto(archive.url))     // into the folder
        try files.move(invoice.url, to: .before(notes.url))     // beside notes, in notes' folder
        #expect(files.childKeys(of: documents.url) == [invoice.url, notes.url] && files.element(forKey: invoice.url)?.folder == documents.url)
        #expect(files.childKeys(of: archive.url).isEmpty)
        #expect(throws: ResultsError.takesNoChildren(notes.url.description)) { try files.move(invoice.url, to: .onto(notes.url)) }
        #expect(screen.updates == 2)
        screen.expectConsistent()
    }

    @Test func anItemExpandsByKey() throws {
        let outline = ResultsOutline<Node, Int>(key: \.id, parentKey: \.parent)
        let folder = Node(id: 2, name: "Photos")
        try outline.setData([folder, Node(id: 3, parent: 2, name: "beach.jpg")])
        let screen = SourceScreen(outline)
        try outline.expand(folder.id)
        #expect(screen.rows.map { $0.map { "\($0.level) \($0.element.name)" } } == [["0 Photos", "1 beach.jpg"]])
        screen.expectConsistent()
    }
}
