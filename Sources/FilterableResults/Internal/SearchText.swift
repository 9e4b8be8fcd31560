import Foundation

/// A search text folded once for case- and diacritic-insensitive matching.
@usableFromInline
struct SearchText: Sendable {
    @usableFromInline let folded: String

    @inlinable init(_ text: String) {
        folded = SearchText.fold(text)
    }

    @usableFromInline var isEmpty: Bool { folded.isEmpty }

    /// Whether `candidate`, folded the same way, contains the text.
    @inlinable func isFound(in candidate: String) -> Bool {
        SearchText.fold(candidate).contains(folded)
    }

    /// Lowercases, decomposes, and drops combining marks.
    @inlinable static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where !scalar.properties.isDiacritic && scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
