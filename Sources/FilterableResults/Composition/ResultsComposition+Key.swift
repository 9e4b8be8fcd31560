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
    public enum Key: Hashable {
        /// A row of the part with identity `part`, with its key there. Make
        /// one with ``row(part:key:)``.
        case row(part: Int, partKey: PartKey)
        /// The `row`-th row of a placeholder: of the part with identity
        /// `part`, or of the composition itself when `part` is `nil`.
        case placeholder(part: Int?, row: Int)
    }
}

extension ResultsComposition.Key {
    /// The row of the part with identity `part` whose key there is `key`.
    ///
    /// `key` must have the part's own key type: a literal is an `Int`, so
    /// write `Int64(42)` for a part keyed by `Int64` (a database's rows),
    /// or the key names no row of it.
    ///
    /// - Complexity: O(1).
    @inlinable public static func row<PartKeyType: Hashable>(part: Int, key: PartKeyType) -> Self {
        let row: (Int, ResultsComposition.PartKey) -> Self = Self.row(part:partKey:)
        return row(part, ResultsComposition.PartKey(key))
    }
}

extension ResultsComposition.Key: CustomStringConvertible {
    /// The key as `part 1: 42`, or `placeholder of part 1, row 0`.
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
