/// Adding, inserting, removing and replacing objects.
extension ResultsStore {
    /// Appends an object to the last section, or to `section`; in a sorted
    /// store, at its sorted place (after its ties); in a sectioned store, in
    /// the section its value names.
    ///
    ///     try store.add(Product(id: 4, name: "Echo"))
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` when another row has its
    ///   key; ``ResultsError/sectionOutOfRange(_:sectionCount:)`` for a bad
    ///   section (or a store with none); ``ResultsError/invalidOperation(_:)``
    ///   for a section in a sectioned store. Nothing changes then.
    /// - Complexity: O(*m*) for a section of *m* rows (the array insert),
    ///   with O(log *m*) comparisons when sorted.
    @inlinable public mutating func add(_ element: Element, toSection section: Int? = nil) throws(ResultsError) {
        let key = try requireKey(of: element)
        try requireNew(key)
        var target = 0
        if sectioning != nil {
            if section != nil { try requireManualSections("adding to a given section") }
        } else {
            target = section ?? storedSections.count - 1
            guard storedSections.indices.contains(target) else {
                throw .sectionOutOfRange(target, sectionCount: storedSections.count)
            }
        }
        place(allocateRow(element, key: key), inSection: target)
        _checkInvariants()
    }

    /// Inserts an object at a raw index path; the row index may equal the
    /// section's count (append).
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``,
    ///   ``ResultsError/duplicateKey(_:)``, or
    ///   ``ResultsError/invalidOperation(_:)`` in a sorted or sectioned store.
    /// - Complexity: O(*m*) for a section of *m* rows.
    @inlinable public mutating func insert(_ element: Element, at indexPath: ResultsIndexPath) throws(ResultsError) {
        if placesRows {
            throw .invalidOperation("insert at an index path is not allowed in a sorted or sectioned store; use add")
        }
        guard storedSections.indices.contains(indexPath.section) else {
            throw .indexPathOutOfRange(indexPath, sectionCount: storedSections.count, rowCount: nil)
        }
        let count = storedSections[indexPath.section].rows.count
        guard (0...count).contains(indexPath.row) else {
            throw .indexPathOutOfRange(indexPath, sectionCount: storedSections.count, rowCount: count)
        }
        let key = try requireKey(of: element)
        try requireNew(key)
        let id = allocateRow(element, key: key)
        storedSections[indexPath.section].rows.insert(id, at: indexPath.row)
        _checkInvariants()
    }

    /// Removes the object with the same key as `element`; nothing happens
    /// when there is none.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)`` for an object without a key.
    /// - Complexity: O(*n*): finding the row's place.
    @inlinable public mutating func remove(_ element: Element) throws(ResultsError) {
        remove(key: try requireKey(of: element))
    }

    /// Removes the object with `key`; nothing happens when there is none.
    ///
    /// - Complexity: O(*n*): finding the row's place.
    @inlinable public mutating func remove(key: Key) {
        guard let indexPath = position(ofKey: key) else { return }
        removeAndRelease(at: indexPath)
    }

    /// Removes the object at a raw index path.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``.
    /// - Complexity: O(*m*) for a section of *m* rows.
    @inlinable public mutating func remove(at indexPath: ResultsIndexPath) throws(ResultsError) {
        _ = try requireRow(at: indexPath)
        removeAndRelease(at: indexPath)
    }

    @inlinable mutating func removeAndRelease(at indexPath: ResultsIndexPath) {
        let id = storedSections[indexPath.section].rows[indexPath.row]
        removeRow(at: indexPath)
        releaseRow(id)
        _checkInvariants()
    }

    /// Replaces the object that has `element`'s key, in place (or in its
    /// sorted or sectioned place); nothing happens when there is none.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)``.
    /// - Complexity: O(*n*): finding the row's place.
    @inlinable public mutating func replace(_ element: Element) throws(ResultsError) {
        let key = try requireKey(of: element)
        guard let indexPath = position(ofKey: key) else { return }
        replaceRow(at: indexPath, with: element, key: key)
    }

    /// Replaces the object matching `old` by `new`; nothing happens when no
    /// object matches `old`. A new key is the old row leaving and a new one
    /// arriving in its place.
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` when `new` takes another
    ///   row's key; ``ResultsError/missingPrimaryKey(_:)``.
    /// - Complexity: O(*n*): finding the row's place.
    @inlinable public mutating func replace(_ old: Element, with new: Element) throws(ResultsError) {
        let oldKey = try requireKey(of: old)
        let newKey = try requireKey(of: new)
        guard let indexPath = position(ofKey: oldKey) else { return }
        if newKey != oldKey { try requireNew(newKey) }
        replaceRow(at: indexPath, with: new, key: newKey)
    }

    /// Replaces the object at a raw index path.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``,
    ///   ``ResultsError/duplicateKey(_:)`` when `new` takes another row's key.
    /// - Complexity: O(*m*) for a section of *m* rows when the row moves, else O(1).
    @inlinable public mutating func replace(at indexPath: ResultsIndexPath, with new: Element) throws(ResultsError) {
        let id = try requireRow(at: indexPath)
        let newKey = try requireKey(of: new)
        if newKey != key(ofRow: id) { try requireNew(newKey) }
        replaceRow(at: indexPath, with: new, key: newKey)
    }

    /// Replaces every object whose key is in `elements`; the others are
    /// ignored.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)`` before changing anything.
    /// - Complexity: O(*n* + *k* log *n*) for *k* objects.
    @inlinable public mutating func replaceAll(_ elements: [Element]) throws(ResultsError) {
        let keys = try requireKeys(of: elements)
        let known = zip(keys, elements).filter { keyIndex[$0.0] != nil }
        guard !known.isEmpty else { return }
        if !placesRows {
            for (key, element) in known { replaceContent(ofRow: keyIndex[key]!, with: element) }
            _checkInvariants()
            return
        }
        for (key, element) in known { replaceRow(at: position(ofKey: key)!, with: element, key: key) }
    }

    /// Replaces a validated row, keeping its identity when the key stays.
    @inlinable mutating func replaceRow(at indexPath: ResultsIndexPath, with element: Element, key: Key) {
        let id = storedSections[indexPath.section].rows[indexPath.row]
        if key == self.key(ofRow: id) {
            replaceContent(ofRow: id, with: element)
        } else {
            releaseRow(id)
            storedSections[indexPath.section].rows[indexPath.row] = allocateRow(element, key: key)
        }
        restoreOrder(ofRowAt: indexPath)
        _checkInvariants()
    }

    /// Changes the object with `key` in place, as a replace.
    ///
    ///     try store.update(7) { $0.title = "Renamed" }
    ///
    /// Returns whether there was such an object. Changing a value element
    /// this way is how a content change is reported: an object of a class
    /// mutated in place compares equal to itself, so replace it with a copy
    /// or use a store whose `isSameContent` looks at a version field.
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` or
    ///   ``ResultsError/missingPrimaryKey(_:)`` when the change gives the
    ///   object another row's key or none; the store is unchanged then.
    /// - Complexity: O(*n*): finding the row's place.
    @discardableResult
    @inlinable public mutating func update(_ key: Key, _ body: (inout Element) -> Void) throws(ResultsError) -> Bool {
        guard let indexPath = position(ofKey: key) else { return false }
        var element = self.element(ofRow: keyIndex[key]!)
        body(&element)
        let newKey = try requireKey(of: element)
        if newKey != key { try requireNew(newKey) }
        replaceRow(at: indexPath, with: element, key: newKey)
        return true
    }
}
