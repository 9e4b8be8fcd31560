// Fuzzes the JSON parser: no input traps or overflows the stack, and every
// value parsed prints as text that parses back to an equal value with the
// same text, hash and order; bytes and a String give the same answer.

import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import FuzzSupport

runFuzzer { bytes in
    let fromBytes = Result { () throws(FieldValue.ParseError) -> FieldValue in try FieldValue(parsingJSON: bytes) }
    if let text = String(validating: bytes, as: UTF8.self) {
        let fromString = Result { () throws(FieldValue.ParseError) -> FieldValue in try FieldValue(parsingJSON: text) }
        switch (fromBytes, fromString) {
        case let (.success(a), .success(b)) where a == b && a.jsonText == b.jsonText: break
        case let (.failure(a), .failure(b)) where a == b: break
        default: finding("bytes and String parse differently: \(fromBytes) vs \(fromString)")
        }
    }
    guard case let .success(value) = fromBytes else { return }
    let text = value.jsonText
    let again: FieldValue
    do {
        again = try FieldValue(parsingJSON: text)
    } catch {
        finding("the text of a parsed value does not parse: \(text): \(error)")
    }
    if again != value { finding("round trip changed the value: \(text) → \(again.jsonText)") }
    if again.jsonText != text { finding("round trip changed the text: \(text) → \(again.jsonText)") }
    if again.hashValue != value.hashValue { finding("equal values hash differently: \(text)") }
    if FieldValue.compare(value, again) != .orderedSame { finding("equal values do not compare the same: \(text)") }
    if again.jsonTextWithSortedKeys != value.jsonTextWithSortedKeys { finding("sorted texts differ: \(text)") }
}
