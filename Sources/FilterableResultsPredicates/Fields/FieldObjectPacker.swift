import FilterableResults

/// Builds the objects of one parse: objects with the same keys in the same
/// order (the rows of a data file) share one key list, and objects whose
/// values are all scalars are packed into pages of bytes
/// (``FieldObject/PackedPage``) rather than each taking a buffer of values.
package struct FieldObjectPacker {
    private let shapes = FieldObject.ShapeTable()
    /// The shapes used most recently, the latest first: a handful, since a
    /// file's objects take few shapes and a miss only costs a new shape.
    private var recent: [(keys: [String], shape: UInt32)] = []
    private static let recentLimit = 8
    /// The page being filled.
    private var page: FieldObject.PackedPage?
    /// The size of a page (a record larger than that gets a page of its own).
    private static let pageSize = 1 << 16

    /// Creates a packer with no shapes and no pages.
    ///
    /// - Complexity: O(1).
    package init() {}

    /// An object of `members`, whose keys are unique (the caller checked
    /// them): its keys shared with earlier objects of the same keys, by
    /// Unicode scalars, in the same order; packed when every value is a
    /// scalar.
    ///
    /// - Complexity: O(*n*) for *n* members, nested values excluded.
    package mutating func object(_ members: [FieldObject.Member]) -> FieldObject {
        let (keys, shape) = self.shape(of: members)
        guard members.allSatisfy({ !$0.value.isContainer }) else {
            return FieldObject(uniqueMembers: members, keys: keys)
        }
        let size = FieldObject.PackedPage.recordSize(members)
        if page == nil || !page!.hasRoom(for: size) {
            page = FieldObject.PackedPage(shapes: shapes, capacity: Swift.max(size, Self.pageSize))
        }
        return FieldObject(page: page!, record: page!.append(shape: shape, members: members))
    }

    /// The key list and shape number of `members`'s keys.
    private mutating func shape(of members: [FieldObject.Member]) -> (keys: [String], shape: UInt32) {
        for index in recent.indices where FieldObject.keys(recent[index].keys, match: members) {
            if index > 0 { recent.insert(recent.remove(at: index), at: 0) }
            return recent[0]
        }
        let keys = members.map(\.key)
        let entry = (keys: keys, shape: shapes.append(keys))
        if recent.count == Self.recentLimit { recent.removeLast() }
        recent.insert(entry, at: 0)
        return entry
    }
}
