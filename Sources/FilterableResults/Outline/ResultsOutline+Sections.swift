/// The sections of a sectioned outline: one per name of the top-level
/// items, in name order, each holding those items' subtrees.
extension ResultsOutline {
    /// Adds the section `name` to the store, in name order, unless it is there.
    @inlinable func addSection(_ name: String, to store: inout ResultsStore<Row, Key>) throws(ResultsError) {
        guard sectionNameOf != nil, !sectionNames.contains(name) else { return }
        let index = (0..<sectionNames.count).partitioningIndex { !ResultsSectioning<Element>.unicodeScalarOrder(sectionNames[$0], name) }
        try store.insertSection(ResultsSection(name: name, elements: []), at: index)
        sectionNames.insert(name, at: index)
    }

    /// Removes the sections no top-level item names any more.
    ///
    /// - Complexity: O(*r* + *s*) for *r* top-level items and *s* sections.
    @inlinable func removeEmptySections(from store: inout ResultsStore<Row, Key>) throws(ResultsError) {
        guard sectionNameOf != nil else { return }
        let used = Set(tree.roots.map { tree[$0]!.section })
        for index in sectionNames.indices.reversed() where !used.contains(sectionNames[index]) {
            try store.removeSection(at: index)
            sectionNames.remove(at: index)
        }
    }

    /// The section of a top-level element: its name, or `""` in an outline of one section.
    @inlinable func sectionName(ofTopLevel element: Element) -> String { sectionNameOf?(element) ?? "" }
}
