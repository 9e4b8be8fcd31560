/// An operation the store refused. A refused operation changes nothing.
///
/// Every case names the value that was wrong; ``code`` gives the stable name
/// used in scenario logs, and ``description`` a sentence for people.
public enum ResultsError: Error, Hashable, Sendable {
    /// An index path that does not exist in the raw data.
    case indexPathOutOfRange(ResultsIndexPath, sectionCount: Int, rowCount: Int?)
    /// A section index that does not exist (or is past the end where
    /// appending is allowed).
    case sectionOutOfRange(Int, sectionCount: Int)
    /// The operation would give two rows one key; the key is described.
    case duplicateKey(String)
    /// The operation would give two sections one name.
    case duplicateSection(String)
    /// An object has no value (or null) for the primary key; the object is
    /// described.
    case missingPrimaryKey(String)
    /// A predicate string that cannot be parsed.
    case invalidPredicate(String, position: Int, expected: String)
    /// `endUpdates()` without a matching `beginUpdates()`.
    case unbalancedEndUpdates
    /// An operation that is not allowed in the store's current state or
    /// configuration; the reason is given.
    case invalidOperation(String)

    /// The stable name of the error's kind, as scenario logs print it.
    public var code: String {
        switch self {
        case .indexPathOutOfRange: "indexPathOutOfRange"
        case .sectionOutOfRange: "sectionOutOfRange"
        case .duplicateKey: "duplicateKey"
        case .duplicateSection: "duplicateSection"
        case .missingPrimaryKey: "missingPrimaryKey"
        case .invalidPredicate: "invalidPredicate"
        case .unbalancedEndUpdates: "unbalancedEndUpdates"
        case .invalidOperation: "invalidOperation"
        }
    }
}

extension ResultsError: CustomStringConvertible {
    /// A sentence that names the bad value.
    public var description: String {
        switch self {
        case let .indexPathOutOfRange(path, sectionCount, rowCount):
            if let rowCount {
                "index path \(path) is out of range: section \(path.section) has \(rowCount) rows"
            } else {
                "index path \(path) is out of range: there are \(sectionCount) sections"
            }
        case let .sectionOutOfRange(index, sectionCount):
            "section \(index) is out of range: there are \(sectionCount) sections"
        case let .duplicateKey(key):
            "duplicate key \(key): another row already has it"
        case let .duplicateSection(name):
            "duplicate section name \"\(name)\": another section already has it"
        case let .missingPrimaryKey(object):
            "object \(object) has no primary key (missing or null)"
        case let .invalidPredicate(text, position, expected):
            "invalid predicate \"\(text)\" at character \(position): expected \(expected)"
        case .unbalancedEndUpdates:
            "endUpdates() called without a matching beginUpdates()"
        case let .invalidOperation(reason):
            "invalid operation: \(reason)"
        }
    }
}
