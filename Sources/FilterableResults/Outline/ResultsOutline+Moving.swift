import Foundation

/// Moving an item the user dragged: onto another item, or between rows.
extension ResultsOutline {
    /// Where the user drops a dragged item.
    public enum Destination: Hashable {
        /// Onto an item: the dragged item becomes its child, its last (or
        /// in its sorted place).
        case onto(Key)
        /// Between rows, just above an item: the dragged item takes that
        /// item's parent and goes before it (or in its sorted place).
        case before(Key)
        /// Between rows, just below an item (after its subtree): the
        /// dragged item takes that item's parent and goes after it (or in
        /// its sorted place).
        case after(Key)
    }

    /// Moves the item with `key` where the user dropped it, with its
    /// subtree, as one update whose rows move, keeping their identity: a
    /// drop onto an item makes it that item's child; a drop between rows
    /// gives it their parent. The element is given its new parent through
    /// the parent key path, which must be writable. A drop where the item
    /// already is changes nothing.
    ///
    ///     try files.move(invoice.url, to: .onto(archive.url))     // into the folder
    ///     try files.move(invoice.url, to: .before(notes.url))     // beside notes, in notes' folder
    ///
    /// - Throws: ``ResultsError/cycle(_:)`` for a drop into the item's own
    ///   subtree; ``ResultsError/takesNoChildren(_:)`` when the new parent
    ///   takes no children (``takesChildren``);
    ///   ``ResultsError/unknownParent(_:of:)`` for a drop onto a key no
    ///   item has, or among the top-level items of another section than
    ///   the element's; ``ResultsError/invalidArgument(_:)`` for a key no
    ///   item has, or a read-only parent key path. Nothing changes then.
    /// - Complexity: O(*s* log *n* + *c*) for *s* items in the subtree and
    ///   *c* siblings; plus O(*n*) while filters are applied.
    @inlinable public func move(_ key: Key, to destination: Destination) throws(ResultsError) {
        guard let move = try plannedMove(of: key, to: destination) else { return }
        try controller.requireIdle()
        let roots = tree.roots
        let old = tree[key]!
        tree.setChildren(tree.children(of: old.parent).filter { $0 != key }, of: old.parent)
        tree.setParent(move.parent, section: move.section, of: key)
        tree.setChildren(move.siblings, of: move.parent)
        tree.setSection(move.section, below: key)
        var change = TreeChange(placed: [key], elements: [key: move.element])
        for owner in [old.parent, move.parent] { if let owner { change.refreshed.insert(owner) } }
        try commit(change, roots: roots)
    }

    /// Whether ``move(_:to:)`` would take the drop (a drop where the item
    /// already is included), changing nothing: what a view asks while the
    /// user drags.
    ///
    /// - Complexity: O(*d* + *c*) for depth *d* and *c* siblings.
    @inlinable public func canMove(_ key: Key, to destination: Destination) -> Bool {
        do {
            _ = try plannedMove(of: key, to: destination)
            return true
        } catch {
            return false
        }
    }

    /// Where a move puts an item: its element with the new parent, that
    /// parent, its section, and the parent's children after it.
    @usableFromInline
    struct PlannedMove {
        @usableFromInline var element: Element
        @usableFromInline var parent: Key?
        @usableFromInline var section: OutlineSection
        @usableFromInline var siblings: [Key]

        @inlinable init(element: Element, parent: Key?, section: OutlineSection, siblings: [Key]) {
            self.element = element
            self.parent = parent
            self.section = section
            self.siblings = siblings
        }
    }

    /// The move of `key` to `destination`, checked whole; `nil` when the
    /// item is already there.
    @inlinable func plannedMove(of key: Key, to destination: Destination) throws(ResultsError) -> PlannedMove? {
        guard let node = tree[key] else { throw .invalidArgument("no item has key \(String(describing: key))") }
        guard let setParentKey else {
            throw .invalidArgument("item \(String(describing: key)) cannot move: the outline's parent key path is read-only (a let)")
        }
        let parent: Key?
        var anchor: (key: Key, after: Bool)?
        switch destination {
        case let .onto(target):
            guard tree[target] != nil else { throw .unknownParent(String(describing: target), of: String(describing: key)) }
            parent = target
        case let .before(target), let .after(target):
            guard let targetNode = tree[target] else { throw .invalidArgument("no item has key \(String(describing: target))") }
            if target == key { return nil }
            parent = targetNode.parent
            if case .after = destination { anchor = (target, true) } else { anchor = (target, false) }
        }
        if let parent {
            if tree.isAncestor(key, of: parent) { throw .cycle(String(describing: key)) }
            guard takesChildren(element([:], parent)) else { throw .takesNoChildren(String(describing: parent)) }
        }
        var moved = element([:], key)
        setParentKey(&moved, parent)
        let section = parent.map { tree[$0]!.section } ?? section(ofTopLevel: moved)
        if parent == nil, let anchor, tree[anchor.key]!.section != section {
            throw .unknownParent("the top level of section \(tree[anchor.key]!.section)", of: String(describing: key))
        }
        // A sorted outline keeps its order: among the same siblings, the item stays.
        if !sortKeys.isEmpty && parent == node.parent { return nil }
        let current = tree.children(of: parent)
        var siblings = current.filter { $0 != key }
        let index: Int
        if !sortKeys.isEmpty {
            index = (0..<siblings.count).partitioningIndex { sortKeys.compare(moved, element([:], siblings[$0])) == .orderedAscending }
        } else if let anchor {
            index = siblings.firstIndex(of: anchor.key)! + (anchor.after ? 1 : 0)
        } else {
            index = siblings.count
        }
        siblings.insert(key, at: index)
        if parent == node.parent && siblings == current { return nil }
        return PlannedMove(element: moved, parent: parent, section: section, siblings: siblings)
    }
}
