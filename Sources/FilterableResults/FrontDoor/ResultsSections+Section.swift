extension ResultsSections {
    /// One section of a table, read in place: its name, its identity, and
    /// its elements as a random-access collection.
    public struct Section: RandomAccessCollection, Identifiable {
        /// The table the section belongs to.
        public let snapshot: Snapshot
        /// The section's index in the table.
        public let index: Int
        /// The number of elements in the section.
        public let endIndex: Int

        init(snapshot: Snapshot, index: Int) {
            self.snapshot = snapshot
            self.index = index
            self.endIndex = snapshot.numberOfElements(inSection: index) ?? 0
        }

        /// The first element's index: 0.
        ///
        /// - Complexity: O(1).
        public var startIndex: Int { 0 }

        /// The element at `position` in the section.
        ///
        /// - Complexity: O(log *n*) for the package's snapshots.
        public subscript(position: Int) -> Snapshot.Element {
            guard let element = snapshot.element(at: ResultsIndexPath(row: position, section: index)) else {
                preconditionFailure("ResultsSections.Section: row \(position) is out of range: section \(index) has \(endIndex)")
            }
            return element
        }

        /// The section's name, if it has one.
        ///
        /// - Complexity: O(log *n*) for the package's snapshots.
        public var name: String? { snapshot.name(ofSection: index) }

        /// The section's identity, what changesets identify it by: its id
        /// of its own (``ResultsTableSnapshot/id(ofSection:)``), else its
        /// name, by Unicode scalars, or for an unnamed section its index;
        /// in a composition, its part too (two parts may each have a
        /// section named "Apple"), or for a placeholder, its part.
        ///
        /// - Complexity: O(log *n*) for the package's snapshots.
        public var id: ID {
            if let composed = snapshot as? any SectionIdentifying {
                let (identity, description) = composed.identity(ofSection: index)
                return ID(identity, description: description)
            }
            if let given = snapshot.id(ofSection: index) {
                let id = SectionID(given)
                return ID(AnyHashable(id), description: id.description)
            }
            return switch name {
            case let name?: ID(AnyHashable(SectionName(name)), description: "\"\(name)\"")
            case nil: ID(AnyHashable(index), description: "#\(index)")
            }
        }

        /// The section's elements, as an array.
        ///
        /// - Complexity: that of the snapshot's `elements(inSection:)`:
        ///   O(log *n* + *m*) for *m* elements of a controller's snapshot.
        public var elements: [Snapshot.Element] { snapshot.elements(inSection: index) }
    }

    /// A section's identity: its id of its own, its name, or an unnamed
    /// section's index (in a composition, with its part).
    public struct ID: Hashable, @unchecked Sendable, CustomStringConvertible {
        /// The identity: a name, an index, or a composition's section
        /// identity; all of them `Sendable` values.
        let identity: AnyHashable
        /// The section's name in quotes, or `#` and an unnamed section's
        /// index, or a composition's description of the section.
        ///
        /// - Complexity: O(1).
        public let description: String

        init(_ identity: AnyHashable, description: String) {
            self.identity = identity
            self.description = description
        }

        /// Whether two identities are the same section's.
        ///
        /// - Complexity: O(*m*) for names of length *m*.
        public static func == (lhs: ID, rhs: ID) -> Bool { lhs.identity == rhs.identity }

        /// Hashes the identity.
        ///
        /// - Complexity: O(*m*) for a name of length *m*.
        public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
    }
}

/// A snapshot whose sections have an identity besides their name and
/// index: a composition's, where a section belongs to a part.
protocol SectionIdentifying {
    /// The identity of a section, and a description of it.
    func identity(ofSection section: Int) -> (AnyHashable, description: String)
}

extension ResultsSections.Section: Sendable where Snapshot: Sendable {}

extension ResultsSection {
    /// A section value with the name and elements of a section read in
    /// place.
    ///
    /// - Complexity: O(*m* log *n*) for *m* elements.
    public init<Snapshot: ResultsTableSnapshot>(_ section: ResultsSections<Snapshot>.Section) where Snapshot.Element == Element {
        self.init(name: section.name, id: section.snapshot.id(ofSection: section.index), elements: section.elements)
    }
}
