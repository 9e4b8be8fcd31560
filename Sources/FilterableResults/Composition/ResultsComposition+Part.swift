extension ResultsComposition {
    /// One part of a ``ResultsComposition``: a source (a controller, static
    /// sections, another composition) with the function that turns its
    /// elements into the composition's rows, and an optional placeholder shown
    /// while it has no rows.
    ///
    ///     let screen = ResultsComposition<Element>([
    ///         .part(header),                                          // StaticSections<Element>
    ///         .part(friends, as: Element.friend),                          // ResultsController<Person, Int>
    ///         .part(suggestions, as: Element.suggestion, placeholder: .row(.noSuggestions)),
    ///     ])
    public struct Part {
        /// The part's source, its rows turned into the composition's.
        @usableFromInline let connection: any PartConnection<Element>
        /// What shows while the part has no rows.
        @usableFromInline let placeholder: Placeholder?

        @inlinable init(connection: any PartConnection<Element>, placeholder: Placeholder?) {
            self.connection = connection
            self.placeholder = placeholder
        }

        /// A part showing every section of `source`, each element turned into a
        /// row by `transform` (typically an enum case, `Element.friend`).
        /// With `accepting`, which turns a row back into an element (or
        /// `nil` for a row it does not take), rows can be inserted through
        /// the composition and dragged here from other parts.
        ///
        ///     let screen = ResultsComposition<Row>([
        ///         .part(friends, as: Row.friend),
        ///         .part(enemies, as: Row.enemy, accepting: { row in
        ///             if case let .friend(person) = row { person } else { nil }
        ///         }),
        ///     ])
        ///
        /// - Complexity: O(1).
        @inlinable public static func part<Source: ResultsSource>(
            _ source: Source, as transform: @escaping (Source.Element) -> Element,
            accepting accept: ((Element) -> Source.Element?)? = nil, placeholder: Placeholder? = nil
        ) -> Self {
            Self(connection: SourceConnection(source.map(transform, accepting: accept), takesRows: accept != nil), placeholder: placeholder)
        }

        /// A part showing every section of `source`, whose elements are already
        /// the composition's rows (static sections, a nested composition, a
        /// controller of rows); it takes any row inserted or dragged into it.
        ///
        /// - Complexity: O(1).
        @inlinable public static func part<Source: ResultsSource>(
            _ source: Source, placeholder: Placeholder? = nil
        ) -> Self where Source.Element == Element {
            Self(connection: SourceConnection(source), placeholder: placeholder)
        }
    }
}
