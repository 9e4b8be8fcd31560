extension ResultsComposition {
    /// The identity of a section of a composed table: the identity of the
    /// part it belongs to (see ``ResultsComposition/Key``), and there the
    /// section's id of its own (``ResultsSection/id``) when it has one, else
    /// its name. Folding goes by identity, so a folded section stays folded
    /// while sections come and go around it, and a section with an id stays
    /// folded while its title changes.
    ///
    ///     try composition.foldSection(.init(part: 0, name: "Account"))
    ///     try composition.foldSection(.init(part: 1, id: day))   // titled "Today", then "Yesterday"
    ///
    /// Unnamed sections of a part share the identity `name: nil` (a flat
    /// controller has one such section). A name identifies the sections
    /// without ids that have it; when none does, it stands for the shown
    /// sections with ids titled so, which the composition then remembers
    /// by their ids. In a part that is itself a composition, its parts'
    /// sections with one id (or, without ids, one name) are one section
    /// here: folding it folds them all.
    public struct SectionID: Hashable, Sendable {
        /// The part's identity: its index among the parts the composition
        /// was made with, or the number ``ResultsComposition/insertPart(_:at:)``
        /// returned; it stays while parts come, go and move.
        public var part: Int
        /// The section's name in its part; `nil` for unnamed sections. For a
        /// section with an id of its own, its title when the identity was
        /// read, if known; it takes no part in equality.
        public var name: String?
        /// The section's id of its own, boxed; `nil` for a section
        /// identified by its name.
        @usableFromInline var sectionID: FilterableResults.SectionID?

        /// Identifies the section named `name` of the part with identity `part`.
        ///
        /// - Complexity: O(1).
        public init(part: Int, name: String?) {
            self.part = part
            self.name = name
        }

        /// Identifies the section whose id of its own is `id` in the part
        /// with identity `part`, whatever its title (`name`, for display).
        ///
        /// - Complexity: O(1).
        public init(part: Int, id: some Hashable & Sendable, name: String? = nil) {
            self.init(part: part, sectionID: FilterableResults.SectionID(id), name: name)
        }

        @inlinable init(part: Int, sectionID: FilterableResults.SectionID?, name: String?) {
            self.part = part
            self.name = name
            self.sectionID = sectionID
        }

        /// The section's id of its own, or `nil` for a section identified
        /// by its name.
        ///
        /// - Complexity: O(1).
        public var id: (any Hashable & Sendable)? { sectionID?.value }

        /// How the section's part remembers it folded.
        @inlinable var folded: FoldedSection {
            sectionID.map(FoldedSection.id) ?? .name(name.map(SectionName.init))
        }

        /// Whether two identities name the same section: the same part, and
        /// the same id when either has one, else the same name by Unicode
        /// scalars.
        ///
        /// - Complexity: O(*m*) for names of length *m*, plus the ids' `==`.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.part == rhs.part && lhs.folded == rhs.folded
        }

        /// Hashes the part, and the id or the name.
        ///
        /// - Complexity: O(*m*) for a name of length *m*, plus the id's hash.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(part)
            hasher.combine(folded)
        }
    }
}

extension ResultsComposition.SectionID: CustomStringConvertible {
    /// The identity as `section "Friends" of part 1`, or `section id 42 of part 1`.
    ///
    /// - Complexity: O(*m*) for a name of *m* characters.
    public var description: String {
        "\(section) of part \(part)"
    }

    /// The section within its part: `section "Friends"`, `section id 42`
    /// or `the unnamed sections`.
    var section: String {
        if let sectionID { return "section id \(sectionID)" }
        return name.map { "section \"\($0)\"" } ?? "the unnamed sections"
    }
}
