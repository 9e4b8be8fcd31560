extension ResultsComposition {
    /// The identity of a row of a composed table: the part it comes from and
    /// its key there, or a placeholder row.
    ///
    /// Parts may use keys of different types, and two parts may use one key
    /// (two controllers of people keyed by id), so a row's identity is its
    /// part's identity with its key in that part.
    ///
    /// A part's identity is its index among the parts the composition was
    /// made with, or, for a part inserted later, the number
    /// ``insertPart(_:at:)`` returned. It stays while parts come, go and
    /// move, so a row keeps its key; ``Snapshot/index(ofPart:)`` finds the
    /// part's index now.
    ///
    /// Name a row with ``row(part:showing:key:)``, which gives the key the
    /// type of the part's own keys:
    ///
    ///     let tapped = screen.reportedSnapshot.key(at: indexPath)
    ///     if tapped == .row(part: 1, showing: players, key: 42) { … }   // players keyed by Int64: 42 is an Int64
    public enum Key: Hashable {
        /// A row of the part with identity `part`, with its key there. Make
        /// one with ``row(part:showing:key:)``.
        case row(part: Int, partKey: PartKey)
        /// The `row`-th row of a placeholder: of the part with identity
        /// `part`, or of the composition itself when `part` is `nil`.
        case placeholder(part: Int?, row: Int)
    }
}

extension ResultsComposition.Key {
    /// The row of the part with identity `part`, a part showing `source`,
    /// whose key there is `key`.
    ///
    /// `key` has `source`'s key type, so a literal takes that type: for a
    /// database's rows (keyed by `Int64`), `key: 42` is an `Int64`, and a
    /// key of another type does not compile. (A key whose type is not the
    /// part's names no row of it: `PartKey(42)` is an `Int`, and never
    /// equals the `Int64` 42.)
    ///
    ///     try screen.remove(key: .row(part: 1, showing: players, key: 42))
    ///
    /// - Complexity: O(1).
    @inlinable public static func row<Source: ResultsSource>(part: Int, showing source: Source, key: Source.Key) -> Self {
        .row(part: part, partKey: ResultsComposition.PartKey(key))
    }
}

extension ResultsComposition.Key: CustomStringConvertible {
    /// The key as `part 1: 42`, `part 0: "profile"`, `part 2: 42 as Int64`
    /// (see ``ResultsComposition/PartKey/description``), or
    /// `placeholder of part 1, row 0`.
    ///
    /// - Complexity: that of describing the part's key.
    public var description: String {
        switch self {
        case let .row(part, key): "part \(part): \(key)"
        case let .placeholder(part?, row): "placeholder of part \(part), row \(row)"
        case let .placeholder(nil, row): "placeholder, row \(row)"
        }
    }
}

/// A composition's row key, whatever the composition's row type: how a
/// part key that is one (a nested composition's) is described.
protocol ComposedRowKey {}

extension ResultsComposition.Key: ComposedRowKey {}
