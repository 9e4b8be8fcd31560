import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// A named section of rows; a row reads "key.version", and a new version is
/// a content change of the same row.
private struct NamedSection: Equatable {
    var name: String
    var rows: [String]
}

private func key(_ row: String) -> Substring { row.split(separator: ".")[0] }

/// One batch-update call.
private enum Call: Equatable {
    case insertSection(Int)
    case deleteSection(Int)
    case reloadSection(Int)
    case moveSection(Int, Int)
    case insertRow(ResultsIndexPath)
    case deleteRow(ResultsIndexPath)
    case reloadRow(ResultsIndexPath)
    case moveRow(ResultsIndexPath, ResultsIndexPath)
}

/// A correct batch from `old` to `new`, by a plain algorithm: sections
/// outside a longest increasing run move if their rows are unchanged and
/// are deleted and inserted otherwise; rows of the other sections are
/// deleted, inserted and moved (outside a longest increasing run);
/// changed rows that stay are reloaded when no section moves (a section
/// move displaces reloads), and reconfigured after the batch otherwise.
private struct SimpleBatchPlanner {
    var calls: [Call] = []
    var reconfigureAfter: [ResultsIndexPath] = []

    init(from old: [NamedSection], to new: [NamedSection]) {
        let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.name, $0) })
        let newIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.name, $0) })
        let common = new.indices.filter { oldIndex[new[$0].name] != nil }
        let steady = Set(longestIncreasing(common.map { oldIndex[new[$0].name]! }))
        var stable: [Int: Int] = [:]  // old section -> new section, rows edited one by one
        for newSection in common {
            let oldSection = oldIndex[new[newSection].name]!
            if steady.contains(oldSection) {
                stable[oldSection] = newSection
            } else if old[oldSection].rows == new[newSection].rows {
                calls.append(.moveSection(oldSection, newSection))
            } else {
                calls += [.deleteSection(oldSection), .insertSection(newSection)]
            }
        }
        for (index, section) in old.enumerated() where newIndex[section.name] == nil { calls.append(.deleteSection(index)) }
        for (index, section) in new.enumerated() where oldIndex[section.name] == nil { calls.append(.insertSection(index)) }
        let sectionsMove = calls.contains { if case .moveSection = $0 { true } else { false } }
        planRows(old, new, stable: stable, sectionsMove: sectionsMove)
    }

    private mutating func planRows(_ old: [NamedSection], _ new: [NamedSection], stable: [Int: Int], sectionsMove: Bool) {
        var oldPlace: [Substring: ResultsIndexPath] = [:]
        var newPlace: [Substring: ResultsIndexPath] = [:]
        for (oldSection, _) in stable {
            for (row, value) in old[oldSection].rows.enumerated() { oldPlace[key(value)] = ResultsIndexPath(row: row, section: oldSection) }
        }
        let stableNew = Set(stable.values)
        for newSection in stableNew {
            for (row, value) in new[newSection].rows.enumerated() { newPlace[key(value)] = ResultsIndexPath(row: row, section: newSection) }
        }
        var kept: [(from: ResultsIndexPath, to: ResultsIndexPath)] = []
        for (rowKey, from) in oldPlace {
            if let to = newPlace[rowKey] { kept.append((from, to)) } else { calls.append(.deleteRow(from)) }
        }
        for (rowKey, to) in newPlace where oldPlace[rowKey] == nil { calls.append(.insertRow(to)) }
        var moved: Set<ResultsIndexPath> = []
        for oldSection in stable.keys {
            let newSection = stable[oldSection]!
            let staying = kept.filter { $0.from.section == oldSection && $0.to.section == newSection }
                .sorted { $0.to.row < $1.to.row }
            let run = Set(longestIncreasing(staying.map(\.from.row)))
            for pair in kept where pair.from.section == oldSection && (pair.to.section != newSection || !run.contains(pair.from.row)) {
                calls.append(.moveRow(pair.from, pair.to))
                moved.insert(pair.from)
            }
        }
        for (from, to) in kept where old[from.section].rows[from.row] != new[to.section].rows[to.row] {
            if moved.contains(from) || sectionsMove {
                reconfigureAfter.append(to)
            } else {
                calls.append(.reloadRow(from))
            }
        }
    }
}

/// The values of a longest strictly increasing subsequence (O(n²) is plenty here).
private func longestIncreasing(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var length = [Int](repeating: 1, count: values.count)
    var previous = [Int](repeating: -1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] && length[j] + 1 > length[i] {
            length[i] = length[j] + 1
            previous[i] = j
        }
    }
    var index = length.indices.max { length[$0] < length[$1] }!
    var run: [Int] = []
    while index >= 0 {
        run.append(values[index])
        index = previous[index]
    }
    return run.reversed()
}

/// Random old and new tables that share many sections and rows.
private func randomTables(_ random: inout SeededRandomNumberGenerator) -> (old: [NamedSection], new: [NamedSection]) {
    var nextRow = 0
    var nextSection = 0
    func section() -> NamedSection {
        defer { nextSection += 1 }
        let rows = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            defer { nextRow += 1 }
            return "r\(nextRow).0"
        }
        return NamedSection(name: "S\(nextSection)", rows: rows)
    }
    let old = (0..<Int.random(in: 0...4, using: &random)).map { _ in section() }
    var new = old.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
    if new.count > 1, Bool.random(using: &random) { new.swapAt(0, Int.random(in: 1..<new.count, using: &random)) }
    for _ in 0..<Int.random(in: 0...2, using: &random) { new.insert(section(), at: Int.random(in: 0...new.count, using: &random)) }
    guard !new.isEmpty else { return (old, new) }
    var loose: [String] = []
    for s in new.indices {
        new[s].rows = new[s].rows.compactMap { row in
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return nil
            case 1:
                loose.append(row)
                return nil
            case 2: return "\(key(row)).1"
            default: return row
            }
        }
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
        loose.append("r\(nextRow).0")
        nextRow += 1
    }
    for row in loose {
        let s = Int.random(in: new.indices, using: &random)
        new[s].rows.insert(row, at: Int.random(in: 0...new[s].rows.count, using: &random))
    }
    return (old, new)
}

@MainActor
private func perform(_ call: Call, on view: Simulator) {
    switch call {
    case let .insertSection(index): view.insertSections([index])
    case let .deleteSection(index): view.deleteSections([index])
    case let .reloadSection(index): view.reloadSections([index])
    case let .moveSection(from, to): view.moveSection(from, toSection: to)
    case let .insertRow(path): view.insertRows(at: [path])
    case let .deleteRow(path): view.deleteRows(at: [path])
    case let .reloadRow(path): view.reloadRows(at: [path])
    case let .moveRow(from, to): view.moveRow(at: from, to: to)
    }
}

@MainActor
private func simulator(showing old: [NamedSection], _ flavor: ListViewFlavor, _ mode: ListViewCountMode) -> (Simulator, StringTable) {
    let table = StringTable(old.map(\.rows), titles: old.map(\.name))
    return (loadedSimulator(table, flavor, mode), table)
}

@MainActor
@Suite("ListViewSimulator against random tables")
struct ListViewSimulatorRandomTests {
    @Test(arguments: ListViewFlavor.allCases, ListViewCountMode.allCases)
    func aCorrectBatchPassesAndShowsTheNewTable(_ flavor: ListViewFlavor, _ mode: ListViewCountMode) {
        for seed in 0..<300 as Range<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            let (old, new) = randomTables(&random)
            let planner = SimpleBatchPlanner(from: old, to: new)
            let (view, table) = simulator(showing: old, flavor, mode)
            let found = exception(in: view) {
                table.set(new.map(\.rows), titles: new.map(\.name))
                for call in planner.calls.shuffled(using: &random) { perform(call, on: view) }
            }
            view.reconfigureRows(at: planner.reconfigureAfter)
            #expect(found == nil, "seed \(seed): \(old) → \(new) with \(planner.calls)")
            #expect(view.cells == new.map(\.rows), "seed \(seed): \(old) → \(new) with \(planner.calls)")
            #expect(view.headerTitles == new.map(\.name), "seed \(seed)")
            if found != nil { return }
        }
    }

    @Test(arguments: ListViewFlavor.allCases)
    func droppingACallThatChangesACountIsCaught(_ flavor: ListViewFlavor) {
        var checked = 0
        for seed in 0..<300 as Range<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            let (old, new) = randomTables(&random)
            let calls = SimpleBatchPlanner(from: old, to: new).calls
            let countChanging = calls.indices.filter { index in
                switch calls[index] {
                case .insertSection, .deleteSection, .insertRow, .deleteRow: return true
                case let .moveRow(from, to): return old[from.section].name != new[to.section].name
                case .moveSection, .reloadSection, .reloadRow: return false
                }
            }
            guard let dropped = countChanging.randomElement(using: &random) else { continue }
            var corrupted = calls
            corrupted.remove(at: dropped)
            let (view, table) = simulator(showing: old, flavor, .cached)
            let found = exception(in: view) {
                table.set(new.map(\.rows), titles: new.map(\.name))
                for call in corrupted { perform(call, on: view) }
            }
            #expect(found != nil, "seed \(seed): dropping \(calls[dropped]) from \(calls) was not caught")
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func pushingAnIndexOutOfRangeIsCaught(_ flavor: ListViewFlavor) {
        var checked = 0
        for seed in 0..<300 as Range<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            let (old, new) = randomTables(&random)
            var calls = SimpleBatchPlanner(from: old, to: new).calls
            guard let index = calls.indices.randomElement(using: &random) else { continue }
            let beyond = Int.random(in: 0...2, using: &random)
            func rowLimit(_ sections: [NamedSection], _ path: ResultsIndexPath) -> ResultsIndexPath {
                ResultsIndexPath(row: sections[path.section].rows.count + beyond, section: path.section)
            }
            switch calls[index] {
            case .insertSection: calls[index] = .insertSection(new.count + beyond)
            case .deleteSection: calls[index] = .deleteSection(old.count + beyond)
            case .reloadSection: calls[index] = .reloadSection(old.count + beyond)
            case let .moveSection(from, _): calls[index] = .moveSection(from, new.count + beyond)
            case let .insertRow(path): calls[index] = .insertRow(rowLimit(new, path))
            case let .deleteRow(path): calls[index] = .deleteRow(rowLimit(old, path))
            case let .reloadRow(path): calls[index] = .reloadRow(rowLimit(old, path))
            case let .moveRow(from, to): calls[index] = .moveRow(rowLimit(old, from), to)
            }
            let (view, table) = simulator(showing: old, flavor, .cached)
            let found = exception(in: view) {
                table.set(new.map(\.rows), titles: new.map(\.name))
                for call in calls { perform(call, on: view) }
            }
            #expect(found != nil, "seed \(seed): \(calls[index]) in \(calls) was not caught")
            checked += 1
        }
        #expect(checked > 100)
    }

    /// Any corruption either raises or leaves the view with the data
    /// source's counts; the simulator itself never traps.
    @Test(arguments: ListViewFlavor.allCases)
    func anyCorruptionRaisesOrLeavesTheDataSourcesCounts(_ flavor: ListViewFlavor) {
        for seed in 0..<400 as Range<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            let (old, new) = randomTables(&random)
            var calls = SimpleBatchPlanner(from: old, to: new).calls
            corrupt(&calls, old: old, new: new, using: &random)
            let (view, table) = simulator(showing: old, flavor, .cached)
            let found = exception(in: view) {
                table.set(new.map(\.rows), titles: new.map(\.name))
                for call in calls { perform(call, on: view) }
            }
            if found == nil {
                #expect(view.rowCountsMatchDataSource, "seed \(seed): \(calls)")
                #expect(view.headerTitles.count == new.count, "seed \(seed)")
            }
        }
    }
}

/// Drops, duplicates, shifts or retargets one call, or adds a stray one.
private func corrupt(_ calls: inout [Call], old: [NamedSection], new: [NamedSection], using random: inout SeededRandomNumberGenerator) {
    let shift = Bool.random(using: &random) ? 1 : -1
    func shifted(_ path: ResultsIndexPath) -> ResultsIndexPath {
        Bool.random(using: &random)
            ? ResultsIndexPath(row: path.row + shift, section: path.section)
            : ResultsIndexPath(row: path.row, section: path.section + shift)
    }
    guard let index = calls.indices.randomElement(using: &random) else {
        calls.append(.insertRow(ResultsIndexPath(row: 0, section: 0)))
        return
    }
    switch Int.random(in: 0..<4, using: &random) {
    case 0: calls.remove(at: index)
    case 1: calls.append(calls[index])
    case 2:
        switch calls[index] {
        case let .insertSection(section): calls[index] = .insertSection(section + shift)
        case let .deleteSection(section): calls[index] = .deleteSection(section + shift)
        case let .reloadSection(section): calls[index] = .reloadSection(section + shift)
        case let .moveSection(from, to): calls[index] = .moveSection(from, to + shift)
        case let .insertRow(path): calls[index] = .insertRow(shifted(path))
        case let .deleteRow(path): calls[index] = .deleteRow(shifted(path))
        case let .reloadRow(path): calls[index] = .reloadRow(shifted(path))
        case let .moveRow(from, to): calls[index] = .moveRow(from, shifted(to))
        }
    default:
        let stray: [Call] = [
            .reloadSection(Int.random(in: 0...max(0, old.count - 1), using: &random)),
            .moveSection(Int.random(in: 0...max(0, old.count - 1), using: &random), Int.random(in: 0...max(0, new.count - 1), using: &random)),
            .reloadRow(ResultsIndexPath(row: 0, section: 0)),
            .moveRow(ResultsIndexPath(row: 0, section: 0), ResultsIndexPath(row: 0, section: max(0, new.count - 1))),
        ]
        calls.append(stray.randomElement(using: &random)!)
    }
}

