import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Refreshing every loaded page, and removing many rows as one update.
@Suite("Refreshing every loaded page")
@MainActor
struct RefreshTests {
    struct Failure: Error {}

    func feed(_ ids: [Int]) throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(ids.map { Entry(id: $0) })
        return ResultsController(store: store)
    }

    func entries(_ ids: [Int], value: Int = 0) -> [Entry] { ids.map { Entry(id: $0, value: value) } }

    @Test func aCompleteRefreshLeavesWhatAFreshLoadOfThePagesWould() async throws {
        let controller = try feed(Array(1...9))
        let screen = Screen(controller)
        let log = UpdateLog(controller)
        let pages = [[3, 1, 10], [2, 4, 11], [5, 12, 6]]   // 7, 8 and 9 are gone from the server
        try await controller.refresh {
            for page in pages { try controller.mergeRefreshPage(entries(page, value: 1)) }
        }
        #expect(keys(controller.store.rawSections) == [pages.flatMap { $0 }])
        var fresh = ResultsStore<Entry, Int>.items()
        try fresh.setData(entries(pages.flatMap { $0 }, value: 1))
        #expect(controller.store.rawSections == fresh.rawSections)
        #expect(log.updates.count == 4, "one update per page, one for the rows no page returned")
        #expect(log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
        #expect(!controller.isRefreshing)
    }

    @Test func aRefreshThatThrowsMidwayRemovesNothingAndKeepsThePagesMerged() async throws {
        let controller = try feed([1, 2, 3])
        let screen = Screen(controller)
        await #expect(throws: Failure.self) {
            try await controller.refresh {
                try controller.mergeRefreshPage(entries([2, 4], value: 1))
                throw Failure()
            }
        }
        #expect(keys(controller.store.rawSections) == [[2, 4, 1, 3]], "the page stays, 1 and 3 are not pruned")
        #expect(controller.store.element(forKey: 2)?.value == 1)
        #expect(!controller.isRefreshing)
        screen.expectConsistent()
    }

    @Test func aCancelledRefreshRemovesNothing() async throws {
        let controller = try feed([1, 2, 3])
        await #expect(throws: CancellationError.self) {
            try await controller.refresh {
                try controller.mergeRefreshPage(entries([3]))
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        #expect(keys(controller.store.rawSections) == [[3, 1, 2]])
        #expect(!controller.isRefreshing)
    }

    @Test func rowsAddedAndEditsMadeBetweenPagesAreKeptAndReportedAsTheirOwn() async throws {
        let controller = try feed([1, 2, 3])
        let screen = Screen(controller)
        let log = UpdateLog(controller)
        try await controller.refresh {
            try controller.mergeRefreshPage(entries([1]))
            try controller.add(Entry(id: 50))        // a push notification's row
            try controller.remove(key: 1)             // the user's swipe
            try controller.mergeRefreshPage(entries([3, 2]))   // after page 1, though its only row is gone: at the top
            try controller.mergeRefreshPage(entries([6, 5]))
            try controller.update(6) { $0.value = 7 }
            try controller.mergeRefreshPage(entries([4]))      // after 5, the last row of the page before still there
        }
        #expect(keys(controller.store.rawSections) == [[3, 2, 6, 5, 4, 50]], "50 came from elsewhere and stays")
        #expect(controller.store.element(forKey: 6)?.value == 7)
        // add, remove, the page that moves 3 up, the page that adds 6 and
        // 5, update, the page that adds 4; nothing is left to remove.
        #expect(log.updates.count == 6)
        #expect(log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    @Test func aSecondRefreshWhileOneRunsIsRefused() async throws {
        let controller = try feed([1, 2])
        try await controller.refresh {
            await #expect(throws: ResultsError.refreshInProgress) { try await controller.refresh {} }
            try controller.mergeRefreshPage(entries([2]))
        }
        #expect(keys(controller.store.rawSections) == [[2]])
    }

    @Test func pagesPreparedOffTheMainActorCountForTheRefresh() async throws {
        let controller = try feed([1, 2, 3, 4])
        let log = UpdateLog(controller)
        let pages = [[4, 2], [5]]
        try await controller.refresh {
            for page in pages {
                let fetched = entries(page)
                try await controller.prepareAndApply { store in try store.mergeRefreshPage(fetched) }
            }
        }
        #expect(keys(controller.store.rawSections) == [[4, 2, 5]])
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func aSortedStoreRefreshesInItsOwnOrder() async throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.descending(\.value)])
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 3, value: 3)])
        let controller = ResultsController(store: store)
        let screen = Screen(controller)
        try await controller.refresh {
            try controller.mergeRefreshPage([Entry(id: 1, value: 9), Entry(id: 4, value: 4)])
        }
        #expect(keys(controller.store.rawSections) == [[1, 4]])
        screen.expectConsistent()
    }

    @Test func aKeyOnTwoPagesStaysWhereItCameFirstAsInAFreshLoad() async throws {
        let controller = try feed([1, 2, 3, 4])
        let pages = [[1, 2, 3], [4, 3]]    // offset pagination: 3 shifted onto page 2
        try await controller.refresh {
            for page in pages { try controller.mergeRefreshPage(entries(page)) }
        }
        var fresh = ResultsStore<Entry, Int>.items()
        try fresh.setData(entries(pages.flatMap { $0 }))
        #expect(keys(controller.store.rawSections) == keys(fresh.rawSections))
        #expect(keys(controller.store.rawSections) == [[1, 2, 3, 4]])
    }

    @Test func aPlainMergeDuringARefreshIsNoPageOfIt() async throws {
        let controller = try feed(Array(1...9))
        try await controller.refresh {
            try controller.mergeRefreshPage(entries([1, 2, 3]))
            try controller.merge(entries([8], value: 5))          // a push updates 8 in place
            try controller.mergeRefreshPage(entries([4, 5, 6]))
        }
        #expect(keys(controller.store.rawSections) == [[1, 2, 3, 4, 5, 6]], "8 was not returned by a page: gone")
        let kept = try feed(Array(1...3))
        try await kept.refresh {
            try kept.mergeRefreshPage(entries([1]))
            try kept.merge(entries([7]))                           // new meanwhile: not there at the start
            try kept.mergeRefreshPage(entries([2]))
        }
        #expect(keys(kept.store.rawSections) == [[1, 2, 7]], "7 stays where the merge put it")
    }

    @Test func aRefreshOfSectionsMadeByHandKeepsRowsInTheirSections() async throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: [ResultsSection(name: "A", elements: entries([1, 2])), ResultsSection(name: "B", elements: entries([3, 4]))])
        let controller = ResultsController(store: store)
        let screen = Screen(controller)
        try await controller.refresh {
            try controller.mergeRefreshPage(entries([1, 3, 4], value: 1))
        }
        #expect(controller.store.rawSections.map(\.name) == ["A", "B"])
        #expect(keys(controller.store.rawSections) == [[1], [3, 4]])
        screen.expectConsistent()
    }

    @Test func aPruningMergeInFetchOrderKeepsTheSectionsName() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: [ResultsSection(name: "Products", elements: entries([1, 2]))])
        _ = store.takeChangeset()
        try store.merge(entries([2, 1]), prune: true, keepingFetchOrder: true)
        #expect(store.rawSections.map(\.name) == ["Products"])
        let changes = store.takeChangeset()
        #expect(changes.sectionChanges.isEmpty && changes.elementChanges.count == 1 && changes.elementChanges[0].kind == .move)
    }

    @Test func aStoreRefreshEndedWithoutARefreshRemovesNothing() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(entries([1, 2]))
        #expect(store.endRefresh() == 0)
        store.beginRefresh()
        try store.mergeRefreshPage(entries([2]))
        store.cancelRefresh()
        #expect(store.endRefresh() == 0)
        #expect(keys(store.rawSections) == [[2, 1]])
    }

    @Test func aMergeKeepingFetchOrderPlacesThePageAsOneBlockWhereItsFirstRowWas() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(entries([1, 2, 3, 4, 5]))
        try store.merge(entries([4, 9, 2]), keepingFetchOrder: true)
        #expect(keys(store.rawSections) == [[1, 4, 9, 2, 3, 5]])
        try store.merge(entries([5, 1]), prune: true, keepingFetchOrder: true)
        #expect(keys(store.rawSections) == [[5, 1]], "with prune, the page in its order, as setData leaves it")
        try store.merge(entries([7, 8]), keepingFetchOrder: true)
        #expect(keys(store.rawSections) == [[5, 1, 7, 8]], "new rows only: at the end")
    }

    @Test func aMergeKeepingFetchOrderReportsMovesNotReloads() throws {
        let controller = try feed([1, 2, 3])
        let screen = Screen(controller)
        let log = UpdateLog(controller)
        try controller.merge(entries([3, 2, 1]), prune: true, keepingFetchOrder: true)
        #expect(keys(controller.store.rawSections) == [[3, 2, 1]])
        #expect(log.updates.last?.isReload == false)
        #expect(log.updates.last?.changeset.elementChanges.allSatisfy { if case .move = $0.change { true } else { false } } == true)
        #expect(log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    @Test func removingManyKeysIsOneUpdateAndIgnoresUnknownKeys() throws {
        let controller = try feed(Array(1...20))
        let screen = Screen(controller)
        let log = UpdateLog(controller)
        #expect(try controller.remove(keys: [2, 4, 99, 4]) == 2)
        #expect(try controller.remove(keys: Array(5...20)) == 16, "many: one rebuild")
        #expect(keys(controller.store.rawSections) == [[1, 3]])
        #expect(try controller.remove(keys: [Int]()) == 0)
        #expect(log.updates.count == 2)
        #expect(log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    @Test func removeAllWhereDropsTheSectionsItEmptiesInAStoreSectionedByValue() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "a"), Entry(id: 2, group: "b"), Entry(id: 3, group: "b"), Entry(id: 4, group: "c")])
        let controller = ResultsController(store: store)
        let screen = Screen(controller)
        let log = UpdateLog(controller)
        #expect(try controller.removeAll { $0.group == "b" } == 2)
        #expect(controller.store.rawSections.map(\.name) == ["a", "c"])
        #expect(try controller.removeAll { _ in false } == 0)
        #expect(log.updates.count == 1 && log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    /// Random feeds refreshed by random pages, with edits between pages:
    /// the pages end in the order fetched, nothing fetched is lost, and
    /// every update passes the validator and the simulated view.
    @Test(arguments: 0..<40)
    func randomRefreshesEndInTheOrderFetched(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed))
        let loaded = (0..<Int.random(in: 0...30, using: &random)).map { $0 + 1 }
        let controller = try feed(loaded.shuffled(using: &random))
        let screen = Screen(controller)
        let log = UpdateLog(controller)
        let server = Array(Set((0..<Int.random(in: 0...30, using: &random)).map { _ in Int.random(in: 1...45, using: &random) })).shuffled(using: &random)
        var pages: [[Int]] = []
        var rest = server[...]
        while !rest.isEmpty {
            let size = Int.random(in: 1...8, using: &random)
            pages.append(Array(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        let fails = seed % 5 == 4 && !pages.isEmpty
        var added: [Int] = []
        do {
            try await controller.refresh {
                for (index, page) in pages.enumerated() {
                    if fails && index == pages.count - 1 { throw Failure() }
                    try controller.mergeRefreshPage(entries(page, value: 1))
                    if Bool.random(using: &random) {
                        let id = 100 + index
                        try controller.add(Entry(id: id))
                        added.append(id)
                    }
                }
            }
        } catch is Failure {}
        let shown = controller.store.rawSections.flatMap { $0.elements.map(\.id) }
        let merged = pages.dropLast(fails ? 1 : 0).flatMap { $0 }
        if fails {
            #expect(Set(shown) == Set(loaded + merged + added), "seed \(seed): a failed refresh removes nothing")
        } else {
            #expect(shown.filter { !added.contains($0) } == server, "seed \(seed): \(shown) is not the server's \(server)")
            #expect(Set(added).isSubset(of: Set(shown)), "seed \(seed): rows added meanwhile were lost")
        }
        #expect(log.violations.isEmpty, "seed \(seed): \(log.violations)")
        screen.expectConsistent("seed \(seed)")
    }
}
