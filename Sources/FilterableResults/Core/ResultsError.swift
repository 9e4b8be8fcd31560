/// An operation the store refused. A refused operation changes nothing.
///
/// Every case names the value that was wrong; ``code`` gives the stable name
/// used in scenario logs, and ``description`` a sentence for people.
public enum ResultsError: Error, Hashable, Sendable {
    /// An index path that does not exist in the visible table (what a view
    /// shows), given to a ``ResultsController``.
    case indexPathOutOfRange(ResultsIndexPath, sectionCount: Int, rowCount: Int?)
    /// A raw index path that does not exist in the raw data, given to a
    /// ``ResultsStore``. Its ``code`` is `indexPathOutOfRange` too.
    case rawIndexPathOutOfRange(RawIndexPath, sectionCount: Int, rowCount: Int?)
    /// A section index that does not exist (or is past the end where
    /// appending is allowed).
    case sectionOutOfRange(Int, sectionCount: Int)
    /// The operation would give two rows one key; the key is described.
    case duplicateKey(String)
    /// The operation would give two sections one name.
    case duplicateSection(String)
    /// An element has no value (or null) for the primary key; the element is
    /// described.
    case missingPrimaryKey(String)
    /// An element's key cannot identify it, for the reason given (a key not
    /// equal to itself, like `Double.nan`, could never be found again). Its
    /// ``code`` is `missingPrimaryKey`: the element has no usable key.
    case invalidKey(String, reason: String)
    /// A predicate string that cannot be parsed.
    case invalidPredicate(String, position: Int, expected: String)
    /// `endUpdates()` without a matching `beginUpdates()`.
    case unbalancedEndUpdates
    /// An operation that is not allowed in the store's current state or
    /// configuration; the reason is given.
    case invalidOperation(String)
    /// A prepared update whose controller changed after it was prepared,
    /// applied with ``ResultsPreparedUpdate/ConflictPolicy/refuse``: prepare
    /// it again from the controller's store.
    case staleUpdate

    /// The stable name of the error's kind, as scenario logs print it.
    public var code: String {
        switch self {
        case .indexPathOutOfRange, .rawIndexPathOutOfRange: "indexPathOutOfRange"
        case .sectionOutOfRange: "sectionOutOfRange"
        case .duplicateKey: "duplicateKey"
        case .duplicateSection: "duplicateSection"
        case .missingPrimaryKey, .invalidKey: "missingPrimaryKey"
        case .invalidPredicate: "invalidPredicate"
        case .unbalancedEndUpdates: "unbalancedEndUpdates"
        case .invalidOperation: "invalidOperation"
        case .staleUpdate: "staleUpdate"
        }
    }
}

extension ResultsError: CustomStringConvertible {
    /// A sentence that names the bad value.
    public var description: String {
        switch self {
        case let .indexPathOutOfRange(path, sectionCount, rowCount):
            if let rowCount {
                "index path \(path) is out of range: section \(path.section) shows \(Self.count(rowCount, "row"))"
            } else {
                "index path \(path) is out of range: \(Self.count(sectionCount, "section")) \(sectionCount == 1 ? "is" : "are") shown"
            }
        case let .rawIndexPathOutOfRange(path, sectionCount, rowCount):
            if let rowCount {
                "raw index path \(path) is out of range: section \(path.section) has \(Self.count(rowCount, "row"))"
            } else {
                "raw index path \(path) is out of range: there \(sectionCount == 1 ? "is" : "are") \(Self.count(sectionCount, "section"))"
            }
        case let .sectionOutOfRange(index, sectionCount):
            "section \(index) is out of range: there \(sectionCount == 1 ? "is" : "are") \(Self.count(sectionCount, "section"))"
        case let .duplicateKey(key):
            "duplicate key \(key): another row already has it"
        case let .duplicateSection(name):
            "duplicate section name \"\(name)\": another section already has it"
        case let .missingPrimaryKey(object):
            "object \(object) has no primary key (missing or null)"
        case let .invalidKey(key, reason):
            "key \(key) cannot identify an object: \(reason)"
        case let .invalidPredicate(text, position, expected):
            "invalid predicate \"\(text)\" at character \(position): expected \(expected)"
        case .unbalancedEndUpdates:
            "endUpdates() called without a matching beginUpdates()"
        case let .invalidOperation(reason):
            "invalid operation: \(reason)"
        case .staleUpdate:
            "the controller changed after the update was prepared; prepare it again from its store"
        }
    }
}

extension ResultsError {
    /// `1 row`, `3 rows`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
