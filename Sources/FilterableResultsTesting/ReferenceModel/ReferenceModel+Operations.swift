import FilterableResults

/// The operations, each as plainly as the contract states it.
extension ReferenceModel {
    // MARK: Data

    /// Replaces all data with one list of elements.
    ///
    /// - Complexity: O(*m*²).
    public mutating func setData(_ objects: [Element]) throws(ResultsError) {
        _ = try keys(of: objects)
        let folded = fold(objects)
        if sectioning != nil {
            sections = []
            for object in folded { appendToItsSection(object) }
        } else {
            sections = [ResultsSection(elements: folded)]
        }
        normalize()
    }

    /// Replaces all data with sections.
    ///
    /// - Complexity: O(*m*²).
    public mutating func setData(sections newSections: [ResultsSection<Element>]) throws(ResultsError) {
        try requireManualSections("setting data as sections")
        try requireUniqueSections(newSections)
        for section in newSections { _ = try keys(of: section.elements) }
        var seen: [Key: (section: Int, row: Int)] = [:]
        var result: [ResultsSection<Element>] = []
        for (s, section) in newSections.enumerated() {
            result.append(ResultsSection(name: section.name, id: section.id, elements: []))
            for object in section.elements {
                let k = key(object)!
                if let place = seen[k] {
                    result[place.section].elements[place.row] = object
                } else {
                    seen[k] = (s, result[s].elements.count)
                    result[s].elements.append(object)
                }
            }
        }
        sections = result
        normalize()
    }

    /// Adds an element to the last section, a given one, or its section by value.
    ///
    /// - Complexity: O(*n*).
    public mutating func add(_ object: Element, toSection section: Int? = nil) throws(ResultsError) {
        let k = try requireKey(object)
        if indexPath(forKey: k) != nil { throw .duplicateKey(String(describing: k)) }
        if sectioning != nil {
            if section != nil { throw .sectionsDerivedFromElements(operation: "adding to a given section") }
            appendToItsSection(object)
        } else {
            // Into the last section; with none, section 0 is out of range.
            let target = section ?? max(0, sections.count - 1)
            guard sections.indices.contains(target) else {
                throw .sectionOutOfRange(target, sectionCount: sections.count)
            }
            sections[target].elements.append(object)
        }
        normalize()
    }

    /// Inserts an element at a raw index path.
    ///
    /// - Complexity: O(*n*).
    public mutating func insert(_ object: Element, at indexPath: RawIndexPath) throws(ResultsError) {
        if sectioning != nil || !sortKeys.isEmpty { throw .rowsPlacedByStore(operation: "inserting at an index path") }
        guard sections.indices.contains(indexPath.section),
              (0...sections[indexPath.section].elements.count).contains(indexPath.row) else {
            throw .rawIndexPathOutOfRange(indexPath, sectionCount: sections.count, rowCount: nil)
        }
        let k = try requireKey(object)
        if self.indexPath(forKey: k) != nil { throw .duplicateKey(String(describing: k)) }
        sections[indexPath.section].elements.insert(object, at: indexPath.row)
    }

    /// Removes the element with `object`'s key, if any, and returns
    /// whether there was one.
    ///
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func remove(_ object: Element) throws(ResultsError) -> Bool {
        remove(key: try requireKey(object))
    }

    /// Removes the element with `key`, if any, and returns whether there
    /// was one.
    ///
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func remove(key k: Key) -> Bool {
        guard let place = indexPath(forKey: k) else { return false }
        sections[place.section].elements.remove(at: place.row)
        normalize()
        return true
    }

    /// Removes the element at a raw index path.
    ///
    /// - Complexity: O(*n*).
    public mutating func remove(at indexPath: RawIndexPath) throws(ResultsError) {
        try requireRow(indexPath)
        sections[indexPath.section].elements.remove(at: indexPath.row)
        normalize()
    }

    /// Replaces the element with `object`'s key, if any.
    ///
    /// - Complexity: O(*n*).
    public mutating func replace(_ object: Element) throws(ResultsError) {
        let k = try requireKey(object)
        guard let place = indexPath(forKey: k) else { return }
        put(object, at: place)
    }

    /// Replaces the element matching `old` by `new`, if any.
    ///
    /// - Complexity: O(*n*).
    public mutating func replace(_ old: Element, with new: Element) throws(ResultsError) {
        let oldKey = try requireKey(old)
        let newKey = try requireKey(new)
        guard let place = indexPath(forKey: oldKey) else { return }
        if newKey != oldKey && indexPath(forKey: newKey) != nil { throw .duplicateKey(String(describing: newKey)) }
        put(new, at: place)
    }

    /// Replaces the element at a raw index path.
    ///
    /// - Complexity: O(*n*).
    public mutating func replace(at indexPath: RawIndexPath, with new: Element) throws(ResultsError) {
        try requireRow(indexPath)
        let newKey = try requireKey(new)
        let oldKey = key(sections[indexPath.section].elements[indexPath.row])!
        if newKey != oldKey && self.indexPath(forKey: newKey) != nil { throw .duplicateKey(String(describing: newKey)) }
        put(new, at: indexPath)
    }

    /// Replaces each element that exists; the others are ignored.
    ///
    /// - Complexity: O(*k* *n*).
    public mutating func replaceAll(_ objects: [Element]) throws(ResultsError) {
        _ = try keys(of: objects)
        for object in objects {
            if let place = indexPath(forKey: key(object)!) { put(object, at: place) }
        }
    }

    /// Upserts elements; optionally sorts by its own keys and prunes.
    ///
    /// - Complexity: O(*m* *n*).
    public mutating func merge(
        _ objects: [Element], sortedBy mergeSort: [ResultsSortKey<Element>] = [], prune: Bool = false
    ) throws(ResultsError) {
        if !mergeSort.isEmpty && !sortKeys.isEmpty { throw .rowsPlacedByStore(operation: "merging in an order of its own (sortedBy)") }
        _ = try keys(of: objects)
        let folded = fold(objects)
        var places: [Key: RawIndexPath] = [:]
        for (s, section) in sections.enumerated() {
            for (r, object) in section.elements.enumerated() { places[key(object)!] = RawIndexPath(row: r, section: s) }
        }
        var arriving: [Element] = []
        for object in folded {
            if let place = places[key(object)!] {
                sections[place.section].elements[place.row] = object
            } else {
                arriving.append(object)
            }
        }
        if prune {
            let kept = Set(folded.map { key($0)! })
            for s in sections.indices { sections[s].elements.removeAll { !kept.contains(key($0)!) } }
        }
        if sectioning != nil {
            // Rows whose section changed, and new rows, arrive in input order:
            // the movers leave their sections first, and sections left empty
            // (by them or the prune) go, then each lands at the end of its
            // own (a section made again is titled anew, in a sectioning by id).
            let arrivingKeys = Set(arriving.map { key($0)! })
            var sectionOfKey: [Key: Int] = [:]
            for (s, section) in sections.enumerated() {
                for object in section.elements { sectionOfKey[key(object)!] = s }
            }
            let landing = folded.filter { object in
                let k = key(object)!
                if let s = sectionOfKey[k] { return !belongs(object, in: sections[s]) }
                return arrivingKeys.contains(k)
            }
            let moving = Set(landing.map { key($0)! }).subtracting(arrivingKeys)
            if !moving.isEmpty {
                for s in sections.indices { sections[s].elements.removeAll { moving.contains(key($0)!) } }
            }
            sections.removeAll { $0.elements.isEmpty }
            for object in landing { appendToItsSection(object) }
        } else if !arriving.isEmpty {
            if sections.isEmpty { sections.append(ResultsSection(elements: [])) }
            sections[sections.count - 1].elements.append(contentsOf: arriving)
        }
        normalize()
        for s in sections.indices { sections[s].elements = stableSorted(sections[s].elements, by: mergeSort) }
    }

    // MARK: Sections

    /// Appends a section.
    ///
    /// - Complexity: O(*n*).
    public mutating func addSection(_ section: ResultsSection<Element>) throws(ResultsError) {
        try insertSection(section, at: sections.count)
    }

    /// Inserts a section.
    ///
    /// - Complexity: O(*n* *m*).
    public mutating func insertSection(_ section: ResultsSection<Element>, at index: Int) throws(ResultsError) {
        try requireManualSections("inserting a section")
        guard (0...sections.count).contains(index) else { throw .sectionOutOfRange(index, sectionCount: sections.count) }
        try requireUniqueSections(sections + [section])
        try requireNewKeys(section.elements, allowedSection: nil)
        sections.insert(section, at: index)
        normalize()
    }

    /// Removes the section at `index`.
    ///
    /// - Complexity: O(*n*).
    public mutating func removeSection(at index: Int) throws(ResultsError) {
        try requireManualSections("removing a section")
        guard sections.indices.contains(index) else { throw .sectionOutOfRange(index, sectionCount: sections.count) }
        sections.remove(at: index)
    }

    /// Removes the section named `name` that has no id of its own, if any.
    ///
    /// - Complexity: O(*n*).
    public mutating func removeSection(named name: String) throws(ResultsError) {
        try requireManualSections("removing a section")
        sections = sections.filter { $0.id != nil || !sameName($0.name, name) }
    }

    /// Removes the section whose id of its own is `id`, if any.
    ///
    /// - Complexity: O(*n*).
    public mutating func removeSection(id: some Hashable & Sendable) throws(ResultsError) {
        try requireManualSections("removing a section")
        sections.removeAll { $0.id.map { AnyHashable($0) } == AnyHashable(id) }
    }

    /// Replaces the section at `index`.
    ///
    /// - Complexity: O(*n* *m*).
    public mutating func replaceSection(at index: Int, with section: ResultsSection<Element>) throws(ResultsError) {
        try requireManualSections("replacing a section")
        guard sections.indices.contains(index) else { throw .sectionOutOfRange(index, sectionCount: sections.count) }
        var others = sections
        others.remove(at: index)
        try requireUniqueSections(others + [section])
        try requireNewKeys(section.elements, allowedSection: index)
        sections[index] = section
        normalize()
    }

    /// Derives every section's title again from its id, in a store
    /// sectioned by id.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public mutating func refreshSectionTitles() {
        guard let sectioning, sectioning.identifiesSections else { return }
        for s in sections.indices { sections[s].name = sectioning.title(ofSectionID: sections[s].id!) }
    }

    // MARK: Filters

    /// Applies a filter, replacing its group's in place (groups and titles
    /// compared by their scalars, as names are).
    ///
    /// - Complexity: O(*f*).
    public mutating func addFilter(_ filter: ResultsFilter<Element>) {
        if let group = filter.group, let index = filters.firstIndex(where: { sameName($0.group, group) }) {
            filters[index] = filter
        } else {
            filters.append(filter)
        }
    }

    /// Removes every filter with this title and group.
    ///
    /// - Complexity: O(*f*).
    public mutating func removeFilter(title: String, group: String?) {
        filters = filters.filter { !sameName($0.title, title) || !sameName($0.group, group) }
    }

    /// Replaces all filters.
    ///
    /// - Complexity: O(*f*).
    public mutating func replaceFilters(with newFilters: [ResultsFilter<Element>]) {
        filters = []
        for filter in newFilters { addFilter(filter) }
    }

    /// Removes all filters.
    ///
    /// - Complexity: O(1).
    public mutating func clearFilters() { filters = [] }
}
