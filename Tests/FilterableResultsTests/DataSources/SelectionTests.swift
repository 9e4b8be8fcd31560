import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A tap resolves, through the snapshot the view shows, to the row's own
/// action or the data source's handler.
@Suite("Selecting rows")
@MainActor
struct SelectionTests {
    @Test func aTapOnAControllersRowCallsTheHandlerWithTheRowTheUserSaw() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData([Entry(id: 1), Entry(id: 2), Entry(id: 3)])
        let controller = ResultsController(store: store)
        let screen = Screen(controller)
        var selected: [(ResultsIndexPath, Int)] = []
        screen.dataSource.onSelectRow = { path, entry in selected.append((path, entry.id)) }
        try controller.setUpdatesEnabled(false)
        try controller.remove(key: 1)             // the view still shows 1 2 3
        #expect(screen.view.userSelectsRow(at: visible(0, 1)))
        #expect(selected.map(\.1) == [2], "the row shown there, not the one there now")
        #expect(selected.first?.0 == visible(0, 1))
    }

    @Test func aTapOnAStaticRowRunsItsActionAndOthersGoToTheHandler() throws {
        var tapped: [String] = []
        let header = try StaticSections<Row> {
            StaticSection("Account") {
                StaticRow(Row.fixed(id: "profile", version: 0), id: "profile") { tapped.append("profile") }
                fixed("about")
            }
        }
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        try friends.setData([Entry(id: 7)])
        let composition = ResultsComposition([.part(header), .part(friends, as: { Row.entry(source: 1, $0) })])
        let screen = CompositionScreen(composition)
        let (view, dataSource) = screen.views[0]
        dataSource.onSelectRow = { _, row in tapped.append(row.description) }
        #expect(view.userSelectsRow(at: visible(0, 0)))
        #expect(view.userSelectsRow(at: visible(0, 1)))
        #expect(view.userSelectsRow(at: visible(1, 0)))
        #expect(tapped == ["profile", "f:aboutv0", "e1:7:0a"])
        #expect(composition.action(forRowAt: visible(1, 0), in: composition.reportedSnapshot) == nil)
        #expect(header.action(forRowAt: visible(0, 0), in: header.reportedSnapshot) != nil)
        #expect(screen.problems().isEmpty)
    }

    @Test func aTapOnARowTheViewDoesNotShowIsAnInvalidUserAction() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let screen = Screen(controller)
        var selected = 0
        screen.dataSource.onSelectRow = { _, _ in selected += 1 }
        #expect(!screen.view.userSelectsRow(at: visible(0, 3)))
        #expect(screen.view.exception != nil && selected == 0)
        screen.dataSource.didSelectRow(at: visible(5, 5))   // a stale call from a view: nothing happens
        #expect(selected == 0)
    }
}
