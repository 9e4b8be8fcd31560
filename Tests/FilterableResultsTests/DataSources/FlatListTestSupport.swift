@testable import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// A list of rows as `NSTableView` keeps it: each call applied at once, in
/// the order made, every index one of the list as the calls before left it.
/// A call that names a row the list does not have is recorded as a failure
/// (`NSTableView` would raise), and applies nothing.
///
/// - `removeRows`: the indexes are rows of the list before the call, all
///   removed at once;
/// - `insertRows`: the indexes are the rows the new rows have after the
///   call (each one at most the count so far, in ascending order), their
///   content rendered from the data source as it serves them now;
/// - `moveRow(from, to)`: the row leaves `from` and is at `to` after it;
/// - `reloadRows`: the rows' content is rendered anew.
struct ReplayedList {
    var rows: [String]
    private(set) var failures: [String] = []
    private(set) var calls: [FlatListCall] = []
    private var depth = 0

    init(_ rows: [String]) { self.rows = rows }

    /// Applies `call`; `render` gives the content the data source serves at a row now.
    mutating func apply(_ call: FlatListCall, render: (Int) -> String) {
        calls.append(call)
        switch call {
        case .reloadData:
            fail("a reload instead of a batch")
        case .beginUpdates:
            depth += 1
        case .endUpdates:
            guard depth > 0 else { return fail("endUpdates without beginUpdates") }
            depth -= 1
        case let .removeRows(indexes):
            guard depth > 0 else { return fail("\(call) outside beginUpdates/endUpdates") }
            guard let last = indexes.last, last < rows.count else { return fail("\(call) in a list of \(rows.count) rows") }
            for index in indexes.reversed() { rows.remove(at: index) }
        case let .insertRows(indexes):
            guard depth > 0 else { return fail("\(call) outside beginUpdates/endUpdates") }
            for index in indexes {
                guard index <= rows.count else { return fail("\(call): row \(index) past the \(rows.count) rows") }
                rows.insert(render(index), at: index)
            }
        case let .moveRow(from, to):
            guard depth > 0 else { return fail("\(call) outside beginUpdates/endUpdates") }
            guard rows.indices.contains(from), rows.indices.contains(to) else { return fail("\(call) in a list of \(rows.count) rows") }
            rows.insert(rows.remove(at: from), at: to)
        case let .reloadRows(indexes):
            guard depth == 0 else { return fail("\(call) inside beginUpdates/endUpdates") }
            guard let last = indexes.last, last < rows.count else { return fail("\(call) in a list of \(rows.count) rows") }
            for index in indexes { rows[index] = render(index) }
        }
    }

    /// Applies every call of `calls`.
    mutating func apply(_ calls: [FlatListCall], render: (Int) -> String) {
        for call in calls { apply(call, render: render) }
        if depth != 0 { fail("\(depth) beginUpdates left open") }
    }

    /// Forgets the calls seen so far.
    mutating func forgetCalls() { calls = [] }

    private mutating func fail(_ message: String) { failures.append(message) }
}

/// Sections with titles, and their list: a titled section is a header row
/// `# title` and then its rows.
struct TitledTable: CustomStringConvertible {
    var sections: [(title: String?, rows: [String])]

    init(_ sections: [(title: String?, rows: [String])]) { self.sections = sections }

    /// The sections of `table`, titled by their names, with `render`ed rows.
    init(_ table: [ResultsSection<Entry>], render: (Entry) -> String = \.description) {
        sections = table.map { ($0.name, $0.elements.map(render)) }
    }

    var layout: FlatListLayout { FlatListLayout(elementCounts: sections.map(\.rows.count), titles: sections.map(\.title)) }

    /// The rows of the list.
    var rows: [String] { sections.flatMap { section in (section.title.map { ["# \($0)"] } ?? []) + section.rows } }

    var description: String { sections.map { "\($0.title ?? "-"): \($0.rows)" }.joined(separator: ", ") }
}

/// The batch `changeset` as the flat list records it: its calls in
/// ``ResultsListView``'s vocabulary, every content change reloaded (rows
/// that moved and changed at their old index path).
func flatChanges(_ changeset: ResultsChangeset<Entry, Int>) -> FlatListChanges {
    var changes = FlatListChanges()
    changes.deletedSections = IndexSet(changeset.sectionIndexes(.delete))
    changes.insertedSections = IndexSet(changeset.sectionIndexes(.insert))
    changes.sectionMoves = changeset.sectionMoves
    changes.deletedRows = changeset.rowIndexPaths(.delete)
    changes.insertedRows = changeset.rowIndexPaths(.insert)
    changes.rowMoves = changeset.rowMoves
    changes.reloadedRows = changeset.rowIndexPaths(.update) + changeset.elementChanges.compactMap { change in
        if case let .move(from, _, true) = change.change { from } else { nil }
    }
    return changes
}

/// Replays the calls for `changes` on the list of `old`, rendering new and
/// reloaded rows from `new`; records an issue when the calls are refused or
/// the list is not `new`'s. Returns the calls.
@discardableResult
func expectReplay(
    _ changes: FlatListChanges, from old: TitledTable, to new: TitledTable, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) -> [FlatListCall] {
    guard let calls = changes.calls(from: old.layout, to: new.layout) else {
        Issue.record("\(context()): no calls from \(old) to \(new)", sourceLocation: sourceLocation)
        return []
    }
    var list = ReplayedList(old.rows)
    let newRows = new.rows
    list.apply(calls, render: { newRows.indices.contains($0) ? newRows[$0] : "<row \($0) out of the new list>" })
    #expect(list.failures.isEmpty, "\(context()): \(list.failures) for \(calls) from \(old) to \(new)", sourceLocation: sourceLocation)
    #expect(list.rows == newRows, "\(context()): \(calls) made \(list.rows) from \(old), not \(new)", sourceLocation: sourceLocation)
    return calls
}

/// A controller shown in a list without sections, through ``ResultsDataSource``
/// and ``FlatListAdapter``, whose calls are replayed on a ``ReplayedList``.
@MainActor
final class FlatScreen {
    let controller: ResultsController<Entry, Int>
    let adapter: FlatListAdapter
    let dataSource: ResultsDataSource<ResultsController<Entry, Int>, String>
    private(set) var list: ReplayedList

    init(_ controller: ResultsController<Entry, Int>, contentUpdates: ResultsChangeset<Entry, Int>.ContentUpdates = .reconfigure) {
        self.controller = controller
        adapter = FlatListAdapter()
        dataSource = ResultsDataSource(controller: controller, view: adapter) { _, entry in entry.description }
        dataSource.contentUpdates = contentUpdates
        adapter.dataSource = dataSource
        adapter.loadLayout()
        list = ReplayedList([])
        list.rows = (0..<adapter.layout.numberOfRows).map(render)
        adapter.perform = { [unowned self] call in
            if case .reloadData = call {
                list.rows = (0..<adapter.layout.numberOfRows).map(render)
                reloads += 1
            } else {
                list.apply(call, render: render)
            }
        }
    }

    /// How many times the list was reloaded.
    private(set) var reloads = 0

    /// The content the data source serves at a row of the list now.
    func render(_ row: Int) -> String {
        switch adapter.layout.content(ofRow: row) {
        case let .header(section)?: "# \(dataSource.titleForHeader(inSection: section) ?? "?")"
        case let .element(indexPath)?: dataSource.cell(at: indexPath)
        case nil: "<row \(row) out of the list>"
        }
    }

    /// The rows the list should show: the data source's table, flattened.
    var servedRows: [String] {
        TitledTable(dataSource.snapshot.sections.map { (dataSource.titleForHeader(inSection: $0.index), $0.elements.map(\.description)) }).rows
    }

    /// Checks the list: no refused call, the rows the data source serves
    /// (no stale row), the layout the data source's, the controller's table.
    func problem() -> String? {
        if !list.failures.isEmpty { return "refused calls \(list.failures) in \(list.calls)" }
        if list.rows != servedRows { return "the list shows \(list.rows), the data source serves \(servedRows), after \(list.calls)" }
        if adapter.layout != FlatListLayout(dataSource) { return "the adapter's layout is stale" }
        let reported = TitledTable(controller.reportedSnapshot.sections.map { section in
            (controller.reportedSnapshot.value(ofSection: section.index).map(\.title) ?? section.name, section.elements.map(\.description))
        }).rows
        if servedRows != reported { return "served \(servedRows) but the controller reported \(reported)" }
        return nil
    }

    func expectConsistent(_ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let problem = problem()
        #expect(problem == nil, "\(context()): \(problem ?? "")", sourceLocation: sourceLocation)
    }

    func forgetCalls() { list.forgetCalls() }
    var calls: [FlatListCall] { list.calls }
}
