/// A part's section as a composition remembers it folded: by its id of its
/// own when it has one (``ResultsSection/id``), so that it stays folded
/// while its title changes, else by its name (compared by Unicode scalars,
/// as the store compares names).
@usableFromInline
enum FoldedSection: Hashable, Sendable {
    /// A section with an id of its own.
    case id(SectionID)
    /// A section identified by its name; `nil` for the unnamed sections.
    case name(SectionName?)

    /// The identity of section `section` of `table`.
    ///
    /// - Complexity: O(1), plus boxing the section's id when it has one.
    @inlinable init<Element>(_ section: Int, of table: any PartTable<Element>) {
        if let id = table.id(ofSection: section) { self = .id(SectionID(id)) }
        else { self = .name(table.name(ofSection: section).map(SectionName.init)) }
    }

    /// Whether a section deleted and inserted again under this identity
    /// is one section: an id, or a name (unnamed sections are many).
    @inlinable var pairsAcrossChanges: Bool {
        if case .name(nil) = self { false } else { true }
    }
}
