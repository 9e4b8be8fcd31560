import Foundation

/// A search text folded once for case- and diacritic-insensitive matching.
struct SearchText: Sendable {
    let folded: String

    init(_ text: String) {
        folded = SearchText.fold(text)
    }

    var isEmpty: Bool { folded.isEmpty }

    /// Whether `candidate`, folded the same way, contains the text.
    func isFound(in candidate: String) -> Bool {
        SearchText.fold(candidate).contains(folded)
    }

    /// Lowercases, decomposes, and drops combining marks.
    static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where !scalar.properties.isDiacritic && scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
