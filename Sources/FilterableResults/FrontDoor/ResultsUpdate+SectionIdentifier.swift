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
    public struct SectionIdentifier: Hashable, Sendable {
        /// The section's name; `nil` for an unnamed section.
        public var name: String?
        /// The number of sections before it in the table with the same name.
        public var occurrence: Int

        /// Identifies the `occurrence`-th section named `name` (counting from 0).
        ///
        /// - Complexity: O(1).
        public init(name: String?, occurrence: Int = 0) {
            self.name = name
            self.occurrence = occurrence
        }
    }
}

extension ResultsUpdate.SectionIdentifier: CustomStringConvertible {
    /// The identifier as `"Fruit"`, `"Fruit" #1` or `unnamed #0`.
    ///
    /// - Complexity: O(*m*) for a name of *m* characters.
    public var description: String {
        let name = name.map { "\"\($0)\"" } ?? "unnamed"
        return occurrence == 0 && self.name != nil ? name : "\(name) #\(occurrence)"
    }
}
