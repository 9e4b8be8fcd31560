/// Whether this build of the package checks its structures as it is
/// edited: the compile-time condition `FILTERABLE_RESULTS_CHECKS` (set in the
/// package's own debug builds, never in an app's: see Package.swift).
@_spi(Testing) public let invariantChecksAreCompiled: Bool = {
    #if FILTERABLE_RESULTS_CHECKS
    true
    #else
    false
    #endif
}()

/// Consistency checks after mutations, when compiled in.
extension ResultsStore {
    #if FILTERABLE_RESULTS_CHECKS
    /// Runs ``checkInvariants()``: this build checks its structures. For
    /// edits that may visit the whole table (`setData`, merges, filters,
    /// sections, reorganizing).
    @inlinable mutating func _checkInvariants() {
        editsSinceCheck = 0
        checkInvariants()
    }

    /// The rows a whole check may visit per row edited, on average: a
    /// store of up to this many rows is checked after every row edit, a
    /// larger one of *n* rows once (*n* / this) rows have been edited since
    /// its last check, so that a test's row edits cost O(1) checking each
    /// and not O(*n*); an edit of *n* / this rows or more is checked at
    /// once. A broken structure stays broken, so the next check meets it.
    @usableFromInline static var checkedRowsPerEdit: Int { 64 }

    /// Runs ``checkInvariants()`` when the share of it of this edit of
    /// `rows` rows is due (see ``checkedRowsPerEdit``): this build checks
    /// its structures.
    @inlinable mutating func _checkInvariantsAfterRowEdit(rows: Int = 1) {
        editsSinceCheck += rows
        guard editsSinceCheck * Self.checkedRowsPerEdit >= table.rowCount else { return }
        _checkInvariants()
    }
    #else
    /// Does nothing: this build does not check its structures.
    @inlinable @inline(__always) mutating func _checkInvariants() {}
    /// Does nothing: this build does not check its structures.
    @inlinable @inline(__always) mutating func _checkInvariantsAfterRowEdit(rows: Int = 1) {}
    #endif

    /// The rows edited since this store's last whole check, or `nil` when
    /// this build does not check its structures.
    ///
    /// - Complexity: O(1).
    @_spi(Testing) public var editsSinceInvariantCheck: Int? {
        #if FILTERABLE_RESULTS_CHECKS
        editsSinceCheck
        #else
        nil
        #endif
    }

    /// Traps when the store's internal structures disagree: the positional
    /// index with itself; section counts with their rows; keys with the key
    /// index (a row whose key an app changed in place stays indexed under
    /// its old key's tag until an operation meets it); visibility with the
    /// filters; section names unique (by Unicode scalars); sectioned stores
    /// file every row under its section, in order, with no empty section; sorted stores keep every section
    /// sorted; row identities are live, reserved or free, never two at once.
    /// Stores over 20,000 rows get the structural checks alone.
    ///
    /// - Complexity: O(*n*).
    @usableFromInline func checkInvariants() {
        table.tree.checkInvariants()
        let summary = table.tree.summary
        precondition(Int(summary.rows) == table.keys.count, "rows (\(summary.rows)) and keys (\(table.keys.count)) disagree")
        precondition(table.slots.count == table.tree.directory.leafOfRow.count, "a leaf entry per row identity")
        precondition((table.keyReader.indexedHomes?.count ?? table.slots.count) == table.slots.count, "a key home per row identity")
        precondition(table.keyReader.keyOffset == nil || table.keyReader.keysAreStable, "a key read at its offset never changes in place")
        precondition(table.sectionRecords.count == table.tree.directory.leafOfSection.count, "a leaf entry per section identity")
        var names = Set<SectionName>()
        var ids = Set<SectionID>()
        var sectionIDs: [Int32] = []
        var counts: [(rows: Int32, visible: Int32, flag: Bool)] = []
        table.tree.forEachItem { item, flag in
            if item < 0 {
                sectionIDs.append(-1 - item)
                counts.append((0, 0, flag))
            } else {
                counts[counts.count - 1].rows += 1
                if flag { counts[counts.count - 1].visible += 1 }
            }
            return true
        }
        precondition(sectionIDs.isEmpty || table.tree.item(at: 0) < 0, "rows before the first section")
        for (id, count) in zip(sectionIDs, counts) {
            let record = table.record(id)
            precondition(record.rowCount == count.rows && record.visibleCount == count.visible,
                         "section \(id) counts \(record.rowCount)/\(record.visibleCount) but holds \(count.rows)/\(count.visible)")
            precondition(count.flag == (count.visible > 0), "section \(id)'s flag disagrees with its visible rows")
            if let id = record.sectionID {
                precondition(ids.insert(id).inserted, "section id \(id) repeats")
            } else if let name = record.name {
                precondition(names.insert(SectionName(name)).inserted, "section name \(name) repeats")
            }
            if sectioning != nil { precondition(count.rows > 0, "sectioned store keeps an empty section") }
        }
        var free = Set<Int32>()
        for id in freeRows {
            precondition(free.insert(id).inserted, "row identity \(id) is free twice")
            precondition(!table.isLive(id) && !baseline.isLive(id), "free row identity \(id) is in use")
        }
        for id in tracker.retiredRows where !table.isLive(id) {
            precondition(baseline.isLive(id) && !free.contains(id), "retired row identity \(id) is not the baseline's")
        }
        guard table.rowCount <= 20_000 else { return }

        var seen = Set<Int32>()
        var section = -1
        var previous: Element?
        table.tree.forEachItem { item, flag in
            if item < 0 {
                section += 1
                previous = nil
                return true
            }
            precondition(seen.insert(item).inserted, "row \(item) is placed twice")
            guard let element = table.slots[Int(item)] else { preconditionFailure("row \(item) has no object") }
            let key = table.key(ofRow: item)
            if table.row(forKey: key) != item {
                // Only a row whose key an app changed in place, not met by
                // an operation yet, is missing under its key: it is indexed
                // once, under its old key.
                precondition(!table.keyReader.keysAreStable && table.keys.isIndexed(item), "key index disagrees for row \(item)")
            }
            precondition(flag == passesFilters(element), "visibility of row \(item) is stale")
            if let identified = sectioning?.identified {
                precondition(identified.sectionID(element) == table.record(sectionIDs[section]).sectionID, "row \(item) is in the wrong section")
            } else if let sectioning {
                precondition(SectionName.same(sectioning.sectionName(element), table.record(sectionIDs[section]).name), "row \(item) is in the wrong section")
            }
            if !sortKeys.isEmpty, let previous {
                precondition(sortKeys.compare(previous, element) != .orderedDescending, "section \(section) is out of order")
            }
            previous = element
            return true
        }
        if let identified = sectioning?.identified {
            let ids = sectionIDs.map { table.record($0).sectionID! }
            for (a, b) in zip(ids, ids.dropFirst()) {
                precondition(!identified.areInIncreasingOrder(b, a), "sections out of order: \(a) before \(b)")
            }
        } else if let sectioning {
            let names = sectionIDs.map { table.record($0).name! }
            for (a, b) in zip(names, names.dropFirst()) {
                precondition(!sectioning.areInIncreasingOrder(b, a), "sections out of order: \(a) before \(b)")
            }
        }
        table.keys.checkInvariants { table.keyReader.indexedHome(ofRow: $0, in: table.slots) }
        var live = 0
        for id in 0..<table.slots.count where table.slots.isLive(id) {
            live += 1
            precondition(seen.contains(Int32(id)), "row \(id) holds an object but is not placed")
        }
        precondition(live == seen.count, "objects (\(live)) and placed rows (\(seen.count)) disagree")
    }
}
