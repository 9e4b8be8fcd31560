extension ResultsUpdate {
    /// A section's identity in a diffable data source's snapshot
    /// (`NSDiffableDataSourceSnapshot`, whose section identifiers must be
    /// unique): its name, and how many sections before it in the table
    /// have that name.
    ///
    /// A controller's named sections are unique, so a section named
    /// "Fruit" is `SectionIdentifier(name: "Fruit")` in every table that
    /// shows it, and a diffable data source animates it as the same
    /// section. Sections that share a name (one per part of a composition,
    /// unnamed ones) are told apart by their order: the second unnamed
    /// section is `SectionIdentifier(name: nil, occurrence: 1)`.
    ///
    ///     override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    ///         snapshot().sectionIdentifiers[section].name
    ///     }
    ///
    /// A section with an id of its own (``ResultsSection/id``) is
    /// identified by its id alone, so that its name (a title) may change
    /// while a diffable data source keeps it and its cells; in a
    /// composition's table, by its id with its part (``id`` is then that
    /// pair, not the part's id alone).
    public struct SectionIdentifier: Hashable, Sendable {
        /// The section's name; `nil` for an unnamed section.
        public var name: String?
        /// The number of sections before it in the table with the same name
        /// (0 for a section with an id of its own).
        public var occurrence: Int
        /// The section's id of its own, boxed; `nil` for a section
        /// identified by its name.
        @usableFromInline var sectionID: SectionID?

        /// Identifies the `occurrence`-th section named `name` (counting from 0).
        ///
        /// - Complexity: O(1).
        public init(name: String?, occurrence: Int = 0) {
            self.name = name
            self.occurrence = occurrence
        }

        /// Identifies the section whose id of its own is `id`, named `name`.
        ///
        /// - Complexity: O(1).
        public init(id: some Hashable & Sendable, name: String? = nil) {
            self.name = name
            self.occurrence = 0
            self.sectionID = SectionID(id)
        }

        /// The section's id of its own, or `nil` for a section identified by its name.
        ///
        /// - Complexity: O(1).
        public var id: (any Hashable & Sendable)? { sectionID?.value }

        /// Whether two identifiers name the same section: by id when either
        /// has one, else by name and occurrence.
        ///
        /// - Complexity: O(*m*) for names of length *m*, plus the ids' `==`.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            if lhs.sectionID != nil || rhs.sectionID != nil { return lhs.sectionID == rhs.sectionID }
            return lhs.name == rhs.name && lhs.occurrence == rhs.occurrence
        }

        /// Hashes the id, or the name and occurrence.
        ///
        /// - Complexity: O(*m*) for a name of length *m*, plus the id's hash.
        public func hash(into hasher: inout Hasher) {
            if let sectionID { hasher.combine(sectionID) } else {
                hasher.combine(name)
                hasher.combine(occurrence)
            }
        }
    }
}

extension ResultsUpdate.SectionIdentifier: CustomStringConvertible {
    /// The identifier as `"Fruit"`, `"Fruit" #1`, `unnamed #0` or `id 42`.
    ///
    /// - Complexity: O(*m*) for a name of *m* characters.
    public var description: String {
        if let sectionID { return "id \(sectionID)" }
        let name = name.map { "\"\($0)\"" } ?? "unnamed"
        return occurrence == 0 && self.name != nil ? name : "\(name) #\(occurrence)"
    }
}
