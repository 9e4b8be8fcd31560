import FilterableResults

/// What the validator identifies a section by: what must stay the same
/// when an old section becomes a new one (rule 5), and what a section
/// deleted and inserted must not keep (rule 9).
///
/// A section of a plain table is its name, or, unnamed, its raw index. A
/// section of a composition's table belongs to a part: two parts may each
/// have a section named "Apple", and a placeholder section is its part's
/// placeholder whatever its title, never a section of data.
enum SectionIdentity: Hashable {
    /// A named section, by the Unicode scalars of its name (the store keeps
    /// look-alike names apart), in the part with identity `part` of a
    /// composition (`nil` outside one).
    case named(part: Int?, name: [UInt32])
    /// An unnamed section at `index` of its table (of its part's table, in a
    /// composition). Its raw index is its identity, which the visible table
    /// shows only when no section can hide: unnamed sections (of one part)
    /// may become one another (rule 5), and only a plain table that hides
    /// nothing matches them by position (rule 9).
    case unnamed(part: Int?, index: Int)
    /// An identity the table gives of its own: a composition's placeholder
    /// section, as ``ResultsSections/Section/id`` gives it.
    case placeholder(AnyHashable)

    /// The identity of a section of a plain table: its name, or its index.
    ///
    /// - Complexity: O(*m*) for a name of *m* scalars.
    init(name: String?, index: Int, part: Int? = nil) {
        self = name.map { .named(part: part, name: $0.unicodeScalars.map(\.value)) } ?? .unnamed(part: part, index: index)
    }

    /// Whether a section with this identity may become a section with
    /// `other` (rule 5): the same identity, or unnamed sections of one part.
    ///
    /// - Complexity: O(*m*) for names of *m* scalars.
    func mayBecome(_ other: SectionIdentity) -> Bool {
        if case let .unnamed(part, _) = self, case let .unnamed(otherPart, _) = other { return part == otherPart }
        return self == other
    }

    /// Whether the identity is a position that the validator may match
    /// (rule 9): an unnamed section of a plain table, when the table hides
    /// no section.
    ///
    /// - Complexity: O(1).
    func isMatchable(hidesEmptySections: Bool) -> Bool {
        switch self {
        case .named, .placeholder: true
        case let .unnamed(part, _): part == nil && !hidesEmptySections
        }
    }

}

extension SectionIdentity: CustomStringConvertible {
    /// The identity as messages name it: `named section 'Fruit'`,
    /// `section 'Fruit' of part 1`, `unnamed section 2`, `the placeholder of part 1`.
    ///
    /// - Complexity: O(*m*) for a name of *m* scalars.
    var description: String {
        switch self {
        case let .named(part, name):
            let text = String(String.UnicodeScalarView(name.compactMap(Unicode.Scalar.init)))
            return part.map { "section '\(text)' of part \($0)" } ?? "named section '\(text)'"
        case let .unnamed(part, index):
            return part.map { "unnamed section \(index) of part \($0)" } ?? "unnamed section \(index)"
        case let .placeholder(identity):
            return identity.description
        }
    }
}
