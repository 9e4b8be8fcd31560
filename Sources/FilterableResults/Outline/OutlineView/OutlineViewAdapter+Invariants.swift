/// The adapter's consistency check, run after every update when the
/// package's compile-time condition `FILTERABLE_RESULTS_CHECKS` is set.
extension OutlineViewAdapter {
    /// Checks that the tree served is the snapshot's table: depth first, it
    /// lists the snapshot's rows in order, each under its parent (a
    /// top-level row under its section's group row, if named), each object
    /// served under its node and linked to its parent.
    ///
    /// - Complexity: O(*n*) for *n* rows, when enabled.
    func _checkInvariants() {
        #if FILTERABLE_RESULTS_CHECKS
        var served: [Item] = []
        var stack = root.children.reversed() as [Item]
        while let item = stack.popLast() {
            served.append(item)
            for child in item.children { precondition(child.parent === item, "OutlineViewAdapter: \(child) is not linked to its parent \(item)") }
            stack.append(contentsOf: item.children.reversed())
        }
        precondition(items.count == served.count + 1, "OutlineViewAdapter: \(items.count - 1) objects served for \(served.count) nodes in the tree")
        var expected: [(Item.Node, Item.Node, Row?)] = []
        for section in 0..<snapshot.numberOfSections {
            let group = Item.Node.section(section, of: snapshot)
            if let group { expected.append((group, .root, nil)) }
            for row in snapshot.elements(inSection: section) {
                expected.append((.item(row.key), row.parentKey.map { .item($0) } ?? group ?? .root, row))
            }
        }
        precondition(served.count == expected.count, "OutlineViewAdapter: \(served.count) nodes served for \(expected.count) in the table")
        for (item, (node, parent, row)) in zip(served, expected) {
            precondition(item.node == node && item.parent?.node == parent && items[node] === item,
                         "OutlineViewAdapter: \(item) under \(item.parent.map(\.description) ?? "nothing") is served where the table has \(node) under \(parent)")
            if let row { precondition(item.row?.key == row.key && item.row?.isExpanded == row.isExpanded && item.row?.level == row.level, "OutlineViewAdapter: \(item) shows a stale row") }
            if case let .section(shown) = item.node, case let .section(section) = node {
                precondition(shown.name == section.name, "OutlineViewAdapter: the group row of \(section) is titled \(shown.name)")
            }
        }
        #endif
    }
}
