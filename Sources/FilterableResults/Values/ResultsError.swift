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
    /// An operation on sections in a store that derives its sections from
    /// its elements (`sectionedBy`); the operation is named. Its ``code``
    /// is `invalidOperation`, like every refusal of an operation the
    /// source does not allow.
    case sectionsDerivedFromElements(operation: String)
    /// An operation that chooses where a row goes (an insert at an index
    /// path, a move, a merge's own sort order) in a store that places its
    /// rows itself, because it is sorted or sectioned; the operation is named.
    case rowsPlacedByStore(operation: String)
    /// A change to a controller from inside one of its change
    /// notifications (an observer, the delegate): make it after the
    /// notification returns.
    case changedDuringNotification
    /// A change to a controller from inside its own call to your closure
    /// (a filter, sort key, key function or update body).
    case changedDuringClosure
    /// Updates turned on or off while a batch is open.
    case updatesToggledDuringBatch
    /// A removal of a row its source cannot edit (a static row, a
    /// composition's placeholder); the row and the reason are given.
    case rowNotEditable(String, reason: String)
    /// A move its source cannot make (a static row, a placeholder, between
    /// a composition's parts, into a folded section); both index paths
    /// and the reason are given.
    case moveNotAllowed(from: ResultsIndexPath, to: ResultsIndexPath, reason: String)
    /// A composition's part that does not exist.
    case partOutOfRange(Int, partCount: Int)
    /// A composition's section, by identity, that its part neither shows
    /// nor has folded: by its name, or by its id of its own (described).
    case sectionNotFound(part: Int, name: String?, id: String? = nil)
    /// A key of another type than the keys of the part it was given to;
    /// the key and the expected type are described.
    case keyTypeMismatch(String, expected: String)
    /// A row stored under key `old` reports key `new` now: the app changed
    /// a class element's key in place, or its key function is not pure.
    /// The store re-indexed the row under `new` (unless another row has
    /// it) and refused the operation, which changed nothing else; replace
    /// an element instead of changing its key in place. Both keys are
    /// described. Its ``code`` is `invalidOperation`.
    case keyChangedInPlace(old: String, new: String)
    /// A refresh started while another one is in progress: wait for it to
    /// end, or cancel its task.
    case refreshInProgress
    /// A prepared update whose controller changed after it was prepared,
    /// applied with ``ResultsController/PreparedUpdate/ConflictPolicy/refuse``: prepare
    /// it again from the controller's store.
    case staleUpdate
    /// An outline's item that would be its own ancestor; a key on the
    /// cycle is described. Its ``code`` is `invalidOperation`.
    case cycle(String)
    /// An outline's item naming a parent that is not there (or, in a
    /// merge, that is neither the merge's parent nor a merged item); the
    /// parent and the item are described. Its ``code`` is `invalidOperation`.
    case unknownParent(String, of: String)
    /// An expansion of an outline's item that has no children, or of a
    /// key no item has; the key and the reason are given. Its ``code`` is
    /// `invalidOperation`.
    case notExpandable(String, reason: String)
    /// A drop that would give an outline's item a child when it takes
    /// none (see ``ResultsOutline/takesChildren``); the item is
    /// described. Its ``code`` is `invalidOperation`.
    case takesNoChildren(String)
    /// A database-backed source's table that does not exist (any more).
    /// Its ``code`` is `invalidOperation`.
    case missingTable(String)
    /// A column the request names that the table does not have; the
    /// column and the table are named. Its ``code`` is `invalidOperation`.
    case missingColumn(String, table: String)
    /// A table whose changes a source cannot follow row by row (a SQLite
    /// table `WITHOUT ROWID`); the table and the reason are given. Its
    /// ``code`` is `invalidOperation`.
    case unfollowableTable(String, reason: String)
    /// A filter's query expression the database refused: the expression
    /// and the database's message. Its ``code`` is `invalidPredicate`.
    case invalidExpression(String, message: String)
    /// An access the database refused (locked, corrupt, gone): its result
    /// code and message. Its ``code`` is `invalidOperation`.
    case database(code: Int32, message: String)
    /// An argument out of its range (a batch size of 0, a request for
    /// another table); the message names it. Its ``code`` is `invalidOperation`.
    case invalidArgument(String)

    /// The stable name of the error's kind, as scenario logs print it.
    public var code: String {
        switch self {
        case .indexPathOutOfRange, .rawIndexPathOutOfRange: "indexPathOutOfRange"
        case .sectionOutOfRange: "sectionOutOfRange"
        case .duplicateKey: "duplicateKey"
        case .duplicateSection: "duplicateSection"
        case .missingPrimaryKey, .invalidKey: "missingPrimaryKey"
        case .invalidPredicate, .invalidExpression: "invalidPredicate"
        case .unbalancedEndUpdates: "unbalancedEndUpdates"
        case .sectionsDerivedFromElements, .rowsPlacedByStore, .changedDuringNotification, .changedDuringClosure,
            .updatesToggledDuringBatch, .rowNotEditable, .moveNotAllowed, .partOutOfRange, .sectionNotFound,
            .keyTypeMismatch, .keyChangedInPlace, .refreshInProgress, .cycle, .unknownParent, .notExpandable, .takesNoChildren,
            .missingTable, .missingColumn, .unfollowableTable, .database, .invalidArgument:
            "invalidOperation"
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
        case let .sectionsDerivedFromElements(operation):
            "\(operation) is not allowed in a store whose sections come from its elements (sectionedBy)"
        case let .rowsPlacedByStore(operation):
            "\(operation) is not allowed in a sorted or sectioned store, which places rows itself"
        case .changedDuringNotification:
            "the controller cannot be changed from inside a change notification"
        case .changedDuringClosure:
            "the controller cannot be changed from inside its own call to your closure (a filter, sort key, key function or update body)"
        case .updatesToggledDuringBatch:
            "updates cannot be turned on or off while a batch is open"
        case let .rowNotEditable(row, reason):
            "\(row) cannot be removed: \(reason)"
        case let .moveNotAllowed(source, destination, reason):
            "the row at \(source) cannot be moved to \(destination): \(reason)"
        case let .partOutOfRange(part, partCount):
            "part \(part) is out of range: the composition has \(Self.count(partCount, "part"))"
        case let .sectionNotFound(part, name, id):
            "\(id.map { "section id \($0)" } ?? name.map { "section \"\($0)\"" } ?? "the unnamed sections") of part \(part) is not shown"
        case let .keyTypeMismatch(key, expected):
            "key \(key) is not a key of the part's type \(expected)"
        case let .keyChangedInPlace(old, new):
            "the object stored under key \(old) reports key \(new) now: its key was changed in place (or the key function is not pure); it is indexed under \(new) from now on, unless another object has that key. Replace an object instead of changing its key"
        case .refreshInProgress:
            "a refresh is already in progress: wait for it to end, or cancel it"
        case .staleUpdate:
            "the controller changed after the update was prepared; prepare it again from its store"
        case let .cycle(key):
            "item \(key) would be its own ancestor"
        case let .unknownParent(parent, item):
            "item \(item) names parent \(parent), which is not an item it can be placed under"
        case let .notExpandable(key, reason):
            "item \(key) cannot be expanded: \(reason)"
        case let .takesNoChildren(key):
            "item \(key) takes no children"
        case let .missingTable(table):
            "no such table: \(table)"
        case let .missingColumn(column, table):
            "no such column: \(table).\(column)"
        case let .unfollowableTable(table, reason):
            "the changes of table \(table) cannot be followed: \(reason)"
        case let .invalidExpression(expression, message):
            "invalid filter expression \(expression): \(message)"
        case let .database(code, message):
            "database error \(code): \(message)"
        case let .invalidArgument(message):
            "invalid argument: \(message)"
        }
    }
}

extension ResultsError {
    /// `1 row`, `3 rows`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
