import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// `ResultsDataSource.anchoring`: the row the user reads stays where it is
/// on screen while rows arrive, leave or grow above it.
@Suite("Anchored updates: the row being read stays put")
@MainActor
struct AnchoringTests {
    /// A chat shown in a simulated table: messages oldest first (the
    /// element's `value` is its time), one section per day with a header,
    /// rows of three heights. Every update is checked by the validator.
    @MainActor
    final class Chat {
        let controller: ResultsController<Entry, Int>
        let view = ListViewSimulator<String>(flavor: .tableView, countMode: .cached)
        let dataSource: EntryDataSource
        private(set) var violations: [String] = []
        private var shown: [ResultsSection<Entry>]
        private var observation: ResultsObservation?

        init(messages: [Int], anchoring: EntryDataSource.Anchoring) throws {
            var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)], sectionedBy: .by(\.group))
            try store.setData(messages.map(Self.message))
            controller = ResultsController(store: store)
            dataSource = ResultsDataSource(controller: controller, view: view) { _, entry in entry.description }
            dataSource.anchoring = anchoring
            view.dataSource = dataSource
            view.viewport = ListViewSimulator<String>.Viewport(height: 600) { cell in
                // "137:137day6": a message's height follows its id.
                44 + 20 * Double((Int(cell.prefix { $0 != ":" }) ?? 0) % 3)
            }
            shown = controller.snapshot.sections.map(ResultsSection.init)
            observation = controller.observe { [unowned self] update in
                if !update.isReload {
                    let found = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot.sections.map(ResultsSection.init), key: \.id)
                    violations += found.map(\.description)
                }
                shown = update.snapshot.sections.map(ResultsSection.init)
            }
        }

        /// The message with id `id`, sent at time `id`, on day `id / 20`.
        static func message(_ id: Int) -> Entry { Entry(id: id, value: id, group: "day\(id / 20)") }

        /// How far the top of message `id` is below the top of what the user sees.
        func distanceFromTop(ofMessage id: Int) -> Double? {
            guard let path = dataSource.snapshot.indexPath(forKey: id), let bounds = view.verticalBounds(ofRowAt: path) else { return nil }
            return bounds.lowerBound - view.contentOffset
        }

        /// The id of the first message on screen.
        var firstMessageOnScreen: Int? {
            view.indexPathsForVisibleRows.first.flatMap { view.cell(at: $0) }.flatMap { Int($0.prefix { $0 != ":" }) }
        }

        /// Scrolls so that message `id` is `distance` points below the top.
        func userReads(message id: Int, at distance: Double) throws {
            let path = try #require(dataSource.snapshot.indexPath(forKey: id))
            let bounds = try #require(view.verticalBounds(ofRowAt: path))
            #expect(view.userScrolls(toVisibleTop: bounds.lowerBound - distance))
        }

        /// Checks the view against the data source and the batches.
        func expectConsistent(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(view.exception == nil, "\(view.exception.map(\.description) ?? "")", sourceLocation: sourceLocation)
            #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
            #expect(view.cells == dataSource.snapshot.sections.map { $0.elements.map(\.description) }, sourceLocation: sourceLocation)
            #expect(view.staleRows().isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test func aChatThatPrependsFiftyOlderMessagesKeepsTheMessageBeingReadInPlace() throws {
        let chat = try Chat(messages: Array(100..<200), anchoring: .firstVisibleRow)
        // Message 150 is partly under the top: 17 points of it are hidden.
        try chat.userReads(message: 150, at: -17)
        #expect(chat.firstMessageOnScreen == 150)
        // Fifty older messages arrive above, three new days among them.
        try chat.controller.merge((50..<100).map(Chat.message))
        chat.expectConsistent()
        #expect(chat.dataSource.snapshot.indexPath(forKey: 150) == visible(5, 10), "days 2 to 7 come before day 7's row 10")
        #expect(chat.distanceFromTop(ofMessage: 150) == -17)
        #expect(chat.firstMessageOnScreen == 150)
        #expect(chat.view.unanimatedBatchCount == 1, "a batch that changes what is above is not animated: the row does not slide")
    }

    @Test func withoutAnchoringThePrependPushesTheMessageDown() throws {
        let chat = try Chat(messages: Array(100..<200), anchoring: .none)
        try chat.userReads(message: 150, at: -17)
        let offset = chat.view.contentOffset
        try chat.controller.merge((50..<100).map(Chat.message))
        chat.expectConsistent()
        #expect(chat.view.contentOffset == offset, "UIKit keeps the offset")
        #expect(try #require(chat.distanceFromTop(ofMessage: 150)) > 2_000, "fifty messages and three headers went above it")
        #expect(chat.firstMessageOnScreen != 150)
    }

    @Test func theMessageStaysWhenRowsAboveItAreRemovedOrGrow() throws {
        let chat = try Chat(messages: Array(0..<120), anchoring: .firstVisibleRow)
        try chat.userReads(message: 90, at: 5)
        // Older messages deleted, one above moved within its day.
        try chat.controller.performBatchUpdates { () throws(ResultsError) in
            try chat.controller.remove(keys: Array(10..<40))
            try chat.controller.update(80) { $0.value = 85 }   // reordered above, in its day
        }
        chat.expectConsistent()
        #expect(chat.distanceFromTop(ofMessage: 90) == 5)
        #expect(chat.firstMessageOnScreen == 90 || chat.firstMessageOnScreen.map { $0 < 90 } == true)
    }

    @Test func whenTheRowBeingReadIsDeletedTheNextRowOnScreenStays() throws {
        let chat = try Chat(messages: Array(0..<120), anchoring: .firstVisibleRow)
        try chat.userReads(message: 90, at: 0)
        let distance = try #require(chat.distanceFromTop(ofMessage: 91))
        try chat.controller.remove(keys: [5, 6, 90])
        chat.expectConsistent()
        #expect(chat.distanceFromTop(ofMessage: 91) == distance)
    }

    @Test func aBatchThatChangesNothingAboveIsAnimatedAndDoesNotScroll() throws {
        let chat = try Chat(messages: Array(0..<120), anchoring: .firstVisibleRow)
        try chat.userReads(message: 30, at: 0)
        let offset = chat.view.contentOffset
        try chat.controller.merge((120..<130).map(Chat.message))   // newer messages, below
        try chat.controller.remove(keys: [60])
        chat.expectConsistent()
        #expect(chat.view.contentOffset == offset)
        #expect(chat.view.unanimatedBatchCount == 0)
        #expect(chat.distanceFromTop(ofMessage: 30) == 0)
    }

    @Test func aReloadKeepsTheMessageBeingReadInPlaceToo() throws {
        let chat = try Chat(messages: Array(100..<200), anchoring: .firstVisibleRow)
        try chat.userReads(message: 170, at: 12)
        // Updates disabled while a large change lands: it comes as a reload.
        try chat.controller.setUpdatesEnabled(false)
        try chat.controller.merge((0..<100).map(Chat.message))
        try chat.controller.setUpdatesEnabled(true)
        chat.expectConsistent()
        #expect(chat.distanceFromTop(ofMessage: 170) == 12)
    }

    @Test func anchoringInAViewWithoutAViewportChangesNothing() throws {
        let chat = try Chat(messages: Array(0..<40), anchoring: .firstVisibleRow)
        chat.view.viewport = nil
        try chat.controller.merge((-20..<0).map(Chat.message))
        chat.expectConsistent()
        #expect(chat.view.contentOffset == 0 && chat.view.unanimatedBatchCount == 0)
    }
}
