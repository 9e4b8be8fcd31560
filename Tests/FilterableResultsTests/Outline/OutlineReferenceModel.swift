import FilterableResults

/// A plain tree, flattened naively: what an outline must show.
struct OutlineReferenceModel {
    var items: [Int: Item] = [:]
    /// The children of each item (`nil`: the top level), in order.
    var children: [Int?: [Int]] = [:]
    var expanded: Set<Int> = []
    var search = ""
    let sorted: Bool
    let sectioned: Bool

    /// A kind of refusal, as the model predicts it.
    enum Refusal: Equatable { case duplicateKey, cycle, unknownParent, notExpandable, takesNoChildren, invalidArgument }

    static func section(of item: Item) -> String { item.name < "m" ? "early" : "late" }

    /// The sectioning of a sectioned outline: by ``section(of:)``'s name,
    /// or (for odd seeds) by an id standing for that name, both sections
    /// titled alike by `clock`, so that both kinds show the model's rows.
    static func sectioning(seed: Int, clock: RandomOperationTests.TitleClock) -> ResultsSectioning<Item> {
        if seed % 2 == 0 { return ResultsSectioning(sectionName: section(of:)) }
        return ResultsSectioning(sectionID: { section(of: $0) == "early" ? 0 : 1 }, title: { _ in clock.title(of: 0) }, areInIncreasingOrder: <)
    }

    /// Whether an item takes dropped children: every item but those named zulu (the files).
    static func takesChildren(_ item: Item) -> Bool { item.name != "zulu" }

    func isAncestor(_ ancestor: Int, of key: Int) -> Bool {
        var current: Int? = key
        while let next = current {
            if next == ancestor { return true }
            current = items[next]!.parent
        }
        return false
    }

    /// `keys` in sibling order: by name (ties as given) when sorted.
    func ordered(_ keys: [Int], _ elements: [Int: Item]) -> [Int] {
        guard sorted else { return keys }
        return keys.enumerated().sorted { lhs, rhs in
            let (left, right) = (elements[lhs.element]!.name, elements[rhs.element]!.name)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Lists `key` among `parent`'s children: after its ties when sorted, else last.
    mutating func list(_ key: Int, under parent: Int?) {
        var siblings = children[parent] ?? []
        let index = sorted ? siblings.firstIndex { items[key]!.name < items[$0]!.name } ?? siblings.count : siblings.count
        siblings.insert(key, at: index)
        children[parent] = siblings
    }

    mutating func unlist(_ key: Int) {
        children[items[key]!.parent]?.removeAll { $0 == key }
    }

    func subtree(of key: Int) -> [Int] {
        [key] + (children[key] ?? []).flatMap { subtree(of: $0) }
    }

    // MARK: Operations (each returns the refusal it predicts, changing nothing then)

    mutating func setData(_ elements: [Item]) -> Refusal? {
        var byKey: [Int: Item] = [:]
        for item in elements { if byKey.updateValue(item, forKey: item.id) != nil { return .duplicateKey } }
        if elements.contains(where: { $0.parent.map { byKey[$0] == nil } ?? false }) { return .unknownParent }
        for item in elements {
            var seen: Set<Int> = []
            var current: Int? = item.id
            while let next = current {
                if !seen.insert(next).inserted { return .cycle }
                current = byKey[next]!.parent
            }
        }
        items = byKey
        children = [:]
        for item in elements { children[item.parent, default: []].append(item.id) }
        for (parent, keys) in children { children[parent] = ordered(keys, byKey) }
        return nil
    }

    mutating func add(_ item: Item) -> Refusal? {
        if items[item.id] != nil { return .duplicateKey }
        if let parent = item.parent, items[parent] == nil { return .unknownParent }
        items[item.id] = item
        list(item.id, under: item.parent)
        return nil
    }

    mutating func remove(_ key: Int) {
        guard items[key] != nil else { return }
        unlist(key)
        for item in subtree(of: key) { items[item] = nil; children[item] = nil }
    }

    mutating func replace(_ item: Item) -> Refusal? {
        guard let old = items[item.id] else { return nil }
        if let parent = item.parent {
            if items[parent] == nil { return .unknownParent }
            if isAncestor(item.id, of: parent) { return .cycle }
        }
        if old.parent == item.parent {
            // It keeps its place while it sorts between its neighbours.
            let siblings = children[item.parent] ?? []
            let index = siblings.firstIndex(of: item.id)!
            if !sorted || ((index == 0 || items[siblings[index - 1]]!.name <= item.name)
                && (index + 1 == siblings.count || item.name <= items[siblings[index + 1]]!.name)) {
                items[item.id] = item
                return nil
            }
        }
        unlist(item.id)
        items[item.id] = item
        list(item.id, under: item.parent)
        return nil
    }

    mutating func merge(_ elements: [Item], under parent: Int?) -> Refusal? {
        var byKey: [Int: Item] = [:]
        for item in elements { if byKey.updateValue(item, forKey: item.id) != nil { return .duplicateKey } }
        if let parent, items[parent] == nil { return .unknownParent }
        for item in elements where item.parent != parent && item.parent.map({ byKey[$0] == nil }) ?? true { return .unknownParent }
        var ancestor = parent
        while let next = ancestor {
            if byKey[next] != nil { return .cycle }
            ancestor = items[next]!.parent
        }
        for item in elements {
            var seen: Set<Int> = []
            var current: Int? = item.id
            while let next = current, next != parent {
                if !seen.insert(next).inserted { return .cycle }
                current = byKey[next]!.parent
            }
        }
        var fetched: [Int?: [Int]] = [:]
        for item in elements { fetched[item.parent, default: []].append(item.id) }
        var owners = Set(fetched.keys)
        owners.insert(parent)
        var leaving: [Int] = []
        func leave(_ key: Int) {
            leaving.append(key)
            for child in children[key] ?? [] where byKey[child] == nil { leave(child) }
        }
        for owner in owners where owner == nil || items[owner!] != nil {
            for child in children[owner] ?? [] where byKey[child] == nil { leave(child) }
        }
        for item in elements where items[item.id] != nil { unlist(item.id) }
        for key in leaving { items[key] = nil; children[key] = nil }
        for item in elements { items[item.id] = item }
        for owner in owners { children[owner] = ordered(fetched[owner] ?? [], byKey) }
        return nil
    }

    /// A drop of `key`: onto an item it becomes its child (last, or by
    /// name when sorted); before or after an item it takes that item's
    /// parent and goes beside it (by name when sorted, where a move among
    /// the same siblings changes nothing).
    mutating func move(_ key: Int, to destination: Outline.Destination) -> Refusal? {
        guard let item = items[key] else { return .invalidArgument }
        let parent: Int?
        var anchor: (key: Int, after: Bool)?
        switch destination {
        case let .onto(target):
            guard items[target] != nil else { return .unknownParent }
            parent = target
        case let .before(target), let .after(target):
            guard let other = items[target] else { return .invalidArgument }
            if target == key { return nil }
            parent = other.parent
            if case .after = destination { anchor = (target, true) } else { anchor = (target, false) }
        }
        if let parent {
            if isAncestor(key, of: parent) { return .cycle }
            if !Self.takesChildren(items[parent]!) { return .takesNoChildren }
        } else if sectioned, let anchor, Self.section(of: items[anchor.key]!) != Self.section(of: item) {
            return .unknownParent
        }
        if sorted && parent == item.parent { return nil }
        unlist(key)
        items[key]!.parent = parent
        if sorted || anchor == nil {
            list(key, under: parent)
        } else {
            var siblings = children[parent] ?? []
            siblings.insert(key, at: siblings.firstIndex(of: anchor!.key)! + (anchor!.after ? 1 : 0))
            children[parent] = siblings
        }
        return nil
    }

    /// The drop of the row `key` between two rows of `section` of the
    /// table as shown (`rows`, keys in order, the dragged row taken out),
    /// at `row`: it takes the parent of the row below, or at the end of
    /// the section, of the row above.
    static func destination(droppingAt row: Int, among rows: [Int]) -> Outline.Destination? {
        if row < rows.count { return .before(rows[row]) }
        return rows.last.map { .after($0) }
    }

    mutating func expand(_ key: Int, all: Bool) -> Refusal? {
        guard items[key] != nil, !(children[key] ?? []).isEmpty else { return .notExpandable }
        for item in all ? subtree(of: key) : [key] where !(children[item] ?? []).isEmpty { expanded.insert(item) }
        return nil
    }

    mutating func collapse(_ key: Int) -> Refusal? {
        guard items[key] != nil else { return .notExpandable }
        expanded.remove(key)
        return nil
    }

    // MARK: The table

    /// The rows shown, described as `describe` describes them, by section.
    func table() -> [[String]] {
        func matches(_ key: Int) -> Bool { items[key]!.name.contains(search) }
        func showsInSearch(_ key: Int) -> Bool { matches(key) || (children[key] ?? []).contains(where: showsInSearch) }
        func rows(_ key: Int, level: Int) -> [String] {
            let kids = children[key] ?? []
            let isExpanded = search.isEmpty ? expanded.contains(key) && !kids.isEmpty : kids.contains(where: showsInSearch)
            let row = String(repeating: " ", count: level) + "\(key)" + (kids.isEmpty ? "" : isExpanded ? "+" : "-")
            let shownKids = search.isEmpty ? (expanded.contains(key) ? kids : []) : kids.filter(showsInSearch)
            return [row] + shownKids.flatMap { rows($0, level: level + 1) }
        }
        let roots = (children[nil] ?? []).filter { search.isEmpty || showsInSearch($0) }
        guard sectioned else { return [roots.flatMap { rows($0, level: 0) }] }
        let names = Set((children[nil] ?? []).map { Self.section(of: items[$0]!) }).sorted()
        // A section without a match hides while searching.
        return names.map { name in roots.filter { Self.section(of: items[$0]!) == name }.flatMap { rows($0, level: 0) } }
            .filter { search.isEmpty || !$0.isEmpty }
    }
}
