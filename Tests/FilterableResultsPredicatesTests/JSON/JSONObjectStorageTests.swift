import FilterableResults
@testable import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Testing

/// `JSONObject` keeps its keys (shared among objects of one shape) and its
/// values in one buffer, copied on write: these pin that every change reads
/// as it would on an array of members, and never reaches another copy.
@Suite("JSONObject storage")
struct JSONObjectStorageTests {
    /// The object's members as plain pairs.
    private func pairs(_ object: JSONObject) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: object.map { ($0.key, $0.value) })
    }

    @Test("random sets, appends, removals and reservations match an array of members, and copies taken on the way keep theirs", arguments: 0..<6)
    func changesMatchAnArrayOfMembers(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        var object = JSONObject()
        var model: [(key: String, value: JSONValue)] = []
        var copies: [(JSONObject, [(key: String, value: JSONValue)])] = []
        for step in 0..<400 {
            let key = "k\(Int.random(in: 0..<12, using: &random))"
            let value: JSONValue? = switch Int.random(in: 0..<4, using: &random) {
            case 0: nil
            case 1: .integer(step)
            case 2: .string("s\(step)")
            default: .object(["nested": .integer(step)])
            }
            object[key] = value
            switch (model.firstIndex { $0.key == key }, value) {
            case let (index?, value?): model[index].value = value
            case let (index?, nil): model.remove(at: index)
            case let (nil, value?): model.append((key, value))
            case (nil, nil): break
            }
            #expect(object.keys == model.map(\.key))
            #expect(object.values == model.map(\.value))
            #expect(object.count == model.count)
            if step % 37 == 0 { copies.append((object, model)) }
            if step % 23 == 0 { object.reserveCapacity(Int.random(in: 0..<20, using: &random)) }
        }
        for (copy, expected) in copies {
            #expect(copy.keys == expected.map(\.key))
            #expect(copy.values == expected.map(\.value))
        }
    }

    @Test("parsed objects of one shape share their keys, and a change to one leaves the others")
    func parsedObjectsShareKeysButNotChanges() throws {
        let parsed = try JSONValue(parsing: #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"name": "c", "id": 3}]"#)
        guard case let .array(rows) = parsed, case var .object(first) = rows[0],
              case let .object(second) = rows[1], case let .object(third) = rows[2]
        else {
            Issue.record("expected an array of three objects")
            return
        }
        let sharedKeys = first.storage.keys.withUnsafeBufferPointer { $0.baseAddress }
        #expect(sharedKeys == second.storage.keys.withUnsafeBufferPointer { $0.baseAddress })
        #expect(third.keys == ["name", "id"])
        #expect(JSONValue.object(third) == ["id": 3, "name": "c"])
        first["extra"] = true
        first["id"] = 10
        #expect(first.keys == ["id", "name", "extra"])
        #expect(second.keys == ["id", "name"])
        #expect(pairs(second) == ["id": 2, "name": "b"])
        #expect(JSONValue.object(second) == rows[1])
    }

    @Test("objects of the same keys in another order are equal, hash alike and print sorted alike")
    func keyOrderDoesNotMatter() throws {
        let forward = try JSONValue(parsing: #"{"a": 1, "b": [2, {"c": 3}]}"#)
        let backward = try JSONValue(parsing: #"{"b": [2, {"c": 3}], "a": 1}"#)
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward.jsonTextWithSortedKeys == backward.jsonTextWithSortedKeys)
        #expect(backward.jsonText == #"{"b": [2, {"c": 3}], "a": 1}"#)
        #expect(backward.jsonTextWithSortedKeys == #"{"a": 1, "b": [2, {"c": 3}]}"#)
    }
}
