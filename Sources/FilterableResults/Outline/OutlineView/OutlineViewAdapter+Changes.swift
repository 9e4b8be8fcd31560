import Foundation

/// Turning an update of the outline into the outline view's calls.
///
/// `NSOutlineView` applies each call at once, reading the data source as
/// it goes: children of a parent are named by their indexes as the calls
/// before left them, and `insertItems`/`removeItems` do nothing in a
/// parent the view shows collapsed. So the tree served changes call by
/// call, and the calls come in this order:
///
/// 1. `beginUpdates()`;
/// 2. one `removeItems` per parent, for the items that leave it (with
///    their subtrees): gone from the table, or hidden;
/// 3. one `moveItem` per item that changes parent or place among its
///    siblings, parents taken top down in the table after the update, each
///    item put just after its predecessor among its new siblings (the
///    siblings that keep their order, a longest increasing run, never
///    move); an item keeps its object, its subtree and its expansion;
/// 4. one `insertItems` per parent, for the items that arrive there with
///    their subtrees, at their final indexes;
/// 5. `endUpdates()`; then the rows whose content changed are reloaded
///    (`reloadItem`), and the items whose rows expanded or collapsed, and
///    the new expanded items and sections, are expanded or collapsed, top
///    down.
///
/// An item keeps its object while it stays in the view under a parent
/// that stays. One that arrives under a new object, or under an item that
/// expands in this update, is inserted as a new object (its children
/// served before the view reads them): a view never moves an item into a
/// parent it shows collapsed, nor under an item it has not seen. Where
/// those rules give an item a new object, its old one is removed first.
extension OutlineViewAdapter {
    /// Shows an update: the tree served changes to the update's table, call
    /// by call, each call made as soon as the tree served agrees with it.
    /// A reload, an update while the view is not in a window, or one that
    /// moves sections reloads the view.
    ///
    /// - Complexity: O(*e* log *n* + Σ *c* log *n*) for *e* changed rows and
    ///   *c* children of each parent whose children change, plus the rows
    ///   of new subtrees.
    func apply(_ update: ResultsUpdate<Snapshot>) {
        let old = snapshot
        snapshot = update.snapshot
        guard !update.isReload, isInWindow(), let plan = ChangePlan(update.changeset, from: old, to: snapshot, served: self) else {
            return reload()
        }
        for (key, row) in plan.newRows where !plan.fresh.contains(.item(key)) { items[.item(key)]?.row = row }
        var isBatching = false
        let inBatch = { [self] (call: Call) in
            if !isBatching {
                isBatching = true
                perform(.beginUpdates)
            }
            perform(call)
        }
        removeItems(plan, inBatch)
        moveItems(plan, inBatch)
        insertItems(plan, inBatch)
        if isBatching { perform(.endUpdates) }
        for item in plan.updated.compactMap({ items[.item($0)] }).filter({ !plan.fresh.contains($0.node) })
            .sorted(by: { plan.position(of: $0.node) < plan.position(of: $1.node) }) {
            perform(.reloadItem(item))
        }
        expandAndCollapse(plan)
        _checkInvariants()
    }

    /// Removes the items that leave their parent: one call per parent.
    private func removeItems(_ plan: ChangePlan, _ inBatch: (Call) -> Void) {
        var leaving: [ObjectIdentifier: (parent: Item, items: Set<ObjectIdentifier>)] = [:]
        for node in plan.fresh {
            guard let item = items[node], let parent = item.parent, !plan.fresh.contains(parent.node) else { continue }
            leaving[ObjectIdentifier(parent), default: (parent, [])].items.insert(ObjectIdentifier(item))
        }
        for (parent, gone) in leaving.values.sorted(by: { plan.oldPosition(of: $0.parent.node) < plan.oldPosition(of: $1.parent.node) }) {
            let indexes = IndexSet(parent.children.indices.filter { gone.contains(ObjectIdentifier(parent.children[$0])) })
            for index in indexes {
                var stack = [parent.children[index]]
                while let item = stack.popLast() {
                    items[item.node] = nil
                    stack.append(contentsOf: item.children)
                }
            }
            parent.children.removeAll { gone.contains(ObjectIdentifier($0)) }
            inBatch(.removeItems(indexes, parent: parent))
        }
    }

    /// Moves the items that change parent or place, parent by parent, top
    /// down in the new table.
    private func moveItems(_ plan: ChangePlan, _ inBatch: (Call) -> Void) {
        for node in plan.reorderedParents {
            let parent = items[node]!
            // Its children after the update, less the new objects: those
            // that stay, and those that come from other parents.
            var target = parent.children.filter { child in child.key.map { !plan.touched.contains($0) } ?? true }
            target += (plan.arrivals[node] ?? []).compactMap { plan.fresh.contains($0) ? nil : items[$0] }
            target = plan.sorted(target)
            var index: [ObjectIdentifier: Int] = [:]
            for (position, child) in parent.children.enumerated() { index[ObjectIdentifier(child)] = position }
            let staying = target.filter { index[ObjectIdentifier($0)] != nil }
            let inRun = longestIncreasingSubsequence(staying.map { index[ObjectIdentifier($0)]! })
            let still = Set(staying.indices.filter { inRun[$0] }.map { ObjectIdentifier(staying[$0]) })
            var previous: Item?
            for item in target {
                defer { previous = item }
                guard !still.contains(ObjectIdentifier(item)) else { continue }
                let from = item.parent!
                let fromIndex = from.index(of: item)!
                from.children.remove(at: fromIndex)
                let toIndex = previous.map { parent.index(of: $0)! + 1 } ?? 0
                parent.children.insert(item, at: toIndex)
                item.parent = parent
                if from !== parent || fromIndex != toIndex {
                    inBatch(.moveItem(from: fromIndex, parent: from, to: toIndex, newParent: parent))
                }
            }
        }
    }

    /// Inserts the new objects under the parents that stay: one call per
    /// parent, none under an item that expands now (the view reads its
    /// children when it expands).
    private func insertItems(_ plan: ChangePlan, _ inBatch: (Call) -> Void) {
        for (node, arriving) in plan.insertions {
            let parent = items[node]!
            let new = arriving.map { build($0, plan) }
            // Both lists are in the new table's order: merged by position.
            var merged: [Item] = []
            var indexes = IndexSet()
            merged.reserveCapacity(parent.children.count + new.count)
            let kept = parent.children
            var next = 0
            for item in new {
                let position = plan.position(of: item.node)
                let before = (next..<kept.count).partitioningIndex { plan.position(of: kept[$0].node) > position }
                merged += kept[next..<before]
                next = before
                indexes.insert(merged.count)
                merged.append(item)
            }
            merged += kept[next...]
            for item in merged { item.parent = parent }
            parent.children = merged
            if case let .item(key) = node, plan.opened.contains(key) { continue }
            inBatch(.insertItems(indexes, parent: parent))
        }
    }

    /// A new object for `node` with its subtree in the new table, served.
    private func build(_ node: Item.Node, _ plan: ChangePlan) -> Item {
        switch node {
        case .root:
            preconditionFailure("OutlineViewAdapter: the root is never new")
        case let .section(section):
            let group = Item(node)
            items[node] = group
            for row in snapshot.elements(inSection: plan.newSections[section]!) {
                attach(Item(.item(row.key), row: row), to: row.parentKey.flatMap { items[.item($0)] } ?? group)
            }
            return group
        case let .item(key):
            let path = plan.newPath(of: key)!
            let row = snapshot.element(at: path)!
            let top = Item(node, row: row)
            items[node] = top
            var next = ResultsIndexPath(row: path.row + 1, section: path.section)
            while let below = snapshot.element(at: next), below.level > row.level {
                attach(Item(.item(below.key), row: below), to: items[.item(below.parentKey!)]!)
                next.row += 1
            }
            return top
        }
    }

    /// Expands and collapses, top down, the items whose rows expanded or
    /// collapsed and the new objects that show children; not the one the
    /// user is expanding or collapsing, which the view does itself (its
    /// expanded descendants wait for ``userDidExpand(_:)``).
    private func expandAndCollapse(_ plan: ChangePlan) {
        var toggles: [(position: ResultsIndexPath, call: Call)] = []
        for key in plan.opened { if let item = items[.item(key)] { toggles.append((plan.position(of: item.node), .expandItem(item))) } }
        for key in plan.closed { if let item = items[.item(key)] { toggles.append((plan.position(of: item.node), .collapseItem(item))) } }
        for node in plan.fresh {
            guard let item = items[node], !item.children.isEmpty else { continue }
            toggles.append((plan.position(of: node), .expandItem(item)))
        }
        toggles.sort { $0.position < $1.position }
        pendingExpansions = []
        for (_, call) in toggles {
            switch call {
            case let .expandItem(item), let .collapseItem(item):
                if item.node == userToggled { continue }
                if let userToggled, let toggled = items[userToggled], isDescendant(item, of: toggled) {
                    pendingExpansions.append(item)
                    continue
                }
            default:
                break
            }
            perform(call)
        }
    }

    /// Whether `item` is below `ancestor` in the tree served.
    func isDescendant(_ item: Item, of ancestor: Item) -> Bool {
        var current = item.parent
        while let next = current {
            if next === ancestor { return true }
            current = next.parent
        }
        return false
    }
}

// MARK: - The plan

extension OutlineViewAdapter {
    /// What an update does to the tree served, node by node, worked out
    /// before the tree changes.
    struct ChangePlan {
        /// The table after the update.
        let new: Snapshot
        /// The table before it.
        let old: Snapshot
        /// The keys of every row the update names.
        var touched: Set<Key> = []
        /// The keys of the rows whose content changed.
        var updated: Set<Key> = []
        /// The rows of touched keys shown after the update, and their index paths.
        var newRows: [Key: Row] = [:]
        var newPaths: [Key: ResultsIndexPath] = [:]
        /// The index of each section after the update, by identity.
        var newSections: [OutlineSection: Int] = [:]
        /// The index of each section before the update, by identity.
        var oldSections: [OutlineSection: Int] = [:]
        /// Nodes the view shows as new objects: gone, new, or carried
        /// away with another new object (the old one, if any, is removed).
        var fresh: Set<Item.Node> = []
        /// The touched nodes shown after the update, by their parent then.
        var arrivals: [Item.Node: [Item.Node]] = [:]
        /// Items kept whose rows expand, or collapse, in this update.
        var opened: Set<Key> = []
        var closed: Set<Key> = []
        /// The parents whose children move, top down in the new table.
        var reorderedParents: [Item.Node] = []
        /// The parents that get new objects, top down, each with them in order.
        var insertions: [(parent: Item.Node, nodes: [Item.Node])] = []

        /// The plan of `changes` from `old`, the tree `served` serves, to
        /// `new`; `nil` when it moves or retitles sections (the view is
        /// reloaded then).
        @MainActor
        init?(_ changes: ResultsChangeset<Row, Key>, from old: Snapshot, to new: Snapshot, served: OutlineViewAdapter) {
            self.old = old
            self.new = new
            // A retitled section's group row is made anew by a reload.
            guard changes.sectionUpdates.isEmpty else { return nil }
            for index in 0..<new.numberOfSections { if case let .section(section)? = Item.Node.section(index, of: new) { newSections[section] = index } }
            for index in 0..<old.numberOfSections { if case let .section(section)? = Item.Node.section(index, of: old) { oldSections[section] = index } }
            var sectionsGone: [OutlineSection] = []
            var sectionsNew: [OutlineSection] = []
            for change in changes.sectionChanges {
                switch change {
                case let .delete(index, _):
                    guard case let .section(section)? = Item.Node.section(index, of: old) else { return nil }
                    sectionsGone.append(section)
                    for row in old.elements(inSection: index) { touched.insert(row.key) }
                case let .insert(index, _):
                    guard case let .section(section)? = Item.Node.section(index, of: new) else { return nil }
                    sectionsNew.append(section)
                    for row in new.elements(inSection: index) { touched.insert(row.key) }
                default:
                    return nil
                }
            }
            var moved: Set<Key> = []
            for change in changes.elementChanges {
                touched.insert(change.key)
                switch change.change {
                case .update: updated.insert(change.key)
                case let .move(_, _, isUpdated):
                    moved.insert(change.key)
                    if isUpdated { updated.insert(change.key) }
                default: break
                }
            }
            for key in touched {
                guard let path = new.indexPath(forKey: key) else { continue }
                newPaths[key] = path
                newRows[key] = new.element(at: path)!
            }

            // The new objects: items that come or go, sections that come or
            // go, the children of an item that expands now; and, closing
            // over the tree, every child of a new object, before and after.
            var fresh: Set<Item.Node> = []
            var queue: [Item.Node] = []
            func mark(_ node: Item.Node) {
                if fresh.insert(node).inserted { queue.append(node) }
            }
            for section in sectionsGone + sectionsNew { mark(.section(section)) }
            for key in touched {
                let served = served.items[.item(key)]
                guard let row = newRows[key] else {
                    if served != nil { mark(.item(key)) }
                    continue
                }
                arrivals[parent(of: row, at: newPaths[key]!), default: []].append(.item(key))
                guard let was = served?.row else {
                    mark(.item(key))
                    continue
                }
                if !was.isExpanded && row.isExpanded { opened.insert(key) }
                if was.isExpanded && !row.isExpanded { closed.insert(key) }
            }
            for section in sectionsNew { arrivals[.root, default: []].append(.section(section)) }
            for key in opened { for child in arrivals[.item(key)] ?? [] { mark(child) } }
            while let node = queue.popLast() {
                for child in served.items[node]?.children ?? [] { mark(child.node) }
                for child in arrivals[node] ?? [] { mark(child) }
            }
            self.fresh = fresh

            // Where kept items go, and where new objects arrive.
            var reordered: Set<Item.Node> = []
            var inserted: [Item.Node: [Item.Node]] = [:]
            for (parent, children) in arrivals where !fresh.contains(parent) {
                for child in children {
                    if fresh.contains(child) {
                        inserted[parent, default: []].append(child)
                    } else if case let .item(key) = child, served.items[child]?.parent?.node != parent || moved.contains(key) {
                        reordered.insert(parent)
                    }
                }
            }
            reorderedParents = reordered.sorted { position(of: $0) < position(of: $1) }
            insertions = inserted.map { ($0.key, $0.value.sorted { position(of: $0) < position(of: $1) }) }
                .sorted { position(of: $0.parent) < position(of: $1.parent) }
        }

        /// The node a row shown at `path` of the new table sits under.
        func parent(of row: Row, at path: ResultsIndexPath) -> Item.Node {
            if let parentKey = row.parentKey { return .item(parentKey) }
            return Item.Node.section(path.section, of: new) ?? .root
        }

        /// The index path of a key's row in the new table.
        func newPath(of key: Key) -> ResultsIndexPath? { newPaths[key] ?? new.indexPath(forKey: key) }

        /// Where a node comes in the new table, depth first: the root
        /// first, a section before its rows.
        func position(of node: Item.Node) -> ResultsIndexPath {
            switch node {
            case .root: ResultsIndexPath(row: -1, section: -1)
            case let .section(section): ResultsIndexPath(row: -1, section: newSections[section] ?? -1)
            case let .item(key): newPath(of: key) ?? ResultsIndexPath(row: -1, section: -1)
            }
        }

        /// Where a node came in the table before the update.
        func oldPosition(of node: Item.Node) -> ResultsIndexPath {
            switch node {
            case .root: ResultsIndexPath(row: -1, section: -1)
            case let .section(section): ResultsIndexPath(row: -1, section: oldSections[section] ?? -1)
            case let .item(key): old.indexPath(forKey: key) ?? ResultsIndexPath(row: -1, section: -1)
            }
        }

        /// `items` in the order of the new table.
        func sorted(_ items: [Item]) -> [Item] {
            items.map { (position(of: $0.node), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
