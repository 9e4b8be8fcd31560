import FilterableResults

extension ReferenceModel {
    func requireKey(_ object: Element) throws(ResultsError) -> Key {
        guard let k = key(object) else { throw .missingPrimaryKey(String(describing: object)) }
        return k
    }

    func keys(of objects: [Element]) throws(ResultsError) -> [Key] {
        var result: [Key] = []
        for object in objects { result.append(try requireKey(object)) }
        return result
    }

    func requireManualSections(_ operation: String) throws(ResultsError) {
        if sectioning != nil { throw .sectionsDerivedFromElements(operation: operation) }
    }

    /// Refuses the first section whose identity an earlier one has: its id
    /// of its own, or without one its name. Sections with ids may share a
    /// name with any section.
    func requireUniqueSections(_ sections: [ResultsSection<Element>]) throws(ResultsError) {
        var ids: [AnyHashable] = []
        var names: [String] = []
        for section in sections {
            if let id = section.id {
                if ids.contains(AnyHashable(id)) { throw .duplicateSection(String(describing: id)) }
                ids.append(AnyHashable(id))
            } else if let name = section.name {
                if names.contains(where: { sameName($0, name) }) { throw .duplicateSection(name) }
                names.append(name)
            }
        }
    }

    /// Whether two section names are the same section: equal Unicode
    /// scalars (not Swift's canonical equivalence), as the contract orders them.
    func sameName(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        default: false
        }
    }

    func requireRow(_ indexPath: RawIndexPath) throws(ResultsError) {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].elements.indices.contains(indexPath.row) else {
            throw .rawIndexPathOutOfRange(indexPath, sectionCount: sections.count, rowCount: nil)
        }
    }

    /// Refuses missing keys, keys repeated among `objects`, and keys held
    /// outside section `allowedSection`.
    func requireNewKeys(_ objects: [Element], allowedSection: Int?) throws(ResultsError) {
        let newKeys = try keys(of: objects)
        for (i, k) in newKeys.enumerated() {
            if newKeys[..<i].contains(k) { throw .duplicateKey(String(describing: k)) }
            if let place = indexPath(forKey: k), place.section != allowedSection { throw .duplicateKey(String(describing: k)) }
        }
    }

    /// The raw index path of the element with key `k`, or `nil`.
    ///
    /// - Complexity: O(*n*).
    public func indexPath(forKey k: Key) -> RawIndexPath? {
        for (s, section) in sections.enumerated() {
            if let r = section.elements.firstIndex(where: { key($0) == k }) { return RawIndexPath(row: r, section: s) }
        }
        return nil
    }

    func sectionName(of object: Element) -> String? { sectioning?.sectionName(object) }

    /// Whether `object` belongs in `section` of a sectioned store: by its
    /// section's id in a sectioning by id, else by its section's name.
    func belongs(_ object: Element, in section: ResultsSection<Element>) -> Bool {
        if let id = sectioning?.sectionIDValue(of: object) { return section.id.map { AnyHashable($0) } == AnyHashable(id) }
        return sameName(section.name, sectionName(of: object))
    }

    /// The first position and the last content of each key.
    func fold(_ objects: [Element]) -> [Element] {
        var result: [Element] = []
        var index: [Key: Int] = [:]
        for object in objects {
            let k = key(object)!
            if let i = index[k] { result[i] = object } else {
                index[k] = result.count
                result.append(object)
            }
        }
        return result
    }

    /// Puts an element at a place, moving it to the end of its section by
    /// value when that changes.
    mutating func put(_ object: Element, at place: RawIndexPath) {
        if sectioning != nil, !belongs(object, in: sections[place.section]) {
            sections[place.section].elements.remove(at: place.row)
            appendToItsSection(object)
        } else {
            sections[place.section].elements[place.row] = object
        }
        normalize()
    }

    /// Appends to the section the object belongs in, creating it in order:
    /// by name, or in a sectioning by id by id, titled then.
    mutating func appendToItsSection(_ object: Element) {
        if let s = sections.firstIndex(where: { belongs(object, in: $0) }) {
            sections[s].elements.append(object)
            return
        }
        let sectioning = sectioning!
        if let id = sectioning.sectionIDValue(of: object) {
            let index = sections.firstIndex { sectioning.sectionID(id, precedes: $0.id!) } ?? sections.count
            sections.insert(ResultsSection(name: sectioning.title(ofSectionID: id), id: id, elements: [object]), at: index)
        } else {
            let name = sectioning.sectionName(object)
            let index = sections.firstIndex { sectioning.areInIncreasingOrder(name, $0.name!) } ?? sections.count
            sections.insert(ResultsSection(name: name, elements: [object]), at: index)
        }
    }

    /// Drops emptied sections of a sectioned store and re-sorts every section.
    mutating func normalize() {
        if sectioning != nil { sections.removeAll { $0.elements.isEmpty } }
        for s in sections.indices { sections[s].elements = stableSorted(sections[s].elements, by: sortKeys) }
    }

    /// A stable sort by `keys`: a section already in order (the usual case,
    /// as every operation leaves them so) is returned after one pass; any
    /// other is merge-sorted, the left run's element first among equals.
    func stableSorted(_ objects: [Element], by keys: [ResultsSortKey<Element>]) -> [Element] {
        guard !keys.isEmpty, objects.count > 1 else { return objects }
        func precedes(_ a: Element, _ b: Element) -> Bool {
            for key in keys {
                let order = key.compare(a, b)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return false
        }
        if !zip(objects.dropFirst(), objects).contains(where: { precedes($0, $1) }) { return objects }
        var result = objects
        var buffer = objects
        var width = 1
        while width < result.count {
            var start = 0
            while start < result.count {
                let middle = min(start + width, result.count)
                let end = min(start + 2 * width, result.count)
                var left = start
                var right = middle
                for index in start..<end {
                    if left < middle && (right == end || !precedes(result[right], result[left])) {
                        buffer[index] = result[left]
                        left += 1
                    } else {
                        buffer[index] = result[right]
                        right += 1
                    }
                }
                start = end
            }
            swap(&result, &buffer)
            width *= 2
        }
        return result
    }
}
