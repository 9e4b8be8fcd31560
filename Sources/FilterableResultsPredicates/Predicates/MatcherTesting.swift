import FilterableResults

/// The string matchers of the predicate language, measured: for the
/// package's tests, which check that matching stays within its bounds
/// without timing anything.
@_spi(Testing)
public enum PredicateMatcherTesting {
    /// Whether `text` matches the `LIKE` pattern (neither folded), and the
    /// steps the matcher took: bytes and scalars examined.
    ///
    /// - Complexity: As matching a `LIKE` comparison.
    public static func like(_ pattern: String, _ text: String) -> (matches: Bool, steps: Int) {
        let compiled = Array(pattern.utf8).withUnsafeBufferPointer(LikePattern.init)
        var steps = 0
        let matches = Array(text.utf8).withUnsafeBufferPointer { compiled.matches($0, steps: &steps) }
        return (matches, steps)
    }

    /// Whether `text` contains `needle` as `CONTAINS` finds it (neither
    /// folded), and the bytes the search compared.
    ///
    /// - Complexity: As matching a `CONTAINS` comparison.
    public static func contains(_ text: String, _ needle: String) -> (contains: Bool, steps: Int) {
        var steps = 0
        let contains = Array(text.utf8).withUnsafeBufferPointer { text in
            Array(needle.utf8).withUnsafeBufferPointer { ByteSearch.contains(text, $0, steps: &steps) }
        }
        return (contains, steps)
    }

    /// Whether the whole of `text` matches the `MATCHES` pattern, the steps
    /// the automaton took (instructions visited), and the size of its
    /// program.
    ///
    /// - Throws: ``ResultsError/invalidPredicate(_:position:expected:)``
    ///   when the pattern does not compile, the position being within the
    ///   pattern.
    /// - Complexity: As matching a `MATCHES` comparison.
    public static func matches(
        _ pattern: String, _ text: String, caseInsensitive: Bool = false
    ) throws(ResultsError) -> (matches: Bool, steps: Int, programSize: Int) {
        let expression = try compiled(pattern, caseInsensitive: caseInsensitive)
        var steps = 0
        let matches = expression.matches(text, steps: &steps)
        return (matches, steps, expression.program.count)
    }

    /// `pattern` compiled, or the predicate error naming where it fails.
    private static func compiled(_ pattern: String, caseInsensitive: Bool) throws(ResultsError) -> RegularExpression {
        do {
            return try RegularExpression(pattern, caseInsensitive: caseInsensitive)
        } catch {
            throw .invalidPredicate(pattern, position: error.offset, expected: error.problem)
        }
    }

    /// The ways `MATCHES` can run, for ``matches(_:_:caseInsensitive:engine:)``.
    public enum MatchesEngine: Sendable {
        /// As a predicate runs: the cached automaton, then the bit-parallel
        /// (or, for small programs, the plain) simulation when the cache
        /// keeps missing.
        case automatic
        /// The plain simulation of the automaton, state by state: the
        /// reference.
        case reference
        /// The bit-parallel simulation from the first scalar.
        case bitParallel
    }

    /// Whether the whole of `text` matches the `MATCHES` pattern run by
    /// `engine`, the steps taken (instructions visited, or 64-bit words
    /// processed on the bit-parallel path), the size of the program, and
    /// the way the text was finished: `"cache"`, `"simulation"` or
    /// `"bitParallel"`.
    ///
    /// - Throws: ``ResultsError/invalidPredicate(_:position:expected:)``
    ///   when the pattern does not compile.
    /// - Complexity: As matching a `MATCHES` comparison.
    public static func matches(
        _ pattern: String, _ text: String, caseInsensitive: Bool = false, engine: MatchesEngine
    ) throws(ResultsError) -> (matches: Bool, steps: Int, programSize: Int, path: String) {
        let expression = try compiled(pattern, caseInsensitive: caseInsensitive)
        let (matches, steps, path) = run(expression, on: text, engine: engine)
        return (matches, steps, expression.program.count, path)
    }

    /// Runs `expression` on `text` by `engine`.
    private static func run(
        _ expression: RegularExpression, on text: String, engine: MatchesEngine
    ) -> (matches: Bool, steps: Int, path: String) {
        var steps = 0
        var path = RegularExpression.Path.cache
        let internalEngine: RegularExpression.Engine = switch engine {
        case .automatic: .automatic
        case .reference: .reference
        case .bitParallel: .bitParallel
        }
        let matches = expression.matches(text, engine: internalEngine, steps: &steps, path: &path)
        let name = switch path {
        case .cache: "cache"
        case .simulation: "simulation"
        case .bitParallel: "bitParallel"
        }
        return (matches, steps, name)
    }

    /// Whether each of `rows` matches the `MATCHES` pattern, compiled once
    /// and run by `engine` over the rows in order as a filter runs over
    /// them, with the steps taken on each (instructions visited, or 64-bit
    /// words on the bit-parallel path; a step remembered from an earlier
    /// row costs none) and the way each row was finished.
    ///
    /// - Throws: ``ResultsError/invalidPredicate(_:position:expected:)``
    ///   when the pattern does not compile.
    /// - Complexity: As matching a `MATCHES` comparison against each row.
    public static func matches(
        _ pattern: String, rows: [String], caseInsensitive: Bool = false, engine: MatchesEngine = .automatic
    ) throws(ResultsError) -> [(matches: Bool, steps: Int, path: String)] {
        let expression = try compiled(pattern, caseInsensitive: caseInsensitive)
        return rows.map { run(expression, on: $0, engine: engine) }
    }
}
