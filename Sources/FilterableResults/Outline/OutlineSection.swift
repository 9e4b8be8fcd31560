/// The section of an outline's top-level item and of its subtree: by its
/// id of its own in a sectioning by id (its title is made when the section
/// is), else by its name, compared by Unicode scalars as the store compares
/// names (`""` in an outline of one section).
@usableFromInline
struct OutlineSection: Hashable, Sendable {
    /// The section's id of its own; `nil` for a section identified by its name.
    @usableFromInline let id: SectionID?
    /// The section's name; for one with an id, its title when known, which
    /// takes no part in equality.
    @usableFromInline let name: String

    @inlinable init(id: SectionID?, name: String) {
        self.id = id
        self.name = name
    }

    /// The one section of an outline that is not sectioned.
    @inlinable static var single: OutlineSection { OutlineSection(id: nil, name: "") }

    /// Whether two are one section: by id when either has one, else by name.
    @inlinable static func == (lhs: OutlineSection, rhs: OutlineSection) -> Bool {
        if lhs.id != nil || rhs.id != nil { return lhs.id == rhs.id }
        return SectionName.same(lhs.name, rhs.name)
    }

    /// Hashes the id, or the name's scalars.
    @inlinable func hash(into hasher: inout Hasher) {
        if let id { hasher.combine(id) } else { hasher.combine(SectionName(name)) }
    }
}

extension OutlineSection: CustomStringConvertible {
    /// The section as `"Files"` or `id 42`.
    @usableFromInline var description: String { id.map { "id \($0)" } ?? "\"\(name)\"" }
}
