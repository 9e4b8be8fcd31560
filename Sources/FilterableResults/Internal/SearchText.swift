/// A search text folded once for case- and diacritic-insensitive matching,
/// the way the predicate language's `CONTAINS[cd]` folds strings.
@usableFromInline
struct SearchText: Sendable {
    @usableFromInline let folded: String

    @usableFromInline init(_ text: String) {
        folded = SearchText.fold(text)
    }

    @usableFromInline var isEmpty: Bool { folded.isEmpty }

    /// Whether `candidate`, folded the same way, contains the text.
    @usableFromInline func isFound(in candidate: String) -> Bool {
        SearchText.fold(candidate).contains(folded)
    }

    /// Lowercases, decomposes, and drops combining marks.
    static func fold(_ text: String) -> String {
        StringFolding.fold(text, [.caseInsensitive, .diacriticInsensitive])
    }
}
