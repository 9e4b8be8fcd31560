import Foundation
import GRDB

/// The titles of a source's sections by id, for a request with a section
/// title column: the engine's sectioning reads them when it makes a
/// section and when it refreshes titles. The main actor sets them from
/// each delivery before it applies the delivery's rows.
final class SectionTitles: @unchecked Sendable {
    private let lock = NSLock()
    private var titles: [DatabaseValue: String]

    /// Titles to start with.
    init(_ titles: [DatabaseValue: String] = [:]) {
        self.titles = titles
    }

    /// The title of the section with id `id` (`""` for an id never read).
    subscript(id: DatabaseValue) -> String {
        lock.withLock { titles[id] ?? "" }
    }

    /// Every title held, for ``restore(_:)`` to put back when the batch
    /// of the titles set after it fails (the engine's table stays as it
    /// was, so must its titles).
    var saved: [DatabaseValue: String] { lock.withLock { titles } }

    /// Puts back the titles ``saved`` returned.
    func restore(_ saved: [DatabaseValue: String]) {
        lock.withLock { titles = saved }
    }

    /// Sets `new` titles, keeping the others; returns whether one of them
    /// changes a title held (so the sections shown need their titles again).
    ///
    /// - Complexity: O(*k*) for *k* titles set.
    func merge(_ new: [DatabaseValue: String]) -> Bool {
        guard !new.isEmpty else { return false }
        return lock.withLock {
            var changed = false
            for (id, title) in new {
                if let old = titles.updateValue(title, forKey: id), !old.utf8.elementsEqual(title.utf8) { changed = true }
            }
            return changed
        }
    }

    /// Replaces every title with `new` (a table read again); returns
    /// whether the title of an id both have changes.
    ///
    /// - Complexity: O(*k*) for *k* titles.
    func replace(with new: [DatabaseValue: String]) -> Bool {
        lock.withLock {
            let changed = new.contains { id, title in titles[id].map { !$0.utf8.elementsEqual(title.utf8) } ?? false }
            titles = new
            return changed
        }
    }
}
