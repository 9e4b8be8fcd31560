import FilterableResults

/// What the section calls of a batch do, once they pass UIKit's checks.
struct SimulatedSectionMap {
    /// What happens to a section of the table before the update.
    enum OldFate: Equatable {
        /// Untouched: it fills the next free index after the update.
        case stays(at: Int)
        case moved(to: Int)
        case deleted
        /// Deleted and inserted again, at the index it would have if no
        /// section moved.
        case reloaded(at: Int)
    }

    /// Where a section of the table after the update comes from.
    enum NewOrigin: Equatable {
        case inserted
        case reloaded(from: Int)
        case moved(from: Int)
        case stays(from: Int)
    }

    /// One fate per section before the update.
    var oldFates: [OldFate]
    /// One origin per section after the update.
    var newOrigins: [NewOrigin]
    /// For each section before the update, the index it would have after it
    /// if no section moved (from the deletes and inserts only), as UIKit
    /// places reloads; `nil` for deleted sections.
    var placeIgnoringMoves: [Int?]

    /// The index after the update of an old section whose rows the view
    /// keeps (one that stays or moves); `nil` otherwise.
    func keptIndex(ofOld section: Int) -> Int? {
        switch oldFates[section] {
        case let .stays(index), let .moved(index): index
        case .deleted, .reloaded: nil
        }
    }

    /// What one batch does to an old section it names.
    enum OldUse: Equatable {
        case delete
        /// Deleted and inserted again where no section moves would put it.
        case reload
        case moveFrom(to: Int)
    }

    /// What one batch puts at a new section index it names.
    enum NewUse: Equatable {
        case insert
        case moveTo(from: Int)
        /// A reloaded section's insert, placed as if no section moved.
        case reloadedFrom(Int)
    }
}
