
/// A section of a visible table: its identity, its name and the internal
/// identities of its visible rows.
@usableFromInline
struct VisibleSection {
    @usableFromInline var identity: SectionIdentity
    @usableFromInline var name: String?
    @usableFromInline var rows: [Int32]

    @inlinable init(identity: SectionIdentity, name: String?, rows: [Int32]) {
        self.identity = identity
        self.name = name
        self.rows = rows
    }
}
