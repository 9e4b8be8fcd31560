/// One change to a section of the visible table.
///
/// `index` is the section's index in the table before the batch (for
/// `delete`, `move` and `update`); `newIndex` its index after it (for
/// `insert` and `move`). An `update` reloads the section: its rows are
/// taken as new and no row event refers to it.
public struct SectionChange: Hashable, Sendable {
    /// What happened to the section.
    public var kind: ChangeKind
    /// The section's index before the batch, for delete, move and update.
    public var index: Int?
    /// The section's index after the batch, for insert and move.
    public var newIndex: Int?
    /// The section's name, if it has one.
    public var name: String?

    /// Creates a section change.
    ///
    /// - Complexity: O(1).
    public init(kind: ChangeKind, index: Int?, newIndex: Int?, name: String? = nil) {
        self.kind = kind
        self.index = index
        self.newIndex = newIndex
        self.name = name
    }

    /// A section inserted at `newIndex`.
    public static func insert(_ newIndex: Int, name: String? = nil) -> SectionChange {
        SectionChange(kind: .insert, index: nil, newIndex: newIndex, name: name)
    }

    /// A section deleted from `index`.
    public static func delete(_ index: Int, name: String? = nil) -> SectionChange {
        SectionChange(kind: .delete, index: index, newIndex: nil, name: name)
    }

    /// A section moved from `index` to `newIndex`.
    public static func move(_ index: Int, to newIndex: Int, name: String? = nil) -> SectionChange {
        SectionChange(kind: .move, index: index, newIndex: newIndex, name: name)
    }

    /// A section reloaded at `index`.
    public static func update(_ index: Int, name: String? = nil) -> SectionChange {
        SectionChange(kind: .update, index: index, newIndex: nil, name: name)
    }
}
