@_spi(Integrations) import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Releasing most rows of a large store at once (a reload that replaces a
/// million rows by ten thousand): the key index is rebuilt for the rows
/// that stay and the slots freed chunk by chunk, instead of a probe and a
/// write per row. The store must come out as the row-by-row release
/// leaves it: the right changes, every key found once, the rows released
/// reusable, and a copy taken before untouched.
@Suite("Bulk release")
struct BulkReleaseTests {
    /// More rows than the incremental diff follows, so the bulk path runs.
    static let size = 6_000

    static func entries(_ ids: some Sequence<Int>, value: Int = 0) -> [Entry] {
        ids.map { Entry(id: $0, value: value, group: $0 % 3 == 0 ? "a" : "b") }
    }

    /// Checks that every key of `present` is found with its element and
    /// place, and none of `absent`.
    func expectLookups(_ store: ResultsStore<Entry, Int>, present: [Entry], absent: some Sequence<Int>, sourceLocation: SourceLocation = #_sourceLocation) {
        for entry in present { #expect(store.element(forKey: entry.id) == entry, sourceLocation: sourceLocation) }
        for id in absent { #expect(store.element(forKey: id) == nil, sourceLocation: sourceLocation) }
        #expect(store.rawCount == present.count, sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func setDataThatDropsMostRowsLeavesWhatARowByRowReleaseLeaves(keyedByFunction: Bool) throws {
        var store = keyedByFunction ? ResultsStore<Entry, Int>(key: { $0.id }, isSameContent: ==) : .items()
        try store.setData(Self.entries(0..<Self.size))
        _ = store.takeChangeset()
        let before = store
        // 600 rows kept (100 changed), 300 new, 5,400 dropped.
        let kept = Self.entries(stride(from: 0, to: Self.size, by: 12)) + Self.entries(stride(from: 6, to: 1_206, by: 12), value: 1)
        let new = Self.entries(Self.size..<(Self.size + 300))
        let changeset = try store.validatedChanges { try $0.setData(kept + new) }
        #expect(changeset.elementChanges.filter { $0.kind == .delete }.count == Self.size - kept.count)
        #expect(changeset.elementChanges.filter { $0.kind == .insert }.count == new.count)
        let shown = kept + new
        let dropped = Set(0..<Self.size).subtracting(shown.map(\.id))
        expectLookups(store, present: shown, absent: dropped)
        #expect(store.snapshot.elements.map(\.id) == shown.map(\.id))
        // A copy taken before is another version: all its rows, unchanged.
        expectLookups(before, present: Self.entries(0..<Self.size), absent: [Self.size])
        // The store goes on: dropped keys come back (reusing released
        // rows), a kept one goes, a new one comes.
        try store.validatedChanges {
            try $0.merge(Self.entries(dropped.sorted().prefix(50), value: 2))
            try $0.remove(key: kept[0].id)
            try $0.add(Entry(id: 100_000))
        }
        #expect(store.rawCount == shown.count + 50)
        #expect(store.element(forKey: dropped.min()!) == Entry(id: dropped.min()!, value: 2, group: dropped.min()! % 3 == 0 ? "a" : "b"))
        #expect(store.element(forKey: kept[0].id) == nil)
        #expect(store.element(forKey: 100_000) == Entry(id: 100_000))
    }

    @Test func rowsAddedAndDroppedBetweenChangesetsAreFreedNotRetired() throws {
        // Rows the baseline never had: released straight to the free list.
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(Self.entries(0..<10))
        let old = store.snapshot.sections.map(ResultsSection.init)
        _ = store.takeChangeset()
        try store.setData(Self.entries(0..<Self.size))
        try store.setData(Self.entries(5..<15))
        try store.setData(Self.entries(0..<Self.size, value: 3))
        try store.setData(Self.entries(0..<20))
        store.takeValidatedChangeset(from: old)
        expectLookups(store, present: Self.entries(0..<20), absent: 20..<Self.size)
    }

    @Test func removingMostKeysAndAPruningMergeReleaseInBulk() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: ResultsSectioning(sectionName: \.group))
        try store.setData(Self.entries(0..<Self.size))
        store.validatedChanges { _ = $0.remove(keys: Array(0..<5_000)) }
        expectLookups(store, present: Self.entries(5_000..<Self.size), absent: 0..<5_000)
        try store.setData(Self.entries(0..<Self.size))
        let page = Self.entries(stride(from: 0, to: Self.size, by: 10), value: 4)
        try store.validatedChanges { try $0.merge(page, prune: true) }
        #expect(Set(store.snapshot.elements.map(\.id)) == Set(page.map(\.id)))
        expectLookups(store, present: page.sorted { ($0.group, $0.id) < ($1.group, $1.id) }, absent: (0..<Self.size).filter { $0 % 10 != 0 })
    }

    @Test func reenablingUpdatesReportsAReloadOnlyWhenTheTableChanged() throws {
        let controller = ResultsController(store: .items())
        try controller.setData(Self.entries(0..<Self.size))
        var updates: [ResultsUpdate<ResultsSnapshot<Entry, Int>>] = []
        let observation = controller.observe { updates.append($0) }
        defer { observation.cancel() }
        // Fewer rows: a reload, without a diff.
        try controller.setUpdatesEnabled(false)
        try controller.setData(Self.entries(0..<100))
        try controller.setUpdatesEnabled(true)
        #expect(updates.count == 1 && updates[0].isReload && updates[0].snapshot.elements.map(\.id) == Array(0..<100))
        // The same counts, other content: a reload.
        try controller.setUpdatesEnabled(false)
        try controller.setData(Self.entries(0..<100, value: 1))
        try controller.setUpdatesEnabled(true)
        #expect(updates.count == 2 && updates[1].isReload && updates[1].snapshot.elements.allSatisfy { $0.value == 1 })
        // The same table: nothing.
        try controller.setUpdatesEnabled(false)
        try controller.setData(Self.entries(0..<100, value: 1))
        try controller.setUpdatesEnabled(true)
        #expect(updates.count == 2)
        // The reported table is the table: the next change is incremental.
        try controller.remove(key: 5)
        #expect(updates.count == 3 && !updates[2].isReload && updates[2].changeset.count == 1)
    }

    @Test func aWalkInPlaceVisitsTheRowsShownInOrder() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: ResultsSectioning(sectionName: \.group), hidesEmptySections: true)
        try store.setData(Self.entries(0..<300))
        store.addFilter(ResultsFilter<Entry>(title: "some") { $0.id % 7 == 0 || $0.id % 3 != 0 })
        var walked: [Entry] = []
        store.snapshot.forEachElementInPlace { walked.append($0.pointee) }
        #expect(walked == store.snapshot.elements)
        #expect(walked.count < 300)
        var empty: [Entry] = []
        ResultsStore<Entry, Int>.items().snapshot.forEachElementInPlace { empty.append($0.pointee) }
        #expect(empty.isEmpty)
    }
}
