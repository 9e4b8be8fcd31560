import FilterableResults

/// What the validator identifies a section by: what must stay the same
/// when an old section becomes a new one (rule 5), and what a section
/// deleted and inserted must not keep (rule 9).
///
/// A section of a plain table is its name, or, unnamed, its raw index. A
/// section of a composition's table belongs to a part: two parts may each
/// have a section named "Apple", and a placeholder section is its part's
/// placeholder whatever its title, never a section of data.
@usableFromInline enum SectionIdentity: Hashable {
    /// A named section of a plain table, by the Unicode scalars of its name
    /// (the store keeps look-alike names apart).
    case named([UInt32])
    /// An unnamed section at `index` of its table (of its part's table, in a
    /// composition: `part` is the part's identity). Its raw index is its
    /// identity, which the visible table shows only when no section can
    /// hide: unnamed sections (of one part) may become one another (rule
    /// 5), and only a plain table that hides nothing matches them by
    /// position (rule 9).
    case unnamed(part: Int?, index: Int)
    /// The identity the table gives a section of its own, as
    /// ``ResultsSections/Section/id`` gives it: a section's id of its own
    /// (``ResultsSection/id``), a composition's named
    /// section (its part and name, or in a nested composition the identity
    /// that one gives it) or placeholder section (its part).
    case given(AnyHashable)

    /// The identity of a section of a plain table: its id of its own,
    /// else its name, or its index.
    ///
    /// - Complexity: O(*m*) for a name of *m* scalars.
    @inlinable init(name: String?, id: (any Hashable & Sendable)? = nil, index: Int) {
        if let id {
            self = .given(AnyHashable(id))
        } else {
            self = name.map { .named($0.unicodeScalars.map(\.value)) } ?? .unnamed(part: nil, index: index)
        }
    }

    /// Whether the table gives the section this identity, apart from its
    /// name: its name (a title) may then change while it stays the same
    /// section, and a section update refreshes its header.
    @inlinable var isGiven: Bool {
        if case .given = self { true } else { false }
    }

    /// Whether a section with this identity may become a section with
    /// `other` (rule 5): the same identity, or unnamed sections of one part.
    ///
    /// - Complexity: O(*m*) for names of *m* scalars.
    @inlinable func mayBecome(_ other: SectionIdentity) -> Bool {
        if case let .unnamed(part, _) = self, case let .unnamed(otherPart, _) = other { return part == otherPart }
        return self == other
    }

    /// Whether the identity is one that the validator may match (rule 9):
    /// any but an unnamed section's, which is matched by position only in
    /// a plain table that hides no section.
    ///
    /// - Complexity: O(1).
    @inlinable func isMatchable(hidesEmptySections: Bool) -> Bool {
        switch self {
        case .named, .given: true
        case let .unnamed(part, _): part == nil && !hidesEmptySections
        }
    }
}

extension SectionIdentity: CustomStringConvertible {
    /// The identity as messages name it: `named section 'Fruit'`,
    /// `unnamed section 2`, `section "Fruit" of part 1`, `the placeholder of part 1`.
    ///
    /// - Complexity: O(*m*) for a name of *m* scalars.
    @inlinable var description: String {
        switch self {
        case let .named(name):
            "named section '\(String(String.UnicodeScalarView(name.compactMap(Unicode.Scalar.init))))'"
        case let .unnamed(part, index):
            part.map { "unnamed section \(index) of part \($0)" } ?? "unnamed section \(index)"
        case let .given(identity):
            identity.description
        }
    }
}
