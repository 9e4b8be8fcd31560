import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The composed batch is the parts' own changes laid end to end: with the
/// composition's filter hiding rows that move, sections folded and
/// unfolded, and parts coming, going and moving, all in one batch, every
/// batch still passes the validator (minimal moves included) and every
/// kind of view shows the composed table.
@MainActor
@Suite("Batches joined from the parts' changes")
struct CompositionJoinTests {
    /// A part sorted by value and sectioned by group: merges move its rows
    /// within and across sections.
    func sortedPart(_ ids: ClosedRange<Int>) throws -> ResultsController<Entry, Int> {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value), .ascending(\.id)], sectionedBy: .by(\.group)))
        try controller.setData(ids.map { Entry(id: $0, value: $0 % 5, group: ["a", "b"][$0 % 2]) })
        return controller
    }

    static let filters: [[ResultsFilter<Row>]] = [
        [],
        [ResultsFilter(title: "even") { row in if case let .entry(_, entry) = row { entry.id % 2 == 0 } else { true } }],
        [ResultsFilter(title: "low") { row in if case let .entry(_, entry) = row { entry.value < 3 } else { true } }],
    ]

    @Test func everyKindOfChangeInOneBatchGivesValidBatches() throws {
        var batches = 0, moves = 0, sectionMoves = 0
        for seed in 0..<30 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let header = try StaticSections<Row> { StaticSection("Account") { fixed("profile") } }
            let parts = try [sortedPart(1...12), sortedPart(20...31)]
            let composition = ResultsComposition<Row>([
                .part(header),
                .part(parts[0], as: { Row.entry(source: 0, $0) }, placeholder: .row(.placeholder("none"))),
                .part(parts[1], as: { Row.entry(source: 1, $0) }),
            ], placeholder: .row(.placeholder("nothing")))
            let screen = CompositionScreen(composition)
            var editable = parts   // a part removed from the composition may still change: nothing shows it
            var spare = try [sortedPart(40...45), sortedPart(50...53)]

            func edit(_ part: ResultsController<Entry, Int>) throws {
                let ids = part.store.snapshot.elements.map(\.id)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !ids.isEmpty:
                    try part.remove(key: ids.randomElement(using: &random)!)
                case 1:
                    try part.merge((0..<Int.random(in: 1...4, using: &random)).map { _ in
                        Entry(id: (ids.randomElement(using: &random) ?? 60) + Int.random(in: 0...1, using: &random),
                              value: Int.random(in: 0...4, using: &random), group: ["a", "b"].randomElement(using: &random)!)
                    })
                default:
                    if let id = ids.randomElement(using: &random) {
                        try part.merge([Entry(id: id, value: Int.random(in: 0...4, using: &random), group: ["a", "b"].randomElement(using: &random)!)])
                    }
                }
            }
            var log: [String] = []
            func change() throws {
                switch Int.random(in: 0..<7, using: &random) {
                case 0: log.append("filter"); try composition.replaceFilters(with: Self.filters.randomElement(using: &random)!)
                case 1:
                    let snapshot = composition.reportedSnapshot
                    if let section = (0..<snapshot.numberOfSections).randomElement(using: &random), let id = snapshot.sectionID(at: section) {
                        log.append("fold \(id)"); try composition.setFolded(!composition.isFolded(id), section: id)
                    }
                case 2 where composition.numberOfParts > 1:
                    let (from, to) = (Int.random(in: 0..<composition.numberOfParts, using: &random), Int.random(in: 0..<composition.numberOfParts, using: &random))
                    log.append("move part \(from) to \(to)")
                    try composition.movePart(from: from, to: to)
                case 3 where !spare.isEmpty:
                    let (part, label) = (spare.removeLast(), editable.count)
                    editable.append(part)
                    log.append("insert part \(label)")
                    try composition.insertPart(.part(part, as: { Row.entry(source: label, $0) }), at: Int.random(in: 0...composition.numberOfParts, using: &random))
                case 4 where composition.numberOfParts > 2:
                    log.append("remove the last part")
                    try composition.removePart(at: composition.numberOfParts - 1)
                default:
                    let label = Int.random(in: 0..<editable.count, using: &random)
                    log.append("edit part \(label)")
                    try edit(editable[label])
                }
            }

            for step in 0..<60 {
                let before = screen.updates.count
                if Bool.random(using: &random) {
                    log.append("batch")
                    try composition.performBatchUpdates { for _ in 0..<Int.random(in: 1...4, using: &random) { try change() } }
                } else {
                    try change()
                }
                let problems = screen.problems()
                #expect(problems.isEmpty, "seed \(seed), step \(step) after \(log.suffix(6)): \(problems.prefix(3))")
                if !problems.isEmpty { return }
                batches += screen.updates.count - before
                moves += screen.updates[before...].reduce(0) { $0 + $1.changeset.elementChanges.filter { $0.kind == .move }.count }
                sectionMoves += screen.updates[before...].reduce(0) { $0 + $1.changeset.sectionMoves.count }
            }
        }
        // The runs must exercise what they claim to.
        #expect(batches > 800 && moves > 50 && sectionMoves > 50, "\(batches) batches, \(moves) row moves, \(sectionMoves) section moves")
    }

    @Test func aRowMovingPastRowsTheFilterHidesDoesNotMove() throws {
        let part = ResultsController(store: ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)]))
        try part.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 4, value: 4)])
        let composition = ResultsComposition<Row>([.part(part, as: { Row.entry(source: 0, $0) })])
        let screen = CompositionScreen(composition)
        try composition.addFilter(ResultsFilter(title: "odd") { row in if case let .entry(_, entry) = row { entry.id % 2 == 1 } else { true } })
        try part.merge([Entry(id: 1, value: 3)])   // 1 moves past the hidden 2: the view shows [1, 4] before and after
        #expect(screen.updates.last?.changeset.elementChanges.map(\.change) == [.update(at: visible(0, 0), newIndexPath: visible(0, 0))])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aBatchAcrossPartsAndTheFilterIsOneUpdate() throws {
        let screen = try FriendsScreen()
        let before = screen.screen.updates.count
        try screen.composition.performBatchUpdates {
            try screen.composition.addFilter(ResultsFilter(title: "odd") { row in if case let .entry(_, entry) = row { entry.id % 2 == 1 } else { true } })
            try screen.friends.merge([Entry(id: 5)])
            try screen.suggestions.remove(key: 7)
            try screen.composition.movePart(from: 2, to: 0)
        }
        #expect(screen.screen.updates.count == before + 1)
        #expect(screen.rows == [["e2:9:0b"], ["f:profilev0", "f:sign outv0"], ["e1:1:0a", "e1:3:0a", "e1:5:0a"]])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }
}
