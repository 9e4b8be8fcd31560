extension ResultsComposition {
    /// Where a section of a composed table comes from: a section of one of its
    /// parts, or a placeholder section.
    public enum SectionLocation: Hashable, Sendable {
        /// The section at index `section` of the table of the part at index `part`.
        case section(part: Int, section: Int)
        /// The placeholder section of the part at index `part`, or of the
        /// composition itself when `part` is `nil`.
        case placeholder(part: Int?)
    }
}
