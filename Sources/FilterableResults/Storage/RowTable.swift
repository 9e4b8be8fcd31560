/// One version of a store's data: the elements by row identity, the key
/// index, the positional index of sections and rows, and the sections'
/// names and counts.
///
/// Every part is persistent, so a copy is O(1) and an edit copies only the
/// chunks and nodes it touches. A store keeps two: the table it edits and
/// the table its last changeset was taken from (the baseline the next one
/// is computed against); a ``ResultsSnapshot`` is one too.
///
/// A row's flag in the positional index is whether it is visible; a
/// section header's flag is whether its section has a visible row. Raw
/// positions count every section and row; visible positions count visible
/// rows, in the sections shown (all of them, or those with a visible row
/// when empty sections are hidden).
@usableFromInline
struct RowTable<Element, Key: Hashable> {
    /// A section's name, id and counts, by section identity.
    @usableFromInline struct Section: Sendable {
        @usableFromInline var name: String?
        @usableFromInline var sectionID: SectionID?
        @usableFromInline var rowCount: Int32
        @usableFromInline var visibleCount: Int32

        @inlinable init(name: String?, sectionID: SectionID? = nil, rowCount: Int32 = 0, visibleCount: Int32 = 0) {
            self.name = name
            self.sectionID = sectionID
            self.rowCount = rowCount
            self.visibleCount = visibleCount
        }
    }

    /// Reads the key of an element, and keeps the key each row was indexed
    /// under when keys come from a function. Stored, so a read of a key
    /// copies no closure.
    @usableFromInline var keyReader: KeyReader<Element, Key>
    /// Elements by row identity; free identities hold none.
    @usableFromInline var slots = SlotArray<Element>()
    @usableFromInline var keys = KeyTable()
    @usableFromInline var tree = RowTree()
    /// Section names and counts by section identity.
    @usableFromInline var sectionRecords = ChunkedArray<Section>()
    @usableFromInline var hidesEmptySections: Bool

    @inlinable init(
        keyOf: @escaping @Sendable (Element) -> Key?, keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?, keyOffset: Int?,
        keysAreStable: Bool, hidesEmptySections: Bool
    ) {
        self.keyReader = KeyReader(keyOf: keyOf, keyAt: keyAt, keyOffset: keyOffset, keysAreStable: keysAreStable)
        self.hidesEmptySections = hidesEmptySections
    }

    /// How shown sections are counted.
    @inlinable var shownMeasure: TreeMeasure { hidesEmptySections ? .nonEmptyHeaders : .headers }
}

extension RowTable: @unchecked Sendable where Element: Sendable, Key: Sendable {}

// MARK: - Elements and keys

extension RowTable {
    /// The element of a live row.
    @inlinable func element(ofRow id: Int32) -> Element { slots.withPointer(at: Int(id)) { $0.pointee } }

    /// The key and the element of a live row, its slot found once.
    @inlinable func keyAndElement(ofRow id: Int32) -> (key: Key, element: Element) { keyReader.keyAndElement(ofRow: id, in: slots) }

    /// The key of a live row, read from its element in place.
    @inlinable func key(ofRow id: Int32) -> Key { keyReader.key(ofRow: id, in: slots) }

    /// The key of an element, or `nil` when it has none.
    @inlinable var keyOf: @Sendable (Element) -> Key? { keyReader.keyOf }

    /// Whether a row identity holds an element.
    @inlinable func isLive(_ id: Int32) -> Bool { slots.isLive(Int(id)) }

    /// The row with `key`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func row(forKey key: Key) -> Int32? {
        keys.row(for: key, in: slots, reader: keyReader)
    }

    /// The row with `key`, whose hash is `hash`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func row(forKey key: Key, hash: Int) -> Int32? {
        keys.row(for: key, hash: hash, in: slots, reader: keyReader)
    }

    /// What a probe for `key` meets: its row, none, or a row indexed under
    /// `key` whose key changed in place.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func probeKey(_ key: Key) -> KeyTable.Probe<Key> {
        keys.probe(for: key, in: slots, reader: keyReader)
    }

    /// Re-indexes a row whose key changed in place under the key it reports,
    /// unless another row has that key.
    @inlinable mutating func repairKey(ofRow id: Int32, at bucket: Int, currentKey: Key, hash: Int) {
        if keys.repair(id, at: bucket, currentKey: currentKey, hash: hash, in: slots, reader: keyReader) {
            keyReader.recordIndexed(currentKey, hash: hash, ofRow: id)
        }
    }

    /// Whether a live row is indexed under the key its element reports now
    /// (`false`: its key changed in place and no operation has met it yet).
    ///
    /// - Complexity: O(1) on average.
    @inlinable func isIndexedUnderItsKey(_ id: Int32) -> Bool {
        keys.bucket(ofRow: id, hash: key(ofRow: id).hashValue) != nil
    }

    /// Indexes a live row under `key`, its element's key.
    @inlinable mutating func indexKey(_ key: Key, ofRow id: Int32) {
        indexKey(key, hash: key.hashValue, ofRow: id)
    }

    /// Indexes a live row under `key`, whose hash is `hash`.
    @inlinable mutating func indexKey(_ key: Key, hash: Int, ofRow id: Int32) {
        keyReader.recordIndexed(key, hash: hash, ofRow: id)
        keys.insert(id, hash: hash, in: slots, reader: keyReader)
    }

    /// Makes room in the key index for `total` keys at once.
    @inlinable mutating func reserveKeys(_ total: Int) {
        keys.reserve(total, in: slots, reader: keyReader)
    }

    /// Unindexes a live row's key (its element must still be in its slot).
    @inlinable mutating func unindexKey(ofRow id: Int32) {
        keys.remove(id, home: keyReader.indexedHome(ofRow: id, in: slots))
        keyReader.indexedKeys?[Int(id)] = nil
    }

    /// Unindexes the keys of live rows, each by its probe, and frees their
    /// elements (whose bits are set in `rows`, a bit per row identity) in
    /// one pass over the slots: a chunk shared with another version is
    /// copied once, without the elements leaving it.
    ///
    /// - Complexity: O(*k* + *s* / 64) for *k* rows and *s* row slots.
    @inlinable mutating func unindexEachAndFree(_ ids: [Int32], _ rows: [UInt64]) {
        for id in ids { keys.remove(id, home: keyReader.indexedHome(ofRow: id, in: slots)) }
        keyReader.indexedKeys?.free(rows)
        slots.free(rows)
    }

    /// Unindexes the keys of the live rows whose bit is set in `rows` (a
    /// bit per row identity) and frees their elements, in one pass over
    /// the key index and one over the slots.
    ///
    /// - Complexity: O(*s*) for *s* row slots.
    @inlinable mutating func unindexAndFree(_ rows: [UInt64]) {
        keys.removeRows(rows, in: slots, reader: keyReader)
        keyReader.indexedKeys?.free(rows)
        slots.free(rows)
    }

    /// A new row identity past the last one.
    @inlinable mutating func appendRowSlot() -> Int32 {
        precondition(slots.count < Int(Int32.max), "a store holds at most \(Int32.max) rows")
        tree.directory.leafOfRow.append(0)
        keyReader.appendSlot()
        return Int32(slots.appendSlot())
    }

    /// A new section identity past the last one.
    @inlinable mutating func appendSectionSlot() -> Int32 {
        sectionRecords.append(Section(name: nil))
        tree.directory.leafOfSection.append(0)
        return Int32(sectionRecords.count - 1)
    }
}

// MARK: - Sections

extension RowTable {
    /// The number of raw sections.
    @inlinable var numberOfSections: Int { Int(tree.summary.headers) }

    /// The number of sections shown.
    @inlinable var numberOfVisibleSections: Int { Int(tree.summary[shownMeasure]) }

    /// The number of rows, filters ignored.
    @inlinable var rowCount: Int { Int(tree.summary.rows) }

    /// The number of visible rows.
    @inlinable var visibleRowCount: Int { Int(tree.summary.visibleRows) }

    /// Whether every row and every section is shown: then a row's visible
    /// index path is its raw one.
    ///
    /// - Complexity: O(1).
    @inlinable var showsEverything: Bool { visibleRowCount == rowCount && numberOfVisibleSections == numberOfSections }

    /// The identity and header place of raw section `index`.
    @inlinable func header(atRaw index: Int) -> (id: Int32, place: TreePlace) {
        let found = tree.find(index, by: .headers)
        return (-1 - found.item, found.place)
    }

    /// The identity and header place of shown section `index`.
    @inlinable func header(atVisible index: Int) -> (id: Int32, place: TreePlace) {
        let found = tree.find(index, by: shownMeasure)
        return (-1 - found.item, found.place)
    }

    @inlinable func record(_ id: Int32) -> Section { sectionRecords[Int(id)] }

    /// The number of rows in the raw sections before section `index`: the
    /// rank of its first row among all rows (see ``row(atRank:)``).
    ///
    /// - Complexity: O(log *n*).
    @inlinable func rowsBefore(rawSection index: Int) -> Int { Int(header(atRaw: index).place.before.rows) }

    /// The row of rank `rank` among all rows in raw order: one descent,
    /// where a raw position needs its section's header first.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func row(atRank rank: Int) -> Int32 { tree.find(rank, by: .rows).item }

    /// The raw index of a section.
    @inlinable func rawIndex(ofSection id: Int32) -> Int { Int(tree.place(of: -1 - id).before.headers) }

    /// The rows of raw section `index`, in order.
    ///
    /// - Complexity: O(log *n* + *m*) for *m* rows.
    @inlinable func rows(inRawSection index: Int) -> [Int32] {
        let (id, place) = header(atRaw: index)
        var rows: [Int32] = []
        let count = Int(record(id).rowCount)
        rows.reserveCapacity(count)
        guard count > 0 else { return rows }
        tree.forEachItem(from: place.index + 1) { item, _ in
            rows.append(item)
            return rows.count < count
        }
        return rows
    }
}

// MARK: - Positions

extension RowTable {
    /// The row at a raw position, or `nil` when there is none.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func row(atRaw path: RawIndexPath) -> Int32? {
        guard path.section >= 0, path.section < numberOfSections else { return nil }
        let (id, place) = header(atRaw: path.section)
        guard path.row >= 0, path.row < Int(record(id).rowCount) else { return nil }
        return tree.find(Int(place.before.rows) + path.row, by: .rows).item
    }

    /// The row at a visible position, or `nil` when there is none.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func row(atVisible path: ResultsIndexPath) -> Int32? {
        guard path.section >= 0, path.section < numberOfVisibleSections else { return nil }
        let (id, place) = header(atVisible: path.section)
        guard path.row >= 0, path.row < Int(record(id).visibleCount) else { return nil }
        return tree.find(Int(place.before.visibleRows) + path.row, by: .visibleRows).item
    }

    /// The raw position of a live row.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func rawPath(ofRow id: Int32) -> RawIndexPath {
        let before = tree.place(of: id).before
        return RawIndexPath(row: Int(before.rowsAfterLastHeader), section: Int(before.headers) - 1)
    }

    /// The visible position of a live row, or `nil` when it is hidden.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func visiblePath(ofRow id: Int32) -> ResultsIndexPath? { placeOfRow(id).visible }

    /// The raw section index of a live row, and its visible position (`nil`
    /// when it is hidden), from one descent to the row: what the items
    /// before it count gives both.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func placeOfRow(_ id: Int32) -> (rawSection: Int, visible: ResultsIndexPath?) {
        let (place, visible) = tree.locate(id)
        return placeOfRow(before: place.before, visible: visible)
    }

    /// ``placeOfRow(_:)`` for many live rows, in the order given, with one
    /// descent for each leaf they lie in.
    ///
    /// - Complexity: O(*k* log *k* + *k* log *n*) for *k* rows.
    @inlinable func placesOfRows(_ ids: [Int32]) -> [(rawSection: Int, visible: ResultsIndexPath?)] {
        tree.locate(ids).map { placeOfRow(before: $0.place.before, visible: $0.flag) }
    }

    /// The place of a row after the items counted by `before`.
    @inlinable func placeOfRow(before: TreeSummary, visible: Bool) -> (rawSection: Int, visible: ResultsIndexPath?) {
        let section = Int(before.headers) - 1
        guard visible else { return (section, nil) }
        // A visible row's section has a visible row, so it is shown, and its
        // header is among the non-empty ones counted before the row.
        let shown = hidesEmptySections ? Int(before.nonEmptyHeaders) - 1 : section
        return (section, ResultsIndexPath(row: Int(before.visibleRowsAfterLastHeader), section: shown))
    }
}

// MARK: - Editing

extension RowTable {
    /// Places a row at a raw position (the row index may equal the count).
    ///
    /// - Complexity: O(log *n*).
    @inlinable mutating func insertRow(_ id: Int32, visible: Bool, atRaw path: RawIndexPath) {
        let (section, place) = header(atRaw: path.section)
        insertRow(id, visible: visible, atItem: place.index + 1 + path.row, section: section, headerItem: place.index)
    }

    /// Places a row just before a live row, in its section.
    ///
    /// - Complexity: O(log *n*).
    @inlinable mutating func insertRow(_ id: Int32, visible: Bool, before next: Int32) {
        let place = tree.place(of: next)
        let (section, headerPlace) = header(atRaw: Int(place.before.headers) - 1)
        insertRow(id, visible: visible, atItem: place.index, section: section, headerItem: headerPlace.index)
    }

    /// Places a row at an item index of the tree, in `section`, whose header
    /// is item `headerItem`.
    @inlinable mutating func insertRow(_ id: Int32, visible: Bool, atItem index: Int, section: Int32, headerItem: Int) {
        tree.insert(id, flag: visible, at: index)
        var record = self.record(section)
        record.rowCount += 1
        if visible {
            record.visibleCount += 1
            if record.visibleCount == 1 { tree.setFlag(true, at: headerItem) }
        }
        sectionRecords[Int(section)] = record
    }

    /// Takes the row at a raw position out of its section; returns it and
    /// the rows left in the section.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @discardableResult mutating func removeRow(atRaw path: RawIndexPath) -> (id: Int32, remaining: Int) {
        let (section, place) = header(atRaw: path.section)
        return removeRow(atItem: place.index + 1 + path.row, section: section, headerItem: place.index)
    }

    /// Takes a live row out of its section; returns its raw section and the
    /// rows left in it.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @discardableResult mutating func removeRow(_ id: Int32) -> (section: Int, remaining: Int) {
        let place = tree.place(of: id)
        let section = Int(place.before.headers) - 1
        let (sectionID, headerPlace) = header(atRaw: section)
        let remaining = removeRow(atItem: place.index, section: sectionID, headerItem: headerPlace.index).remaining
        return (section, remaining)
    }

    /// Takes the row at an item index of the tree out of `section`, whose
    /// header is item `headerItem`.
    @inlinable mutating func removeRow(atItem index: Int, section: Int32, headerItem: Int) -> (id: Int32, remaining: Int) {
        let removed = tree.remove(at: index)
        var record = self.record(section)
        record.rowCount -= 1
        if removed.flag {
            record.visibleCount -= 1
            if record.visibleCount == 0 { tree.setFlag(false, at: headerItem) }
        }
        sectionRecords[Int(section)] = record
        return (removed.item, Int(record.rowCount))
    }

    /// Shows or hides a live row.
    ///
    /// - Complexity: O(log *n*).
    @inlinable mutating func setVisible(_ visible: Bool, ofRow id: Int32) {
        let (place, wasVisible) = tree.locate(id)
        guard visible != wasVisible else { return }
        tree.setFlag(visible, at: place.index)
        let (section, headerPlace) = header(atRaw: Int(place.before.headers) - 1)
        var record = self.record(section)
        record.visibleCount += visible ? 1 : -1
        if record.visibleCount == (visible ? 1 : 0) { tree.setFlag(visible, at: headerPlace.index) }
        sectionRecords[Int(section)] = record
    }

    /// Shows or hides many live rows (each listed once) in one pass over
    /// the positional index, as ``setVisible(_:ofRow:)`` would one by one.
    ///
    /// - Complexity: O(*k* log *k* + *k* log *n*) for *k* rows, each node on
    ///   their paths copied and summed once; plus O(log *n*) for each
    ///   section that empties or stops being empty.
    @inlinable mutating func setVisible(_ rows: [(item: Int32, flag: Bool)]) {
        // Each section's change of visible rows, by raw index.
        var changes: [Int32: Int32] = [:]
        tree.setFlags(rows) { item, headersBefore, visible in
            precondition(item >= 0, "RowTable: setVisible is for rows, not section headers")
            changes[headersBefore - 1, default: 0] += visible ? 1 : -1
        }
        for (rawIndex, change) in changes where change != 0 {
            let (section, headerPlace) = header(atRaw: Int(rawIndex))
            var record = self.record(section)
            let wasShown = record.visibleCount > 0
            record.visibleCount += change
            sectionRecords[Int(section)] = record
            if wasShown != (record.visibleCount > 0) { tree.setFlag(!wasShown, at: headerPlace.index) }
        }
    }

    /// Places an empty section at raw index `index` (which may equal the count).
    ///
    /// - Complexity: O(log *n*).
    @inlinable mutating func insertSection(_ id: Int32, name: String?, sectionID: SectionID? = nil, atRaw index: Int) {
        let position = index < numberOfSections ? header(atRaw: index).place.index : tree.count
        sectionRecords[Int(id)] = Section(name: name, sectionID: sectionID)
        tree.insert(-1 - id, flag: false, at: position)
    }

    /// Takes raw section `index` and its rows out; returns the section's
    /// identity and its rows.
    ///
    /// - Complexity: O(*m* log *n*) for *m* rows.
    @inlinable mutating func removeSection(atRaw index: Int) -> (id: Int32, rows: [Int32]) {
        let (id, place) = header(atRaw: index)
        var rows: [Int32] = []
        let count = Int(record(id).rowCount)
        rows.reserveCapacity(count)
        for _ in 0..<count { rows.append(tree.remove(at: place.index + 1).item) }
        tree.remove(at: place.index)
        return (id, rows)
    }

    /// Renames a section.
    @inlinable mutating func rename(_ id: Int32, to name: String?) {
        sectionRecords[Int(id)].name = name
    }

    /// Replaces the whole positional index with `sections`, whose records
    /// get their names and counts here.
    ///
    /// - Complexity: O(*n*).
    @inlinable mutating func rebuild(_ sections: [RawSection], isVisible: (Int32) -> Bool) {
        var items: [Int32] = []
        var flags: [Bool] = []
        let total = sections.reduce(0) { $0 + $1.rows.count + 1 }
        items.reserveCapacity(total)
        flags.reserveCapacity(total)
        for section in sections {
            let headerIndex = flags.count
            items.append(-1 - section.id)
            flags.append(false)
            var visible: Int32 = 0
            for row in section.rows {
                let shown = isVisible(row)
                items.append(row)
                flags.append(shown)
                if shown { visible += 1 }
            }
            flags[headerIndex] = visible > 0
            sectionRecords[Int(section.id)] = Section(name: section.name, sectionID: section.sectionID, rowCount: Int32(section.rows.count), visibleCount: visible)
        }
        tree.build(items, flags: flags)
    }
}

// MARK: - Whole tables

extension RowTable {
    /// The visible table by row identity.
    ///
    /// - Complexity: O(*n*), with O(1) per leaf and visible row.
    @inlinable var visibleTable: [VisibleSection] {
        var table: [VisibleSection] = []
        var name: String?
        var sectionID: SectionID?
        var shown = false
        var rows: [Int32] = []
        func finish() {
            guard shown else { return }
            let identity = SectionIdentity(id: sectionID, name: name, index: table.count)
            table.append(VisibleSection(identity: identity, name: name, rows: rows))
        }
        let hides = hidesEmptySections
        for leaf in tree.leaves {
            let count = leaf.count
            let all = LeafNode.mask(below: count)
            let headers = leaf.headerMask
            let flags = leaf.flagMask & all
            leaf.withUnsafeMutablePointerToElements { items in
                if headers == 0 {
                    guard shown else { return }
                    if flags == all {
                        rows.append(contentsOf: UnsafeBufferPointer(start: items, count: count))
                    } else {
                        var remaining = flags
                        while remaining != 0 {
                            rows.append(items[remaining.trailingZeroBitCount])
                            remaining &= remaining &- 1
                        }
                    }
                    return
                }
                for offset in 0..<count {
                    let item = items[offset]
                    let flag = flags & (1 << UInt64(offset)) != 0
                    if item < 0 {
                        finish()
                        rows = []
                        shown = !hides || flag
                        let section = record(-1 - item)
                        (name, sectionID) = (section.name, section.sectionID)
                        if shown { rows.reserveCapacity(Int(section.visibleCount)) }
                    } else if shown && flag {
                        rows.append(item)
                    }
                }
            }
        }
        finish()
        return table
    }

    /// A raw section: its identity, name, id of its own, and rows.
    @usableFromInline typealias RawSection = (id: Int32, name: String?, sectionID: SectionID?, rows: [Int32])

    /// The raw sections with their identities and rows.
    ///
    /// - Complexity: O(*n*).
    @inlinable var rawTableWithIdentities: [RawSection] {
        var table: [RawSection] = []
        var rows: [Int32] = []
        tree.forEachLeaf { leaf in
            if leaf.headerMask == 0 {
                leaf.appendRows(to: &rows)
                return
            }
            for offset in 0..<leaf.count {
                let item = leaf[offset]
                if item < 0 {
                    if !table.isEmpty { table[table.count - 1].rows = rows }
                    rows = []
                    let section = record(-1 - item)
                    table.append((-1 - item, section.name, section.sectionID, []))
                } else {
                    rows.append(item)
                }
            }
        }
        if !table.isEmpty { table[table.count - 1].rows = rows }
        return table
    }

    /// Every row, in order.
    ///
    /// - Complexity: O(*n*); a leaf without section headers is one copy.
    @inlinable var allRows: [Int32] {
        var rows: [Int32] = []
        rows.reserveCapacity(rowCount)
        tree.forEachLeaf { $0.appendRows(to: &rows) }
        return rows
    }
}
