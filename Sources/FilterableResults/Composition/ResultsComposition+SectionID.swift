extension ResultsComposition {
    /// The identity of a section of a composed table: the identity of the
    /// part it belongs to (see ``ResultsComposition/Key``), and its name there. Folding goes by identity, so a
    /// folded section stays folded while sections come and go around it.
    ///
    /// Unnamed sections of a part share the identity `name: nil` (a flat
    /// controller has one such section).
    public struct SectionID: Hashable, Sendable {
        /// The part's identity: its index among the parts the composition
        /// was made with, or the number ``ResultsComposition/insertPart(_:at:)``
        /// returned; it stays while parts come, go and move.
        public var part: Int
        /// The section's name in its part; `nil` for unnamed sections.
        public var name: String?

        /// Identifies the section named `name` of the part with identity `part`.
        ///
        /// - Complexity: O(1).
        public init(part: Int, name: String?) {
            self.part = part
            self.name = name
        }
    }
}

extension ResultsComposition.SectionID: CustomStringConvertible {
    /// The identity as `section "Friends" of part 1`.
    ///
    /// - Complexity: O(*m*) for a name of *m* characters.
    public var description: String {
        "\(name.map { "section \"\($0)\"" } ?? "the unnamed sections") of part \(part)"
    }
}
