/// The folding live search applies (``ResultsStore/search(for:in:group:)``):
/// case- and diacritic-insensitive, as the predicate language's
/// `CONTAINS[cd]`. A field matches a search when its folded text contains
/// the folded search text, so another engine (an SQL function over a
/// database) folds with this to find what the store would.
///
/// For the package's integrations (`Integrations/GRDB`), which import it
/// with `@_spi(Integrations) import FilterableResults`: not part of the
/// public surface.
@_spi(Integrations)
public enum ResultsSearchFolding {
    /// `text` folded as live search folds it.
    ///
    ///     let folded = ResultsSearchFolding.fold("Élan")   // "elan"
    ///
    /// - Complexity: O(*n*) for *n* characters.
    public static func fold(_ text: String) -> String {
        StringFolding.fold(text, SearchText.options)
    }
}
