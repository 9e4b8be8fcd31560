import Foundation

/// The primitives every operation is built from. They assume the operation
/// has validated its input: they never fail.
extension ResultsStore {
    /// The key of an element, or the error that names it.
    ///
    /// - Complexity: O(1) plus the cost of the key function.
    @inlinable func requireKey(of element: Element) throws(ResultsError) -> Key {
        try withUnsafePointer(to: element) { pointer throws(ResultsError) in try requireKey(at: pointer) }
    }

    /// The key of an element in place, or the error that names it.
    @inlinable func requireKey(at element: UnsafePointer<Element>) throws(ResultsError) -> Key {
        guard let key = table.keyReader.key(at: element) else {
            throw .missingPrimaryKey(String(describing: element.pointee))
        }
        guard key == key else {
            throw .invalidKey(String(describing: key), reason: "it is not equal to itself (like Double.nan), so it could never be found again")
        }
        return key
    }

    /// The keys of `elements`, read in place, or the error naming the first
    /// element without one.
    @inlinable func requireKeys(of elements: [Element]) throws(ResultsError) -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(elements.count)
        try elements.withUnsafeBufferPointer { buffer throws(ResultsError) in
            for index in buffer.indices { keys.append(try requireKey(at: buffer.baseAddress! + index)) }
        }
        return keys
    }

    /// The key of a live row.
    @inlinable func key(ofRow id: RowID) -> Key { table.key(ofRow: id) }

    /// The element of a live row.
    @inlinable func element(ofRow id: RowID) -> Element { table.element(ofRow: id) }

    /// Whether an element passes every applied filter.
    @inlinable func passesFilters(_ element: Element) -> Bool {
        guard !appliedFilters.isEmpty else { return true }
        return withUnsafePointer(to: element) { element in appliedFilters.allSatisfy { $0.matches(element) } }
    }

    /// Stores an element whose key no live row has, and indexes the key; the
    /// caller places the row. A key the baseline had gets its old identity
    /// back, so a key removed and added again before the next changeset is
    /// the same row.
    @inlinable mutating func allocateRow(_ element: Element, key: Key) -> RowID {
        allocateRow(element, key: key, hash: key.hashValue)
    }

    /// ``allocateRow(_:key:)`` with the key's hash already computed.
    @inlinable mutating func allocateRow(_ element: Element, key: Key, hash: Int) -> RowID {
        let id: RowID
        // A baseline key missing now was removed, so its row was retired:
        // with none retired, there is nothing to look for.
        if !tracker.retiredRows.isEmpty, let old = baseline.row(forKey: key), !table.isLive(old) {
            id = old
            tracker.touchContent(id, rowSlots: table.slots.count)
        } else if let free = freeRows.popLast() {
            id = free
        } else {
            id = table.appendRowSlot()
        }
        table.slots[Int(id)] = element
        table.indexKey(key, hash: hash, ofRow: id)
        tracker.touch(id)
        return id
    }

    /// Unindexes a row the caller has taken out of its section and frees
    /// its element. Its identity stays reserved while the baseline has it.
    @inlinable mutating func releaseRow(_ id: RowID) {
        table.unindexKey(ofRow: id)
        table.slots[Int(id)] = nil
        if baseline.isLive(id) { retire(id) } else { freeRows.append(id) }
        tracker.touch(id)
    }

    /// Unindexes and frees rows the caller has taken out of their sections
    /// (or is about to rebuild without), as ``releaseRow(_:)`` does each:
    /// when they are many and a large part of the table, in one pass over
    /// the key index and the slots instead of a probe for each (a reload
    /// that replaces a million rows by ten thousand), and then records an
    /// edit the incremental diff cannot follow, as that many releases would.
    ///
    /// - Complexity: O(*k*) for *k* rows, plus O(*s* / 64) for *s* row
    ///   slots when *k* is at least *s* / 64, or O(*s*) when they are most
    ///   of them.
    @inlinable mutating func releaseRows(_ ids: [RowID]) {
        // A few rows: each on its own. More: their keys each by a probe,
        // their elements in one pass over the slots, which copies a chunk
        // another version shares without the elements leaving it. Most of
        // a large table: the key index rebuilt for the rows that stay.
        guard ids.count * 64 >= table.slots.count else {
            for id in ids { releaseRow(id) }
            return
        }
        var freed = [UInt64](repeating: 0, count: (table.slots.count + 63) >> 6)
        for id in ids { freed[Int(id) >> 6] |= 1 &<< UInt64(id & 63) }
        let rebuildsKeyIndex = ids.count > ChangeTracker.incrementalLimit && ids.count * 4 >= table.keys.count
        if rebuildsKeyIndex {
            table.unindexAndFree(freed)
        } else {
            table.unindexEachAndFree(ids, freed)
        }
        for id in ids {
            if baseline.isLive(id) { retire(id) } else { freeRows.append(id) }
        }
        if rebuildsKeyIndex {
            tracker.touchAll()
        } else {
            for id in ids { tracker.touch(id) }
        }
    }

    /// Reserves the identity of a removed row the baseline has until the
    /// next changeset. A key removed and added back again and again
    /// retires its row each time, so once the list outgrows twice the row
    /// slots, repeats and rows that are live again are dropped: it stays
    /// proportional to the rows last reported, whatever the churn.
    ///
    /// - Complexity: amortized O(log *n*), where *n* is the number of row slots.
    @inlinable mutating func retire(_ id: RowID) {
        tracker.retiredRows.append(id)
        guard tracker.retiredRows.count > 2 * table.slots.count + 64 else { return }
        var retired = tracker.retiredRows
        tracker.retiredRows = []
        retired.removeAll { table.isLive($0) }
        ChangeTracker.foldRepeats(&retired)
        tracker.retiredRows = retired
    }

    /// Replaces a row's element (same key) and its visibility.
    @inlinable mutating func replaceContent(ofRow id: RowID, with element: Element) {
        storeContent(ofRow: id, with: element)
        if !appliedFilters.isEmpty { table.setVisible(passesFilters(element), ofRow: id) }
    }

    /// Replaces a row's element (same key), leaving its place and visibility
    /// to the caller.
    @inlinable mutating func storeContent(ofRow id: RowID, with element: Element) {
        table.slots[Int(id)] = element
        tracker.touch(id)
        tracker.touchContent(id, rowSlots: table.slots.count)
    }

    /// Gives a row new content; returns whether the content changed. Equal
    /// content is stored without marking the row changed, unless it moves
    /// the row to another section: `==` on strings is canonical
    /// equivalence, so an element whose section name became its look-alike
    /// ("é" as one scalar or as "e" + U+0301) compares equal, yet section
    /// names are told apart by their scalars.
    @inlinable mutating func updateContent(ofRow id: RowID, with element: Element, comparison: (same: Bool, identical: Bool)? = nil) -> Bool {
        let sameContent = self.sameContent
        let (same, identical) = comparison ?? table.slots.withPointer(at: Int(id)) { old in
            withUnsafePointer(to: element) { new in sameContent.compare(old, new) }
        }
        // `sectioning` first: a call of `changesSection` copies the store.
        if same, _sectioning == nil || !changesSection(ofRow: id, to: element) {
            // The same bits are the same value: not stored again, so a
            // chunk another version shares is not copied for nothing.
            if !identical { table.slots[Int(id)] = element }
            return false
        }
        replaceContent(ofRow: id, with: element)
        return true
    }

    /// Whether `element` belongs to another section than the row's element
    /// does, in a store that sections by value.
    @inlinable func changesSection(ofRow id: RowID, to element: Element) -> Bool {
        guard let sectioning else { return false }
        if let identified = sectioning.identified {
            return identified.sectionID(self.element(ofRow: id)) != identified.sectionID(element)
        }
        return !SectionName.same(sectioning.sectionName(self.element(ofRow: id)), sectioning.sectionName(element))
    }

    /// Whether `element` belongs in raw section `index` of a store that
    /// sections by value: its id, or its name, is the section's.
    @inlinable func belongs(_ element: Element, inSection index: Int) -> Bool {
        guard let sectioning else { return true }
        if let identified = sectioning.identified { return identified.sectionID(element) == sectionID(ofSection: index) }
        return SectionName.same(sectioning.sectionName(element), name(ofSection: index))
    }

    /// A new section identity.
    @inlinable mutating func allocateSection() -> Int32 {
        freeSections.popLast() ?? table.appendSectionSlot()
    }

    /// Validates a raw index path of an existing row; returns the row.
    @inlinable func requireRow(at indexPath: RawIndexPath) throws(ResultsError) -> RowID {
        guard let id = table.row(atRaw: indexPath) else {
            let sections = table.numberOfSections
            let rows = (0..<sections).contains(indexPath.section) ? Int(table.record(table.header(atRaw: indexPath.section).id).rowCount) : nil
            throw .rawIndexPathOutOfRange(indexPath, sectionCount: sections, rowCount: rows)
        }
        return id
    }

    /// The number of rows in a raw section.
    @inlinable func rowCount(inSection index: Int) -> Int {
        Int(table.record(table.header(atRaw: index).id).rowCount)
    }

    /// The name of a raw section.
    @inlinable func name(ofSection index: Int) -> String? {
        table.record(table.header(atRaw: index).id).name
    }

    /// The id of its own of a raw section, if it has one.
    @inlinable func sectionID(ofSection index: Int) -> SectionID? {
        table.record(table.header(atRaw: index).id).sectionID
    }

    /// Refuses a key another row has, or a key the row indexed under it no
    /// longer reports (see ``editableRow(forKey:)``).
    @inlinable mutating func requireNew(_ key: Key) throws(ResultsError) {
        if try editableRow(forKey: key) != nil { throw .duplicateKey(String(describing: key)) }
    }

    /// The row with `key`, for an operation about to change the store.
    ///
    /// A row indexed under `key` whose element now reports another key (an
    /// app changed a class element's key in place, or the key function is
    /// not pure) is re-indexed under the key it reports, when no other row
    /// has that key, and the operation is refused with an error naming both
    /// keys: the store stays consistent and changes in nothing else, and
    /// the app learns of its bug where the store meets it. Operations that
    /// find rows by position or by predicate, and merges, complete instead:
    /// their removals find a row by identity whatever its key.
    ///
    /// - Throws: ``ResultsError/keyChangedInPlace(old:new:)``.
    /// - Complexity: O(1) on average.
    @inlinable mutating func editableRow(forKey key: Key) throws(ResultsError) -> RowID? {
        switch table.probeKey(key) {
        case let .found(id): return id
        case .missing: return nil
        case let .changed(id, bucket, current, hash):
            table.repairKey(ofRow: id, at: bucket, currentKey: current, hash: hash)
            throw .keyChangedInPlace(old: String(describing: key), new: String(describing: current))
        }
    }

    /// Refuses section operations in a store that derives its sections.
    @inlinable func requireManualSections(_ operation: String) throws(ResultsError) {
        if sectioning != nil {
            throw .sectionsDerivedFromElements(operation: operation)
        }
    }

    /// The raw index of the section identified by the name `name` (by its
    /// Unicode scalars): one without an id of its own; or `nil`.
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections.
    @inlinable func sectionIndex(named name: String) -> Int? {
        for index in 0..<table.numberOfSections where sectionID(ofSection: index) == nil && SectionName.same(self.name(ofSection: index), name) {
            return index
        }
        return nil
    }

    /// The raw index of the section whose id of its own is `id`, or `nil`.
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections.
    @inlinable func sectionIndex(identifiedBy id: SectionID) -> Int? {
        for index in 0..<table.numberOfSections where sectionID(ofSection: index) == id { return index }
        return nil
    }

    /// Refuses a section whose identity another section has: its id of its
    /// own, or without one its name (compared by Unicode scalars).
    @inlinable func requireNewSection(_ section: ResultsSection<Element>, ignoringSection ignored: Int? = nil) throws(ResultsError) {
        if let id = section.sectionID {
            if let index = sectionIndex(identifiedBy: id), index != ignored { throw .duplicateSection(id.description) }
            return
        }
        guard let name = section.name else { return }
        for index in 0..<table.numberOfSections where index != ignored && sectionID(ofSection: index) == nil
            && SectionName.same(self.name(ofSection: index), name) {
            throw .duplicateSection(name)
        }
    }
}

// MARK: - Placement in sorted and sectioned stores

extension ResultsStore {
    /// Whether elements are placed by the store rather than by the caller.
    @usableFromInline var placesRows: Bool { !sortKeys.isEmpty || sectioning != nil }

    /// The raw index of the section `element` belongs in, in a sectioned
    /// store, creating the section in its ordered place (titled, in a
    /// sectioning by id) when it does not exist.
    ///
    /// Ids the order puts level but that differ are different sections,
    /// placed after those level with them, as names are.
    ///
    /// - Complexity: O(log *s* log *n*).
    @inlinable mutating func sectionIndex(creatingSectionFor element: Element) -> Int {
        guard let identified = sectioning!.identified else {
            return sectionIndex(creatingSectionNamed: sectioning!.sectionName(element))
        }
        let id = identified.sectionID(element)
        let order = identified.areInIncreasingOrder
        var index = (0..<table.numberOfSections).partitioningIndex { !order(self.sectionID(ofSection: $0)!, id) }
        while index < table.numberOfSections {
            let existing = self.sectionID(ofSection: index)!
            if existing == id { return index }
            if order(id, existing) { break }
            index += 1
        }
        tracker.touchAll()
        // A section emptied and filled again in one batch keeps its id but is titled anew: its header may need refreshing.
        tracker.sectionTitlesChanged = true
        table.insertSection(allocateSection(), name: identified.title(id), sectionID: id, atRaw: index)
        return index
    }

    /// The raw index of the section named `name` in a store sectioned by
    /// name, creating the section in its ordered place when it does not exist.
    ///
    /// Names the order puts level (neither before the other) but whose
    /// scalars differ are different sections, placed after those level with them.
    ///
    /// - Complexity: O(log *s* log *n*).
    @inlinable mutating func sectionIndex(creatingSectionNamed name: String) -> Int {
        let order = sectioning!.areInIncreasingOrder
        var index = (0..<table.numberOfSections).partitioningIndex { !order(self.name(ofSection: $0)!, name) }
        while index < table.numberOfSections {
            let existing = self.name(ofSection: index)!
            if SectionName.same(existing, name) { return index }
            if order(name, existing) { break }
            index += 1
        }
        tracker.touchAll()
        table.insertSection(allocateSection(), name: name, atRaw: index)
        return index
    }

    /// How the sort keys order `element` against the row at `rank` (its
    /// place in the whole table, sections' rows end to end): the probe of
    /// every search of a sorted section, one descent and no copy of the
    /// row's element. A section's first row's rank is
    /// `table.rowsBefore(rawSection:)`, and it stays while rows move within
    /// the section.
    ///
    /// - Complexity: O(log *n*), plus one comparison.
    @inlinable func order(of element: Element, againstRowAtRank rank: Int) -> ComparisonResult {
        table.slots.withPointer(at: Int(table.row(atRank: rank))) { sortKeys.compare(element, $0.pointee) }
    }

    /// Where a new element goes in a section: after its ties when sorted,
    /// else at the end.
    ///
    /// - Complexity: O(log² *n*) when sorted, else O(log *n*).
    @inlinable func insertionIndex(of element: Element, inSection section: Int) -> Int {
        let count = rowCount(inSection: section)
        guard !sortKeys.isEmpty else { return count }
        let first = table.rowsBefore(rawSection: section)
        return (0..<count).partitioningIndex { order(of: element, againstRowAtRank: first + $0) == .orderedAscending }
    }

    /// Adds a stored row to the store's chosen place: its section by
    /// `sectionedBy` (else `section`), its row by the sort keys (else the end).
    @inlinable mutating func place(_ id: RowID, inSection section: Int) {
        let element = element(ofRow: id)
        let section = sectioning != nil ? sectionIndex(creatingSectionFor: element) : section
        let row = insertionIndex(of: element, inSection: section)
        table.insertRow(id, visible: passesFilters(element), atRaw: RawIndexPath(row: row, section: section))
    }

    /// Puts a row whose element just changed back in order, as a stable sort
    /// would: in its section by `sectionedBy` (appended, or sorted, when the
    /// section changes), among its ties at its old place when sorted.
    ///
    /// - Complexity: O(log *m*) comparisons in a section of *m* rows, each
    ///   with one O(log *n*) descent to the row compared; a second search
    ///   only when the row ties with another.
    @inlinable mutating func restoreOrder(ofRowAt indexPath: RawIndexPath) {
        guard placesRows else { return }
        let id = table.row(atRaw: indexPath)!
        let element = element(ofRow: id)
        if sectioning != nil, !belongs(element, inSection: indexPath.section) {
            removeRow(at: indexPath)
            place(id, inSection: 0)
            return
        }
        guard !sortKeys.isEmpty else { return }
        let count = rowCount(inSection: indexPath.section)
        // Rows by rank: a rank is one descent (a raw position is two).
        let first = table.rowsBefore(rawSection: indexPath.section)
        func order(ofRowAt row: Int) -> ComparisonResult { self.order(of: element, againstRowAtRank: first + row) }
        // Already in order among its neighbours: nothing moves.
        let afterPrevious = indexPath.row == 0 || order(ofRowAt: indexPath.row - 1) != .orderedAscending
        let beforeNext = indexPath.row + 1 == count || order(ofRowAt: indexPath.row + 1) != .orderedDescending
        if afterPrevious, beforeNext { return }
        table.removeRow(atRaw: indexPath)
        tracker.touch(id)
        // One search, on the side it moves to (the rows there are in order):
        // the first row the element does not follow. Ties (rows the sort
        // keys put level) keep their order around the old index, so the
        // end of the ties is searched only when the element has one.
        let candidates = afterPrevious ? indexPath.row..<(count - 1) : 0..<indexPath.row
        let firstTie = candidates.partitioningIndex { order(ofRowAt: $0) != .orderedDescending }
        var target = firstTie
        if firstTie < count - 1, order(ofRowAt: firstTie) == .orderedSame {
            let pastTies = (firstTie..<(count - 1)).partitioningIndex { order(ofRowAt: $0) == .orderedAscending }
            target = min(max(indexPath.row, firstTie), pastTies)
        }
        table.insertRow(id, visible: passesFilters(element), atRaw: RawIndexPath(row: target, section: indexPath.section))
    }

    /// Stably sorts a section's rows by `keys`; returns whether any moved.
    ///
    /// - Complexity: O(*m* log *m*) comparisons for *m* rows, plus
    ///   O(*m* log *n*) (or O(*n*) for a large section) when rows move.
    @inlinable @discardableResult mutating func sortRows(inSection section: Int, by keys: [ResultsSortKey<Element>]) -> Bool {
        guard !keys.isEmpty else { return false }
        let rows = table.rows(inRawSection: section)
        var isSorted = true
        var previous: Element?
        for id in rows {
            let current = element(ofRow: id)
            if let previous, keys.compare(previous, current) == .orderedDescending {
                isSorted = false
                break
            }
            previous = current
        }
        guard !isSorted else { return false }
        let slots = table.slots
        replaceRows(ofSection: section, with: Self.stablySorted(rows, by: keys) { slots[Int($0)]! })
        return true
    }

    /// Replaces the rows of a raw section by the same rows in another order.
    @inlinable mutating func replaceRows(ofSection section: Int, with rows: [RowID]) {
        tracker.touchAll()
        if rows.count * 8 >= table.rowCount {
            var sections = table.rawTableWithIdentities
            sections[section].rows = rows
            rebuild(sections)
            return
        }
        for _ in rows.indices { table.removeRow(atRaw: RawIndexPath(row: 0, section: section)) }
        for (row, id) in rows.enumerated() {
            table.insertRow(id, visible: passesFilters(element(ofRow: id)), atRaw: RawIndexPath(row: row, section: section))
        }
    }

    /// Rebuilds the positional index from sections of live rows; each row's
    /// visibility is its filters' verdict.
    @inlinable mutating func rebuild(_ sections: [RowTable<Element, Key>.RawSection]) {
        if appliedFilters.isEmpty {
            table.rebuild(sections) { _ in true }
        } else {
            let slots = table.slots
            let filters = appliedFilters
            table.rebuild(sections) { id in
                let element = slots[Int(id)]!
                return withUnsafePointer(to: element) { element in filters.allSatisfy { $0.matches(element) } }
            }
        }
    }

    /// Takes a row out of its section; in a sectioned store, a section left
    /// empty goes too. The caller releases or re-places the row.
    @inlinable mutating func removeRow(at indexPath: RawIndexPath) {
        tracker.dataChanged = true
        let remaining = table.removeRow(atRaw: indexPath).remaining
        removeSection(at: indexPath.section, ifEmptied: remaining)
    }

    /// Takes a live row out of its section, as ``removeRow(at:)``.
    @inlinable mutating func removeRow(_ id: RowID) {
        tracker.dataChanged = true
        let (section, remaining) = table.removeRow(id)
        removeSection(at: section, ifEmptied: remaining)
    }

    /// In a sectioned store, removes a raw section a removal left with no rows.
    @inlinable mutating func removeSection(at section: Int, ifEmptied remaining: Int) {
        if sectioning != nil && remaining == 0 {
            tracker.touchAll()
            freeSections.append(table.removeSection(atRaw: section).id)
        }
    }
}
