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

        @usableFromInline init(snapshot: Snapshot, index: Int) {
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

        /// The section's identity: its name, by Unicode scalars, or for an
        /// unnamed section its index; what changesets identify it by.
        ///
        /// - Complexity: O(log *n*) for the package's snapshots.
        public var id: ID { ID(name.map { .named(SectionName($0)) } ?? .unnamed(index)) }

        /// The section's elements, as an array.
        ///
        /// - Complexity: O(*m* log *n*) for *m* elements.
        public var elements: [Snapshot.Element] { Array(self) }
    }

    /// A section's identity: its name, or an unnamed section's index.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        @usableFromInline let identity: SectionIdentity

        @usableFromInline init(_ identity: SectionIdentity) { self.identity = identity }

        /// The section's name in quotes, or `#` and an unnamed section's index.
        public var description: String {
            switch identity {
            case let .named(name): "\"\(name.string)\""
            case let .unnamed(index): "#\(index)"
            }
        }
    }
}

extension ResultsSections.Section: Sendable where Snapshot: Sendable {}

extension ResultsSection {
    /// A section value with the name and elements of a section read in
    /// place.
    ///
    /// - Complexity: O(*m* log *n*) for *m* elements.
    public init<Snapshot: ResultsTableSnapshot>(_ section: ResultsSections<Snapshot>.Section) where Snapshot.Element == Element {
        self.init(name: section.name, elements: section.elements)
    }
}
