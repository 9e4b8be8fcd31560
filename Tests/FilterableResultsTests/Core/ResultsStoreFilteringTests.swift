import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@Suite("Filters and live search")
struct ResultsStoreFilteringTests {
    func store(_ values: [Int], hidesEmptySections: Bool = false) throws -> ResultsStore<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: hidesEmptySections)
        try store.setData(values.enumerated().map { Entry(id: $0.offset + 1, value: $0.element) })
        _ = store.takeChangeset()
        return store
    }

    static let even = ResultsFilter<Entry>(title: "even", group: "parity") { $0.value % 2 == 0 }
    static let odd = ResultsFilter<Entry>(title: "odd", group: "parity") { $0.value % 2 != 0 }
    static let small = ResultsFilter<Entry>(title: "small") { $0.value < 5 }

    @Test func aFilterHidesRowsAsDeletesWithoutMoves() throws {
        var store = try store([1, 2, 3, 4])
        let changes = store.validatedChanges { $0.addFilter(Self.even) }
        #expect(summary(changes) == ["delete 1 [0, 0]", "delete 3 [0, 2]"])
        #expect(keys(store.snapshot.sections.map(ResultsSection.init)) == [[2, 4]])
        #expect(keys(store.rawSections) == [[1, 2, 3, 4]])
    }

    /// An element wider than 64 bytes: its storage chunks hold fewer than 64 rows.
    struct WideEntry: Equatable {
        var id: Int
        var name = "", company = "", city = "", country = "", note = ""
    }

    @Test func aFilterOverElementsWiderThan64BytesShowsExactlyTheMatches() throws {
        #expect(MemoryLayout<WideEntry>.stride > 64)
        var store = ResultsStore<WideEntry, Int>(key: \.id)
        try store.setData((0..<300).map { WideEntry(id: $0) })
        _ = store.takeChangeset()
        let old = store.snapshot
        store.addFilter(ResultsFilter(title: "threes") { $0.id % 3 == 0 })
        let changes = store.takeChangeset()
        #expect(BatchUpdateValidator.violations(of: changes, from: old, to: store.snapshot, key: \.id).isEmpty)
        #expect(store.snapshot.sections.map { $0.map(\.id) } == [Array(stride(from: 0, to: 300, by: 3))])
        #expect(changes.count == 200)
        store.clearFilters()
        #expect(store.snapshot.count == 300)
    }

    /// A filter change and replaces where the rows stand, in one batch, in
    /// every kind of store: the visibility walk plus the rows' updates.
    @Test(arguments: [false, true])
    func aFilterChangeWithReplacesInPlaceReportsTheUpdatesOfRowsShownBeforeAndAfter(hidesEmptySections: Bool) throws {
        let stores: [ResultsStore<Entry, Int>] = [
            .items(hidesEmptySections: hidesEmptySections),
            .items(sortedBy: [.ascending(\.value)], hidesEmptySections: hidesEmptySections),
            .items(sectionedBy: .by(\.group), hidesEmptySections: hidesEmptySections),
        ]
        for var store in stores {
            try store.setData((1...200).map { Entry(id: $0, value: $0, group: $0 <= 100 ? "a" : "b") })
            store.addFilter(Self.even)
            _ = store.takeChangeset()
            let old = store.snapshot.sections.map(ResultsSection.init)
            store.addFilter(ResultsFilter(title: "small", group: "parity") { $0.value <= 120 })   // replaces "even"
            try store.replace(Entry(id: 4, value: 4, group: "a"))                              // the same: no update
            try store.update(6) { $0.value = 6 }                                               // the same
            try store.replace(Entry(id: 102, value: 102, group: "b"))
            try store.update(10) { $0.group = "a" }
            _ = try store.update(8) { $0.id = 8 }
            try store.replace(Entry(id: 12, value: 12, group: "a"))
            let changeset = store.takeValidatedChangeset(from: old)
            #expect(changeset.elementChanges.filter { $0.kind == .update }.isEmpty, "nothing shown changed content")
            #expect(keys(store.snapshot.sections.map(ResultsSection.init)).flatMap { $0 } == Array(1...120))
            // A content change of a row shown before and after, with a filter change.
            let before = store.snapshot.sections.map(ResultsSection.init)
            store.addFilter(ResultsFilter(title: "odd", group: "parity") { $0.value % 2 == 1 || $0.id == 4 })
            try store.replace(Entry(id: 3, value: 3, group: "a"))          // shown before and after, the same
            if store.sortKeys.isEmpty {
                try store.update(11) { $0.value = 1_011 }                  // not what a sectioned store sections by
            } else {
                try store.update(11) { $0.group = "c" }                    // not what the sorted store sorts by
            }
            try store.update(12) { $0.group = "a" }                        // hidden now: no update
            let changes = store.takeValidatedChangeset(from: before)
            #expect(store.snapshot.count == 101)
            #expect(changes.elementChanges.filter { $0.kind == .update }.map(\.key) == [11])
            #expect(changes.elementChanges.filter { $0.kind == .delete }.count == 59)
            #expect(changes.elementChanges.filter { $0.kind == .insert }.count == 40)
        }
    }

    @Test func aFilterOfTheSameGroupReplacesItInPlace() throws {
        var store = try store([1, 2, 6, 7])
        store.addFilters([Self.even, Self.small])
        store.addFilter(Self.odd)
        #expect(store.filters.map(\.title) == ["odd", "small"])
        #expect(keys(store.snapshot.sections.map(ResultsSection.init)) == [[1]])
    }

    @Test func everyAppliedFilterMustMatch() throws {
        var store = try store([1, 2, 6, 8, 3])
        store.addFilters([Self.even, Self.small])
        #expect(keys(store.snapshot.sections.map(ResultsSection.init)) == [[2]])
    }

    @Test func removingTheLastFilterRestoresTheViewAndLaterEditsShow() throws {
        var store = try store([1, 2])
        store.addFilter(Self.even)
        _ = store.takeChangeset()
        let changes = store.validatedChanges { $0.removeFilter(title: "even", group: "parity") }
        #expect(summary(changes) == ["insert 1→[0, 0]"])
        #expect(store.filters.isEmpty)
        let added = try store.validatedChanges { try $0.add(Entry(id: 9, value: 3)) }
        #expect(summary(added) == ["insert 9→[0, 2]"])
    }

    @Test func removingAFilterThatIsNotAppliedIsANoOp() throws {
        var store = try store([1, 2])
        store.removeFilter(title: "nope", group: nil)
        #expect(store.takeChangeset().isEmpty)
    }

    @Test func editsWhileFilteredAreStoredAndShownByVisibility() throws {
        var store = try store([2, 4])
        store.addFilter(Self.even)
        _ = store.takeChangeset()
        let hiddenAdd = try store.validatedChanges { try $0.add(Entry(id: 3, value: 1)) }
        #expect(hiddenAdd.isEmpty)
        #expect(store.rawCount == 3)
        let reveal = try store.validatedChanges { try $0.replace(Entry(id: 3, value: 8)) }
        #expect(summary(reveal) == ["insert 3→[0, 2]"])
        let hide = try store.validatedChanges { try $0.replace(Entry(id: 1, value: 5)) }
        #expect(summary(hide) == ["delete 1 [0, 0]"])
        #expect(store.snapshot.indexPath(forKey: 3) == visible(0, 1))
        #expect(store.rawIndexPath(forKey: 3) == raw(0, 2))
    }

    @Test func hidesEmptySectionsShowsAndHidesSections() throws {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: true)
        try store.setData(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1, value: 1)]),
            ResultsSection(name: "B", elements: [Entry(id: 2, value: 2)]),
        ])
        _ = store.takeChangeset()
        let hide = store.validatedChanges { $0.addFilter(Self.even) }
        #expect(summary(hide) == ["section delete 0→-"])
        #expect(store.snapshot.numberOfSections == 1)
        let show = store.validatedChanges { $0.clearFilters() }
        #expect(summary(show) == ["section insert -→0"])
    }

    @Test func anEmptySectionIsHiddenWhateverTheReason() throws {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: true)
        try store.setData(sections: [ResultsSection(name: "A", elements: []), ResultsSection(name: "B", elements: [Entry(id: 1)])])
        #expect(store.snapshot.sections.map(\.name) == ["B"])
    }

    @Test func liveSearchIgnoresCaseAndDiacriticsAndEmptyTextRemovesIt() throws {
        struct Person: Equatable, Sendable {
            var id: Int
            var name: String
            var city: String
        }
        var store = ResultsStore<Person, Int>(key: \.id)
        try store.setData([
            Person(id: 1, name: "Zoë", city: "Oslo"),
            Person(id: 2, name: "Ann", city: "Zürich"),
            Person(id: 3, name: "Bob", city: "Rome"),
        ])
        store.search(for: "ZU", in: [\.name, \.city])
        #expect(store.snapshot.elements.map(\.id) == [2])
        store.search(for: "zo", in: [\.name, \.city])
        #expect(store.snapshot.elements.map(\.id) == [1])
        store.search(for: "", in: [\.name, \.city])
        #expect(store.snapshot.elements.map(\.id) == [1, 2, 3])
        #expect(store.filters.isEmpty)
    }

    @Test func formatStringFiltersEvaluateFieldsByName() throws {
        var store = ResultsStore<FieldValue, FieldValue>(key: { $0["id"] }, isSameContent: ==)
        try store.setData([["id": 1, "type": "t1.micro"], ["id": 2, "type": "m1.large"], ["id": 3]])
        store.addFilter(try ResultsFilter(title: "micro", group: "type", format: "type BEGINSWITH[c] 'T1'"))
        #expect(store.snapshot.elements.map { $0["id"] } == [1])
        store.addFilter(try ResultsFilter(title: "untyped", group: "type", format: "type == nil"))
        #expect(store.snapshot.elements.map { $0["id"] } == [3])
    }

    @Test func aMalformedFormatIsATypedErrorNamingThePosition() {
        #expect {
            _ = try ResultsFilter<FieldValue>(title: "bad", format: "type BEGINSWITH")
        } throws: { error in
            guard let error = error as? ResultsError, case let .invalidPredicate(text, position, _) = error else { return false }
            return text == "type BEGINSWITH" && position == 15
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func foundationPredicatesFilterToo() throws {
        var store = try store([1, 2, 3])
        store.addFilter(ResultsFilter(title: "big", #Predicate<Entry> { $0.value > 1 }))
        #expect(keys(store.snapshot.sections.map(ResultsSection.init)) == [[2, 3]])
    }
}
