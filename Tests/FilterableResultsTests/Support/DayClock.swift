import Foundation

/// What "today" is, for section titles that depend on it ("Today" becoming
/// "Yesterday" at midnight): a day number the test moves on while a
/// store's `Sendable` title function reads it.
final class DayClock: @unchecked Sendable {
    private let lock = NSLock()
    private var _today: Int

    init(today: Int) { _today = today }

    /// The day it is.
    var today: Int {
        get { lock.withLock { _today } }
        set { lock.withLock { _today = newValue } }
    }

    /// "Today", "Yesterday", or "Day n".
    func title(of day: Int) -> String {
        switch day - today {
        case 0: "Today"
        case -1: "Yesterday"
        default: "Day \(day)"
        }
    }

    /// "Today", "Earlier" for every day before, or "Later": titles that
    /// several days share.
    func coarseTitle(of day: Int) -> String { day == today ? "Today" : day < today ? "Earlier" : "Later" }
}
