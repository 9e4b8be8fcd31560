/// Adding, inserting, removing and replacing elements.
extension ResultsStore {
    /// Appends an element to the last section, or to raw section `section`;
    /// in a sorted store, at its sorted place (after its ties); in a
    /// sectioned store, in the section its value names.
    ///
    ///     try store.add(Product(id: 4, name: "Echo"))
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` when another row has its
    ///   key; ``ResultsError/sectionOutOfRange(_:sectionCount:)`` for a bad
    ///   section (or a store with none);
    ///   ``ResultsError/sectionsDerivedFromElements(operation:)`` for a section in
    ///   a sectioned store. Nothing changes then.
    /// - Complexity: O(log *n*), with O(log *m*) comparisons in a sorted
    ///   section of *m* rows.
    @inlinable public mutating func add(_ element: Element, toSection section: Int? = nil) throws(ResultsError) {
        let key = try requireKey(of: element)
        try requireNew(key)
        var target = 0
        if sectioning != nil {
            if section != nil { try requireManualSections("adding to a given section") }
        } else {
            // Into the last section; with none, section 0 is out of range.
            target = section ?? Swift.max(0, table.numberOfSections - 1)
            guard (0..<table.numberOfSections).contains(target) else {
                throw .sectionOutOfRange(target, sectionCount: table.numberOfSections)
            }
        }
        noteMutation()
        place(allocateRow(element, key: key), inSection: target)
        _checkInvariantsAfterRowEdit()
    }

    /// Inserts an element at a raw index path; the row index may equal the
    /// section's count (append).
    ///
    /// - Throws: ``ResultsError/rawIndexPathOutOfRange(_:sectionCount:rowCount:)``,
    ///   ``ResultsError/duplicateKey(_:)``, or
    ///   ``ResultsError/rowsPlacedByStore(operation:)`` in a sorted or
    ///   sectioned store.
    /// - Complexity: O(log *n*).
    @inlinable public mutating func insert(_ element: Element, at indexPath: RawIndexPath) throws(ResultsError) {
        try requireUnplacedRows()
        guard (0..<table.numberOfSections).contains(indexPath.section) else {
            throw .rawIndexPathOutOfRange(indexPath, sectionCount: table.numberOfSections, rowCount: nil)
        }
        let (section, header) = table.header(atRaw: indexPath.section)
        let count = Int(table.record(section).rowCount)
        guard (0...count).contains(indexPath.row) else {
            throw .rawIndexPathOutOfRange(indexPath, sectionCount: table.numberOfSections, rowCount: count)
        }
        let id = try allocateNewRow(element)
        table.insertRow(id, visible: passesFilters(element), atItem: header.index + 1 + indexPath.row, section: section, headerItem: header.index)
        _checkInvariantsAfterRowEdit()
    }

    /// Inserts an element just before a live row, in its section.
    ///
    /// - Throws: as ``insert(_:at:)``.
    @inlinable mutating func insert(_ element: Element, before next: RowID) throws(ResultsError) {
        try requireUnplacedRows()
        let id = try allocateNewRow(element)
        table.insertRow(id, visible: passesFilters(element), before: next)
        _checkInvariantsAfterRowEdit()
    }

    /// Refuses an insert at a position in a store that places rows itself.
    @inlinable func requireUnplacedRows() throws(ResultsError) {
        if placesRows {
            throw .rowsPlacedByStore(operation: "inserting at an index path")
        }
    }

    /// Validates a new element's key and stores it; the caller places the row.
    @inlinable mutating func allocateNewRow(_ element: Element) throws(ResultsError) -> RowID {
        let key = try requireKey(of: element)
        try requireNew(key)
        noteMutation()
        return allocateRow(element, key: key)
    }

    /// Removes the element with the same key as `element`, if there is one,
    /// and returns whether there was.
    ///
    /// - Returns: `false` when no element has `element`'s key (the store is
    ///   unchanged then), as `Dictionary.removeValue(forKey:)` returns `nil`.
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)`` for an element
    ///   without a key; ``ResultsError/keyChangedInPlace(old:new:)`` as
    ///   ``remove(key:)``.
    /// - Complexity: O(log *n*).
    @discardableResult
    @inlinable public mutating func remove(_ element: Element) throws(ResultsError) -> Bool {
        try remove(key: try requireKey(of: element))
    }

    /// Removes the element with `key`, if there is one, and returns whether
    /// there was.
    ///
    ///     let removed = try store.remove(key: 7)   // false when no element has key 7
    ///
    /// - Returns: `false` when no element has `key` (the store is unchanged
    ///   then), as `Dictionary.removeValue(forKey:)` returns `nil`.
    /// - Throws: ``ResultsError/keyChangedInPlace(old:new:)`` when the row
    ///   stored under `key` reports another key now (its key was changed in
    ///   place): the row is re-indexed under its new key and nothing is
    ///   removed.
    /// - Complexity: O(log *n*).
    @discardableResult
    @inlinable public mutating func remove(key: Key) throws(ResultsError) -> Bool {
        guard let id = try editableRow(forKey: key) else { return false }
        noteMutation()
        removeAndRelease(id)
        return true
    }

    /// Removes the elements with `keys`, as one change; keys no element
    /// has are ignored. Returns how many elements were removed.
    ///
    ///     store.remove(keys: selection)
    ///
    /// - Complexity: O(*k* log *n*) for *k* keys; O(*n*) when they are many.
    @discardableResult
    @inlinable public mutating func remove<Keys: Sequence>(keys: Keys) -> Int where Keys.Element == Key {
        var rows: [RowID] = []
        var seen = Set<RowID>()
        for key in keys {
            if let id = table.row(forKey: key), seen.insert(id).inserted { rows.append(id) }
        }
        return removeAll(rows)
    }

    /// Removes every element that satisfies `shouldBeRemoved`, as one
    /// change. Returns how many elements were removed.
    ///
    ///     store.removeAll { $0.isArchived }
    ///
    /// - Complexity: O(*n*) calls of `shouldBeRemoved`, plus the removal.
    @discardableResult
    @inlinable public mutating func removeAll(where shouldBeRemoved: (Element) -> Bool) -> Int {
        removeAll(table.allRows.filter { shouldBeRemoved(element(ofRow: $0)) })
    }

    /// Removes live rows, as one change; returns how many.
    @inlinable mutating func removeAll(_ rows: [RowID]) -> Int {
        guard !rows.isEmpty else { return 0 }
        noteMutation()
        let count = removeAndRelease(rows)
        _checkInvariantsAfterRowEdit(rows: rows.count)
        return count
    }

    /// Removes the element at a raw index path.
    ///
    /// - Throws: ``ResultsError/rawIndexPathOutOfRange(_:sectionCount:rowCount:)``.
    /// - Complexity: O(log *n*).
    @inlinable public mutating func remove(at indexPath: RawIndexPath) throws(ResultsError) {
        let id = try requireRow(at: indexPath)
        noteMutation()
        removeAndRelease(id)
    }

    /// Removes live rows and frees their elements; returns how many. Many
    /// rows are taken out in one rebuild, as a pruning merge does; a
    /// sectioned store drops the sections left empty.
    @inlinable mutating func removeAndRelease(_ rows: [RowID]) -> Int {
        guard !rows.isEmpty else { return 0 }
        if rows.count * 8 < table.rowCount {
            for id in rows { removeRow(id) }
        } else {
            tracker.touchAll()
            let removed = Set(rows)
            var sections = table.rawTableWithIdentities
            for index in sections.indices { sections[index].rows.removeAll { removed.contains($0) } }
            if sectioning != nil {
                for section in sections where section.rows.isEmpty { freeSections.append(section.id) }
                sections.removeAll { $0.rows.isEmpty }
            }
            rebuild(sections)
        }
        releaseRows(rows)
        return rows.count
    }

    /// Removes a live row and frees its element.
    @inlinable mutating func removeAndRelease(_ id: RowID) {
        removeRow(id)
        releaseRow(id)
        _checkInvariantsAfterRowEdit()
    }

    /// Moves the element at `source` so that it ends up at `destination`,
    /// as a table view moves a row: `destination` is its position after
    /// the move (in its own section, at most the count less one). The row
    /// keeps its identity, so the change is one move.
    ///
    /// - Throws: ``ResultsError/rawIndexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for either path, ``ResultsError/rowsPlacedByStore(operation:)`` in a
    ///   sorted or sectioned store.
    /// - Complexity: O(log *n*).
    @inlinable public mutating func move(from source: RawIndexPath, to destination: RawIndexPath) throws(ResultsError) {
        if placesRows {
            throw .rowsPlacedByStore(operation: "moving a row")
        }
        let id = try requireRow(at: source)
        guard (0..<table.numberOfSections).contains(destination.section) else {
            throw .rawIndexPathOutOfRange(destination, sectionCount: table.numberOfSections, rowCount: nil)
        }
        let rows = rowCount(inSection: destination.section) - (destination.section == source.section ? 1 : 0)
        guard (0...rows).contains(destination.row) else {
            throw .rawIndexPathOutOfRange(destination, sectionCount: table.numberOfSections, rowCount: rows)
        }
        guard source != destination else { return }
        noteMutation()
        table.removeRow(atRaw: source)
        tracker.touch(id)
        table.insertRow(id, visible: passesFilters(element(ofRow: id)), atRaw: destination)
        _checkInvariantsAfterRowEdit()
    }

    /// Replaces the element that has `element`'s key, in place (or in its
    /// sorted or sectioned place); nothing happens when there is none.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)``;
    ///   ``ResultsError/keyChangedInPlace(old:new:)`` when the row stored
    ///   under the key reports another key now (nothing is replaced).
    /// - Complexity: O(log *n*), with O(log *m*) comparisons when it moves.
    @inlinable public mutating func replace(_ element: Element) throws(ResultsError) {
        let key = try requireKey(of: element)
        guard let id = try editableRow(forKey: key) else { return }
        noteMutation()
        replaceRow(id, with: element, key: key)
        _checkInvariantsAfterRowEdit()
    }

    /// Replaces the element matching `old` by `new`; nothing happens when no
    /// element matches `old`. A new key is the old row leaving and a new one
    /// arriving in its place.
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` when `new` takes another
    ///   row's key; ``ResultsError/missingPrimaryKey(_:)``;
    ///   ``ResultsError/keyChangedInPlace(old:new:)`` as ``replace(_:)``.
    /// - Complexity: O(log *n*), with O(log *m*) comparisons when it moves.
    @inlinable public mutating func replace(_ old: Element, with new: Element) throws(ResultsError) {
        let oldKey = try requireKey(of: old)
        let newKey = try requireKey(of: new)
        guard let id = try editableRow(forKey: oldKey) else { return }
        if newKey != oldKey { try requireNew(newKey) }
        noteMutation()
        replaceRow(id, with: new, key: newKey)
        _checkInvariantsAfterRowEdit()
    }

    /// Replaces the element at a raw index path.
    ///
    /// - Throws: ``ResultsError/rawIndexPathOutOfRange(_:sectionCount:rowCount:)``,
    ///   ``ResultsError/duplicateKey(_:)`` when `new` takes another row's key.
    /// - Complexity: O(log *n*), with O(log *m*) comparisons when it moves.
    @inlinable public mutating func replace(at indexPath: RawIndexPath, with new: Element) throws(ResultsError) {
        try replace(row: try requireRow(at: indexPath), with: new)
    }

    /// Replaces every element whose key is in `elements`; the others are
    /// ignored.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)`` before changing anything.
    /// - Complexity: O(*k* log *n*) for *k* elements.
    @inlinable public mutating func replaceAll(_ elements: [Element]) throws(ResultsError) {
        let keys = try requireKeys(of: elements)
        let known = zip(keys, elements).filter { table.row(forKey: $0.0) != nil }
        guard !known.isEmpty else { return }
        noteMutation()
        for (key, element) in known { replaceRow(table.row(forKey: key)!, with: element, key: key) }
        _checkInvariants()
    }

    /// Replaces a live row's element.
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` when `new` takes another
    ///   row's key; ``ResultsError/missingPrimaryKey(_:)``.
    @inlinable mutating func replace(row id: RowID, with new: Element) throws(ResultsError) {
        let newKey = try requireKey(of: new)
        if newKey != key(ofRow: id) { try requireNew(newKey) }
        noteMutation()
        replaceRow(id, with: new, key: newKey)
        _checkInvariantsAfterRowEdit()
    }

    /// Replaces a validated row, keeping its identity when the key stays.
    /// The caller checks the invariants once its whole edit is done.
    @inlinable mutating func replaceRow(_ id: RowID, with element: Element, key: Key) {
        if key == self.key(ofRow: id) {
            replaceContent(ofRow: id, with: element)
            if placesRows { restoreOrder(ofRowAt: table.rawPath(ofRow: id)) }
        } else {
            let indexPath = table.rawPath(ofRow: id)
            table.removeRow(atRaw: indexPath)
            releaseRow(id)
            let new = allocateRow(element, key: key)
            table.insertRow(new, visible: passesFilters(element), atRaw: indexPath)
            restoreOrder(ofRowAt: indexPath)
        }
    }

    /// Changes the element with `key` in place, as a replace.
    ///
    ///     try store.update(7) { $0.name = "Renamed" }
    ///
    /// Returns whether there was such an element. Changing a value element
    /// this way is how a content change is reported: an element of a class
    /// mutated in place compares equal to itself, so replace it with a copy
    /// or use a store whose `isSameContent` looks at a version field.
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` or
    ///   ``ResultsError/missingPrimaryKey(_:)`` when the change gives the
    ///   element another row's key or none; the store is unchanged then.
    ///   ``ResultsError/keyChangedInPlace(old:new:)`` as ``replace(_:)``.
    /// - Complexity: O(log *n*), with O(log *m*) comparisons when it moves.
    @discardableResult
    @inlinable public mutating func update(_ key: Key, _ body: (inout Element) -> Void) throws(ResultsError) -> Bool {
        guard let id = try editableRow(forKey: key) else { return false }
        var element = self.element(ofRow: id)
        body(&element)
        let newKey = try requireKey(of: element)
        if newKey != key { try requireNew(newKey) }
        noteMutation()
        replaceRow(id, with: element, key: newKey)
        _checkInvariantsAfterRowEdit()
        return true
    }
}
