import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// A row with one text field, `text`, for `MATCHES`.
struct TextRow: FieldValueProviding {
    var text: String
    func fieldValue(named field: String) -> JSONValue? { field == "text" ? .string(text) : nil }
}

struct MatchesResult {
    /// Seconds for one filter pass of each case, the plain pattern first.
    var cases: [(name: String, seconds: Double, matches: Int)] = []
    var repetitions = 0
}

/// W15: one filter pass of `MATCHES` for the hardest accepted patterns
/// (issue 22 item 1), over `rows` short rows ("row N") and over one text of
/// about 1 MB, against the plain pattern `'row 1.*'` over the short rows.
/// Each case's time is absolute; the target is under 1 s.
func runMatches(rows n: Int, textBytes: Int, repetitions: Repetitions) throws -> MatchesResult {
    let short = (0..<n).map { TextRow(text: "row \($0)") }
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 15)
    let letters = Array("abcdefghijklmnopqrstuvwxyz ")
    var long = ""
    long.reserveCapacity(textBytes)
    for _ in 0..<textBytes { long.append(letters[Int(rng.next() % UInt64(letters.count))]) }
    let text = [TextRow(text: long)]
    let many = "(?:" + (0..<1_000).map { "a\($0 % 10)b" }.joined(separator: "|") + ")x"
    let cases: [(String, String, [TextRow])] = [
        ("'row 1.*' over \(count(n)) short rows", "row 1.*", short),
        ("'(?:.{0,999}){4}x' over \(count(n)) short rows", "(?:.{0,999}){4}x", short),
        ("an alternation of 1,000 three-letter words over \(count(n)) short rows", many, short),
        ("'(?:\\b.{0,99}){10}z' over \(count(n)) short rows", "(?:\\b.{0,99}){10}z", short),
        ("'(?:.{0,999}){4}x' over \(textBytes / 1_000) KB of text", "(?:.{0,999}){4}x", text),
        ("'[a-z ]*a[a-z ]{999}' over \(textBytes / 1_000) KB of text", "[a-z ]*a[a-z ]{999}", text),
    ]
    let predicates = try cases.map { try FormatPredicate("text MATCHES %@", arguments: [.string($0.1)]) }
    var result = MatchesResult()
    result.cases = cases.map { ($0.0, Double.infinity, 0) }
    result.repetitions = repetitions.run { _ in
        for (index, (_, _, rows)) in cases.enumerated() {
            var matched = 0
            let seconds = time(.ours) { for row in rows where predicates[index].evaluate(row) { matched += 1 } }
            result.cases[index].seconds = min(result.cases[index].seconds, seconds)
            result.cases[index].matches = matched
        }
    }
    return result
}
