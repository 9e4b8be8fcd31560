import FilterableResults

/// The wording of violation messages: keys, key sequences, sections, events.
extension BatchValidation {
    /// A key as messages print it: strings quoted, anything else described.
    @inlinable func describe(_ key: Key) -> String {
        if let string = key as? String { return String(reflecting: string) }
        return String(describing: key)
    }

    /// A key sequence, cut to a window around `index` when it is long.
    @inlinable func describe<Keys: RandomAccessCollection<Key>>(_ keys: Keys, around index: Int) -> String where Keys.Index == Int {
        let limit = 16
        guard keys.count > limit else { return "[" + keys.map(describe).joined(separator: ", ") + "]" }
        let start = max(0, min(index - 4, keys.count - limit))
        let end = min(keys.count, start + limit)
        var text = keys[start..<end].map(describe).joined(separator: ", ")
        if start > 0 { text = "… \(start) rows, " + text }
        if end < keys.count { text += ", … \(keys.count - end) rows" }
        return "[" + text + "] (\(keys.count) rows)"
    }

    /// "key 4" or "keys 4, 5 and 2 more", for a message (the first few only).
    @inlinable func describe(list keys: [Key]) -> String {
        let shown = keys.prefix(8).map(describe).joined(separator: ", ")
        let more = keys.count > 8 ? " and \(keys.count - 8) more" : ""
        return (keys.count == 1 ? "key " : "keys ") + shown + more
    }

    /// "1 row", "2 rows": a count with its noun.
    @inlinable func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// "section 2" or "section 2 'Fruit'", for a section of `sections`.
    @inlinable func describeSection(_ index: Int, in sections: [ResultsSection<Element>]) -> String {
        guard sections.indices.contains(index), let name = sections[index].name else { return "section \(index)" }
        return "section \(index) '\(name)'"
    }

    @inlinable func describeOldSection(_ index: Int) -> String { "old " + describeSection(index, in: old) }
    @inlinable func describeNewSection(_ index: Int) -> String { "new " + describeSection(index, in: new) }

    /// A section event as a message names it: "section move from 1 to 3".
    @inlinable func describe(_ change: SectionChange) -> String {
        switch change.kind {
        case .insert: "section insert at \(change.newIndex.map(String.init) ?? "nil")"
        case .delete: "section delete at \(change.index.map(String.init) ?? "nil")"
        case .update: "section update at \(change.index.map(String.init) ?? "nil")"
        case .move: "section move from \(change.index.map(String.init) ?? "nil") to \(change.newIndex.map(String.init) ?? "nil")"
        }
    }

    /// A row event as a message names it: "move of key 4 from [0, 1] to [1, 0]".
    @inlinable func describe(_ change: Change) -> String {
        let from = change.indexPath.map(\.description) ?? "nil"
        let to = change.newIndexPath.map(\.description) ?? "nil"
        let key = describe(change.key)
        return switch change.kind {
        case .insert: "insert of key \(key) at \(to)"
        case .delete: "delete of key \(key) at \(from)"
        case .move: "move of key \(key) from \(from) to \(to)"
        case .update: "update of key \(key) at \(from) (to \(to))"
        }
    }

    /// What a section event does, for "section 1 is itself …".
    @inlinable func describe(_ fate: OldSectionFate) -> String {
        switch fate {
        case .stays: "unchanged"
        case .deleted: "deleted"
        case .reloaded: "reloaded"
        case let .moved(to): "moved (to \(to))"
        }
    }

    /// How a new section came to be, for "section 1 is itself …".
    @inlinable func describe(_ origin: NewSectionOrigin) -> String {
        switch origin {
        case .inserted: "inserted"
        case let .moved(from): "moved (from \(from))"
        case .reloaded: "reloaded"
        case .stays: "unchanged"
        }
    }
}
