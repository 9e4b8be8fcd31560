import FilterableResults

/// Why a pattern cannot be compiled: where (a scalar offset into the
/// pattern) and what is wrong there.
struct RegularExpressionError: Error, Equatable {
    /// The 0-based offset, in Unicode scalars, of the construct at fault.
    var offset: Int
    /// What is wrong, as a clause: "a lookahead '(?=' is not supported".
    var problem: String
    /// Whether the pattern is valid for ICU but outside what `MATCHES`
    /// supports (rather than malformed).
    var isUnsupported: Bool
}
