/// Filters: named, grouped conditions over the raw data. Filtering never
/// removes raw data; it changes which rows are visible.
extension ResultsStore {
    /// Applies a filter: it replaces the applied filter of its group, in
    /// place; a filter without a group is appended.
    ///
    /// - Complexity: O(*n* *f*): every row is tested against the *f* filters.
    @inlinable public mutating func addFilter(_ filter: ResultsFilter<Element>) {
        addFilters([filter])
    }

    /// Applies several filters, in order, as ``addFilter(_:)`` does.
    ///
    /// - Complexity: O(*n* *f*).
    @inlinable public mutating func addFilters(_ newFilters: [ResultsFilter<Element>]) {
        ResultsFilter.apply(newFilters, to: &appliedFilters)
        refilter()
    }

    /// Removes every applied filter with this title and group (`nil` matches
    /// filters without a group); nothing happens when none is applied.
    ///
    /// - Complexity: O(*n* *f*) when a filter is removed, else O(*f*).
    @inlinable public mutating func removeFilter(title: String, group: String? = nil) {
        let count = filters.count
        appliedFilters.removeAll { $0.isNamed(title, group: group) }
        if filters.count != count { refilter() }
    }

    /// Replaces all applied filters.
    ///
    /// - Complexity: O(*n* *f*).
    @inlinable public mutating func replaceFilters(with newFilters: [ResultsFilter<Element>]) {
        appliedFilters = []
        addFilters(newFilters)
    }

    /// Removes all applied filters: every row becomes visible.
    ///
    /// - Complexity: O(*n*) when filters were applied, else O(1).
    @inlinable public mutating func clearFilters() {
        guard !filters.isEmpty else { return }
        appliedFilters = []
        refilter()
    }

    /// Sets the text of a live search over the given fields: the text is
    /// split into words at whitespace, and the elements shown are those
    /// where every word is found in one of the fields (any one), ignoring
    /// case and diacritics, as Mail and Finder search: `"apple iphone"`
    /// finds the iPhone of company Apple, and `" iphone"` finds it too.
    /// Text without a word (empty, or only spaces) removes the search.
    ///
    /// The search is the filter titled `"search"` in group `group`, so it
    /// combines with the other applied filters (AND); one line per keystroke:
    ///
    ///     store.search(for: query, in: [\.name, \.company, \.nickname])   // nickname: String?
    ///
    /// A field may be a string, an optional string (`nil` contains
    /// nothing) or any other value, found by its description.
    ///
    /// - Complexity: O(*n* *f*).
    @inlinable public mutating func search(
        for text: String, in fields: [PartialKeyPath<Element> & Sendable], group: String = "search"
    ) where Element: SendableMetatype {
        search(for: text, in: fields.map { ResultsFilter.SearchField.field(any: $0) }, group: group)
    }

    /// Sets the text of a live search over fields, optional or not (a
    /// `nil` field contains nothing); otherwise as ``search(for:in:group:)``.
    ///
    ///     store.search(for: query, in: [.field(\.name), .field(\.nickname)])   // nickname: String?
    ///
    /// - Complexity: O(*n* *f*).
    @inlinable public mutating func search(
        for text: String, in fields: [ResultsFilter<Element>.SearchField], group: String = "search"
    ) {
        if let filter = ResultsFilter.search(for: text, in: fields, group: group) {
            addFilter(filter)
        } else {
            removeFilter(title: "search", group: group)
        }
    }

    /// Recomputes every row's visibility: a bit per row identity, in the
    /// order the elements lie in memory, then ``setVisibility(_:)``.
    @inlinable mutating func refilter() {
        // Only the tests are passed on: a captured filter would be copied,
        // title and group too, at every call.
        let bits: [UInt64]
        switch appliedFilters.count {
        case 0:
            bits = [UInt64](repeating: ~0, count: (table.slots.count + 63) >> 6)
        case 1:
            bits = table.slots.bits(where: appliedFilters[0].matches)
        default:
            let tests = appliedFilters.map(\.matches)
            bits = table.slots.bits { element in tests.allSatisfy { $0(element) } }
        }
        setVisibility(bits)
    }

    /// Shows the rows whose bit is set in `bits` (a bit per row identity,
    /// as the filters give them) and hides the others.
    ///
    /// One walk over the leaves of the positional index, which copies
    /// only the leaves whose bits change (and the nodes above them), and
    /// recounts each section's visible rows.
    @inlinable mutating func setVisibility(_ bits: [UInt64]) {
        noteMutation()
        tracker.visibilityChanged = true
        // Each leaf's new flags (headers keep theirs), and each section's
        // visible rows, counted a leaf segment at a time.
        var sections: [Int32] = []
        var visibleCounts: [Int32] = []
        bits.withUnsafeBufferPointer { bits in
            _ = table.tree.updateFlags { leaf in
                let count = leaf.count
                let headers = leaf.headerMask
                var mask = leaf.flagMask & headers
                leaf.withUnsafeMutablePointerToElements { items in
                    for offset in 0..<count {
                        let item = items[offset]
                        if item >= 0 && bits[Int(item) >> 6] & (1 << UInt64(item & 63)) != 0 { mask |= 1 << UInt64(offset) }
                    }
                    let rows = mask & ~headers
                    var start = 0
                    var remaining = headers
                    while remaining != 0 {
                        let header = remaining.trailingZeroBitCount
                        if !visibleCounts.isEmpty {
                            visibleCounts[visibleCounts.count - 1] += Int32((rows & LeafNode.mask(below: header) & ~LeafNode.mask(below: start)).nonzeroBitCount)
                        }
                        sections.append(-1 - items[header])
                        visibleCounts.append(0)
                        start = header + 1
                        remaining &= remaining &- 1
                    }
                    if !visibleCounts.isEmpty {
                        visibleCounts[visibleCounts.count - 1] += Int32((rows & ~LeafNode.mask(below: start)).nonzeroBitCount)
                    }
                }
                return mask
            }
        }
        for (id, count) in zip(sections, visibleCounts) where table.record(id).visibleCount != count {
            let wasShown = table.record(id).visibleCount > 0
            table.sectionRecords[Int(id)].visibleCount = count
            if wasShown != (count > 0) {
                table.tree.setFlag(count > 0, at: table.tree.place(of: -1 - id).index)
            }
        }
        _checkInvariants()
    }
}
