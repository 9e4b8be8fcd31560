import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Parts that come, go and move at run time: one valid, animated update
/// each, the other parts' sections and rows kept (moved, never replaced).
@MainActor
@Suite("Composition parts at run time")
struct CompositionPartsTests {
    /// A controller of entries for a new part, labelled `source` in the rows.
    func enemies(_ ids: [Int]) throws -> ResultsController<Entry, Int> {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData(ids.map { Entry(id: $0) })
        return controller
    }

    @Test func anInsertedPartsSectionsAreInsertedAndTheOthersKept() throws {
        let screen = try FriendsScreen()
        let enemies = try enemies([5, 6])
        let id = try screen.composition.insertPart(.part(enemies, as: { Row.entry(source: 3, $0) }), at: 1)
        #expect(id == 3)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e3:5:0a", "e3:6:0a"], ["e1:1:0a", "e1:2:0a", "e1:3:0a"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        let changes = try #require(screen.screen.updates.last).changeset
        #expect(changes.sectionChanges == [.insert(at: 1, name: nil)] && changes.elementChanges.isEmpty)
        #expect(screen.composition.numberOfParts == 4)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")

        // The parts after it are followed at their new index.
        try screen.friends.add(Entry(id: 4))
        #expect(screen.lastRowChanges == ["insert [2, 3]"])
        try enemies.remove(key: 5)
        #expect(screen.lastRowChanges == ["delete [1, 0]"])
        #expect(screen.composition.reportedSnapshot.key(at: ResultsIndexPath(row: 3, section: 2)) == .row(part: 1, showing: screen.friends, key: 4), "keys name the part's identity")
        #expect(screen.composition.reportedSnapshot.key(at: ResultsIndexPath(row: 0, section: 1)) == .row(part: 3, showing: enemies, key: 6))
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aRemovedPartsSectionsGoAndItsSourceIsNoLongerFollowed() throws {
        let screen = try FriendsScreen()
        try screen.composition.removePart(at: 1)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        let changes = try #require(screen.screen.updates.last).changeset
        #expect(changes.sectionChanges == [.delete(at: 1, name: nil)] && changes.elementChanges.isEmpty)
        let count = screen.screen.updates.count
        try screen.friends.add(Entry(id: 4))
        #expect(screen.screen.updates.count == count)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aMovedPartsSectionsMoveWithTheirRowsAndCollapsedState() throws {
        let screen = try FriendsScreen()
        try screen.composition.foldSection(ResultsComposition<Row>.SectionID(part: 2, name: "b"))
        try screen.composition.movePart(from: 2, to: 0)
        #expect(screen.rows == [["e2:7:0a"], [], ["f:profilev0", "f:sign outv0"], ["e1:1:0a", "e1:2:0a", "e1:3:0a"]])
        let changes = try #require(screen.screen.updates.last).changeset
        #expect(changes.elementChanges.isEmpty && changes.sectionChanges.allSatisfy { $0.kind == .move })
        #expect(screen.composition.isFolded(ResultsComposition<Row>.SectionID(part: 2, name: "b")), "a part keeps its identity when it moves")
        #expect(screen.composition.reportedSnapshot.index(ofPart: 2) == 0)
        try screen.composition.unfoldSection(ResultsComposition<Row>.SectionID(part: 2, name: "b"))
        #expect(screen.rows[1] == ["e2:8:0b", "e2:9:0b"])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func partChangesAndEditsInOneBatchAreOneUpdate() throws {
        let screen = try FriendsScreen()
        let enemies = try enemies([5])
        try screen.composition.performBatchUpdates {
            try screen.composition.insertPart(.part(enemies, as: { Row.entry(source: 3, $0) }), at: 3)
            try enemies.add(Entry(id: 6))
            try screen.friends.remove(key: 2)
            try screen.composition.movePart(from: 0, to: 1)
        }
        #expect(screen.screen.updates.count == 1)
        #expect(screen.rows == [["e1:1:0a", "e1:3:0a"], ["f:profilev0", "f:sign outv0"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"], ["e3:5:0a", "e3:6:0a"]])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aPartIndexOutOfRangeIsRefusedAndChangesNothing() throws {
        let screen = try FriendsScreen()
        let enemies = try enemies([5])
        #expect(throws: ResultsError.partOutOfRange(4, partCount: 3)) { try screen.composition.insertPart(.part(enemies, as: { Row.entry(source: 3, $0) }), at: 4) }
        #expect(throws: ResultsError.partOutOfRange(-1, partCount: 3)) { try screen.composition.removePart(at: -1) }
        #expect(throws: ResultsError.partOutOfRange(3, partCount: 3)) { try screen.composition.movePart(from: 0, to: 3) }
        #expect(screen.screen.updates.isEmpty && screen.composition.numberOfParts == 3)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func placeholdersComeAndGoWithTheirParts() throws {
        let screen = try FriendsScreen(friends: [], placeholder: .row(.placeholder("nothing")))
        try screen.composition.removePart(at: 1)   // its "no friends" placeholder goes with it
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        try screen.composition.removePart(at: 1)
        try screen.composition.removePart(at: 0)
        #expect(screen.rows == [["p:nothing"]])
        let empty = try enemies([])
        try screen.composition.insertPart(.part(empty, as: { Row.entry(source: 3, $0) }, placeholder: .row(.placeholder("no enemies"))), at: 0)
        #expect(screen.rows == [[], ["p:no enemies"], ["p:nothing"]])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func randomPartChangesAndEditsKeepEveryViewValid() throws {
        for seed in 0..<10 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let screen = try FriendsScreen()
            var spare = try (0..<3).map { (label: 3 + $0, controller: try enemies([100 * ($0 + 1), 100 * ($0 + 1) + 1])) }
            var inserted: [ResultsController<Entry, Int>] = []
            for step in 0..<40 {
                let composition = screen.composition
                switch Int.random(in: 0..<6, using: &random) {
                case 0 where !spare.isEmpty:
                    let (label, part) = spare.removeLast()
                    inserted.append(part)
                    try composition.insertPart(.part(part, as: { Row.entry(source: label, $0) }), at: Int.random(in: 0...composition.numberOfParts, using: &random))
                case 1 where composition.numberOfParts > 1:
                    try composition.removePart(at: Int.random(in: 0..<composition.numberOfParts, using: &random))
                case 2 where composition.numberOfParts > 1:
                    let count = composition.numberOfParts
                    try composition.movePart(from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random))
                case 3:
                    try screen.friends.merge([Entry(id: Int.random(in: 1...6, using: &random), value: Int.random(in: 0...2, using: &random))])
                case 4:
                    try composition.performBatchUpdates {
                        try screen.suggestions.merge([Entry(id: Int.random(in: 7...12, using: &random), group: ["a", "b", "c"].randomElement(using: &random)!)])
                        if let part = inserted.randomElement(using: &random) { try part.merge([Entry(id: Int.random(in: 100...400, using: &random))]) }
                        if composition.numberOfParts > 1 { try composition.movePart(from: 0, to: composition.numberOfParts - 1) }
                    }
                default:
                    if let part = inserted.randomElement(using: &random), let key = part.snapshot.elements.first?.id { try part.remove(key: key) }
                }
                #expect(screen.screen.problems().isEmpty, "seed \(seed), step \(step): \(screen.screen.problems())")
            }
        }
    }
}
