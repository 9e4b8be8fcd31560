@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Batches that move several rows inside one section (a sorted store whose
/// values change), small enough for the incremental diff: it handles them
/// (never falling back to the whole-table diff), reports as many moves as
/// the whole-table diff and the same deletes, inserts and changed rows,
/// and every batch passes the validator (fewest moves included) and
/// applies to every kind of simulated view.
@MainActor
@Suite struct IncrementalMoveTests {
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var sections: [String]
        var filtered: Bool
        var testDescription: String { name }
    }

    nonisolated static let shapes = [
        Shape(name: "one section", sections: ["a"], filtered: false),
        Shape(name: "four sections", sections: ["a", "b", "c", "d"], filtered: false),
        Shape(name: "four sections, filtered", sections: ["a", "b", "c", "d"], filtered: true),
    ]

    /// One random edit of a batch: mostly a new value (the row moves in
    /// its section), sometimes another section, a new row or a removal.
    static func edit(_ store: ResultsStore<Entry, Int>, _ shape: Shape, nextKey: inout Int, using random: inout SeededRandomNumberGenerator) -> (Entry?, remove: Int?) {
        let keys = store.allElements.map(\.id)
        let key = keys.randomElement(using: &random)!
        let group = store.element(forKey: key)!.group
        switch Int.random(in: 0..<20, using: &random) {
        case 0:
            nextKey += 1
            return (Entry(id: nextKey, value: Int.random(in: 0..<1_000, using: &random), group: shape.sections.randomElement(using: &random)!), nil)
        case 1 where keys.count > 200:
            return (nil, key)
        case 2:
            return (Entry(id: key, value: Int.random(in: 0..<1_000, using: &random), group: shape.sections.randomElement(using: &random)!), nil)
        default:
            return (Entry(id: key, value: Int.random(in: 0..<1_000, using: &random), group: group), nil)
        }
    }

    @Test(arguments: shapes)
    func severalMovesInASectionAreIncrementalAndFewest(_ shape: Shape) throws {
        var random = SeededRandomNumberGenerator(seed: 7)
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)], sectionedBy: shape.sections.count > 1 ? .by(\.group) : nil)
        try store.setData((0..<300).map { Entry(id: $0, value: Int.random(in: 0..<1_000, using: &random), group: shape.sections[$0 % shape.sections.count]) })
        let controller = ResultsController(store: store)
        if shape.filtered { try controller.addFilter(ResultsFilter(title: "not a multiple of 5") { $0.value % 5 != 0 }) }
        let screens = everyViewKind.map { Screen(controller, flavor: $0.0, countMode: $0.1) }
        var shown = controller.snapshot.sections.map(ResultsSection.init)
        var violations: [String] = []
        let observation = controller.observe { update in
            let new = update.snapshot.sections.map(ResultsSection.init)
            violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: new, key: \.id).map(\.description)
            shown = new
        }
        defer { observation.cancel() }

        var nextKey = 1_000
        var severalMoves = 0
        for batch in 0..<120 {
            var copy = controller.store
            var edits: [(Entry?, remove: Int?)] = []
            for _ in 0..<Int.random(in: 2...24, using: &random) { edits.append(Self.edit(copy, shape, nextKey: &nextKey, using: &random)) }
            for (entry, key) in edits {
                if let entry { if copy.contains(key: entry.id) { try copy.replace(entry) } else { try copy.add(entry) } }
                if let key { try copy.remove(key: key) }
            }
            // The way a batch of edits takes, as `pendingChangeset` chooses it.
            #expect(!copy.tracker.needsFullDiff && !copy.tracker.visibilityChanged)
            let incremental = copy.incrementalChangeset()
            let whole = copy.wholeTableChangeset()
            guard let incremental else {
                Issue.record("batch \(batch): the incremental diff gave up")
                break
            }
            #expect(Self.moves(incremental) == Self.moves(whole), "batch \(batch): \(summary(incremental)) against \(summary(whole))")
            #expect(Self.others(incremental) == Self.others(whole), "batch \(batch): \(summary(incremental)) against \(summary(whole))")
            if incremental.sectionChanges.isEmpty, Self.maxMovesInASection(incremental) > 1 { severalMoves += 1 }

            try controller.performBatchUpdates { () throws(ResultsError) in
                for (entry, key) in edits {
                    if let entry { if controller.store.contains(key: entry.id) { try controller.replace(entry) } else { try controller.add(entry) } }
                    if let key { try controller.remove(key: key) }
                }
            }
            #expect(violations.isEmpty, "batch \(batch): \(violations)")
            guard violations.isEmpty, screens.allSatisfy({ $0.expectConsistent("batch \(batch)") }) else { break }
        }
        // Most batches moved several rows in one section.
        #expect(severalMoves > 60, "\(severalMoves) batches moved several rows in a section")
    }

    /// Rows 1 and 2 go past row 3, keeping their order: the one move that
    /// suffices is of row 3, which the batch did not touch.
    @Test func theFewestMovesMayMoveAnUntouchedRow() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)])
        try store.setData([Entry(id: 1, value: 10), Entry(id: 2, value: 20), Entry(id: 3, value: 30)])
        _ = store.takeChangeset()
        let old = store.snapshot.sections.map(ResultsSection.init)
        // 1 and 2 go past 3, keeping their order: moving 3 alone is fewest.
        try store.replace(Entry(id: 1, value: 40))
        try store.replace(Entry(id: 2, value: 50))
        let changes = store.incrementalChangeset()
        #expect(changes.map(summary) == ["move 3 [0, 2]→[0, 0]", "update 1 [0, 0]→[0, 1]", "update 2 [0, 1]→[0, 2]"])
        _ = store.takeValidatedChangeset(from: old)
    }

    static func moves(_ changeset: ResultsChangeset<Entry, Int>) -> Int {
        changeset.elementChanges.filter { $0.kind == .move }.count
    }

    /// The deletes and inserts, and the rows reported changed (updated, or moved and updated).
    static func others(_ changeset: ResultsChangeset<Entry, Int>) -> [String] {
        changeset.elementChanges.compactMap { change -> String? in
            switch change.kind {
            case .delete, .insert: "\(change.kind) \(change.key)"
            case .update: "changed \(change.key)"
            case .move: change.isUpdated ? "changed \(change.key)" : nil
            }
        }.sorted()
    }

    static func maxMovesInASection(_ changeset: ResultsChangeset<Entry, Int>) -> Int {
        var counts: [Int: Int] = [:]
        for change in changeset.elementChanges where change.kind == .move && change.indexPath?.section == change.newIndexPath?.section {
            counts[change.indexPath!.section, default: 0] += 1
        }
        return counts.values.max() ?? 0
    }
}
