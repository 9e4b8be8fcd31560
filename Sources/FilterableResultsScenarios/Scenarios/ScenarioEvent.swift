import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// What one line of a scenario's event log says (SCENARIOS.md, "The event
/// log"): a state, one of the controller's change events, a refused
/// operation, or a failed check.
public enum ScenarioEvent: Equatable, Sendable {
    /// The visible table and the raw data after a step that leaves no batch open.
    case state(visible: [ResultsSection<FieldValue>], data: [ResultsSection<FieldValue>])
    /// A group of changes begins.
    case willChangeContent
    /// A section was inserted, deleted or moved.
    case didChangeSection(SectionChange)
    /// A row was inserted, deleted, moved or updated; its key is a field value.
    case didChangeObject(ResultsChangeset<FieldValue, FieldValue>.ElementChange)
    /// The group of changes ends.
    case didChangeContent
    /// The client must reload everything (instead of a group).
    case shouldReload
    /// The store refused the operation, which changed nothing.
    case error(code: String, message: String)
    /// An `expect` did not hold, or a batch of events broke a rule (the
    /// message then starts `batch rule N:`), or the file ended with a batch open.
    case expectationFailed(message: String)
}

extension ScenarioEvent {
    /// The line's `"event"` name: `state`, `willChangeContent`, ….
    ///
    /// - Complexity: O(1).
    public var name: String {
        switch self {
        case .state: "state"
        case .willChangeContent: "willChangeContent"
        case .didChangeSection: "didChangeSection"
        case .didChangeObject: "didChangeObject"
        case .didChangeContent: "didChangeContent"
        case .shouldReload: "shouldReload"
        case .error: "error"
        case .expectationFailed: "expectationFailed"
        }
    }

    /// Whether this is one of the controller's change events
    /// (`willChangeContent`, `didChangeSection`, `didChangeObject`,
    /// `didChangeContent`, `shouldReload`), which `expect`'s `events` compares.
    ///
    /// - Complexity: O(1).
    public var isChangeEvent: Bool {
        switch self {
        case .willChangeContent, .didChangeSection, .didChangeObject, .didChangeContent, .shouldReload: true
        case .state, .error, .expectationFailed: false
        }
    }

    /// The line's fields other than `"step"`, as the log writes them: only
    /// the indexes an event's type has, `"updated"` only when true.
    ///
    /// - Complexity: O(*n*) in the size of the line.
    public var fields: FieldObject {
        let members = self.members
        return FieldObject(uniqueMembers: members, keys: members.map(\.key))
    }

    /// The members of ``fields``, in order, `"event"` first: a line is made
    /// of them without looking a key up.
    var members: [FieldObject.Member] {
        var members: [FieldObject.Member] = []
        members.reserveCapacity(6)
        func add(_ key: String, _ value: FieldValue?) {
            if let value { members.append((key, value)) }
        }
        add("event", .string(name))
        switch self {
        case let .state(visible, data):
            add("visible", ScenarioLog.json(visible))
            add("data", ScenarioLog.json(data))
        case .willChangeContent, .didChangeContent, .shouldReload:
            break
        case let .didChangeSection(change):
            add("type", .string(change.kind.rawValue))
            switch change.kind {
            case .insert:
                add("newIndex", change.newIndex.map(FieldValue.integer))
            case .delete, .update:
                add("index", change.index.map(FieldValue.integer))
            case .move:
                add("index", change.index.map(FieldValue.integer))
                add("newIndex", change.newIndex.map(FieldValue.integer))
            }
        case let .didChangeObject(change):
            add("type", .string(change.kind.rawValue))
            add("key", change.key)
            if change.kind != .insert { add("indexPath", change.indexPath.map(ScenarioLog.json)) }
            if change.kind != .delete { add("newIndexPath", change.newIndexPath.map(ScenarioLog.json)) }
            if change.kind == .move && change.isUpdated { add("updated", true) }
        case let .error(code, message):
            add("code", .string(code))
            add("message", .string(message))
        case let .expectationFailed(message):
            add("message", .string(message))
        }
        return members
    }
}
