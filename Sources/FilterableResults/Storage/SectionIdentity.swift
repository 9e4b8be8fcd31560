/// What makes two sections the same across a batch: a named section's name
/// (by its Unicode scalars), or an unnamed section's index in the visible
/// table. (An index is what a table view sees: two visible tables that look
/// the same then always have the same identities, so an unchanged table
/// never emits events.)
@usableFromInline
enum SectionIdentity: Hashable, Sendable {
    case named(SectionName)
    case unnamed(Int)
}
