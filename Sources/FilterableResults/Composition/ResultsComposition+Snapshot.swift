extension ResultsComposition {
    /// A composed table at one moment: the parts' tables one after the other,
    /// rows of folded sections hidden, placeholders where they show, as a
    /// value that never changes.
    ///
    /// Taking one costs O(*p*) for *p* parts: it holds each part's own
    /// snapshot and reads rows from it, turned into the composition's rows,
    /// when they are asked for.
    ///
    ///     let snapshot = composition.reportedSnapshot
    ///     if case let .row(part, indexPath)? = snapshot.location(of: tapped) { … }
    public struct Snapshot {
        /// One part's table and how it shows in the composed table.
        @usableFromInline
        struct Part {
            /// The part's identity in its composition, whatever its index.
            @usableFromInline var id: Int
            /// The part's table as last reported, as the composition's
            /// filter shows it.
            @usableFromInline let table: any PartTable<Element>
            /// Whether the composition's filter shows ``table`` (a
            /// ``FilteredTable`` of the part's own).
            @usableFromInline let isFiltered: Bool
            /// The number of sections of ``table``, read once (a part's
            /// table answers through its source's unspecialized code).
            @usableFromInline let sectionsInTable: Int
            /// The number of rows of ``table``, read once.
            @usableFromInline let rowsInTable: Int
            /// The part's local sections that are folded, in increasing order.
            @usableFromInline var foldedSections: [Int]
            /// The identities of the part's sections that are folded,
            /// whether they show or not.
            @usableFromInline var folded: Set<FoldedSection>
            /// The composition's filters it is shown under (see
            /// ``ResultsComposition/filtersVersion``).
            @usableFromInline var filtersVersion: Int
            /// The number of rows hidden in folded sections.
            @usableFromInline var hiddenRows: Int
            /// The part's placeholder, if it has one.
            @usableFromInline var placeholder: Placeholder?
            /// The index in the composed table of the part's first section.
            @usableFromInline var firstSection = 0

            @inlinable init(
                id: Int, table: any PartTable<Element>, isFiltered: Bool, foldedSections: [Int], folded: Set<FoldedSection>, filtersVersion: Int,
                hiddenRows: Int, placeholder: Placeholder?
            ) {
                self.id = id
                self.table = table
                self.isFiltered = isFiltered
                sectionsInTable = table.numberOfSections
                rowsInTable = table.count
                self.foldedSections = foldedSections
                self.folded = folded
                self.filtersVersion = filtersVersion
                self.hiddenRows = hiddenRows
                self.placeholder = placeholder
            }

            /// The part's own table: what its source reported, before the
            /// composition's filter.
            @inlinable var ownTable: any PartTable<Element> {
                isFiltered ? (table as! FilteredTable<Element>).base : table
            }

            /// Whether the part's placeholder shows: it has one and no rows.
            @inlinable var showsPlaceholder: Bool { placeholder != nil && rowsInTable == 0 }
            /// The number of sections the part takes in the composed table.
            @inlinable var sectionCount: Int { sectionsInTable + (showsPlaceholder ? 1 : 0) }
            /// The number of rows the part shows in the composed table.
            @inlinable var visibleRowCount: Int { rowsInTable - hiddenRows + (showsPlaceholder ? placeholder!.rows.count : 0) }

            /// Whether a local section is folded.
            @inlinable func isFolded(_ section: Int) -> Bool {
                guard !foldedSections.isEmpty else { return false }
                var (low, high) = (0, foldedSections.count)
                while low < high {
                    let middle = (low + high) / 2
                    if foldedSections[middle] < section { low = middle + 1 } else { high = middle }
                }
                return low < foldedSections.count && foldedSections[low] == section
            }
        }

        /// The parts, in order.
        @usableFromInline let parts: [Part]
        /// The composition's own placeholder, if it has one.
        @usableFromInline let placeholder: Placeholder?
        /// Whether the composition's placeholder shows: no part has a row.
        @usableFromInline let showsPlaceholder: Bool
        /// The index of the composition's placeholder section (when it shows):
        /// the number of sections of every part.
        @usableFromInline let partsSectionCount: Int

        /// The number of sections shown.
        ///
        /// - Complexity: O(1).
        public let numberOfSections: Int
        /// The number of rows shown (placeholder rows included, rows of
        /// folded sections not).
        ///
        /// - Complexity: O(1).
        public let count: Int

        /// Lays out `parts` one after the other, with `placeholder` after them
        /// when none has a row.
        @inlinable init(parts: [Part], placeholder: Placeholder?) {
            var parts = parts
            var next = 0, rows = 0, partRows = 0
            for index in parts.indices {
                parts[index].firstSection = next
                next += parts[index].sectionCount
                rows += parts[index].visibleRowCount
                partRows += parts[index].rowsInTable
            }
            self.parts = parts
            self.placeholder = placeholder
            showsPlaceholder = placeholder != nil && partRows == 0
            partsSectionCount = next
            numberOfSections = next + (showsPlaceholder ? 1 : 0)
            count = rows + (showsPlaceholder ? placeholder!.rows.count : 0)
        }
    }

    // MARK: - Sections and rows
}

extension ResultsComposition.Snapshot: ResultsTableSnapshot {
    /// The identity of a row of the composed table.
    public typealias Key = ResultsComposition<Element>.Key

    /// The number of rows shown in a section (0 for a folded one), or
    /// `nil` for a section that does not exist.
    ///
    /// - Complexity: O(log *p* + log *n*).
    public func numberOfElements(inSection section: Int) -> Int? {
        switch sectionLocation(of: section) {
        case nil: nil
        case let .section(part, local)?: parts[part].isFolded(local) ? 0 : parts[part].table.numberOfRows(inSection: local)
        case let .placeholder(part)?: placeholder(of: part).rows.count
        }
    }

    /// The name of a section (a part's section name, or a placeholder's
    /// title), if it has one.
    ///
    /// - Complexity: O(log *p* + log *n*).
    public func name(ofSection section: Int) -> String? {
        switch sectionLocation(of: section) {
        case nil: nil
        case let .section(part, local)?: parts[part].table.name(ofSection: local)
        case let .placeholder(part)?: placeholder(of: part).title
        }
    }

    /// The id of its own of a part's section, or `nil` (a placeholder has none).
    ///
    /// - Complexity: O(log *p* + log *n*).
    public func id(ofSection section: Int) -> (any Hashable & Sendable)? {
        guard case let .section(part, local)? = sectionLocation(of: section) else { return nil }
        return parts[part].table.id(ofSection: local)
    }

    /// The value of a section: a part's section's value (a placeholder
    /// has none), or `nil`.
    ///
    /// - Complexity: O(log *p* + log *n*), plus the part's own.
    public func value(ofSection section: Int) -> ResultsSectionValue? {
        if case let .section(part, local)? = sectionLocation(of: section) { parts[part].table.value(ofSection: local) } else { nil }
    }

    /// The row at an index path, or `nil` when there is none.
    ///
    /// - Complexity: O(log *p* + log *n*), plus the part's transform.
    public func element(at indexPath: ResultsIndexPath) -> Element? {
        switch location(of: indexPath) {
        case nil: nil
        case let .row(part, local)?: parts[part].table.row(at: local)
        case let .placeholder(part, row)?: placeholder(of: part).rows[row]
        }
    }

    /// The identity of the row at an index path, or `nil` when there is none.
    ///
    /// - Complexity: O(log *p* + log *n*).
    public func key(at indexPath: ResultsIndexPath) -> Key? {
        switch location(of: indexPath) {
        case nil: nil
        case let .row(part, local)?: parts[part].table.key(at: local).map { .row(part: parts[part].id, partKey: $0) }
        case let .placeholder(part, row)?: .placeholder(part: part.map { parts[$0].id }, row: row)
        }
    }

    /// Every row shown, section by section.
    ///
    /// - Complexity: O(*n* log *n*) plus the transforms.
    public var elements: [Element] { sections.flatMap(\.elements) }

    /// Whether no row is shown.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { count == 0 }

    /// The placeholder of a part, or of the composition for `nil`.
    func placeholder(of part: Int?) -> ResultsComposition<Element>.Placeholder {
        if let part { parts[part].placeholder! } else { placeholder! }
    }
}

// MARK: - Mapping index paths

extension ResultsComposition.Snapshot {
    /// Where a section of the composed table comes from, or `nil` for a
    /// section that does not exist.
    ///
    /// - Complexity: O(log *p*) for *p* parts.
    public func sectionLocation(of section: Int) -> ResultsComposition<Element>.SectionLocation? {
        guard section >= 0, section < numberOfSections else { return nil }
        if section >= partsSectionCount { return .placeholder(part: nil) }
        // The last part whose first section is at or before `section`.
        var (low, high) = (0, parts.count)
        while low < high {
            let middle = (low + high) / 2
            if parts[middle].firstSection <= section { low = middle + 1 } else { high = middle }
        }
        let part = low - 1
        let local = section - parts[part].firstSection
        return local < parts[part].sectionsInTable ? .section(part: part, section: local) : .placeholder(part: part)
    }

    /// Where a row of the composed table comes from, or `nil` for an index
    /// path that does not exist (in a folded section, say).
    ///
    /// - Complexity: O(log *p* + log *n*).
    public func location(of indexPath: ResultsIndexPath) -> ResultsComposition<Element>.Location? {
        guard indexPath.row >= 0, let count = numberOfElements(inSection: indexPath.section), indexPath.row < count else { return nil }
        switch sectionLocation(of: indexPath.section)! {
        case let .section(part, local): return .row(part: part, indexPath: ResultsIndexPath(row: indexPath.row, section: local))
        case let .placeholder(part): return .placeholder(part: part, row: indexPath.row)
        }
    }

    /// The index in the composed table of a part's section, or `nil` when
    /// the part or the section does not exist.
    ///
    /// - Complexity: O(1).
    public func section(_ section: Int, inPart part: Int) -> Int? {
        guard parts.indices.contains(part), section >= 0, section < parts[part].sectionsInTable else { return nil }
        return parts[part].firstSection + section
    }

    /// The index path in the composed table of the row at `indexPath` of a
    /// part's table, or `nil` when there is no such row or its section is
    /// folded.
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(ofRow indexPath: ResultsIndexPath, inPart part: Int) -> ResultsIndexPath? {
        guard let section = section(indexPath.section, inPart: part), !parts[part].isFolded(indexPath.section),
              indexPath.row >= 0, indexPath.row < parts[part].table.numberOfRows(inSection: indexPath.section) else { return nil }
        return ResultsIndexPath(row: indexPath.row, section: section)
    }

    /// The identity of a section (its part, and its id of its own or its
    /// name), or `nil` for a placeholder section or a section that does
    /// not exist.
    ///
    /// - Complexity: O(log *p* + log *n*).
    public func sectionID(at section: Int) -> ResultsComposition<Element>.SectionID? {
        guard case let .section(part, local)? = sectionLocation(of: section) else { return nil }
        let table = parts[part].table
        return ResultsComposition<Element>.SectionID(
            part: parts[part].id, sectionID: table.id(ofSection: local).map { SectionID($0) }, name: table.name(ofSection: local))
    }

    /// Whether a section of the composed table is folded (shows its
    /// header and none of its rows).
    ///
    /// - Complexity: O(log *p* + log *s*).
    public func isSectionFolded(_ section: Int) -> Bool {
        guard case let .section(part, local)? = sectionLocation(of: section) else { return false }
        return parts[part].isFolded(local)
    }

    /// The number of parts.
    ///
    /// - Complexity: O(1).
    public var numberOfParts: Int { parts.count }

    /// The index of the part with identity `id` (see ``ResultsComposition/Key``),
    /// or `nil` when no part has it.
    ///
    /// - Complexity: O(*p*) for *p* parts.
    public func index(ofPart id: Int) -> Int? { parts.firstIndex { $0.id == id } }
}

extension ResultsComposition.Snapshot: SectionIdentifying {
    /// A section's identity: its part's ``ResultsComposition/SectionID``
    /// (names compared by Unicode scalars, as the store compares them; an
    /// unnamed section by its index among the part's sections), or, in a
    /// part that is itself a composition, its part with the identity the
    /// nested composition gives it (so that a nested placeholder is never
    /// one of the nested parts' sections, nor two nested parts' sections
    /// named alike one section), or its part's placeholder, or the
    /// composition's.
    func identity(ofSection section: Int) -> (AnyHashable, description: String) {
        switch sectionLocation(of: section) {
        case let .section(part, local)?:
            if let (nested, description) = parts[part].table.identity(ofSection: local) {
                return (AnyHashable([AnyHashable("nested"), AnyHashable(parts[part].id), nested]), "\(description) in part \(parts[part].id)")
            }
            if let name = parts[part].table.name(ofSection: local) {
                let id = ResultsComposition.SectionID(part: parts[part].id, name: name)
                return (AnyHashable([AnyHashable("named"), AnyHashable(id.part), AnyHashable(SectionName(name))]), id.description)
            }
            return (AnyHashable([parts[part].id, local]), "unnamed section \(local) of part \(parts[part].id)")
        case let .placeholder(part)?:
            let id = part.map { parts[$0].id }
            return (AnyHashable(["placeholder", id.map(String.init) ?? "-"]), id.map { "the placeholder of part \($0)" } ?? "the placeholder")
        case nil:
            return (AnyHashable(section), "#\(section)")
        }
    }
}
