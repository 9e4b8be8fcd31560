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
        let sharedKeys = first.keys.withUnsafeBufferPointer { $0.baseAddress }
        #expect(sharedKeys == second.keys.withUnsafeBufferPointer { $0.baseAddress })
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

    /// The objects of a parsed array of objects.
    private func parsedObjects(_ text: String) throws -> [FieldObject] {
        guard case let .array(rows) = try FieldValue(parsingJSON: text) else { return [] }
        return rows.compactMap(\.objectValue)
    }

    @Test("parsed objects of scalars are packed, read back every value exactly, and equal objects built in code")
    func packedObjectsReadBackExactly() throws {
        let long = String(repeating: "é", count: 70), longer = String(repeating: "x", count: 20_000)
        let values: [FieldValue] = [
            .null, true, false, 0, -1, 127, -128, 128, -129, 32_767, -32_768, 32_768, -32_769,
            2_147_483_647, -2_147_483_648, 2_147_483_648, -2_147_483_649, .integer(.max), .integer(.min),
            1.5, -0.0, 1e300, .double(.leastNonzeroMagnitude), "", "a", "fifteen bytes!!", "sixteen bytes!!!", .string(long), .string(longer),
            "tab\t \u{1}", "\u{1F600} e\u{301}",
        ]
        var built = FieldObject()
        for (index, value) in values.enumerated() { built["k\(index)"] = value }
        let objects = try parsedObjects("[" + FieldValue.object(built).jsonText + ", " + FieldValue.object(built).jsonText + "]")
        #expect(objects.count == 2)
        for object in objects {
            #expect(object.packedPage != nil)
            #expect(object.keys == built.keys)
            #expect(object.values == values)
            #expect(object.map(\.value) == values)
            for (index, value) in values.enumerated() {
                #expect(object["k\(index)"] == value)
                #expect(object[index].value == value)
            }
            #expect(FieldValue.object(object) == .object(built))
            #expect(FieldValue.object(object).hashValue == FieldValue.object(built).hashValue)
            #expect(FieldValue.object(object).jsonText == FieldValue.object(built).jsonText)
        }
        #expect(objects[0].hasSamePackedRecord(as: objects[1]))
        #expect(!objects[0].isIdentical(to: objects[1]))
    }

    @Test("a packed object prints from its bytes as the same object built in code prints, keys and strings escaped")
    func packedObjectsPrintAsBuiltOnes() throws {
        let text = #"[{"a\"b": 1, "\n": "x\"y\\z\u0001", "é": -9223372036854775808, "d": 0.25, "t": true, "f": false, "n": null, "": ""}]"#
        let object = try #require(parsedObjects(text).first)
        #expect(object.packedPage != nil)
        let built = FieldObject(object.map { ($0.key, $0.value) })
        #expect(built.packedPage == nil)
        #expect(FieldValue.object(object).jsonText == FieldValue.object(built).jsonText)
        #expect(FieldValue.object(object).jsonText == #"{"a\"b": 1, "\n": "x\"y\\z\u0001", "é": -9223372036854775808, "d": 0.25, "t": true, "f": false, "n": null, "": ""}"#)
        var pieces = ""
        FieldValue.array([.object(object), .object(built)]).writeJSONText(to: &pieces)
        #expect(pieces == "[" + FieldValue.object(built).jsonText + ", " + FieldValue.object(built).jsonText + "]")
        // Objects of shapes that alternate, and an empty one, each with its own keys.
        let mixed = #"[{"a": 1, "b": "x"}, {"b": 2}, {}, {"a": 3, "b": "y"}, {"b": 4}]"#
        #expect(try FieldValue(parsingJSON: mixed).jsonText == mixed)
        // Integers of every stored width, signs, and doubles that print as integers or in exponents.
        let numbers = #"[{"a": -1, "b": -129, "c": -40000, "d": -3000000000, "e": 0, "f": 2.0, "g": 1e-05, "h": 1.5e+300, "i": -0.5}]"#
        #expect(try FieldValue(parsingJSON: numbers).jsonText == #"[{"a": -1, "b": -129, "c": -40000, "d": -3000000000, "e": 0, "f": 2, "g": 1e-05, "h": 1.5e+300, "i": -0.5}]"#)
        // Sorted keys take the general path, and agree with an object built in code.
        let unsorted = try #require(parsedObjects(#"[{"b": 1, "a": "x"}]"#).first)
        #expect(unsorted.packedPage != nil)
        #expect(FieldValue.object(unsorted).jsonTextWithSortedKeys == #"{"a": "x", "b": 1}"#)
    }

    @Test("a key is found by its bytes in packed objects and in objects of their own, and only with the same bytes")
    func keysAreFoundByTheirBytes() throws {
        let text = #"[{"id": 1, "name": "a", "caf\u00e9": 2, "": 3}, {"id": [1], "name": "b", "cafe\u0301": 4}]"#
        let objects = try parsedObjects(text)
        #expect(objects.map { $0.packedPage != nil } == [true, false])
        for object in objects {
            for key in ["id", "name", "café", "cafe\u{301}", "", "missing", "i"] {
                let expected = object.keys.firstIndex { UTF8Bytes.equal($0, key) }
                #expect(object.index(forKey: key) == expected, "\(key)")
                #expect(Array(key.utf8).withUnsafeBufferPointer { object.index(forKeyUTF8: $0) } == expected, "\(key)")
            }
        }
        #expect(objects[0].index(forKey: "café") == 2 && objects[0].index(forKey: "cafe\u{301}") == nil)
        #expect(objects[1].index(forKey: "cafe\u{301}") == 2 && objects[1].index(forKey: "café") == nil)
    }

    @Test("packed objects that differ, or that are equal in other bytes, compare by their values")
    func packedObjectsCompareByValue() throws {
        let objects = try parsedObjects(#"[{"a": 1, "b": "x"}, {"a": 1.0, "b": "x"}, {"a": 1, "b": "y"}, {"b": "x", "a": 1}, {"a": 1, "b": "x", "c": null}, {"a": 0.0}, {"a": -0.0}]"#)
        let values = objects.map(FieldValue.object)
        #expect(values[0] == values[1] && values[0].hashValue == values[1].hashValue)
        #expect(!objects[0].hasSamePackedRecord(as: objects[1]))
        #expect(values[0] != values[2])
        #expect(values[0] == values[3] && values[0].hashValue == values[3].hashValue)
        #expect(values[0] != values[4])
        #expect(values[5] == values[6])
        #expect(values[0].jsonText == #"{"a": 1, "b": "x"}"# && values[1].jsonText == #"{"a": 1, "b": "x"}"#)
    }

    @Test("a change to a packed object unpacks it and leaves the other objects of its page as they were")
    func changesUnpack() throws {
        var objects = try parsedObjects(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#)
        let second = objects[1]
        objects[0]["id"] = 10
        objects[0]["extra"] = [1, 2]
        #expect(objects[0].packedPage == nil && objects[0].keys == ["id", "name", "extra"])
        #expect(FieldValue.object(objects[0]) == ["id": 10, "name": "a", "extra": [1, 2]])
        #expect(second.packedPage != nil && FieldValue.object(second) == ["id": 2, "name": "b"])
        var reserved = second
        reserved.reserveCapacity(1)
        #expect(reserved.packedPage != nil)
        reserved.reserveCapacity(8)
        #expect(reserved.packedPage == nil && FieldValue.object(reserved) == .object(second))
        var removed = objects[1]
        removed["name"] = nil
        removed["missing"] = nil
        #expect(removed.keys == ["id"] && objects[1].keys == ["id", "name"])
    }

    @Test("objects holding arrays or objects keep their own storage; the scalars inside them are packed")
    func containersAreNotPacked() throws {
        let objects = try parsedObjects(#"[{"id": 1, "owner": {"id": 7, "name": "Ada"}}, {"id": 2, "tags": ["a"]}, {}]"#)
        #expect(objects[0].packedPage == nil && objects[0]["owner"]?.objectValue?.packedPage != nil)
        #expect(objects[1].packedPage == nil)
        #expect(FieldValue.object(objects[0]) == ["id": 1, "owner": ["id": 7, "name": "Ada"]])
    }

    @Test("records fill pages one after another, and a record larger than a page gets its own")
    func recordsSpanManyPages() throws {
        let count = 5_000
        let rows = (0..<count).map { #"{"id": \#($0), "name": "row \#($0) of many pages"}"# }
        let huge = #"{"id": -1, "text": ""# + String(repeating: "y", count: 100_000) + #""}"#
        let objects = try parsedObjects("[" + (rows + [huge] + rows.prefix(3)).joined(separator: ", ") + "]")
        #expect(objects.count == count + 4)
        for (index, object) in objects.prefix(count).enumerated() {
            #expect(object["id"] == .integer(index) && object["name"] == .string("row \(index) of many pages"))
        }
        #expect(objects[count]["text"]?.stringValue?.utf8.count == 100_000)
        #expect(objects.suffix(3).map { $0["id"] } == [0, 1, 2])
        #expect(Set(objects.prefix(count).map { ObjectIdentifier($0.buffer) }).count > 1)
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
