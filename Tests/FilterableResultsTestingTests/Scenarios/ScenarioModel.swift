import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

/// A deliberately simple model of the scenario semantics of SCENARIOS.md
/// ("Precise semantics"), written from the contract and independent of the
/// store: arrays of objects, re-sorted stably after every operation.
///
/// It covers the random scenarios' files: a primary key `id`, ascending or
/// descending sort fields, a `sectionBy` field, and predicates it knows by
/// their text (``predicates``).
struct ScenarioModel {
    struct Section: Equatable {
        var name: String?
        var elements: [FieldValue]
    }

    struct Filter {
        var title: String
        var group: String?
        var test: (FieldValue) -> Bool
    }

    /// The predicates the random scenarios use, by text, with their meaning;
    /// a text missing here is malformed.
    static let predicates: [String: @Sendable (FieldValue) -> Bool] = [
        "TRUEPREDICATE": { _ in true },
        "v > 1": { ($0["v"]?.intValue ?? -1) > 1 && $0["v"]?.kind == .number },
        "v == 0": { $0["v"] == 0 },
        "v IN {1, 3}": { $0["v"] == 1 || $0["v"] == 3 },
        "g == 'a'": { $0["g"] == "a" },
        "g BEGINSWITH 'b'": { $0["g"]?.stringValue?.hasPrefix("b") ?? false },
        "v <= 2 AND g != 'c'": { ($0["v"]?.kind == .number && $0["v"]!.intValue! <= 2) && $0["g"] != "c" },
        "NOT (v == 1 OR g == nil)": { !($0["v"] == 1 || $0["g"] == nil || $0["g"] == .null) },
    ]

    var sections: [Section]
    var filters: [Filter] = []
    let sortBy: [ScenarioSortField]
    let sectionBy: String?
    let hidesEmptySections: Bool

    init(_ scenario: Scenario) {
        sortBy = scenario.sortBy
        sectionBy = scenario.sectionBy
        hidesEmptySections = scenario.hidesEmptySections
        sections = sectionBy == nil ? [Section(elements: [])] : []
    }

    /// The visible table.
    var visible: [Section] {
        sections.compactMap { section in
            let objects = section.elements.filter { object in filters.allSatisfy { $0.test(object) } }
            return hidesEmptySections && objects.isEmpty ? nil : Section(name: section.name, elements: objects)
        }
    }

    // MARK: Running

    /// Applies a step; returns how many of its operations were refused.
    mutating func apply(_ step: ScenarioStep) -> Int {
        if case let .batch(steps) = step {
            return steps.reduce(0) { $0 + apply($1) }
        }
        var next = self
        if next.perform(step) {
            self = next
            return 0
        }
        return 1
    }

    /// Performs an operation on `self`; `false` when it is refused (then
    /// `self` is thrown away by the caller).
    private mutating func perform(_ step: ScenarioStep) -> Bool {
        switch step {
        case let .setData(.objects(objects)):
            guard let folded = fold(objects) else { return false }
            if sectionBy != nil {
                sections = []
                for object in folded { file(object) }
            } else {
                sections = [Section(elements: folded)]
            }
        case let .setData(.sections(newSections)):
            guard sectionBy == nil, uniqueNames(newSections.map(\.name)) else { return false }
            guard let folded = fold(newSections.flatMap(\.elements)) else { return false }
            let content = Dictionary(folded.map { (key($0)!, $0) }, uniquingKeysWith: { $1 })
            var seen = Set<FieldValue>()
            sections = newSections.map { section in
                Section(name: section.name, elements: section.elements.compactMap { object in
                    let k = key(object)!
                    return seen.insert(k).inserted ? content[k] : nil
                })
            }
        case let .add(object, section):
            guard let k = key(object), !contains(k) else { return false }
            if sectionBy != nil {
                guard section == nil else { return false }
                file(object)
            } else {
                let target = section ?? sections.count - 1
                guard sections.indices.contains(target) else { return false }
                sections[target].elements.append(object)
            }
        case let .insert(object, path):
            guard sortBy.isEmpty, sectionBy == nil, sections.indices.contains(path.section),
                  (0...sections[path.section].elements.count).contains(path.row),
                  let k = key(object), !contains(k) else { return false }
            sections[path.section].elements.insert(object, at: path.row)
        case let .remove(object):
            guard let k = key(object) else { return false }
            remove(key: k)
        case let .removeKey(k):
            remove(key: k)
        case let .removeAt(path):
            guard exists(path) else { return false }
            sections[path.section].elements.remove(at: path.row)
            dropEmptySections()
        case let .replace(object):
            guard let k = key(object) else { return false }
            if let path = position(of: k) { replace(at: path, with: object) }
        case let .replaceObject(old, new):
            guard let oldKey = key(old), let newKey = key(new) else { return false }
            guard let path = position(of: oldKey) else { return true }
            guard newKey == oldKey || !contains(newKey) else { return false }
            replace(at: path, with: new)
        case let .replaceAt(path, new):
            guard exists(path), let newKey = key(new) else { return false }
            guard newKey == key(sections[path.section].elements[path.row]) || !contains(newKey) else { return false }
            replace(at: path, with: new)
        case let .replaceAll(objects):
            guard objects.allSatisfy({ key($0) != nil }) else { return false }
            for object in objects {
                if let path = position(of: key(object)!) { replace(at: path, with: object) }
            }
        case let .merge(objects, mergeSort, prune):
            guard mergeSort.isEmpty || sortBy.isEmpty, let folded = fold(objects) else { return false }
            merge(folded, prune: prune)
            if !mergeSort.isEmpty {
                for index in sections.indices { sections[index].elements = Self.stableSorted(sections[index].elements, by: mergeSort) }
            }
        case let .addSection(section):
            return insertSection(section, at: sections.count)
        case let .insertSection(section, index):
            return insertSection(section, at: index)
        case let .removeSectionAt(index):
            guard sectionBy == nil, sections.indices.contains(index) else { return false }
            sections.remove(at: index)
        case let .removeSection(name):
            guard sectionBy == nil else { return false }
            if let index = sections.firstIndex(where: { $0.name == name }) { sections.remove(at: index) }
        case let .replaceSectionAt(index, section):
            guard sectionBy == nil, sections.indices.contains(index) else { return false }
            var others = sections.map(\.name)
            others.remove(at: index)
            guard section.name == nil || !others.contains(section.name) else { return false }
            guard let keys = newKeys(section.elements, allowedIn: index) else { return false }
            _ = keys
            sections[index] = Section(name: section.name, elements: section.elements)
        case let .addFilter(filter):
            return addFilters([filter])
        case let .addFilters(new):
            return addFilters(new)
        case let .removeFilter(title, group):
            filters.removeAll { $0.title == title && $0.group == group }
        case let .replaceFilters(new):
            guard new.allSatisfy({ Self.predicates[$0.predicate] != nil }) else { return false }
            filters = []
            return addFilters(new)
        case .clearFilters:
            filters = []
        case .beginUpdates, .endUpdates, .setUpdatesEnabled, .expect, .batch:
            break
        }
        sortAll()
        return true
    }

    // MARK: Operations

    private mutating func merge(_ objects: [FieldValue], prune: Bool) {
        let incoming = Set(objects.map { key($0)! })
        var new: [FieldValue] = []
        for object in objects {
            if let path = position(of: key(object)!) {
                replace(at: path, with: object, sorting: false)
            } else {
                new.append(object)
            }
        }
        if prune {
            let keyOf = key
            for index in sections.indices { sections[index].elements.removeAll { !incoming.contains(keyOf($0)!) } }
            dropEmptySections()
        }
        if sectionBy != nil {
            for object in new { file(object) }
        } else if !new.isEmpty {
            if sections.isEmpty { sections.append(Section(elements: [])) }
            sections[sections.count - 1].elements += new
        }
    }

    private mutating func insertSection(_ section: ResultsSection<FieldValue>, at index: Int) -> Bool {
        guard sectionBy == nil, (0...sections.count).contains(index),
              section.name == nil || !sections.contains(where: { $0.name == section.name }),
              newKeys(section.elements, allowedIn: nil) != nil else { return false }
        sections.insert(Section(name: section.name, elements: section.elements), at: index)
        sortAll()
        return true
    }

    private mutating func addFilters(_ new: [ScenarioFilter]) -> Bool {
        guard new.allSatisfy({ Self.predicates[$0.predicate] != nil }) else { return false }
        for filter in new {
            let model = Filter(title: filter.title, group: filter.group, test: Self.predicates[filter.predicate]!)
            if let group = filter.group, let index = filters.firstIndex(where: { $0.group == group }) {
                filters[index] = model
            } else {
                filters.append(model)
            }
        }
        return true
    }

    /// Replaces the object at `path` in place; in a sectioned store, an
    /// object whose section changes is appended to its new section.
    private mutating func replace(at path: RawIndexPath, with object: FieldValue, sorting: Bool = true) {
        sections[path.section].elements[path.row] = object
        if let sectionBy, sections[path.section].name != Scenario.sectionName(for: object.value(atKeyPath: sectionBy)) {
            sections[path.section].elements.remove(at: path.row)
            file(object)
            dropEmptySections()
        }
        if sorting { sortAll() }
    }

    private mutating func remove(key k: FieldValue) {
        guard let path = position(of: k) else { return }
        sections[path.section].elements.remove(at: path.row)
        dropEmptySections()
    }

    // MARK: Helpers

    func key(_ object: FieldValue) -> FieldValue? {
        guard let k = object["id"], !k.isNull else { return nil }
        return k
    }

    func contains(_ k: FieldValue) -> Bool { position(of: k) != nil }

    func position(of k: FieldValue) -> RawIndexPath? {
        for (s, section) in sections.enumerated() {
            if let r = section.elements.firstIndex(where: { key($0) == k }) { return RawIndexPath(row: r, section: s) }
        }
        return nil
    }

    func exists(_ path: RawIndexPath) -> Bool {
        sections.indices.contains(path.section) && sections[path.section].elements.indices.contains(path.row)
    }

    func uniqueNames(_ names: [String?]) -> Bool {
        let named = names.compactMap { $0 }
        return Set(named).count == named.count
    }

    /// Folds repeated keys: the first position, the last content; `nil`
    /// when an object has no key.
    func fold(_ objects: [FieldValue]) -> [FieldValue]? {
        var order: [FieldValue] = []
        var content: [FieldValue: FieldValue] = [:]
        for object in objects {
            guard let k = key(object) else { return nil }
            if content[k] == nil { order.append(k) }
            content[k] = object
        }
        return order.map { content[$0]! }
    }

    /// The keys of a new section's objects, unless one is missing, repeated,
    /// or held by a section other than `allowedIn`.
    func newKeys(_ objects: [FieldValue], allowedIn index: Int?) -> [FieldValue]? {
        var seen = Set<FieldValue>()
        for object in objects {
            guard let k = key(object), seen.insert(k).inserted else { return nil }
            if let path = position(of: k), path.section != index { return nil }
        }
        return Array(seen)
    }

    /// Files an object in the section its value names, creating the
    /// section in name order.
    private mutating func file(_ object: FieldValue) {
        let name = Scenario.sectionName(for: object.value(atKeyPath: sectionBy!))
        if let index = sections.firstIndex(where: { $0.name == name }) {
            sections[index].elements.append(object)
            return
        }
        let index = sections.firstIndex { ResultsSectioning<FieldValue>.unicodeScalarOrder(name, $0.name!) } ?? sections.count
        sections.insert(Section(name: name, elements: [object]), at: index)
    }

    private mutating func dropEmptySections() {
        if sectionBy != nil { sections.removeAll { $0.elements.isEmpty } }
    }

    private mutating func sortAll() {
        guard !sortBy.isEmpty else { return }
        for index in sections.indices { sections[index].elements = Self.stableSorted(sections[index].elements, by: sortBy) }
    }

    static func stableSorted(_ objects: [FieldValue], by fields: [ScenarioSortField]) -> [FieldValue] {
        objects.enumerated().sorted { a, b in
            for field in fields {
                var order = FieldValue.compare(a.element.value(atKeyPath: field.keyPath), b.element.value(atKeyPath: field.keyPath))
                if field.isDescending {
                    order = order == .orderedAscending ? .orderedDescending : order == .orderedDescending ? .orderedAscending : .orderedSame
                }
                if order != .orderedSame { return order == .orderedAscending }
            }
            return a.offset < b.offset
        }.map(\.element)
    }
}
