extension ResultsUpdate {
    /// The table after an update as a diffable data source's snapshot holds
    /// it: each section's ``SectionIdentifier`` with the keys of its rows,
    /// and the keys of the rows whose content changed, to reconfigure.
    ///
    /// It is what the UIKit and AppKit shells put into an
    /// `NSDiffableDataSourceSnapshot` (`dataSource.apply(update)`), worked
    /// out on every platform. Every identifier in it is unique, as a
    /// diffable snapshot requires: sections sharing a name are told apart
    /// by their order (``SectionIdentifier/occurrence``), sections of a
    /// composition's parts that share an id by their part, and a key the
    /// table shows twice (a snapshot of your own can) is kept at its first
    /// position only, listed in ``foldedKeys``.
    ///
    ///     let identifiers = ResultsUpdate.Identifiers(table)
    public struct Identifiers {
        /// The sections, in order, each with the keys of its rows in order.
        public var sections: [(identifier: SectionIdentifier, keys: [Snapshot.Key])]
        /// The keys of the rows the update changed in place or moved and
        /// changed, in the order of its changes: the rows a diffable data
        /// source must reconfigure (`reconfigureItems`), since it matches
        /// rows by key and keeps the cells of those it keeps. Empty for a
        /// reload (see ``keysToReconfigure(shownBefore:)``).
        public var reconfiguredKeys: [Snapshot.Key]
        /// The keys of the rows the update inserted, alone or with their
        /// section. Most are new; one that a view showed before moved
        /// where the update deleted and inserted it (out of a section
        /// deleted, into one inserted), its content unknown, so a diffable
        /// data source, which sees a move, must reconfigure it too.
        public var insertedKeys: [Snapshot.Key]
        /// The keys the table showed more than once, each listed once: kept
        /// at their first position, left out after it.
        public var foldedKeys: [Snapshot.Key]
        /// Whether the update is a reload, whose changes are not known:
        /// every row kept may have changed.
        public var isReload: Bool

        /// The identifiers of `update`'s table, with the rows it changed
        /// and inserted.
        ///
        /// - Complexity: O(*n* log *n*) for *n* rows shown, plus O(*c*)
        ///   for *c* changes and rows of inserted sections.
        public init(_ update: ResultsUpdate) {
            self.init(update.snapshot, isReload: update.isReload)
            guard !update.isReload else { return }
            var listed = Set<Snapshot.Key>()
            let changes = update.changeset.elementChanges
            for index in changes.indices {
                switch changes.change(at: index) {
                case .update, .move(_, _, true):
                    let key = changes[index].key
                    if listed.insert(key).inserted { reconfiguredKeys.append(key) }
                case .insert:
                    let key = changes[index].key
                    if listed.insert(key).inserted { insertedKeys.append(key) }
                case .delete, .move:
                    break
                }
            }
            for case let .insert(section, _) in update.changeset.sectionChanges where sections.indices.contains(section) {
                for key in sections[section].keys where listed.insert(key).inserted { insertedKeys.append(key) }
            }
        }

        /// The identifiers of `snapshot`, with no row changed: a first
        /// table, or one shown afresh.
        ///
        /// - Complexity: O(*n* log *n*) for *n* rows shown.
        public init(_ snapshot: Snapshot, isReload: Bool = false) {
            var sections: [(identifier: SectionIdentifier, keys: [Snapshot.Key])] = []
            sections.reserveCapacity(snapshot.numberOfSections)
            var occurrences: [String?: Int] = [:]
            var seen = Set<Snapshot.Key>()
            seen.reserveCapacity(snapshot.count)
            var folded: [Snapshot.Key] = []
            var foldedOnce = Set<Snapshot.Key>()
            // In a composition's table, two parts' sections may have one id: the part tells them apart.
            let composed = snapshot as? any SectionIdentifying
            for section in 0..<snapshot.numberOfSections {
                let name = snapshot.name(ofSection: section)
                let id = snapshot.id(ofSection: section)
                let occurrence = id != nil ? 0 : occurrences[name, default: 0]
                if id == nil { occurrences[name] = occurrence + 1 }
                let count = snapshot.numberOfElements(inSection: section) ?? 0
                var keys: [Snapshot.Key] = []
                keys.reserveCapacity(count)
                for row in 0..<count {
                    guard let key = snapshot.key(at: ResultsIndexPath(row: row, section: section)) else { continue }
                    if seen.insert(key).inserted {
                        keys.append(key)
                    } else if foldedOnce.insert(key).inserted {
                        folded.append(key)
                    }
                }
                let identifier: SectionIdentifier
                if let id {
                    identifier = if let composed {
                        SectionIdentifier(id: ComposedSectionIdentity(value: composed.identity(ofSection: section).0), name: name)
                    } else {
                        SectionIdentifier(id: id, name: name)
                    }
                } else {
                    identifier = SectionIdentifier(name: name, occurrence: occurrence)
                }
                sections.append((identifier, keys))
            }
            self.sections = sections
            reconfiguredKeys = []
            insertedKeys = []
            foldedKeys = folded
            self.isReload = isReload
        }

        /// The identifiers of the sections, in order.
        ///
        /// - Complexity: O(*s*) for *s* sections.
        public var sectionIdentifiers: [SectionIdentifier] { sections.map(\.identifier) }

        /// The keys to reconfigure when this table replaces one a diffable
        /// data source shows, given which keys it shows (`shownBefore`):
        /// after an update, the ``reconfiguredKeys`` and the
        /// ``insertedKeys`` it shows; after a reload, every key of this
        /// table it shows, since any may have changed. A key it does not
        /// show is new to it and gets a new cell, and reconfiguring it
        /// would be refused.
        ///
        ///     let reconfigured = new.keysToReconfigure { shownBefore.contains($0) }
        ///
        /// - Complexity: O(*c*) calls of `shownBefore` for *c* keys
        ///   changed or inserted; O(*n*) for *n* rows after a reload.
        public func keysToReconfigure(shownBefore: (Snapshot.Key) -> Bool) -> [Snapshot.Key] {
            if isReload { return sections.flatMap { $0.keys.filter(shownBefore) } }
            return reconfiguredKeys.filter(shownBefore) + insertedKeys.filter(shownBefore)
        }
    }
}

extension ResultsUpdate.Identifiers: Sendable where Snapshot.Key: Sendable {}

/// The identity a composition gives a section with an id of its own (its
/// part, and the id), as a diffable section identifier's id: two parts'
/// sections with one id are two sections.
@usableFromInline
struct ComposedSectionIdentity: Hashable, @unchecked Sendable {
    /// The composition's identity of the section: parts' numbers and the
    /// section's id, which is `Sendable`, so it may cross isolation domains.
    let value: AnyHashable
}
