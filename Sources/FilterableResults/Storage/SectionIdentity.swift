/// What makes two sections the same across a batch: a section's id of its
/// own when it has one, else a named section's name (by its Unicode
/// scalars), or an unnamed section's index in the visible table. (An index
/// is what a table view sees: two visible tables that look the same then
/// always have the same identities, so an unchanged table never emits
/// events.)
@usableFromInline
enum SectionIdentity: Hashable, Sendable {
    case identified(SectionID)
    case named(SectionName)
    case unnamed(Int)

    /// The identity of a section with `id` and `name` at visible `index`.
    @inlinable init(id: SectionID?, name: String?, index: Int) {
        if let id { self = .identified(id) } else if let name { self = .named(SectionName(name)) } else { self = .unnamed(index) }
    }

    /// The section's id of its own, if it has one.
    @inlinable var id: SectionID? {
        if case .identified(let id) = self { return id }
        return nil
    }
}
