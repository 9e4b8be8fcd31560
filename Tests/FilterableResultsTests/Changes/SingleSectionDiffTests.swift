@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A table that is one section before and after is diffed by runs of rows
/// (``SingleSectionDiff``), not by ``TableDiff``: it must report the same
/// deletes, inserts and updated rows, exactly as many moves, and a valid
/// batch, on random refreshes (runs kept, blocks gone and new, shuffles,
/// reversals, repeated keys, content changed), with filters, sorting and
/// sections present.
@Suite("One-section diff by runs")
struct SingleSectionDiffTests {
    /// An event: its kind, row, old and new places, and whether it moved updated.
    typealias Event = (kind: RowChange.Kind, id: Int, from: ResultsIndexPath?, to: ResultsIndexPath?, isUpdated: Bool)

    /// What two diffs of the same tables must share, whichever rows of
    /// equal number they choose to move: the deletes and inserts, in order;
    /// the number of moves; the rows reported changed (updated in place, or
    /// moved and flagged updated).
    static func meaning(_ events: [Event]) -> [String] {
        let order: [RowChange.Kind] = [.delete, .insert]
        return order.flatMap { kind in
            events.filter { $0.kind == kind }.map { "\(kind) \($0.id) \($0.from.map(\.description) ?? "-")→\($0.to.map(\.description) ?? "-")" }
        } + [
            "\(events.filter { $0.kind == .move }.count) moves",
            "changed \(events.filter { $0.kind == .update || $0.isUpdated }.map(\.id).sorted())",
        ]
    }

    /// The old rows `0..<count` in a random order, and a refresh of them.
    static func tables(using random: inout SeededRandomNumberGenerator) -> (old: [Int32], new: [Int32], slots: Int) {
        let count = Int.random(in: 0...300, using: &random)
        var old = (0..<Int32(count)).map { $0 }
        if Bool.random(using: &random) { old.shuffle(using: &random) }
        var new: [Int32] = []
        var next = Int32(count)
        var index = 0
        while index < old.count {
            let run = Int.random(in: 1...30, using: &random)
            var block = Array(old[index..<Swift.min(old.count, index + run)])
            index += run
            switch Int.random(in: 0..<9, using: &random) {
            case 0: continue  // gone
            case 1: block.shuffle(using: &random)
            case 2: block.reverse()
            case 3:  // new rows before the block
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    new.append(next)
                    next += 1
                }
            case 4:  // the block goes elsewhere
                new.insert(contentsOf: block, at: Int.random(in: 0...new.count, using: &random))
                continue
            case 5: block.removeAll { _ in Int.random(in: 0..<3, using: &random) == 0 }  // rows gone here and there
            default: break
            }
            new += block
        }
        if Int.random(in: 0..<3, using: &random) == 0 { new.shuffle(using: &random) }
        return (old, new, Int(next))
    }

    @Test(arguments: 0..<200)
    func runsReportWhatTheTableDiffReports(seed: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed))
        let (old, new, slots) = Self.tables(using: &random)
        let changed = Int.random(in: 0..<3, using: &random) == 0 ? [] : (0..<slots).map { _ in Int.random(in: 0..<4, using: &random) == 0 }
        let identity = SectionIdentity(id: nil, name: nil, index: 0)
        var tableDiff = TableDiff(
            old: [VisibleSection(identity: identity, name: nil, rows: old)],
            new: [VisibleSection(identity: identity, name: nil, rows: new)], slotCount: slots, changed: changed)
        tableDiff.run()
        // TableDiff's events in the order the store gives them: by kind.
        let order: [RowChange.Kind] = [.delete, .insert, .move, .update]
        let reference: [Event] = order.flatMap { kind in
            tableDiff.rowChanges.filter { $0.kind == kind }.map { ($0.kind, Int($0.id), $0.from, $0.to, $0.isUpdated) }
        }
        let events: [ResultsChangeset<Entry, Int>.RowEvent] = SingleSectionDiff(old: old, new: new, changed: changed).events(slotCount: slots)
        let runs: [Event] = events.map { ($0.change.kind, Int($0.id), $0.change.indexPath, $0.change.newIndexPath, $0.change.isUpdated) }
        let context = "seed \(seed): \(old) → \(new)"

        #expect(tableDiff.sectionChanges.isEmpty, "\(context)")
        #expect(Self.meaning(runs) == Self.meaning(reference), "\(context)")
        #expect(runs.map(\.kind) == runs.map(\.kind).sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }, "\(context)")
        if !reference.contains(where: { $0.kind == .move }) {
            #expect(runs.map { "\($0)" } == reference.map { "\($0)" }, "\(context): no moves, so the very same events")
        }

        // Each move and update names the row's old and new places, moved
        // rows are flagged updated exactly when changed, and the rows that
        // stay put keep their old order.
        let oldRow = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
        let newRow = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
        var moved = Set<Int32>()
        for event in events {
            switch event.change {
            case let .move(from, to, isUpdated):
                moved.insert(event.id)
                #expect(from.row == oldRow[event.id] && to.row == newRow[event.id], "\(context): \(event.change)")
                #expect(isUpdated == (!changed.isEmpty && changed[Int(event.id)]), "\(context): \(event.change)")
            case let .update(from, to):
                #expect(from.row == oldRow[event.id] && to.row == newRow[event.id], "\(context): \(event.change)")
            case let .delete(at): #expect(old[at.row] == event.id && newRow[event.id] == nil, "\(context)")
            case let .insert(at): #expect(new[at.row] == event.id && oldRow[event.id] == nil, "\(context)")
            }
        }
        let stayingOldRows = new.filter { oldRow[$0] != nil && !moved.contains($0) }.map { oldRow[$0]! }
        #expect(zip(stayingOldRows, stayingOldRows.dropFirst()).allSatisfy { $0 < $1 }, "\(context)")
    }

    @Test func rowsKeptInOrderGiveUpdatesOnly() {
        let events: [ResultsChangeset<Entry, Int>.RowEvent] = SingleSectionDiff(
            old: [0, 1, 2, 3, 4], new: [0, 5, 1, 3, 4], changed: [false, false, false, true, false, false]
        ).events(slotCount: 6)
        #expect(events.map(\.change) == [
            .delete(at: visible(0, 2)), .insert(at: visible(0, 1)), .update(at: visible(0, 3), newIndexPath: visible(0, 3)),
        ])
    }

    @Test func aBlockMovedAheadMovesTheFewerRows() {
        // Runs [6, 7] and [0...5]: moving the two rows beats moving six.
        let events: [ResultsChangeset<Entry, Int>.RowEvent] = SingleSectionDiff(
            old: [0, 1, 2, 3, 4, 5, 6, 7], new: [6, 7, 0, 1, 2, 3, 4, 5], changed: []
        ).events(slotCount: 8)
        #expect(events.map(\.change) == [
            .move(from: visible(0, 6), to: visible(0, 0), isUpdated: false),
            .move(from: visible(0, 7), to: visible(0, 1), isUpdated: false),
        ])
    }

    // MARK: Through stores and controllers

    static let shapes = ["plain", "filtered", "sorted", "hiding", "byFunction", "named", "sectioned"]

    static func store(_ shape: String) -> ResultsStore<Entry, Int> {
        switch shape {
        case "sorted": return .items(sortedBy: [.ascending(\.value)])
        case "sectioned": return .items(sectionedBy: .by(\.group))
        case "byFunction": return ResultsStore<Entry, Int>(key: { $0.id }, isSameContent: { $0 == $1 })
        case "filtered", "hiding":
            var store = ResultsStore<Entry, Int>.items(hidesEmptySections: shape == "hiding")
            store.addFilter(ResultsFilter<Entry>(title: "small", group: "value") { $0.value < 3 })
            return store
        default: return .items()
        }
    }

    /// The store's pending changes by ``TableDiff`` alone, each touched
    /// row's content compared with the baseline's (as before a `setData`
    /// could vouch for its list of changed rows).
    static func byTableDiff(_ store: ResultsStore<Entry, Int>) -> ResultsChangeset<Entry, Int> {
        let slots = Swift.max(store.baseline.slots.count, store.table.slots.count)
        var changed = [Bool](repeating: false, count: slots)
        for id in store.tracker.contentTouched where store.baseline.isLive(id) && store.table.isLive(id) {
            changed[Int(id)] = store.isChanged(id)
        }
        #expect(changed == store.changedRows(slotCount: slots) || (store.tracker.contentTouched.isEmpty && store.changedRows(slotCount: slots).isEmpty))
        return store.tableDiffChangeset(old: store.baseline.visibleTable, new: store.table.visibleTable, slotCount: slots, changed: changed)
    }

    /// A store's changeset's meaning, in no order (a merge that touches
    /// few rows is diffed incrementally, which lists events in another).
    static func meaning(_ changeset: ResultsChangeset<Entry, Int>) -> [String] {
        (meaning(changeset.elementChanges.map { ($0.kind, $0.key, $0.indexPath, $0.newIndexPath, $0.isUpdated) })
            + changeset.sectionChanges.map(\.description)).sorted()
    }

    @MainActor
    @Test(arguments: shapes)
    func refreshesReportWhatTheTableDiffReports(shape: String) throws {
        for seed in 1...10 as ClosedRange<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            var store = Self.store(shape)
            let count = Int.random(in: 0...200, using: &random)
            let first = (0..<count).map { Entry(id: $0, value: Int.random(in: 0..<4, using: &random), group: ["a", "b"].randomElement(using: &random)!) }
            if shape == "named" {
                try store.setData(sections: [ResultsSection(name: "list", elements: first)])
            } else {
                try store.setData(first)
            }
            _ = store.takeChangeset()
            let validated = try ValidatedController(Self.store(shape))
            if shape == "named" {
                try validated.controller.setData(sections: [ResultsSection(name: "list", elements: first)])
            } else {
                try validated.controller.setData(first)
            }
            for step in 0..<6 {
                let old = store.rawSections.flatMap(\.elements)
                var page = Self.refresh(of: old, nextKey: count + 1_000 * (step + 1), using: &random)
                // A key repeated with other content: the first place, the last content.
                var repeats = 0
                if let repeated = page.randomElement(using: &random), Bool.random(using: &random) {
                    page.append(Entry(id: repeated.id, value: (repeated.value + 1) % 4, group: repeated.group))
                    repeats = 1
                }
                let context = "\(shape), seed \(seed), step \(step)"
                let summary: ResultsStore<Entry, Int>.MergeSummary
                let updates = validated.updates.count
                let before = store.snapshot.sections.map(ResultsSection.init)
                // The section renamed now and then: not the same section.
                let name = step == 3 ? "renamed" : "list"
                if step % 3 != 0 {
                    // A merge, pruning or not, in a store's own order or the page's.
                    let prune = step % 3 == 1, inFetchOrder = step == 4
                    summary = try store.merge(page, prune: prune, keepingFetchOrder: inFetchOrder)
                    try validated.controller.merge(page, prune: prune, keepingFetchOrder: inFetchOrder)
                } else if shape == "named" {
                    summary = try store.setData(sections: [ResultsSection(name: name, elements: page)])
                    try validated.controller.setData(sections: [ResultsSection(name: name, elements: page)])
                } else {
                    summary = try store.setData(page)
                    try validated.controller.setData(page)
                }
                #expect(summary.foldedDuplicates == repeats, "\(context)")
                let reference = Self.byTableDiff(store)
                let changeset = store.takeValidatedChangeset(from: before)
                #expect(Self.meaning(changeset) == Self.meaning(reference), "\(context)")
                if changeset.isEmpty {
                    #expect(validated.updates.count == updates, "\(context)")
                } else {
                    #expect(validated.updates.count == updates + 1, "\(context)")
                    #expect(validated.updates.last.map { Self.meaning($0.changeset) } == Self.meaning(changeset), "\(context)")
                }
                #expect(validated.violations.isEmpty, "\(context): \(validated.violations)")
                #expect(keys(store.snapshot.sections.map(ResultsSection.init)) == validated.keys, "\(context)")
            }
            // Duplicates are still refused where they are not folded.
            if let taken = store.rawSections.first?.elements.first {
                #expect(throws: ResultsError.duplicateKey(String(describing: taken.id))) { try store.add(taken) }
            }
        }
    }

    /// A refresh of the stored rows: runs kept, blocks gone and new,
    /// shuffled or reversed, contents changed.
    static func refresh(of old: [Entry], nextKey: Int, using random: inout SeededRandomNumberGenerator) -> [Entry] {
        var page: [Entry] = []
        var next = nextKey
        var index = 0
        while index < old.count {
            let run = Int.random(in: 1...24, using: &random)
            var block = Array(old[index..<Swift.min(old.count, index + run)])
            index += run
            switch Int.random(in: 0..<8, using: &random) {
            case 0: continue
            case 1: block.shuffle(using: &random)
            case 2: block.reverse()
            case 3:
                for _ in 0..<Int.random(in: 1...5, using: &random) {
                    page.append(Entry(id: next, value: Int.random(in: 0..<4, using: &random)))
                    next += 1
                }
            default: break
            }
            for var entry in block {
                if Int.random(in: 0..<5, using: &random) == 0 { entry.value = Int.random(in: 0..<4, using: &random) }
                if Int.random(in: 0..<9, using: &random) == 0 { entry.group = ["a", "b", "c"].randomElement(using: &random)! }
                page.append(entry)
            }
        }
        if old.isEmpty || Int.random(in: 0..<4, using: &random) == 0 {
            page.append(Entry(id: next, value: 1))
        }
        return page
    }
}

extension SingleSectionDiffTests {
    /// Refreshes 40 rows from a clean baseline, changing row 3 (a
    /// `setData` that vouches for the rows it changed), then applies
    /// `edit` in the same batch; returns the rows the changeset reports
    /// updated. The store's batch goes through the validator, the
    /// controller's through the validator and the simulated views.
    @MainActor
    static func updatedAfterVouchedRefresh(_ edit: (Entry) throws(ResultsError) -> Entry) throws -> [Int] {
        let first = (0..<40).map { Entry(id: $0, value: $0) }
        let refreshed = first.map { Entry(id: $0.id, value: $0.id == 3 ? 100 : $0.value) }
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(first)
        _ = store.takeChangeset()
        let before = store.snapshot.sections.map(ResultsSection.init)
        try store.setData(refreshed)
        #expect(store.tracker.exactContentVersion === store.version, "the refresh vouches for its rows")
        try store.replace(try edit(refreshed[3]))
        try store.replace(try edit(refreshed[5]))
        let changeset = store.takeValidatedChangeset(from: before)

        let validated = try ValidatedController(ResultsStore<Entry, Int>.items())
        try validated.controller.setData(first)
        let updates = validated.updates.count
        try validated.controller.performBatchUpdates { () throws(ResultsError) in
            try validated.controller.setData(refreshed)
            try validated.controller.replace(try edit(refreshed[3]))
            try validated.controller.replace(try edit(refreshed[5]))
        }
        #expect(validated.violations.isEmpty, "\(validated.violations)")
        if changeset.isEmpty {
            #expect(validated.updates.count == updates)
        } else {
            #expect(validated.updates.count == updates + 1)
            #expect(validated.updates.last.map { meaning($0.changeset) } == meaning(changeset))
        }
        return changeset.elementChanges.filter { $0.kind == .update || $0.isUpdated }.map(\.key).sorted()
    }

    /// An edit after a vouched refresh in the same batch is compared
    /// again: a row it changes is reported, not only the refresh's.
    @MainActor
    @Test func aRowChangedAfterAVouchedRefreshIsReported() throws {
        #expect(try Self.updatedAfterVouchedRefresh { $0.id == 5 ? Entry(id: 5, value: 500) : $0 } == [3, 5])
    }

    /// A row the refresh changed and an edit after it changed back is not
    /// reported: the refresh's list no longer stands.
    @MainActor
    @Test func aRowChangedBackAfterAVouchedRefreshIsNotReported() throws {
        #expect(try Self.updatedAfterVouchedRefresh { $0.id == 3 ? Entry(id: 3, value: 3) : $0 } == [])
    }
}

extension SingleSectionDiffTests {
    /// A store of two sections by value, one of them all filtered out and
    /// hidden, shows one section before and after each refresh: the
    /// refresh is diffed by runs, and means what ``TableDiff`` says.
    @MainActor
    @Test func aStoreShowingOneOfItsSectionsIsDiffedByRuns() throws {
        func store() -> ResultsStore<Entry, Int> {
            var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group), hidesEmptySections: true)
            store.addFilter(ResultsFilter<Entry>(title: "not b", group: "group") { $0.group != "b" })
            return store
        }
        for seed in 1...10 as ClosedRange<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            let first = (0..<120).map { Entry(id: $0, value: $0 % 4, group: $0 % 3 == 0 ? "b" : "a") }
            var plain = store()
            try plain.setData(first)
            _ = plain.takeChangeset()
            let validated = try ValidatedController(store())
            try validated.controller.setData(first)
            for step in 0..<4 {
                let context = "seed \(seed), step \(step)"
                let page = Self.refresh(of: plain.rawSections.flatMap(\.elements), nextKey: 1_000 * (step + 1), using: &random)
                    .map { Entry(id: $0.id, value: $0.value, group: $0.group == "b" ? "b" : "a") }
                let before = plain.snapshot.sections.map(ResultsSection.init)
                #expect(before.count == 1 && plain.rawSections.count == 2, "\(context)")
                try plain.setData(page)
                try validated.controller.setData(page)
                let reference = Self.byTableDiff(plain)
                let changeset = plain.takeValidatedChangeset(from: before)
                #expect(Self.meaning(changeset) == Self.meaning(reference), "\(context)")
                #expect(validated.violations.isEmpty, "\(context): \(validated.violations)")
                #expect(keys(plain.snapshot.sections.map(ResultsSection.init)) == validated.keys, "\(context)")
            }
        }
    }
}
