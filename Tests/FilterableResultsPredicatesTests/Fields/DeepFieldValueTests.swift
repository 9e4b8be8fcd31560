import FilterableResults
import FilterableResultsPredicates
import Foundation
import TestSupport
import Testing

/// Values built in code have no nesting limit (only parsed text has one), so
/// every operation on a value (hashing, equality, ordering, printing,
/// predicates, and releasing it) must work without recursion: here on a
/// 512 KB stack, as Apple platforms give secondary threads.
@Suite("Deep FieldValue")
struct DeepFieldValueTests {
    /// How a level wraps the value inside it.
    enum Wrapping: String, CaseIterable, Sendable {
        case arrays, objects, alternating

        func wrap(_ value: FieldValue, level: Int) -> FieldValue {
            switch self {
            case .arrays: .array([value])
            case .objects: .object(["a": value])
            case .alternating: level % 2 == 0 ? .array([1, value]) : .object(["b": 2, "a": value])
            }
        }
    }

    /// A value `depth` levels deep around `leaf`.
    static func deep(_ depth: Int, _ wrapping: Wrapping, leaf: FieldValue = 1) -> FieldValue {
        var value = leaf
        for level in 0..<depth { value = wrapping.wrap(value, level: level) }
        return value
    }

    @Test("hashing, equality, ordering and printing work on a 512 KB stack", arguments: [5_000, 25_000], Wrapping.allCases)
    func operations(depth: Int, wrapping: Wrapping) async {
        let outcome = await SmallStack.run { () -> [String] in
            let value = Self.deep(depth, wrapping)
            let same = Self.deep(depth, wrapping, leaf: .double(1.0))
            let greater = Self.deep(depth, wrapping, leaf: 2)
            var lines: [String] = []
            lines.append("equal \(value == same) \(value != greater) \(same != greater)")
            lines.append("hash \(value.hashValue == same.hashValue) \(value.hashValue != greater.hashValue)")
            lines.append("set \(Set([value, same, greater]).count)")
            lines.append("order \(FieldValue.compare(value, same) == .orderedSame) \(value < greater) \(!(greater < value))")
            let text = value.jsonText
            let closing = switch wrapping {
            case .arrays: "1" + String(repeating: "]", count: depth)
            case .objects: "1" + String(repeating: "}", count: depth)
            case .alternating: "1" + String(repeating: "]}", count: depth / 2)
            }
            lines.append("text \(text == same.jsonText) \(text.hasSuffix(closing))")
            lines.append("sorted \(value.jsonTextWithSortedKeys.utf8.count == text.utf8.count) \(value.description == text)")
            return lines
        }
        #expect(outcome == [
            "equal true true true", "hash true true", "set 2", "order true true true",
            "text true true", "sorted true true",
        ])
    }

    @Test("releasing a deep value does not overflow a 512 KB stack", arguments: [5_000, 100_000], Wrapping.allCases)
    func release(depth: Int, wrapping: Wrapping) async {
        let released = await SmallStack.run { () -> Bool in
            var value = Self.deep(depth, wrapping)
            // A shared copy keeps the inner levels alive past the first release.
            let inner: FieldValue? = switch value {
            case let .array(elements): elements.last
            case let .object(object): object["a"]
            default: nil
            }
            value = .null
            return inner != nil && value == .null
        }
        #expect(released)
    }

    @Test("a deep value in a store and under predicates on a 512 KB stack")
    func deepInPredicates() async throws {
        let outcome = await SmallStack.run { () -> String in
            do {
                let deep = Self.deep(5_000, .alternating)
                let row: FieldValue = ["id": 1, "tags": [deep, 2], "nested": deep]
                let contains = try FormatPredicate("tags CONTAINS 2")
                let equals = try FormatPredicate("nested == nil")
                let between = try FormatPredicate("nested.a.a BETWEEN {1, 3}")
                return "\(contains.evaluate(row)) \(equals.evaluate(row)) \(between.evaluate(row)) \(row == row)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "true false false true")
    }
}
