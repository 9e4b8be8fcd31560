import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting
import Foundation
import Testing

/// The examples of the format predicates' and JSON values' documentation
/// comments, line for line as they are shown (`.ci/snippets/check` finds
/// each here), with what their documentation says they do.
@Suite("Documentation examples: predicates and JSON values")
struct PredicateExamplesTests {
    /// A cloud instance, its fields exposed by name.
    struct Instance: FieldValueProviding, Equatable, Sendable {
        var id: Int
        var type: String

        func fieldValue(named name: String) -> FieldValue? {
            switch name {
            case "type": .string(type)
            default: nil
            }
        }
    }

    /// A contact, its fields exposed by name.
    struct Contact: FieldValueProviding, Equatable, Sendable {
        var id: Int
        var name: String

        func fieldValue(named field: String) -> FieldValue? { field == "name" ? .string(name) : nil }
    }

    @Test func aFormatPredicateFiltersJSONValues() throws {
        let instances: [FieldValue] = [
            ["instanceType": "T1.micro", "retired": false], ["instanceType": "t1.small", "retired": true], ["instanceType": "m5.large", "retired": false],
        ]
        let predicate = try FormatPredicate("instanceType BEGINSWITH[c] 't1' AND retired == NO")
        let visible = instances.filter { predicate($0) }
        #expect(visible == [instances[0]])
    }

    @Test func aPredicateIsEvaluatedAgainstAnElementsFields() throws {
        let cheap = try FormatPredicate("price < 10 AND title BEGINSWITH[c] 'k'")
        let matches = cheap.evaluate(["price": 9.5, "title": "Kindle"] as FieldValue)   // true
        #expect(matches)
        #expect(!cheap.evaluate(["price": 10, "title": "Kindle"] as FieldValue))
    }

    @Test func aPredicateIsParsedOnce() throws {
        let predicate = try FormatPredicate("name BEGINSWITH[cd] 'e' OR score BETWEEN {10, 20}")
        #expect(predicate.evaluate(["name": "Élan", "score": 3] as FieldValue))
        #expect(predicate.evaluate(["name": "Bo", "score": 20] as FieldValue) && !predicate.evaluate(["name": "Bo", "score": 21] as FieldValue))

        let userText = "o'brien"
        let search = try FormatPredicate("name CONTAINS[cd] %@ AND score > %@",
                                         arguments: [.string(userText), 3])
        #expect(search.evaluate(["name": "Dan O'Brien", "score": 4] as FieldValue), "the text a user typed is only compared with")
        #expect(!search.evaluate(["name": "Dan O'Brien", "score": 3] as FieldValue))
    }

    @Test func aFilterIsMadeFromAFormat() throws {
        let micro = try ResultsFilter<Instance>(title: "Micro", group: "Type",
                                                format: "type BEGINSWITH[c] 't1'")
        var instances = ResultsStore<Instance, Int>(key: \.id)
        try instances.setData([Instance(id: 1, type: "T1.micro"), Instance(id: 2, type: "m5.large")])
        let old = instances.snapshot
        _ = instances.takeChangeset()
        instances.addFilter(micro)
        #expect(BatchUpdateValidator.violations(of: instances.takeChangeset(), from: old, to: instances.snapshot).isEmpty)
        #expect(instances.snapshot.elements.map(\.id) == [1])

        let searchText = "o'b"
        let search = try ResultsFilter<Contact>(title: "Search", group: "search",
                                                format: "name CONTAINS[cd] %@",
                                                arguments: [.string(searchText)])
        #expect(search.predicate(Contact(id: 1, name: "Dan O'Brien")) && !search.predicate(Contact(id: 2, name: "Ada")))
    }

    @Test func anElementExposesItsFieldsByName() throws {
        struct Game: FieldValueProviding {
            var title: String
            var score: Int

            func fieldValue(named name: String) -> FieldValue? {
                switch name {
                case "title": .string(title)
                case "score": .integer(score)
                default: nil
                }
            }
        }
        let predicate = try FormatPredicate("score > 10 AND title ==[c] 'tetris' AND missing == nil")
        #expect(predicate(Game(title: "Tetris", score: 11)) && !predicate(Game(title: "Tetris", score: 10)))
    }

    @Test func jsonValuesAreBuiltFromLiteralsAndPrinted() {
        let value: FieldValue = ["id": 1, "title": "Kindle"]
        let title = value["title"]   // .string("Kindle")
        let text = value.jsonText    // {"id": 1, "title": "Kindle"}
        #expect(title == .string("Kindle") && text == #"{"id": 1, "title": "Kindle"}"#)

        let path: FieldPath = "owner.id"
        let components = path.components   // ["owner", "id"]
        #expect(components == ["owner", "id"])
    }

    @Test func anArrayPrintsItsElements() {
        var tags: FieldArray = ["a", "b"]
        tags.append("c")
        let text = FieldValue.array(tags).jsonText   // ["a", "b", "c"]
        #expect(text == #"["a", "b", "c"]"#)
    }

    @Test func anObjectKeepsItsKeysInOrder() {
        var owner: FieldObject = ["id": 7, "name": "Ada"]
        let name = owner["name"]             // .string("Ada")
        owner["email"] = "ada@example.com"   // appended
        owner["id"] = nil                    // removed
        #expect(name == .string("Ada"))
        #expect(FieldValue.object(owner).jsonText == #"{"name": "Ada", "email": "ada@example.com"}"#)
    }

    @Test func valuesAreOrderedByKindThenValue() {
        let nullFirst = FieldValue.compare(nil, false)                          // .orderedAscending
        let byScalars = FieldValue.compare("Zebra", "apple")                    // .orderedAscending ("Z" < "a")
        let ignoringCase = FieldValue.compare("Zebra", "apple", caseInsensitive: true)   // .orderedDescending
        #expect(nullFirst == .orderedAscending && byScalars == .orderedAscending && ignoringCase == .orderedDescending)
    }

    @Test func aValueIsWrittenInPieces() {
        var text = ""
        FieldValue.array([1, 2]).writeJSONText(to: &text)   // "[1, 2]"
        #expect(text == "[1, 2]")
    }
}
