// Fuzzes the predicate language (aggregates, arithmetic, SELF, collection
// operators and SUBQUERY included): the input is a format, then (after a
// NUL byte) arguments separated by NUL bytes, each a JSON value or else a
// string. No input traps, hangs or overflows the stack; a predicate that
// parses evaluates against fixed objects, and its canonical text parses
// back to an equal predicate that prints the same and evaluates the same.

import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import FuzzSupport

runFuzzer { bytes in
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false)
    let format = String(decoding: parts[0], as: UTF8.self)
    let arguments: [FieldValue] = parts.dropFirst().map { part in
        (try? FieldValue(parsingJSON: part)) ?? .string(String(decoding: part, as: UTF8.self))
    }
    let predicate: FormatPredicate
    do {
        predicate = parts.count == 1 ? try FormatPredicate(format) : try FormatPredicate(format, arguments: arguments)
    } catch let error as ResultsError {
        guard error.code == "invalidPredicate" else { finding("unexpected error \(error)") }
        return
    } catch {
        finding("an error that is not a ResultsError: \(error)")
    }
    let results = fixtureObjects.map { predicate.evaluate($0) }
    let canonical = predicate.description
    let reparsed: FormatPredicate
    do {
        reparsed = try FormatPredicate(canonical)
    } catch {
        finding("the canonical text of \(format.debugDescription) does not parse: \(canonical.debugDescription): \(error)")
    }
    if reparsed != predicate || reparsed.description != canonical {
        finding("canonical text changed on re-parsing: \(canonical.debugDescription) → \(reparsed.description.debugDescription)")
    }
    if fixtureObjects.map({ reparsed.evaluate($0) }) != results {
        finding("the canonical text \(canonical.debugDescription) evaluates differently from \(format.debugDescription)")
    }
}
