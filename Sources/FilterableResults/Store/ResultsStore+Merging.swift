import Foundation

/// Setting all data and merging fetched elements: the keyed, whole-input
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
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new elements, plus
    ///   O(*m* log *m*) comparisons when sorted or sectioned.
    @discardableResult
    @inlinable public mutating func setData(_ elements: [Element]) throws(ResultsError) -> MergeSummary {
        try setData(sections: [ResultsSection(elements: elements)], derivingSections: sectioning != nil)
    }

    /// Replaces all data with `sections`. A named section whose name stays
    /// keeps its identity, as does unnamed section *i* when the old section
    /// *i* was unnamed too.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)`` for a repeated name,
    ///   ``ResultsError/missingPrimaryKey(_:)``, or
    ///   ``ResultsError/sectionsDerivedFromElements(operation:)`` in a
    ///   sectioned store; nothing changes then.
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new elements.
    @discardableResult
    @inlinable public mutating func setData(sections: [ResultsSection<Element>]) throws(ResultsError) -> MergeSummary {
        try requireManualSections("setting data as sections")
        return try setData(sections: sections, derivingSections: false)
    }

    @inlinable mutating func setData(
        sections: [ResultsSection<Element>], derivingSections: Bool
    ) throws(ResultsError) -> MergeSummary {
        var names = Set<SectionName>()
        var ids = Set<SectionID>()
        for section in sections {
            if let id = section.sectionID {
                if !ids.insert(id).inserted { throw .duplicateSection(id.description) }
            } else if let name = section.name, !names.insert(SectionName(name)).inserted {
                throw .duplicateSection(name)
            }
        }
        var keys: [[Key]] = []
        for section in sections { keys.append(try requireKeys(of: section.elements)) }
        let fromBaseline = !tracker.hasChanges
        noteMutation()

        var summary = MergeSummary()
        var claims = Claims(count: table.slots.count)
        reserveKeys(sections.reduce(0) { $0 + $1.elements.count })
        var order = storedOrder(forUpsertOf: keys.reduce(0) { $0 + $1.count })
        var built: [FreshSection] = []
        for (index, section) in sections.enumerated() {
            let upserted = upsert(section.elements, keys: keys[index], claims: &claims, order: &order, summary: &summary)
            built.append((section.name, ids.isEmpty ? nil : section.sectionID, upserted.rows))
        }
        summary.removed = releaseUnclaimedRows(claims, order: order)

        if derivingSections {
            built = groupedBySection(built.flatMap(\.rows))
        }
        if !ids.isEmpty || sectioning?.identified != nil { tracker.sectionTitlesChanged = true }
        rebuildWithFreshSections(built)
        tracker.touchAll()
        vouchForContentTouched(fromBaseline: fromBaseline, summary)
        _checkInvariants()
        return summary
    }

    /// Merges fetched elements by key (upsert): existing elements are replaced
    /// in place, new ones appended to the last section in input order (in a
    /// sorted or sectioned store, placed there). With `prune`, existing
    /// elements whose keys are absent from `elements` are removed (their
    /// sections stay, unless the store sections by value).
    ///
    /// `sortedBy` sorts every section stably after the merge, for a store
    /// without sort keys of its own.
    ///
    /// With `keepingFetchOrder`, a store that does not place rows itself
    /// takes the merged elements as one block in the order fetched, where
    /// the first of them in the table was (new ones only: at the end), the
    /// other rows where they were. With `prune` too, in a store of one
    /// section, the table is the page in its order, as `setData` leaves
    /// it, but rows keep their identity and the section its name.
    ///
    ///     let summary = try store.merge(page, prune: isFirstPage)
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)``, or
    ///   ``ResultsError/rowsPlacedByStore(operation:)`` for `sortedBy` in
    ///   a sorted store; nothing changes then.
    /// - Complexity: O(*m* log *n*) for *m* elements, plus O(*n*) for `prune`
    ///   or a `sortedBy`, and O(*n* log *n*) when a changed element breaks a
    ///   section's sort order.
    @discardableResult
    @inlinable public mutating func merge(
        _ elements: [Element], sortedBy mergeSort: [ResultsSortKey<Element>] = [], prune: Bool = false,
        keepingFetchOrder: Bool = false
    ) throws(ResultsError) -> MergeSummary {
        if !mergeSort.isEmpty && !sortKeys.isEmpty {
            throw .rowsPlacedByStore(operation: "merging in an order of its own (sortedBy)")
        }
        let keys = try requireKeys(of: elements)
        let fromBaseline = !tracker.hasChanges
        if prune && keepingFetchOrder && !placesRows && table.numberOfSections <= 1 && mergeSort.isEmpty {
            // The page exactly, in its order, rows keeping their identity:
            // what setData does, in one rebuild; the section keeps its name.
            let name = table.numberOfSections == 1 ? self.name(ofSection: 0) : nil
            return try setData(sections: [ResultsSection(name: name, elements: elements)], derivingSections: false)
        }
        noteMutation()
        var summary = MergeSummary()
        let (rows, isNew, changed, placed) = upsert(
            elements, keys: keys, prune: prune, appendingInOneRebuild: !keepingFetchOrder && !placesRows, summary: &summary)
        if placed {
            // Pruned and appended in one rebuild.
        } else if keepingFetchOrder && !placesRows {
            placeInFetchOrder(rows, isNew: isNew, after: nil)
        } else {
            placeMergedRows(rows, isNew: isNew, changed: changed)
        }
        if !mergeSort.isEmpty {
            for section in 0..<table.numberOfSections { sortRows(inSection: section, by: mergeSort) }
        }
        vouchForContentTouched(fromBaseline: fromBaseline, summary)
        _checkInvariants()
        return summary
    }

    /// Upserts `elements`, whose keys are `keys`, and with `prune` removes
    /// the rows they do not name; the rows are not placed yet, but for
    /// `placed`: with `appendingInOneRebuild` (a store that does not place
    /// rows, new rows going to the end of the last section), a prune that
    /// removes or adds many rows takes the old rows out and appends the new
    /// ones in one rebuild, as `setData` does, not one tree edit per row.
    @inlinable mutating func upsert(
        _ elements: [Element], keys: [Key], prune: Bool, appendingInOneRebuild: Bool = false,
        summary: inout MergeSummary
    ) -> (rows: [RowID], isNew: [Bool], changed: [RowID], placed: Bool) {
        // A page merged into a big store claims few rows: a dictionary of
        // them instead of a byte per row keeps the merge proportional to
        // the page (a prune reads every row's claim anyway).
        var claims = Claims(count: table.slots.count, sparse: !prune && elements.count * 16 < table.slots.count)
        // Room for the larger side, not both: a refresh names the rows the
        // store has, and reserving for old plus new would double the index
        // for nothing; the index still grows once if many keys are new.
        reserveKeys(Swift.max(table.rowCount, elements.count))
        // A prune reads every row anyway; a page into a big store must not.
        var order = prune ? storedOrder(forUpsertOf: elements.count) : nil
        let upserted = upsert(elements, keys: keys, claims: &claims, order: &order, summary: &summary)
        guard prune else { return (upserted.rows, upserted.isNew, upserted.changed, false) }
        if appendingInOneRebuild {
            // Rows placed now are the old ones: each is claimed or goes.
            let added = upserted.isNew.lazy.filter { $0 }.count
            let removed = table.rowCount - (upserted.rows.count - added)
            // A tree edit costs tens of times what a row of a rebuild does.
            if removed + added > 0 && (removed + added) * Self.oneRebuildFraction >= table.rowCount {
                summary.removed = pruneAndAppendInOneRebuild(upserted.rows, isNew: upserted.isNew, claims: claims)
                return (upserted.rows, upserted.isNew, upserted.changed, true)
            }
        }
        summary.removed = releaseUnclaimedRows(claims, removingFromSections: true, order: order)
        return (upserted.rows, upserted.isNew, upserted.changed, false)
    }

    /// A pruning merge that removes or adds at least one row in this many
    /// rebuilds the positional index once instead of editing it per row.
    @inlinable static var oneRebuildFraction: Int { 16 }

    /// Takes out the rows an upsert left unclaimed and appends its new rows
    /// to the last section (a new unnamed one when there is none), in one
    /// rebuild of the positional index; releases the rows taken out and
    /// returns how many. For a store that does not place rows: sections
    /// left empty stay.
    ///
    /// - Complexity: O(*n* + *m*) for *n* old rows and *m* new ones.
    @inlinable mutating func pruneAndAppendInOneRebuild(_ rows: [RowID], isNew: [Bool], claims: Claims) -> Int {
        tracker.touchAll()
        var sections = table.rawTableWithIdentities
        var released: [RowID] = []
        for index in sections.indices {
            sections[index].rows.removeAll { id in
                guard claims[id] == .unclaimed else { return false }
                released.append(id)
                return true
            }
        }
        var added: [RowID] = []
        for (id, isNew) in zip(rows, isNew) where isNew { added.append(id) }
        if !added.isEmpty {
            if sections.isEmpty { sections.append((id: allocateSection(), name: nil, sectionID: nil, rows: [])) }
            sections[sections.count - 1].rows += added
        }
        rebuild(sections)
        releaseRows(released)
        return released.count
    }

    /// Files the merged rows: rows whose section changed are taken out,
    /// sections whose order a changed row broke are sorted, then new rows
    /// and moved rows are placed in input order (at the end of the last
    /// section, or by section name and after their ties when sorted), which
    /// is where appending them and sorting stably would leave them.
    @inlinable mutating func placeMergedRows(_ rows: [RowID], isNew: [Bool], changed: [RowID]) {
        var arriving = Set<RowID>()
        if sectioning != nil {
            for id in changed where !arriving.contains(id) {
                let path = table.rawPath(ofRow: id)
                if !belongs(element(ofRow: id), inSection: path.section) {
                    arriving.insert(id)
                    removeRow(at: path)
                }
            }
        }
        if !sortKeys.isEmpty {
            var broken = Set<Int>()
            for id in changed where !arriving.contains(id) {
                let path = table.rawPath(ofRow: id)
                if !broken.contains(path.section) && !isInOrder(at: path) { broken.insert(path.section) }
            }
            for section in broken { sortRows(inSection: section, by: sortKeys) }
        }
        for (id, isNew) in zip(rows, isNew) where isNew || arriving.contains(id) {
            insertSectionIfNone()
            if !placesRows {
                let last = table.numberOfSections - 1
                table.insertRow(id, visible: passesFilters(element(ofRow: id)), atRaw: RawIndexPath(row: rowCount(inSection: last), section: last))
            } else {
                place(id, inSection: table.numberOfSections - 1)
            }
        }
    }

    /// Gives a store sectioned by hand that has no section left one
    /// unnamed section, where merged rows go.
    @inlinable mutating func insertSectionIfNone() {
        guard sectioning == nil, table.numberOfSections == 0 else { return }
        tracker.touchAll()
        table.insertSection(allocateSection(), name: nil, atRaw: 0)
    }

    /// Places merged rows, in input order, as one block: after the last
    /// row of `previous` still there (at the top of the first section when
    /// none is), or for `nil`, where the first of them in the table was,
    /// else at the end of the last section.
    ///
    /// - Complexity: O(*m* log *n*) for *m* rows, plus O(*p* log *n*) for
    ///   *p* keys in `previous`.
    @inlinable mutating func placeInFetchOrder(_ rows: [RowID], isNew: [Bool], after previous: [Key]?) {
        guard !rows.isEmpty else { return }
        insertSectionIfNone()
        let merged = Set(rows)
        /// The last row before `path` in its section that is not merged.
        func unmergedRow(before path: RawIndexPath) -> RowID? {
            for row in stride(from: path.row - 1, through: 0, by: -1) {
                let id = table.row(atRaw: RawIndexPath(row: row, section: path.section))!
                if !merged.contains(id) { return id }
            }
            return nil
        }
        // The block follows `anchor` in `section` (or starts it, for nil).
        var section: Int
        var anchor: RowID?
        if let previous {
            let table = table
            if let id = previous.reversed().lazy.compactMap({ table.row(forKey: $0) }).first {
                let path = table.rawPath(ofRow: id)
                section = path.section
                anchor = merged.contains(id) ? unmergedRow(before: path) : id
            } else {
                section = 0
            }
        } else if let first = zip(rows, isNew).filter({ !$0.1 }).map({ table.rawPath(ofRow: $0.0) })
                    .min(by: { ($0.section, $0.row) < ($1.section, $1.row) }) {
            section = first.section
            anchor = unmergedRow(before: first)
        } else {
            section = table.numberOfSections - 1
            let count = rowCount(inSection: section)
            anchor = count > 0 ? table.row(atRaw: RawIndexPath(row: count - 1, section: section)) : nil
        }
        for (id, isNew) in zip(rows, isNew) where !isNew {
            table.removeRow(id)
            tracker.touch(id)
        }
        let start = anchor.map { table.rawPath(ofRow: $0).row + 1 } ?? 0
        for (offset, id) in rows.enumerated() {
            table.insertRow(id, visible: passesFilters(element(ofRow: id)), atRaw: RawIndexPath(row: start + offset, section: section))
        }
    }

    /// Whether the row at a raw position sorts after its predecessor and
    /// before its successor.
    @inlinable func isInOrder(at path: RawIndexPath) -> Bool {
        let element = element(ofRow: table.row(atRaw: path)!)
        if path.row > 0 {
            let previous = self.element(ofRow: table.row(atRaw: RawIndexPath(row: path.row - 1, section: path.section))!)
            if sortKeys.compare(previous, element) == .orderedDescending { return false }
        }
        if let next = table.row(atRaw: RawIndexPath(row: path.row + 1, section: path.section)) {
            if sortKeys.compare(element, self.element(ofRow: next)) == .orderedDescending { return false }
        }
        return true
    }

    /// Rows sorted stably by `keys`.
    ///
    /// The elements are read once, in a contiguous copy: a comparison then
    /// reads two of them in place, where reading each from its slot (a
    /// descent of the slots' trie and a copy) cost more than the comparison
    /// itself, twice per comparison.
    ///
    /// - Complexity: O(*n* log *n*) comparisons, and *n* − 1 when the rows
    ///   are already in order (rows read from a database in its order).
    @inlinable static func stablySorted(_ rows: [RowID], by keys: [ResultsSortKey<Element>], element: (RowID) -> Element) -> [RowID] {
        guard rows.count > 1 else { return rows }
        let elements = rows.map(element)
        let inOrder = elements.withUnsafeBufferPointer { elements in
            (1..<elements.count).allSatisfy { keys.compare(elements[$0 - 1], elements[$0]) != .orderedDescending }
        }
        if inOrder { return rows }
        if let order = keys.stableOrder(of: elements) { return order.map { rows[$0] } }
        var order = Array(rows.indices)
        elements.withUnsafeBufferPointer { elements in
            order.sort { a, b in
                let result = keys.compare(elements[a], elements[b])
                return result == .orderedAscending || (result == .orderedSame && a < b)
            }
        }
        return order.map { rows[$0] }
    }

    /// Makes room in the key index for `total` keys at once.
    @inlinable mutating func reserveKeys(_ total: Int) { table.reserveKeys(total) }

    /// How an upsert has claimed each existing row: a claim per row
    /// identity, or for a few claims among many rows, a dictionary of them.
    @usableFromInline struct Claims {
        @usableFromInline enum Claim: UInt8 {
            /// Not named by the input (yet).
            case unclaimed
            /// An existing row the input names.
            case existing
            /// An existing row the input names whose content changed.
            case changed
            /// A row the input created.
            case new
        }

        @usableFromInline var claims: [Claim]
        /// The claims by identity when sparse (then ``claims`` is empty).
        @usableFromInline var sparseClaims: [RowID: Claim]?

        @inlinable init(count: Int, sparse: Bool = false) {
            claims = sparse ? [] : Array(repeating: .unclaimed, count: count)
            sparseClaims = sparse ? [:] : nil
        }

        @inlinable subscript(id: RowID) -> Claim {
            @inline(__always) get {
                if let sparseClaims { return sparseClaims[id] ?? .unclaimed }
                return Int(id) < claims.count ? claims[Int(id)] : .unclaimed
            }
            @inline(__always) set {
                if sparseClaims != nil {
                    sparseClaims![id] = newValue
                    return
                }
                if Int(id) >= claims.count { claims.append(contentsOf: repeatElement(.unclaimed, count: Int(id) - claims.count + 1)) }
                claims[Int(id)] = newValue
            }
        }
    }

    /// The stored rows in raw order, for an upsert whose input mostly
    /// follows it (a refresh of the same list): each key is first compared
    /// with the key of the row after the last one matched, which finds the
    /// row and its content in one read of its slot, without a hash or a
    /// probe of the key index; only a key that breaks the order is hashed.
    /// Kept only where a stored element's key cannot change in place (a
    /// stored property of a value), so a row's key read now is the key
    /// the index holds it under.
    @usableFromInline struct StoredOrder {
        @usableFromInline var rows: [RowID]
        /// Each stored row's position in ``rows``, by identity (-1: none).
        @usableFromInline var positions: [Int32]
        /// The position of the row tried next.
        @usableFromInline var next = 0

        @inlinable init(rows: [RowID], slotCount: Int) {
            self.rows = rows
            var positions = [Int32](repeating: -1, count: slotCount)
            for (position, id) in rows.enumerated() { positions[Int(id)] = Int32(position) }
            self.positions = positions
        }
    }

    /// The stored order for an upsert of about `incoming` elements that
    /// reads every row anyway (a `setData`, a pruning merge), or `nil`
    /// where it would not pay or keys can change in place.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    @inlinable func storedOrder(forUpsertOf incoming: Int) -> StoredOrder? {
        guard table.keyReader.keysAreStable, table.keyReader.keyAt != nil, table.rowCount >= 16, incoming >= 16 else { return nil }
        return StoredOrder(rows: table.allRows, slotCount: table.slots.count)
    }

    /// Gives every key its new content: an existing row (claimed once; a
    /// repeated key folds into it) or a new, not yet placed row. Returns the
    /// rows in first-occurrence order, which of them are new, and the
    /// existing rows whose content changed. With `order`, a key that
    /// follows the stored order finds its row without a hash (see
    /// ``StoredOrder``).
    @inlinable mutating func upsert(
        _ elements: [Element], keys: [Key], claims: inout Claims, order: inout StoredOrder?, summary: inout MergeSummary
    ) -> (rows: [RowID], isNew: [Bool], changed: [RowID]) {
        var rows: [RowID] = []
        var isNew: [Bool] = []
        var changed: [RowID] = []
        rows.reserveCapacity(elements.count)
        isNew.reserveCapacity(elements.count)
        // The order's parts taken out of the optional for the loop (and the
        // key's readers out of the table's, whose arrays a copy would share).
        let keyAt = order == nil ? nil : table.keyReader.keyAt
        let keyOffset = table.keyReader.keyOffset
        let orderRows = order?.rows ?? []
        let positions = order?.positions ?? []
        var cursor = order?.next ?? 0
        let sameContent = self.sameContent
        for index in elements.indices {
            let key = keys[index]
            var found: RowID?
            // The content comparison with the row found, when made on the way.
            var comparison: (same: Bool, identical: Bool)?
            if let keyAt, cursor < orderRows.count {
                let candidate = orderRows[cursor]
                comparison = table.slots.withPointer(at: Int(candidate)) { old in
                    KeyReader.key(at: old, offset: keyOffset, keyAt: keyAt) == key ? withUnsafePointer(to: elements[index]) { sameContent.compare(old, $0) } : nil
                }
                if comparison != nil {
                    found = candidate
                    cursor &+= 1
                }
            }
            var hash = 0
            if found == nil {
                hash = key.hashValue
                found = table.row(forKey: key, hash: hash)
                if let id = found, Int(id) < positions.count, positions[Int(id)] >= 0 {
                    cursor = Int(positions[Int(id)]) &+ 1
                }
            }
            guard let id = found else {
                let id = allocateRow(elements[index], key: key, hash: hash)
                claims[id] = .new
                summary.inserted += 1
                rows.append(id)
                isNew.append(true)
                continue
            }
            let claim = claims[id]
            if claim == .new {
                summary.foldedDuplicates += 1
                table.slots[Int(id)] = elements[index]
                continue
            }
            if claim != .unclaimed { summary.foldedDuplicates += 1 }
            // The same bytes, in a store that does not section by value:
            // nothing to store, nothing changed. `updateContent` would say
            // so too, but calling it copies the element (W1 at 100k rows:
            // 100.7M instructions with this, 112.0M without).
            let isUnchanged = comparison.map { $0.same && $0.identical && _sectioning == nil } ?? false
            let isChanged = !isUnchanged && updateContent(ofRow: id, with: elements[index], comparison: comparison)
            if isChanged { changed.append(id) }
            if claim == .unclaimed {
                claims[id] = isChanged ? .changed : .existing
                rows.append(id)
                isNew.append(false)
            } else if isChanged && claim == .existing {
                claims[id] = .changed
            }
            // A row changed by a repeat of its key is counted once.
            if isChanged && claim != .changed { summary.updated += 1 }
        }
        order?.next = cursor
        return (rows, isNew, changed)
    }

    /// After a `setData` or merge that began at the baseline: each row's
    /// content was compared once, with the baseline's, so the rows it
    /// stored anew are exactly the rows changed, and the changeset may take
    /// them as they are (`tracker.exactContentVersion`). Not so
    /// after a repeated key (compared with content already replaced), nor
    /// in a store sectioned by value (a row whose section changes is stored
    /// anew with equal content).
    @inlinable mutating func vouchForContentTouched(fromBaseline: Bool, _ summary: MergeSummary) {
        if fromBaseline && summary.foldedDuplicates == 0 && _sectioning == nil { tracker.exactContentVersion = version }
    }

    /// Releases every live row not claimed by an upsert; returns how many.
    /// With `removingFromSections`, takes them out of their sections too (a
    /// sectioned store drops sections left empty).
    /// With the stored order the upsert had, its rows are those read.
    @inlinable mutating func releaseUnclaimedRows(_ claims: Claims, removingFromSections: Bool = false, order: StoredOrder? = nil) -> Int {
        if removingFromSections {
            return removeAndRelease((order?.rows ?? table.allRows).filter { claims[$0] == .unclaimed })
        }
        // In identity order (the live rows not claimed are the placed rows
        // not claimed: new rows are claimed), so that the identities
        // retired come sorted.
        var released: [RowID] = []
        if let order, claims.sparseClaims == nil {
            // The placed rows are those with a position, read by identity.
            let claimed = claims.claims
            for (id, position) in order.positions.enumerated() where position >= 0 && (id >= claimed.count || claimed[id] == .unclaimed) {
                released.append(RowID(id))
            }
        } else if claims.sparseClaims == nil {
            for (word, bits) in table.slots.bits(where: { _ in true }).enumerated() {
                var bits = bits
                while bits != 0 {
                    let id = RowID(word << 6 | bits.trailingZeroBitCount)
                    if claims[id] == .unclaimed { released.append(id) }
                    bits &= bits &- 1
                }
            }
        } else {
            released = table.allRows.filter { claims[$0] == .unclaimed }
        }
        releaseRows(released)
        return released.count
    }
}
