import FilterableResults

/// A lexical error: where, and what was expected there.
struct PredicateLexicalError: Error {
    var position: Int
    var expected: String
}
