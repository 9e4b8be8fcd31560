import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The changeset between two tables built apart: as valid, and as small,
/// as the one a store reports between its own states.
@Suite("Differences of two tables")
struct TableDifferenceTests {
    func section(_ name: String?, _ ids: [Int], value: Int = 0) -> ResultsSection<Entry> {
        ResultsSection(name: name, elements: ids.map { Entry(id: $0, value: value) })
    }

    @Test func twoTablesBuiltApartDifferByTheirEvents() throws {
        let old = [section("A", [1, 2, 3]), section("B", [4])]
        var new = [section("B", [4, 1]), section("C", [5])]
        new[0].elements[0].value = 9
        let changes = try ResultsStore.changeset(from: old, to: new, key: { $0.id })
        #expect(BatchUpdateValidator.violations(of: changes, from: old, to: new, key: \.id).isEmpty)
        #expect(changes.sectionChanges.contains(.delete(at: 0, name: "A")) && changes.sectionChanges.contains(.insert(at: 1, name: "C")))
        // 2, 3 and 5 go and come with their sections: no row events there.
        #expect(Set(changes.elementChanges.map(\.key)) == [1, 4])
        #expect(changes.elementChanges.first { $0.key == 1 }?.kind == .insert, "its old section is deleted: no move out of it")
        #expect(changes.elementChanges.first { $0.key == 4 }?.kind == .update, "4's content changed")
    }

    @Test func identicalTablesDifferByNothing() throws {
        let table = [section("A", [1, 2]), section(nil, [3])]
        #expect(try ResultsStore.changeset(from: table, to: table, key: { $0.id }).isEmpty)
        #expect(try ResultsStore.changeset(from: [], to: [], key: { (entry: Entry) in entry.id }).isEmpty)
    }

    @Test func aRepeatedKeyOrSectionNameIsRefusedNamingIt() {
        #expect(throws: ResultsError.duplicateKey("2")) {
            try ResultsStore.changeset(from: [section("A", [1, 2])], to: [section("A", [2]), section("B", [2])], key: { $0.id })
        }
        #expect(throws: ResultsError.duplicateSection("A")) {
            try ResultsStore.changeset(from: [section("A", [1])], to: [section("A", [1]), section("A", [2])], key: { $0.id })
        }
    }

    /// Random edits of a store: the difference of its tables before and
    /// after is valid and has the same inserts, deletes, updates and
    /// number of moves as the store's own changeset.
    @Test(arguments: 0..<60)
    func aDifferenceMatchesTheStoresOwnChangeset(seed: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed))
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: false)
        var next = 0
        let names = ["A", "B", "C", "D"].filter { _ in Bool.random(using: &random) }
        try store.setData(sections: names.map { name in
            section(name, (0..<Int.random(in: 0...6, using: &random)).map { _ in next += 1; return next })
        } + [section(nil, [100])])
        _ = store.takeChangeset()
        let before = store.snapshot.sections.map(ResultsSection.init)
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let sections = store.numberOfRawSections
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                next += 1
                try store.add(Entry(id: next), toSection: Int.random(in: 0..<sections, using: &random))
            case 1:
                if let key = store.rawSections.flatMap(\.elements).randomElement(using: &random)?.id { try store.remove(key: key) }
            case 2:
                if let key = store.rawSections.flatMap(\.elements).randomElement(using: &random)?.id {
                    try store.update(key) { $0.value += 1 }
                }
            case 3:
                let from = Int.random(in: 0..<sections, using: &random), to = Int.random(in: 0..<sections, using: &random)
                if let rows = store.numberOfRawElements(inSection: from), rows > 0 {
                    let limit = store.numberOfRawElements(inSection: to)! - (from == to ? 1 : 0)
                    try store.move(from: raw(from, Int.random(in: 0..<rows, using: &random)), to: raw(to, Int.random(in: 0...limit, using: &random)))
                }
            default:
                if sections > 1 { try store.removeSection(at: Int.random(in: 0..<sections, using: &random)) }
            }
        }
        let after = store.snapshot.sections.map(ResultsSection.init)
        let own = store.takeChangeset()
        let difference = try ResultsStore.changeset(from: before, to: after, key: { $0.id })
        let context = "seed \(seed): \(before.map { $0.elements.map(\.id) }) → \(after.map { $0.elements.map(\.id) })"
        #expect(BatchUpdateValidator.violations(of: difference, from: before, to: after, key: \.id).isEmpty, "\(context)")
        func summary(_ changeset: ResultsChangeset<Entry, Int>) -> [String] {
            var lines = changeset.elementChanges.filter { $0.kind != .move }.map { "\($0.kind) \($0.key)" }.sorted()
            lines.append("\(changeset.elementChanges.filter { $0.kind == .move }.count) moves")
            lines.append("\(changeset.elementChanges.filter(\.isUpdated).map(\.key).sorted()) moved and updated")
            lines += changeset.sectionChanges.map(\.description).sorted()
            return lines
        }
        #expect(summary(difference) == summary(own), "\(context)")
    }
}
