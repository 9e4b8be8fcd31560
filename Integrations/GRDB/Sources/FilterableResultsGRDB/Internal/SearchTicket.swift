import Foundation

/// The number of the latest keystroke of each live search (by group), read
/// on the writer so that a keystroke superseded while it waited is skipped.
final class SearchTicket: @unchecked Sendable {
    /// A keystroke's number in its search.
    struct Number: Sendable, Equatable {
        let group: String
        let value: Int
    }

    private let lock = NSLock()
    private var latest: [String: Int] = [:]

    /// A new keystroke's number in the search of `group`.
    func next(in group: String) -> Number {
        lock.withLock {
            let value = latest[group, default: 0] + 1
            latest[group] = value
            return Number(group: group, value: value)
        }
    }

    /// Whether `number` is the latest keystroke of its search.
    func isLatest(_ number: Number) -> Bool { lock.withLock { latest[number.group] == number.value } }
}
