/// The outline's consistency checks, run after every change when the
/// package's compile-time condition `FILTERABLE_RESULTS_CHECKS` is set
/// (its own debug builds; never an app's).
extension ResultsOutline {
    /// Checks that the store holds every item of the tree, in depth-first
    /// order, one section per section of the top-level items, in the
    /// sectioning's order, each row laid out as the tree says (not as
    /// its element says now: a class element's parent may have changed
    /// in place, which the outline learns when the element is given again),
    /// and shown as the expansion (or the filters) say; while filtered,
    /// each shown row shows expanded exactly when a child of it shows.
    ///
    /// - Complexity: O(*n* log *n*) for *n* items, when enabled.
    @inlinable func _checkInvariants() {
        #if FILTERABLE_RESULTS_CHECKS
        let store = controller.store
        precondition(store.rawCount == tree.count, "ResultsOutline: \(store.rawCount) rows for \(tree.count) items")
        precondition(store.numberOfRawSections == sections.count, "ResultsOutline: \(store.numberOfRawSections) sections for \(sections)")
        let rawSections = store.rawSections
        for (index, name) in sections.enumerated() {
            precondition(outlineSection(rawSections[index]) == name && (sectioning == nil) == (rawSections[index].name == nil),
                "ResultsOutline: section \(index) is not \(name)")
            if index > 0 { precondition(!sectionPrecedes(name, sections[index - 1]), "ResultsOutline: section \(name) comes after \(sections[index - 1])") }
            var expected: [(Key, Int, Bool)] = []
            var stack = tree.roots.reversed().filter { tree[$0]!.section == name }.map { ($0, 0, true) }
            while let (key, level, shown) = stack.popLast() {
                expected.append((key, level, shown))
                let node = tree[key]!
                precondition(node.section == name, "ResultsOutline: \(key) is in section \(node.section), not \(name)")
                for child in node.children {
                    precondition(tree[child]?.parent == key, "ResultsOutline: \(child) is listed under \(key) but names another parent")
                }
                stack.append(contentsOf: node.children.reversed().map { ($0, level + 1, shown && expandedKeys.contains(key)) })
            }
            let rows = rawSections[index].elements
            precondition(rows.count == expected.count, "ResultsOutline: section \(name) holds \(rows.count) rows for \(expected.count) items")
            for (row, (key, level, shown)) in zip(rows, expected) {
                let node = tree[key]!
                precondition(row.key == key && row.level == level && row.parentKey == node.parent
                    && row.hasChildren == !node.children.isEmpty && row.isUnderExpandedAncestors == shown
                    && row.node == node.number && (Element.self is AnyObject.Type || parentKeyOf(row.element) == node.parent),
                    "ResultsOutline: the row of \(key) is not laid out as the tree says")
                if filters.isEmpty {
                    precondition(row.isExpanded == (row.hasChildren && expandedKeys.contains(key)), "ResultsOutline: \(key) shows the wrong expansion")
                }
            }
        }
        // While filtered, a shown row shows expanded when a child of it
        // shows: then the next row shown is its child (depth first).
        guard !filters.isEmpty else { return }
        for section in store.snapshot.sections {
            let rows = section.elements
            for (index, row) in rows.enumerated() {
                let childShows = index + 1 < rows.count && rows[index + 1].parentKey == row.key
                precondition(row.isExpanded == childShows, "ResultsOutline: \(row.key) shows the wrong expansion while filtered")
            }
        }
        #endif
    }
}
