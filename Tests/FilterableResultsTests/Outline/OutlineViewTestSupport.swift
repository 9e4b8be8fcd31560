@testable import FilterableResults
import Foundation
import Testing

typealias ViewItem = OutlineViewItem<Item, Int>
typealias ViewCall = OutlineViewCall<Item, Int>

/// A tree as `NSOutlineView` keeps it: the children it shows of the root
/// and of each item it shows expanded, each call applied at once, in the
/// order made, every index one of the parent's children as the calls
/// before left them. What the view reads, it reads from the data source at
/// the call, as `NSOutlineView` does. A call that names what the view does
/// not have, or that `NSOutlineView`'s documentation leaves undefined, is
/// recorded as a failure and applies nothing.
///
/// - `removeItems`/`insertItems` do nothing in a parent shown collapsed
///   (documented: "The method does nothing if parent is not expanded");
///   otherwise the indexes are the children's before the call, all removed
///   at once (their subtrees with them), or the indexes the new children
///   have after it, read from the data source one by one;
/// - `moveItem` takes the item with its subtree from one shown, expanded
///   parent to another (a parent shown collapsed, or one inside the moved
///   item, is a failure), `to` its index after the call;
/// - `expandItem` reads the item's children; `collapseItem` hides them
///   (collapsing an item whose children the view still holds is a failure:
///   the adapter removes them first, so that the view never keeps an object
///   the data source dropped);
/// - after each call, every parent it touched that the view shows
///   expanded has the children the data source serves now.
@MainActor
final class ReplayedOutlineView {
    let adapter: OutlineViewAdapter<Item, Int>
    /// The children shown of the root (`nil`) and of each expanded item.
    private(set) var children: [ObjectIdentifier?: [ViewItem]] = [:]
    private(set) var failures: [String] = []
    private(set) var calls: [ViewCall] = []
    private(set) var reloads = 0
    private var depth = 0

    init(_ outline: Outline) {
        adapter = OutlineViewAdapter(outline)
        adapter.perform = { [unowned self] call in apply(call) }
        adapter.reload()
        forgetCalls()
        reloads = 0
    }

    // MARK: What the view shows

    private func id(_ item: ViewItem?) -> ObjectIdentifier? {
        guard let item, item.node != .root else { return nil }
        return ObjectIdentifier(item)
    }

    /// Whether the view shows `item` expanded (the root always).
    func isExpanded(_ item: ViewItem?) -> Bool { children[id(item)] != nil }

    /// The parent under which the view shows `item`, if it shows it.
    func shownParent(of item: ViewItem) -> ViewItem?? {
        for (parent, list) in children where list.contains(where: { $0 === item }) {
            return .some(parent.flatMap { id in allShown.first { ObjectIdentifier($0) == id } })
        }
        return nil
    }

    /// Every item the view shows, depth first.
    var allShown: [ViewItem] {
        var result: [ViewItem] = []
        var stack = (children[nil] ?? []).reversed() as [ViewItem]
        while let item = stack.popLast() {
            result.append(item)
            stack.append(contentsOf: (children[ObjectIdentifier(item)] ?? []).reversed())
        }
        return result
    }

    /// Whether the view shows `item` (the root always).
    func shows(_ item: ViewItem?) -> Bool {
        guard let item, item.node != .root else { return true }
        return allShown.contains { $0 === item }
    }

    /// The rows the view shows, by section as an outline's table describes
    /// them: each row's key indented by its depth in the view, `+` for an
    /// item with children the view shows expanded, `-` for one it shows
    /// collapsed. A section's group row starts a section.
    var rows: [[String]] {
        func flatten(_ items: [ViewItem], depth: Int) -> [String] {
            items.flatMap { item -> [String] in
                let row = item.row!
                let mark = row.hasChildren ? (isExpanded(item) ? "+" : "-") : ""
                return [String(repeating: " ", count: depth) + "\(row.key)" + mark]
                    + flatten(children[ObjectIdentifier(item)] ?? [], depth: depth + 1)
            }
        }
        let top = children[nil] ?? []
        if top.isEmpty { return adapter.outline.reportedSnapshot.numberOfSections == 0 ? [] : [[]] }
        if let first = top.first, case .section = first.node {
            return top.map { group in flatten(children[ObjectIdentifier(group)] ?? [], depth: 0) }
        }
        return [flatten(top, depth: 0)]
    }

    /// What is wrong with the view now, if anything: a refused call, a row
    /// shown that is not the outline's as last reported, an object shown
    /// that the data source no longer serves, a section shown collapsed.
    func problems() -> [String] {
        var problems = failures
        let reported = described(adapter.outline.reportedSnapshot)
        if rows != reported { problems.append("the view shows \(rows), the outline reported \(reported)") }
        for item in allShown where adapter.items[item.node] !== item { problems.append("the view shows \(item), which the data source no longer serves") }
        for item in children[nil] ?? [] where adapter.isGroup(item) && !isExpanded(item) { problems.append("section \(item) is collapsed") }
        if depth != 0 { problems.append("\(depth) beginUpdates left open") }
        return problems
    }

    func forgetCalls() { calls = [] }

    // MARK: Calls

    private func fail(_ message: String) { failures.append("\(message), after \(calls.map(\.description))") }

    /// The children the data source serves of `parent` now, read as the view reads them.
    private func read(_ parent: ViewItem?) -> [ViewItem] {
        (0..<adapter.numberOfChildren(of: parent)).map { adapter.child($0, of: parent) }
    }

    /// Checks that the view shows the children the data source serves, for a parent it shows expanded.
    private func expectServed(_ parent: ViewItem?) {
        guard let shown = children[id(parent)] else { return }
        let served = read(parent)
        if !shown.elementsEqual(served, by: ===) { fail("the view shows \(shown) in \(parent?.description ?? "root"), the data source serves \(served)") }
    }

    private func forget(_ items: [ViewItem]) {
        var stack = items
        while let item = stack.popLast() {
            stack += children.removeValue(forKey: ObjectIdentifier(item)) ?? []
        }
    }

    func apply(_ call: ViewCall) {
        calls.append(call)
        switch call {
        case .reloadData:
            reloads += 1
            children = [nil: read(nil)]
        case .beginUpdates:
            depth += 1
        case .endUpdates:
            guard depth > 0 else { return fail("endUpdates without beginUpdates") }
            depth -= 1
        case let .removeItems(indexes, parent):
            guard shows(parent) else { return fail("\(call): the view does not show \(parent)") }
            guard var list = children[id(parent)] else { return }   // collapsed: nothing
            guard let last = indexes.last, last < list.count else { return fail("\(call) in a parent of \(list.count) children") }
            forget(indexes.map { list[$0] })
            for index in indexes.reversed() { list.remove(at: index) }
            children[id(parent)] = list
            expectServed(parent)
        case let .insertItems(indexes, parent):
            guard shows(parent) else { return fail("\(call): the view does not show \(parent)") }
            guard var list = children[id(parent)] else { return }   // collapsed: nothing
            let servedCount = adapter.numberOfChildren(of: parent)
            for index in indexes {
                guard index <= list.count, index < servedCount else { return fail("\(call): child \(index) past \(list.count) shown, \(servedCount) served") }
                let item = adapter.child(index, of: parent)
                if shows(item) { return fail("\(call): \(item) is already shown") }
                list.insert(item, at: index)
            }
            children[id(parent)] = list
            expectServed(parent)
        case let .moveItem(from, parent, to, newParent):
            guard shows(parent), shows(newParent), var list = children[id(parent)], children[id(newParent)] != nil else {
                return fail("\(call): both parents must be shown expanded")
            }
            guard list.indices.contains(from) else { return fail("\(call) in a parent of \(list.count) children") }
            let item = list[from]
            var ancestor: ViewItem? = newParent
            while let next = ancestor, next.node != .root {
                if next === item { return fail("\(call): into its own subtree") }
                guard case let .some(up) = shownParent(of: next) else { break }
                ancestor = up
            }
            list.remove(at: from)
            children[id(parent)] = list
            var target = children[id(newParent)]!
            guard to <= target.count else { return fail("\(call): index \(to) past \(target.count) children") }
            target.insert(item, at: to)
            children[id(newParent)] = target
            expectServed(parent)
            expectServed(newParent)
        case let .expandItem(item):
            guard shows(item), item.node != .root else { return fail("\(call): the view does not show \(item)") }
            guard adapter.isExpandable(item) else { return fail("\(call): \(item) is not expandable") }
            if children[id(item)] == nil { children[id(item)] = read(item) }
        case let .collapseItem(item):
            guard shows(item), item.node != .root else { return fail("\(call): the view does not show \(item)") }
            if let list = children[id(item)], !list.isEmpty { return fail("\(call): \(item) still shows \(list)") }
            children[id(item)] = nil
        case let .reloadItem(item):
            guard shows(item) else { return fail("\(call): the view does not show \(item)") }
            if adapter.items[item.node] !== item { fail("\(call): the data source does not serve \(item)") }
        }
    }

    // MARK: The user

    /// The shown item with `key`.
    func item(_ key: Int) -> ViewItem? { allShown.first { $0.key == key } }

    /// The user clicks the disclosure triangle of a collapsed item: the view
    /// asks the data source, and expands it if allowed. Returns whether it did.
    @discardableResult
    func userExpands(_ item: ViewItem) -> Bool {
        guard shows(item), adapter.isExpandable(item), !isExpanded(item) else { return false }
        guard adapter.userWillExpand(item) else { return false }
        children[id(item)] = read(item)
        adapter.userDidExpand(item)
        return true
    }

    /// The user clicks the disclosure triangle of an expanded item. Returns whether it collapsed.
    @discardableResult
    func userCollapses(_ item: ViewItem) -> Bool {
        guard shows(item), isExpanded(item) else { return false }
        guard adapter.userWillCollapse(item) else { return false }
        if let list = children[id(item)], !list.isEmpty {
            fail("the user collapsed \(item), which still shows \(list): the view would keep objects the data source dropped")
        }
        children[id(item)] = nil
        return true
    }

    /// The user drags `item` and drops it onto `parent` (`childIndex` -1)
    /// or between its children; the view asks the data source whether it
    /// takes the drop first. Returns whether it did.
    @discardableResult
    func userDrops(_ item: ViewItem, onto parent: ViewItem?, childIndex: Int) -> Bool {
        guard shows(item), shows(parent), adapter.canDrag(item) else { return false }
        guard adapter.canDrop(item, onto: parent, childIndex: childIndex) else { return false }
        return adapter.drop(item, onto: parent, childIndex: childIndex)
    }
}
