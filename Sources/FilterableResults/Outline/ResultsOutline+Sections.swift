/// The sections of a sectioned outline: one per section of the top-level
/// items, in the sectioning's order, each holding those items' subtrees.
extension ResultsOutline {
    /// Adds `section` to the store, after the sections it does not come
    /// before, unless it is there.
    @inlinable func addSection(_ section: OutlineSection, to store: inout ResultsStore<Row, Key>) throws(ResultsError) {
        guard sectioning != nil, !sections.contains(section) else { return }
        let index = (0..<sections.count).partitioningIndex { sectionPrecedes(section, sections[$0]) }
        try store.insertSection(storeSection(section, elements: []), at: index)
        sections.insert(section, at: index)
    }

    /// Removes the sections no top-level item is in any more.
    ///
    /// - Complexity: O(*r* + *s*) for *r* top-level items and *s* sections.
    @inlinable func removeEmptySections(from store: inout ResultsStore<Row, Key>) throws(ResultsError) {
        guard sectioning != nil else { return }
        let used = Set(tree.roots.map { tree[$0]!.section })
        for index in sections.indices.reversed() where !used.contains(sections[index]) {
            try store.removeSection(at: index)
            sections.remove(at: index)
        }
    }

    /// The section of a top-level element: by its id in a sectioning by id
    /// (titled when the section is made), else by its name;
    /// ``OutlineSection/single`` in an outline of one section.
    @inlinable func section(ofTopLevel element: Element) -> OutlineSection {
        guard let sectioning else { return .single }
        if let identified = sectioning.identified { return OutlineSection(id: identified.sectionID(element), name: "") }
        return OutlineSection(id: nil, name: sectioning.sectionName(element))
    }

    /// Whether section `lhs` comes before `rhs` in the sectioning's order.
    @inlinable func sectionPrecedes(_ lhs: OutlineSection, _ rhs: OutlineSection) -> Bool {
        guard let sectioning else { return false }
        if let identified = sectioning.identified { return identified.areInIncreasingOrder(lhs.id!, rhs.id!) }
        return sectioning.areInIncreasingOrder(lhs.name, rhs.name)
    }

    /// The sections of `roots`, in the sectioning's order, those it puts
    /// level in the order their first items come.
    ///
    /// - Complexity: O(*r* + *s* log *s*) for *r* roots in *s* sections.
    @inlinable func orderedSections(of roots: [Key]) -> [OutlineSection] {
        guard sectioning != nil else { return [.single] }
        var seen: Set<OutlineSection> = []
        var found: [OutlineSection] = []
        for root in roots where seen.insert(tree[root]!.section).inserted { found.append(tree[root]!.section) }
        return found.enumerated()
            .sorted { a, b in sectionPrecedes(a.element, b.element) || (!sectionPrecedes(b.element, a.element) && a.offset < b.offset) }
            .map(\.element)
    }

    /// The store's section for `section`: unnamed in an outline of one
    /// section, titled from its id in a sectioning by id, else named.
    @inlinable func storeSection(_ section: OutlineSection, elements: [Row]) -> ResultsSection<Row> {
        guard let sectioning else { return ResultsSection(elements: elements) }
        if let identified = sectioning.identified, let id = section.id {
            return ResultsSection(name: identified.title(id), id: id.value, elements: elements)
        }
        return ResultsSection(name: section.name, elements: elements)
    }

    /// The section a section of the store is.
    @inlinable func outlineSection(_ section: ResultsSection<Row>) -> OutlineSection {
        guard sectioning != nil else { return .single }
        return OutlineSection(id: section.id.map { SectionID($0) }, name: section.name ?? "")
    }

    /// Derives each section's title again from its id, in an outline
    /// sectioned by id ("Today" becoming "Yesterday" at midnight): the
    /// update refreshes each header whose title changed, its rows kept.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   update; nothing changes then.
    /// - Complexity: O(*s* log *s*) for *s* sections, plus the titles made.
    @inlinable public func refreshSectionTitles() throws(ResultsError) {
        guard let identified = sectioning?.identified else { return }
        try controller.modify { store throws(ResultsError) in
            for (index, section) in sections.enumerated() { store.retitleSection(atRaw: index, to: identified.title(section.id!)) }
        }
    }
}
