// Fuzzes the JSON parser: no input traps or overflows the stack, and every
// value parsed prints as text that parses back to an equal value with the
// same text, hash and order; bytes and a String give the same answer.

import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import FuzzSupport

runFuzzer { bytes in
    let fromBytes = Result { () throws(JSONValue.ParseError) -> JSONValue in try JSONValue(parsing: bytes) }
    if let text = String(validating: bytes, as: UTF8.self) {
        let fromString = Result { () throws(JSONValue.ParseError) -> JSONValue in try JSONValue(parsing: text) }
        switch (fromBytes, fromString) {
        case let (.success(a), .success(b)) where a == b && a.jsonText == b.jsonText: break
        case let (.failure(a), .failure(b)) where a == b: break
        default: finding("bytes and String parse differently: \(fromBytes) vs \(fromString)")
        }
    }
    guard case let .success(value) = fromBytes else { return }
    let text = value.jsonText
    let again: JSONValue
    do {
        again = try JSONValue(parsing: text)
    } catch {
        finding("the text of a parsed value does not parse: \(text): \(error)")
    }
    if again != value { finding("round trip changed the value: \(text) → \(again.jsonText)") }
    if again.jsonText != text { finding("round trip changed the text: \(text) → \(again.jsonText)") }
    if again.hashValue != value.hashValue { finding("equal values hash differently: \(text)") }
    if JSONValue.compare(value, again) != .orderedSame { finding("equal values do not compare the same: \(text)") }
    if again.jsonTextWithSortedKeys != value.jsonTextWithSortedKeys { finding("sorted texts differ: \(text)") }
}
