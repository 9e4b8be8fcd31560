import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Changes to several parts made in one composition batch: one update,
/// valid for every simulated view.
@MainActor
@Suite("Composition batches")
struct CompositionBatchTests {
    struct Failure: Error {}

    @Test func changesToSeveralPartsAreOneUpdate() throws {
        let screen = try FriendsScreen()
        try screen.composition.performBatchUpdates {
            try screen.friends.add(Entry(id: 8))                 // a suggestion accepted…
            try screen.suggestions.remove(key: 8)                // …leaves the suggestions
            try screen.friends.update(1) { $0.value = 5 }
            try screen.header.setSections {
                StaticSection("Account") { fixed("profile", 1); fixed("sign out") }
            }
        }
        #expect(screen.screen.updates.count == 1)
        #expect(screen.rows == [["f:profilev1", "f:sign outv0"], ["e1:1:5a", "e1:2:0a", "e1:3:0a", "e1:8:0a"], ["e2:7:0a"], ["e2:9:0b"]])
        let changes = try #require(screen.screen.updates.first).changeset
        let profile = screen.header.key(ofRow: "profile")   // a key of the static sections' own table
        #expect(Set(changes.elementChanges.filter { $0.kind == .update }.map(\.key)) == [
            .row(part: 0, showing: screen.header, key: profile), .row(part: 1, showing: screen.friends, key: 1),
        ])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func batchesNestAndTheOutermostReports() throws {
        let screen = try FriendsScreen()
        try screen.composition.performBatchUpdates {
            try screen.friends.add(Entry(id: 4))
            try screen.composition.performBatchUpdates { try screen.friends.remove(key: 1) }
            #expect(screen.screen.updates.isEmpty)
            try screen.composition.foldSection(ResultsComposition<Row>.SectionID(part: 2, name: "b"))
        }
        #expect(screen.screen.updates.count == 1)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:2:0a", "e1:3:0a", "e1:4:0a"], ["e2:7:0a"], []])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aBatchThatThrowsChangesNothingAndRethrows() throws {
        let screen = try FriendsScreen()
        let before = screen.rows
        #expect(throws: Failure.self) {
            try screen.composition.performBatchUpdates {
                try screen.friends.remove(key: 2)
                try screen.composition.foldSection(.init(part: 2, name: "b"))
                throw Failure()
            }
        }
        #expect(screen.screen.updates.isEmpty)
        #expect(screen.rows == before)
        #expect(screen.friends.snapshot.elements.map(\.id) == [1, 2, 3], "the part is back as it was")
        #expect(screen.composition.foldedSections.isEmpty)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    /// A batch a part refuses to open (it is delivering an update) opens
    /// none: the parts opened before it are closed again, and later edits
    /// report as usual.
    @Test func beginUpdatesRefusedByAPartLeavesNoBatchOpen() throws {
        let a = ResultsController(store: ResultsStore<Entry, Int>.items())
        let b = ResultsController(store: ResultsStore<Entry, Int>.items())
        let composition = ResultsComposition<Entry>([.part(a), .part(b)])
        let screen = SourceScreen(composition)
        var refused: ResultsError?
        let onB = b.observe { _ in
            do { try composition.beginUpdates() } catch { refused = error as? ResultsError }
        }
        try b.add(Entry(id: 1))
        #expect(refused == .changedDuringNotification)
        #expect(!composition.isBatching && !a.isBatching && !b.isBatching)
        try a.add(Entry(id: 2))
        #expect(screen.updates == 2)
        #expect(composition.reportedSnapshot.sections.map { $0.elements.map(\.id) } == [[2], [1]])
        screen.expectConsistent()
        withExtendedLifetime(onB) {}
    }

    /// A part removed between `beginUpdates()` and `endUpdates()`: its own
    /// batch is closed too, so its other observers hear from it again.
    @Test func endUpdatesClosesTheBatchOfAPartRemovedInIt() throws {
        let a = ResultsController(store: ResultsStore<Entry, Int>.items())
        let b = ResultsController(store: ResultsStore<Entry, Int>.items())
        let composition = ResultsComposition<Entry>([.part(a), .part(b)])
        let screen = SourceScreen(composition)
        var updatesOfB = 0
        let onB = b.observe { _ in updatesOfB += 1 }
        try composition.beginUpdates()
        try composition.removePart(at: 1)
        try composition.endUpdates()
        #expect(!b.isBatching && !composition.isBatching)
        try b.add(Entry(id: 1))
        #expect(updatesOfB == 1)
        screen.expectConsistent()
        withExtendedLifetime(onB) {}
    }

    @Test func aBatchWithNoChangeReportsNothingAndItsPartsCannotBePausedInIt() throws {
        let screen = try FriendsScreen()
        screen.composition.performBatchUpdates {}
        #expect(screen.screen.updates.isEmpty)
        try screen.composition.performBatchUpdates {
            try screen.friends.add(Entry(id: 4))
            // Each part's batch is open inside the composition's: a part cannot be paused there.
            #expect(throws: ResultsError.updatesToggledDuringBatch) { try screen.suggestions.setUpdatesEnabled(false) }
            try screen.suggestions.remove(key: 7)
        }
        #expect(screen.screen.updates.count == 1 && !screen.screen.updates[0].isReload)
        try screen.suggestions.setUpdatesEnabled(false)   // a part paused outside a batch reloads when resumed
        try screen.suggestions.remove(key: 8)
        try screen.suggestions.setUpdatesEnabled(true)
        #expect(screen.screen.updates.count == 2 && screen.screen.updates[1].isReload)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func placeholdersComeAndGoInTheBatch() throws {
        let screen = try FriendsScreen(friends: [1])
        try screen.composition.performBatchUpdates {
            try screen.friends.remove(key: 1)                    // the part's placeholder shows
            try screen.suggestions.add(Entry(id: 20, group: "c"))
        }
        #expect(screen.screen.updates.count == 1)
        // The friends' section, empty, then their placeholder.
        #expect(screen.composition.reportedSnapshot.sections.map(\.name) == ["Account", nil, nil, "a", "b", "c"])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    /// Random edits of every part inside one batch: one update, as valid as
    /// the parts' own.
    @Test(arguments: 0..<30)
    func randomBatchesAcrossPartsAreValid(seed: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed))
        let screen = try FriendsScreen(friends: Array(1...Int.random(in: 1...5, using: &random)))
        var next = 100
        try screen.composition.performBatchUpdates {
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                next += 1
                switch Int.random(in: 0..<6, using: &random) {
                case 0: try screen.friends.add(Entry(id: next))
                case 1: if let key = screen.friends.store.rawSections.flatMap(\.elements).randomElement(using: &random)?.id { try screen.friends.remove(key: key) }
                case 2: try screen.suggestions.add(Entry(id: next, group: ["a", "b", "c"].randomElement(using: &random)!))
                case 3: if let key = screen.suggestions.store.rawSections.flatMap(\.elements).randomElement(using: &random)?.id {
                    try screen.suggestions.update(key) { $0.group = ["a", "b", "d"].randomElement(using: &random)! }
                }
                case 4: if let key = screen.friends.store.rawSections.flatMap(\.elements).randomElement(using: &random)?.id {
                    try screen.friends.update(key) { $0.value += 1 }
                }
                default:
                    let id = ResultsComposition<Row>.SectionID(part: 2, name: ["a", "b"].randomElement(using: &random)!)
                    if screen.composition.foldedSections.contains(id) { try screen.composition.unfoldSection(id) } else { try? screen.composition.foldSection(id) }
                }
            }
        }
        #expect(screen.screen.updates.count <= 1)
        #expect(screen.screen.problems().isEmpty, "seed \(seed): \(screen.screen.problems())")
    }

    /// A `beginUpdates()` left open inside `performBatchUpdates` ends with
    /// it, as on a controller: the composition stayed in a batch for good
    /// and reported nothing again (found by a hunt for defects).
    @Test func aBeginLeftOpenInsidePerformBatchUpdatesEndsWithIt() throws {
        let friends = try FriendsScreen()
        try friends.composition.performBatchUpdates { () throws(ResultsError) in
            try friends.composition.beginUpdates()
            try friends.friends.add(Entry(id: 4))
        }
        #expect(!friends.friends.isBatching && !friends.composition.isBatching)
        #expect(friends.screen.updates.count == 1)
        try friends.friends.add(Entry(id: 5))
        #expect(friends.screen.updates.count == 2)
        #expect(throws: ResultsError.unbalancedEndUpdates) { try friends.composition.endUpdates() }
        #expect(friends.screen.problems().isEmpty, "\(friends.screen.problems())")
    }

    /// ... and when the body throws, the batch it opened goes with the rest.
    @Test func aBeginLeftOpenInsideAThrowingBatchGoesWithIt() throws {
        let friends = try FriendsScreen()
        #expect(throws: ResultsError.self) {
            try friends.composition.performBatchUpdates { () throws(ResultsError) in
                try friends.composition.beginUpdates()
                try friends.friends.add(Entry(id: 4))
                try friends.friends.add(Entry(id: 4))   // a duplicate key
            }
        }
        #expect(!friends.composition.isBatching)
        #expect(throws: ResultsError.unbalancedEndUpdates) { try friends.composition.endUpdates() }
        try friends.friends.add(Entry(id: 5))
        #expect(friends.screen.updates.count == 1)
        #expect(friends.screen.problems().isEmpty, "\(friends.screen.problems())")
    }

    /// A part's batch the app closed itself: the composition's
    /// `endUpdates()` says so, and ends its batch and every other part's
    /// all the same (they stayed open, and nothing was reported again).
    @Test func endUpdatesAfterAPartClosedItsOwnBatchEndsEveryBatch() throws {
        let friends = try FriendsScreen()
        try friends.composition.beginUpdates()
        try friends.friends.endUpdates()
        #expect(throws: ResultsError.unbalancedEndUpdates) { try friends.composition.endUpdates() }
        #expect(!friends.composition.isBatching && !friends.header.isBatching && !friends.suggestions.isBatching)
        try friends.suggestions.add(Entry(id: 12, group: "a"))
        #expect(friends.screen.updates.count == 1)
        #expect(friends.screen.problems().isEmpty, "\(friends.screen.problems())")
    }

    /// Folds and part changes from inside an observer of the composition
    /// are refused, as its filters are (found by a hunt for defects).
    @Test func foldsAndPartChangesAreRefusedFromInsideAnObserver() throws {
        let friends = try FriendsScreen()
        var refusals: [ResultsError?] = []
        var done = false
        let observation = friends.composition.observe { _ in
            guard !done else { return }
            done = true
            func refusal(_ body: () throws -> Void) -> ResultsError? {
                do { try body(); return nil } catch { return error as? ResultsError }
            }
            refusals.append(refusal { try friends.composition.foldSection(.init(part: 2, name: "b")) })
            refusals.append(refusal { try friends.composition.unfoldSection(.init(part: 2, name: "b")) })
            refusals.append(refusal { try friends.composition.movePart(from: 0, to: 1) })
            refusals.append(refusal { try friends.composition.removePart(at: 0) })
            refusals.append(refusal { _ = try friends.composition.insertPart(.part(friends.friends, as: { Row.entry(source: 1, $0) }), at: 0) })
        }
        try friends.friends.add(Entry(id: 4))
        #expect(refusals == Array(repeating: .changedDuringNotification, count: 5))
        #expect(friends.rows == [["f:profilev0", "f:sign outv0"], ["e1:1:0a", "e1:2:0a", "e1:3:0a", "e1:4:0a"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        withExtendedLifetime(observation) {}
    }
}

