import Foundation

/// The number of the latest keystroke of a live search, read on the writer
/// so that a keystroke superseded while it waited is skipped.
final class SearchTicket: @unchecked Sendable {
    private let lock = NSLock()
    private var latest = 0

    /// A new keystroke's number.
    func next() -> Int { lock.withLock { latest += 1; return latest } }

    /// Whether `number` is the latest keystroke.
    func isLatest(_ number: Int) -> Bool { lock.withLock { latest == number } }
}
