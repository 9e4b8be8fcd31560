/// Setting all data and merging fetched objects: the keyed, whole-input
/// operations that fold duplicates instead of refusing them.
extension ResultsStore {
    /// Replaces all data with one unnamed section of `elements` (in a
    /// sectioned store, the sections their values name).
    ///
    /// Repeated keys fold: the first position, the last content. Rows whose
    /// key stays keep their identity, so the changes are moves and updates,
    /// not deletes and inserts.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)`` before changing anything.
    /// - Complexity: O(*n* + *m*) hashing for *n* old and *m* new objects, plus
    ///   O(*m* log *m*) comparisons when sorted.
    @discardableResult
    @inlinable public mutating func setData(_ elements: [Element]) throws(ResultsError) -> ResultsMergeSummary {
        try setData(sections: [ResultsSection(objects: elements)], derivingSections: sectioning != nil)
    }

    /// Replaces all data with `sections`. A named section whose name stays
    /// keeps its identity, as does unnamed section *i* when the old section
    /// *i* was unnamed too.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)`` for a repeated name,
    ///   ``ResultsError/missingPrimaryKey(_:)``, or
    ///   ``ResultsError/invalidOperation(_:)`` in a sectioned store; nothing
    ///   changes then.
    /// - Complexity: O(*n* + *m*) hashing for *n* old and *m* new objects.
    @discardableResult
    @inlinable public mutating func setData(sections: [ResultsSection<Element>]) throws(ResultsError) -> ResultsMergeSummary {
        try requireManualSections("setting data as sections")
        return try setData(sections: sections, derivingSections: false)
    }

    @inlinable mutating func setData(
        sections: [ResultsSection<Element>], derivingSections: Bool
    ) throws(ResultsError) -> ResultsMergeSummary {
        var names = Set<String>()
        for name in sections.compactMap(\.name) where !names.insert(name).inserted {
            throw .duplicateSection(name)
        }
        var keys: [[Key]] = []
        for section in sections { keys.append(try requireKeys(of: section.objects)) }

        var summary = ResultsMergeSummary()
        var claimed = Claims(repeating: Self.unclaimed, count: slots.count)
        var built: [Section] = []
        for (index, section) in sections.enumerated() {
            let rows = upsert(section.objects, keys: keys[index], claimed: &claimed, summary: &summary).rows
            built.append(Section(name: section.name, rows: rows))
        }
        summary.removed = releaseUnclaimedRows(claimed)
        if derivingSections {
            storedSections = []
            for id in built.flatMap(\.rows) {
                let section = sectionIndex(named: sectioning!.sectionName(slots[Int(id)]!))
                storedSections[section].rows.append(id)
            }
        } else {
            storedSections = built
        }
        for section in storedSections.indices { sortRows(inSection: section, by: sortKeys) }
        tracker.touchAll()
        _checkInvariants()
        return summary
    }

    /// Merges fetched objects by key (upsert): existing objects are replaced
    /// in place, new ones appended to the last section in input order (in a
    /// sorted or sectioned store, placed there). With `prune`, existing
    /// objects whose keys are absent from `elements` are removed (their
    /// sections stay, unless the store sections by value).
    ///
    /// `sortedBy` sorts every section stably after the merge, for a store
    /// without sort keys of its own.
    ///
    ///     let summary = try store.merge(page, prune: isFirstPage)
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)``, or
    ///   ``ResultsError/invalidOperation(_:)`` for `sortedBy` in a sorted
    ///   store; nothing changes then.
    /// - Complexity: O(*m*) hashing for *m* objects, plus O(*n*) for `prune`,
    ///   a change of section, or a sort (which runs once, over nearly sorted rows).
    @discardableResult
    @inlinable public mutating func merge(
        _ elements: [Element], sortedBy mergeSort: [ResultsSortKey<Element>] = [], prune: Bool = false
    ) throws(ResultsError) -> ResultsMergeSummary {
        if !mergeSort.isEmpty && !sortKeys.isEmpty {
            throw .invalidOperation("a merge cannot sort by its own keys in a store that has sort keys")
        }
        let keys = try requireKeys(of: elements)
        var summary = ResultsMergeSummary()
        var claimed = Claims(repeating: Self.unclaimed, count: slots.count)
        let (rows, isNew, changed) = upsert(elements, keys: keys, claimed: &claimed, summary: &summary)
        if prune { summary.removed = releaseUnclaimedRows(claimed, removingFromSections: true) }
        let added = zip(rows, isNew).compactMap { $1 ? $0 : nil }

        if placesRows {
            if storedSections.isEmpty && sectioning == nil && !added.isEmpty {
                storedSections.append(Section(name: nil, rows: []))
            }
            placeMergedRows(rows, isNew: isNew, changed: changed)
        } else if !added.isEmpty {
            if storedSections.isEmpty { storedSections.append(Section(name: nil, rows: [])) }
            storedSections[storedSections.count - 1].rows.append(contentsOf: added)
        }
        if !mergeSort.isEmpty {
            for section in storedSections.indices { sortRows(inSection: section, by: mergeSort) }
        }
        tracker.touchAll()
        _checkInvariants()
        return summary
    }

    /// Files the merged rows in a sorted or sectioned store: new rows, and
    /// rows whose section changed, are appended to their sections in input
    /// order; then the sections that changed are sorted, once.
    @inlinable mutating func placeMergedRows(_ rows: [RowID], isNew: [Bool], changed: [RowID]) {
        var arriving = Set<RowID>()
        if let sectioning, !changed.isEmpty {
            let changedSet = Set(changed)
            for s in storedSections.indices {
                let name = storedSections[s].name
                storedSections[s].rows.removeAll { id in
                    guard changedSet.contains(id), sectioning.sectionName(slots[Int(id)]!) != name else { return false }
                    arriving.insert(id)
                    return true
                }
            }
            storedSections.removeAll { $0.rows.isEmpty }
        }
        for (id, isNew) in zip(rows, isNew) where isNew || arriving.contains(id) {
            let section = sectioning.map { sectionIndex(named: $0.sectionName(slots[Int(id)]!)) } ?? storedSections.count - 1
            storedSections[section].rows.append(id)
        }
        if !sortKeys.isEmpty && (!changed.isEmpty || isNew.contains(true)) {
            for section in storedSections.indices { sortRows(inSection: section, by: sortKeys) }
        }
    }

    /// How an upsert has claimed a row, by row identity.
    @usableFromInline typealias Claims = [UInt8]
    @usableFromInline static var unclaimed: UInt8 { 0 }
    @usableFromInline static var claimedExisting: UInt8 { 1 }
    @usableFromInline static var claimedNew: UInt8 { 2 }

    /// Gives every key its new content: an existing row (claimed once; a
    /// repeated key folds into it) or a new, not yet placed row. Returns the
    /// rows in first-occurrence order, which of them are new, and the
    /// existing rows whose content changed.
    @inlinable mutating func upsert(
        _ elements: [Element], keys: [Key], claimed: inout Claims, summary: inout ResultsMergeSummary
    ) -> (rows: [RowID], isNew: [Bool], changed: [RowID]) {
        var rows: [RowID] = []
        var isNew: [Bool] = []
        var changed: [RowID] = []
        rows.reserveCapacity(elements.count)
        isNew.reserveCapacity(elements.count)
        func claim(_ id: RowID, as claim: UInt8) {
            let index = Int(id)
            if index >= claimed.count { claimed.append(contentsOf: repeatElement(Self.unclaimed, count: index - claimed.count + 1)) }
            claimed[index] = claim
        }
        for (element, key) in zip(elements, keys) {
            if let id = keyIndex[key] {
                let existingClaim = Int(id) < claimed.count ? claimed[Int(id)] : Self.unclaimed
                if existingClaim != Self.unclaimed {
                    summary.foldedDuplicates += 1
                    if updateContent(ofRow: id, with: element) && existingClaim == Self.claimedExisting { changed.append(id) }
                    continue
                }
                claim(id, as: Self.claimedExisting)
                if updateContent(ofRow: id, with: element) { changed.append(id) }
                rows.append(id)
                isNew.append(false)
            } else {
                let id = allocateRow(element, key: key)
                claim(id, as: Self.claimedNew)
                summary.inserted += 1
                rows.append(id)
                isNew.append(true)
            }
        }
        summary.updated = Set(changed).count
        return (rows, isNew, changed)
    }

    /// Releases every live row not claimed by an upsert; returns how many.
    /// With `removingFromSections`, takes them out of their sections too (a
    /// sectioned store drops sections left empty).
    @inlinable mutating func releaseUnclaimedRows(_ claimed: Claims, removingFromSections: Bool = false) -> Int {
        func isClaimed(_ id: RowID) -> Bool { Int(id) < claimed.count && claimed[Int(id)] != Self.unclaimed }
        var released: [RowID] = []
        for section in storedSections {
            for id in section.rows where !isClaimed(id) { released.append(id) }
        }
        guard !released.isEmpty else { return 0 }
        if removingFromSections {
            for s in storedSections.indices { storedSections[s].rows.removeAll { !isClaimed($0) } }
            if sectioning != nil { storedSections.removeAll { $0.rows.isEmpty } }
        }
        for id in released { releaseRow(id) }
        return released.count
    }

    /// Gives a row new content; returns whether the content changed. Equal
    /// content is stored without marking the row changed.
    @inlinable mutating func updateContent(ofRow id: RowID, with element: Element) -> Bool {
        if let isSameContent, isSameContent(slots[Int(id)]!, element) {
            slots[Int(id)] = element
            return false
        }
        replaceContent(ofRow: id, with: element)
        return true
    }
}
