/// One part of a ``ResultsComposition``: a source (a controller, static
/// sections, another composition) with the function that turns its
/// objects into the composition's rows, and an optional placeholder shown
/// while it has no rows.
///
///     ResultsComposition<Row>([
///         .part(header),                                          // StaticSections<Row>
///         .part(friends, as: Row.friend),                          // ResultsController<Person, Int>
///         .part(suggestions, as: Row.suggestion, placeholder: .row(.noSuggestions)),
///     ])
public struct ResultsCompositionPart<Row> {
    /// The part's source, its rows turned into the composition's.
    let connection: PartConnection<Row>
    /// What shows while the part has no rows.
    let placeholder: ResultsPlaceholder<Row>?

    /// A part showing every section of `source`, each object turned into a
    /// row by `transform` (typically an enum case, `Row.friend`).
    ///
    /// - Complexity: O(1).
    public static func part<Source: ResultsSource>(
        _ source: Source, as transform: @escaping (Source.Element) -> Row, placeholder: ResultsPlaceholder<Row>? = nil
    ) -> Self {
        Self(connection: PartConnection(source, transform: transform), placeholder: placeholder)
    }

    /// A part showing every section of `source`, whose objects are already
    /// the composition's rows (static sections, a nested composition).
    ///
    /// - Complexity: O(1).
    public static func part<Source: ResultsSource>(
        _ source: Source, placeholder: ResultsPlaceholder<Row>? = nil
    ) -> Self where Source.Element == Row {
        Self(connection: PartConnection(source) { $0 }, placeholder: placeholder)
    }
}
