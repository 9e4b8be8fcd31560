import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// `merge(prune: true)` in a store that does not place rows: few changes
/// edit the positional index row by row, many rebuild it once (and a full
/// page may grow the key index). Both must leave what a reference gives:
/// the kept rows in their old places with their last content, the new rows
/// appended to the last section in input order, every key found once.
@Suite("Merge with prune")
struct MergePruneTests {
    /// What a pruning merge leaves: `old` sections without the keys the
    /// page lacks, the page's new keys appended to the last section (one
    /// unnamed section when there is none) in first-occurrence order,
    /// every element with its key's last content in the page.
    static func expected(_ old: [[Entry]], page: [Entry]) -> [[Entry]] {
        var last: [Int: Entry] = [:]
        for entry in page { last[entry.id] = entry }
        let oldKeys = Set(old.joined().map(\.id))
        var sections = old.map { $0.compactMap { last[$0.id] } }
        var seen = Set<Int>()
        let added = page.filter { !oldKeys.contains($0.id) && seen.insert($0.id).inserted }.map { last[$0.id]! }
        if !added.isEmpty {
            if sections.isEmpty { sections = [[]] }
            sections[sections.count - 1] += added
        }
        return sections
    }

    /// Merges `page` with prune into a store holding `old`, checks the
    /// changeset with the validator, the rows against ``expected(_:page:)``,
    /// every key's lookup, and that the store keeps working (an insert and
    /// a second merge).
    func check(
        old: [[Entry]], page: [Entry], filtered: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: old.map { ResultsSection(elements: $0) })
        if filtered { store.addFilter(ResultsFilter<Entry>(title: "even value", group: "parity") { $0.value % 2 == 0 }) }
        _ = store.takeChangeset()
        var summary = ResultsStore<Entry, Int>.MergeSummary()
        try store.validatedChanges(sourceLocation: sourceLocation) { summary = try $0.merge(page, prune: true) }
        let want = Self.expected(old, page: page)
        #expect(store.rawSections.map(\.elements) == want, sourceLocation: sourceLocation)
        let wantKeys = Set(want.joined().map(\.id))
        let oldKeys = Set(old.joined().map(\.id))
        #expect(store.rawCount == wantKeys.count, sourceLocation: sourceLocation)
        #expect(summary.removed == oldKeys.subtracting(wantKeys).count, sourceLocation: sourceLocation)
        #expect(summary.inserted == wantKeys.subtracting(oldKeys).count, sourceLocation: sourceLocation)
        for (section, entries) in want.enumerated() {
            for (row, entry) in entries.enumerated() {
                #expect(store.element(forKey: entry.id) == entry, sourceLocation: sourceLocation)
                #expect(store.rawIndexPath(forKey: entry.id) == raw(section, row), sourceLocation: sourceLocation)
            }
        }
        for key in oldKeys.subtracting(wantKeys) {
            #expect(store.element(forKey: key) == nil, sourceLocation: sourceLocation)
        }
        if filtered {
            let shown = store.snapshot.sections.flatMap(\.elements).map(\.id)
            #expect(shown == want.joined().filter { $0.value % 2 == 0 }.map(\.id), sourceLocation: sourceLocation)
        }
        // The store goes on: a removed key comes back, a kept one goes.
        let back = oldKeys.subtracting(wantKeys).min() ?? 1_000_000
        try store.validatedChanges(sourceLocation: sourceLocation) {
            try $0.merge([Entry(id: back, value: 2)])
            if let kept = wantKeys.min() { try $0.remove(key: kept) }
        }
        #expect(store.element(forKey: back) == Entry(id: back, value: 2), sourceLocation: sourceLocation)
        #expect(store.rawCount == wantKeys.count + 1 - (wantKeys.isEmpty ? 0 : 1), sourceLocation: sourceLocation)
    }

    /// A page for old rows 0..<n: them without a block of `removed` from
    /// the middle, every `changedEvery`th with a new value, then `added`
    /// new rows.
    static func page(old n: Int, removed: Int, added: Int, changedEvery: Int = 3) -> [Entry] {
        var page: [Entry] = []
        for id in 0..<n where id < n / 2 - removed / 2 || id >= n / 2 - removed / 2 + removed {
            page.append(Entry(id: id, value: id % changedEvery == 0 ? 1 : 0))
        }
        page += (0..<added).map { Entry(id: n + $0, value: $0 % 2) }
        return page
    }

    @Test(arguments: [1, 11, 12, 13, 23, 24, 25, 47, 48, 49, 95, 96, 97, 191, 192, 193])
    func fullPagesAtKeyIndexCapacities(n: Int) throws {
        let old = [(0..<n).map { Entry(id: $0) }]
        // From one change in n (row by row) to all of them gone and n new
        // (one rebuild, the key index holding old and new keys at once).
        for (removed, added) in [(0, 0), (1, 0), (0, 1), (1, 1), (n / 16, 0), (0, n / 16 + 1), (n / 2, n / 2), (n, 0), (0, n), (n, n), (n, 2 * n), (0, 3 * n)] {
            try check(old: old, page: Self.page(old: n, removed: removed, added: added))
        }
    }

    @Test func aroundTheOneRebuildThreshold() throws {
        let n = 640
        let old = [(0..<n).map { Entry(id: $0) }]
        for changes in 36...44 {
            try check(old: old, page: Self.page(old: n, removed: changes / 2, added: changes - changes / 2))
            try check(old: old, page: Self.page(old: n, removed: changes / 2, added: changes - changes / 2), filtered: true)
        }
    }

    @Test func repeatedKeysFoldInBothWays() throws {
        for n in [10, 400] {
            let old = [(0..<n).map { Entry(id: $0) }]
            var page = Self.page(old: n, removed: n / 4, added: n / 4)
            // Repeats of kept and of new keys, and a page in another order:
            // kept rows stay where they were.
            page += page.prefix(5).map { Entry(id: $0.id, value: 7) }
            page += page.suffix(3).map { Entry(id: $0.id, value: 9) }
            page.reverse()
            try check(old: old, page: page)
            try check(old: old, page: page, filtered: true)
        }
    }

    @Test func severalSectionsKeepTheirEmptyOnesAndNewRowsGoLast() throws {
        let old = [(0..<50).map { Entry(id: $0) }, [], (50..<100).map { Entry(id: $0) }, (100..<110).map { Entry(id: $0) }]
        // The last section emptied, the first halved, 30 new rows.
        let page = (25..<100).map { Entry(id: $0, value: $0 % 5) } + (200..<230).map { Entry(id: $0) }
        try check(old: old, page: page)
        try check(old: old, page: page, filtered: true)
        // Everything gone.
        try check(old: old, page: [])
        // A few changes only (row by row).
        try check(old: old, page: (0..<110).map { Entry(id: $0) } + [Entry(id: 500)])
    }

    @Test func aStoreWithoutSectionsGetsOne() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: [])
        _ = store.takeChangeset()
        try store.validatedChanges { try $0.merge((0..<20).map { Entry(id: $0) }, prune: true) }
        #expect(keys(store.rawSections) == [Array(0..<20)])
        try check(old: [], page: (0..<20).map { Entry(id: $0) })
    }

    @Test func aRefreshOfManyRowsBeforeTheLastChangesetWasTaken() throws {
        // Rows removed and added back between changesets keep their
        // identities: the rebuild must release rows the baseline still has.
        var store = ResultsStore<Entry, Int>.items()
        try store.setData((0..<300).map { Entry(id: $0) })
        _ = store.takeChangeset()
        let old = store.snapshot.sections.map(ResultsSection.init)
        try store.merge((100..<400).map { Entry(id: $0) }, prune: true)
        try store.merge((0..<250).map { Entry(id: $0, value: $0 % 2) }, prune: true)
        try store.merge((50..<450).map { Entry(id: $0) }, prune: true)
        store.takeValidatedChangeset(from: old)
        #expect(keys(store.rawSections) == [Array(100..<250) + Array(50..<100) + Array(250..<450)])
        for id in 50..<450 { #expect(store.element(forKey: id) == Entry(id: id)) }
        for id in 0..<50 { #expect(store.element(forKey: id) == nil) }
    }
}
