/// The sections of a table, read in place: a random-access collection
/// that copies nothing, for SwiftUI's `ForEach` and any other reader.
///
///     List {
///         ForEach(results.snapshot.sections) { section in
///             Section(section.name ?? "") {
///                 ForEach(section) { product in Text(product.name) }
///             }
///         }
///     }
///
/// Each section is ``Section``: `Identifiable` (a named section by its
/// name, an unnamed one by its index, as the changesets identify them) and
/// itself a random-access collection of its elements.
public struct ResultsSections<Snapshot: ResultsTableSnapshot>: RandomAccessCollection {
    /// The table whose sections these are.
    public let snapshot: Snapshot

    /// The sections of `snapshot`.
    ///
    /// - Complexity: O(1).
    public init(_ snapshot: Snapshot) { self.snapshot = snapshot }

    /// The first section's index: 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The number of sections.
    ///
    /// - Complexity: O(1) for the package's snapshots.
    public var endIndex: Int { snapshot.numberOfSections }

    /// The section at `position`.
    ///
    /// - Complexity: O(log *n*) for the package's snapshots.
    public subscript(position: Int) -> Section {
        precondition(indices.contains(position), "ResultsSections: section \(position) is out of range: there are \(count)")
        return Section(snapshot: snapshot, index: position)
    }
}

extension ResultsSections: Sendable where Snapshot: Sendable {}

extension ResultsTableSnapshot {
    /// The sections shown, read in place: each with its name, its identity
    /// and its elements as a random-access collection.
    ///
    ///     for section in snapshot.sections {
    ///         headers.append("\(section.name ?? "") (\(section.count))")
    ///     }
    ///
    /// - Complexity: O(1).
    public var sections: ResultsSections<Self> { ResultsSections(self) }
}
