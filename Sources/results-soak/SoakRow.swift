import FilterableResultsScenarios

/// A row of the soak's composed table: an entry of a controller part (by
/// the part's label), a row of a static part, or a placeholder.
enum SoakRow: Equatable, CustomStringConvertible {
    /// An entry of the controller part with this label.
    case entry(part: Int, SoakEntry)
    /// A static row, by its id.
    case fixed(String)
    /// A placeholder row, named after its part (or "all").
    case placeholder(String)

    /// The row's identity across the composed table, for the validator:
    /// an entry by its part and key.
    var identity: String {
        switch self {
        case let .entry(part, entry): "e\(part):\(entry.id)"
        case let .fixed(id): "f:\(id)"
        case let .placeholder(name): "p:\(name)"
        }
    }

    /// The row as a cell shows it.
    var description: String {
        switch self {
        case let .entry(part, entry): "e\(part):\(entry)"
        case let .fixed(id): "f:\(id)"
        case let .placeholder(name): "p:\(name)"
        }
    }
}
