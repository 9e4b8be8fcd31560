import FilterableResults
@testable import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// `FieldObject` keeps its keys (shared among objects of one shape) and its
/// values in one buffer, copied on write: these pin that every change reads
/// as it would on an array of members, and never reaches another copy.
@Suite("FieldObject storage")
struct FieldObjectStorageTests {
    /// The object's members as plain pairs.
    private func pairs(_ object: FieldObject) -> [String: FieldValue] {
        Dictionary(uniqueKeysWithValues: object.map { ($0.key, $0.value) })
    }

    @Test("random sets, appends, removals and reservations match an array of members, and copies taken on the way keep theirs", arguments: 0..<6)
    func changesMatchAnArrayOfMembers(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        var object = FieldObject()
        var model: [(key: String, value: FieldValue)] = []
        var copies: [(FieldObject, [(key: String, value: FieldValue)])] = []
        for step in 0..<400 {
            let key = "k\(Int.random(in: 0..<12, using: &random))"
            let value: FieldValue? = switch Int.random(in: 0..<4, using: &random) {
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
        let parsed = try FieldValue(parsingJSON: #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"name": "c", "id": 3}]"#)
        guard case let .array(rows) = parsed, case var .object(first) = rows[0],
              case let .object(second) = rows[1], case let .object(third) = rows[2]
        else {
            Issue.record("expected an array of three objects")
            return
        }
        let sharedKeys = first.storage.keys.withUnsafeBufferPointer { $0.baseAddress }
        #expect(sharedKeys == second.storage.keys.withUnsafeBufferPointer { $0.baseAddress })
        #expect(third.keys == ["name", "id"])
        #expect(FieldValue.object(third) == ["id": 3, "name": "c"])
        first["extra"] = true
        first["id"] = 10
        #expect(first.keys == ["id", "name", "extra"])
        #expect(second.keys == ["id", "name"])
        #expect(pairs(second) == ["id": 2, "name": "b"])
        #expect(rows[0] == ["id": 1, "name": "a"])
        #expect(rows[0].jsonText == #"{"id": 1, "name": "a"}"#)
        var removed = second
        removed["id"] = nil
        #expect(removed.keys == ["name"] && second.keys == ["id", "name"])
    }

    @Test("keys that differ only in Unicode normalization are not one shape, and print as written")
    func normalizationKeepsShapesApart() throws {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let text = #"[{""# + precomposed + #"": 1}, {""# + decomposed + #"": 2}]"#
        let parsed = try FieldValue(parsingJSON: text)
        guard case let .array(rows) = parsed, case let .object(first) = rows[0], case let .object(second) = rows[1] else {
            Issue.record("expected an array of two objects")
            return
        }
        #expect(Array(first.keys[0].unicodeScalars) == Array(precomposed.unicodeScalars))
        #expect(Array(second.keys[0].unicodeScalars) == Array(decomposed.unicodeScalars))
        #expect(first.index(forKey: decomposed) == nil && second.index(forKey: precomposed) == nil)
        #expect(Array(parsed.jsonText.utf8) == Array(#"[{""#.utf8) + Array(precomposed.utf8) + Array(#"": 1}, {""#.utf8) + Array(decomposed.utf8) + Array(#"": 2}]"#.utf8))
    }

    @Test("an object with no members copies, compares, hashes, prints, reserves and grows again")
    func emptyObjects() {
        var object: FieldObject = ["only": 1]
        object["only"] = nil
        let empty = FieldObject()
        #expect(object.isEmpty && object.keys.isEmpty && object.values.isEmpty)
        #expect(FieldValue.object(object) == .object(empty))
        #expect(FieldValue.object(object).hashValue == FieldValue.object(empty).hashValue)
        #expect(FieldValue.object(empty).jsonText == "{}")
        var copy = empty
        copy.reserveCapacity(0)
        copy.reserveCapacity(3)
        copy["a"] = 1
        object["b"] = 2
        #expect(empty.isEmpty && copy.keys == ["a"] && object.keys == ["b"])
    }

    @Test("removing, replacing and growing around a deep value on a 512 KB stack", arguments: [5_000, 100_000])
    func deepValuesThroughChanges(depth: Int) async {
        let outcome = await SmallStack.run { () -> [Bool] in
            func deep() -> FieldValue {
                var value: FieldValue = 1
                for _ in 0..<depth { value = .object(["a": value]) }
                return value
            }
            var removed: FieldObject = ["a": deep(), "b": 2]
            removed["a"] = nil
            var replaced: FieldObject = ["a": deep()]
            replaced["a"] = 3
            var grown: FieldObject = ["a": deep()]
            for index in 0..<20 { grown["k\(index)"] = deep() }
            let grownCount = grown.count
            grown = FieldObject()
            return [removed.keys == ["b"], replaced["a"] == 3, grownCount == 21, grown.isEmpty]
        }
        #expect(outcome == [true, true, true, true])
    }

    @Test("objects of the same keys in another order are equal, hash alike and print sorted alike")
    func keyOrderDoesNotMatter() throws {
        let forward = try FieldValue(parsingJSON: #"{"a": 1, "b": [2, {"c": 3}]}"#)
        let backward = try FieldValue(parsingJSON: #"{"b": [2, {"c": 3}], "a": 1}"#)
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward.jsonTextWithSortedKeys == backward.jsonTextWithSortedKeys)
        #expect(backward.jsonText == #"{"b": [2, {"c": 3}], "a": 1}"#)
        #expect(backward.jsonTextWithSortedKeys == #"{"a": 1, "b": [2, {"c": 3}]}"#)
    }
}
