import CBenchmarkSupport
import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting

/// A row of the prototype's mirror: the composed key (part, key in the
/// part) and the part's element.
struct MirrorRow<MirrorKey: Hashable> {
    var key: MirrorKey
    var row: Row
}

/// The cheapest composed key: a part's identity and an `Int` key.
struct ConcreteMirrorKey: Hashable {
    var part: Int
    var key: Int
}

struct MirrorPrototypeResult {
    var cases: [(name: String, composed: Double, bare: Double)] = []
    var repetitions = 0
    /// Heap bytes the mirror of the composed table holds, per row.
    var bytesPerMirroredRow = 0.0
    /// Heap bytes a plain store of the same rows holds, per row.
    var bytesPerStoreRow = 0.0
    var changes: [Int] = []
}

/// The composed table mirrored in an engine store: each part update applied
/// as store operations, the composed batch taken from the store's change
/// tracker. Only what W14 exercises: flat parts after a header section,
/// row changes (no section changes in W14's search part).
@MainActor
final class MirroredComposition<MirrorKey: Hashable & SendableMetatype> {
    var store: ResultsStore<MirrorRow<MirrorKey>, MirrorKey>
    let makeKey: (Int, Int) -> MirrorKey
    /// A part batch of more changes than this share of the part's rows
    /// replaces the part's sections (the engine's whole-section diff)
    /// instead of applying each change.
    let bulkShare: Double?
    /// The mirror's first section of each part.
    var firstSection: [Int]
    var observations: [ResultsObservation] = []
    let handler: (ResultsChangeset<MirrorRow<MirrorKey>, MirrorKey>) -> Void

    init(parts: [ResultsController<Row, Int>], header: Row, makeKey: @escaping (Int, Int) -> MirrorKey, bulkShare: Double?,
         handler: @escaping (ResultsChangeset<MirrorRow<MirrorKey>, MirrorKey>) -> Void) {
        self.handler = handler
        self.makeKey = makeKey
        self.bulkShare = bulkShare
        store = ResultsStore(key: \.key)
        var sections = [ResultsSection(name: "0", elements: [MirrorRow(key: makeKey(0, header.id), row: header)])]
        firstSection = [0]
        for index in parts.indices {
            let part = index + 1
            let snapshot = partsSnapshot(parts[index])
            firstSection.append(sections.count)
            for section in 0..<snapshot.numberOfSections {
                let rows = (0..<(snapshot.numberOfElements(inSection: section) ?? 0)).map { row in
                    let path = ResultsIndexPath(row: row, section: section)
                    return MirrorRow(key: makeKey(part, snapshot.key(at: path)!), row: snapshot.element(at: path)!)
                }
                sections.append(ResultsSection(name: "\(part):\(snapshot.name(ofSection: section) ?? "\(section)")", elements: rows))
            }
        }
        _ = try! store.setData(sections: sections)
        _ = store.takeChangeset()
        for (index, part) in parts.enumerated() {
            observations.append(part.observe { [unowned self] update in self.apply(update, ofPart: index + 1) })
        }
    }

    /// Traps unless the mirror's rows of part 1 are `part`'s, in order.
    func check(against part: ResultsController<Row, Int>) {
        let shown = part.reportedSnapshot
        let section = firstSection[1]
        precondition(store.numberOfRawElements(inSection: section) == shown.count, "W14M: the mirror lost the part's rows")
        for row in 0..<shown.count {
            let mirrored = store.element(at: RawIndexPath(row: row, section: section))!
            precondition(mirrored.key == makeKey(1, shown.key(at: ResultsIndexPath(row: row, section: 0))!)
                && mirrored.row == shown.element(at: ResultsIndexPath(row: row, section: 0))!, "W14M: the mirror differs from the part at row \(row)")
        }
    }

    func partsSnapshot(_ part: ResultsController<Row, Int>) -> ResultsController<Row, Int>.Snapshot { part.reportedSnapshot }

    /// Applies a part's batch (UIKit order: deletes at old paths, inserts
    /// at new paths) to the mirror, and reports the mirror's changeset.
    func apply(_ update: ResultsUpdate<ResultsController<Row, Int>.Snapshot>, ofPart part: Int) {
        let offset = firstSection[part]
        if let bulkShare, Double(update.changeset.elementChanges.count) > bulkShare * Double(max(1, update.snapshot.count)) {
            // W14's parts keep their sections: replace each one's rows.
            let snapshot = update.snapshot
            for section in 0..<snapshot.numberOfSections {
                let rows = (0..<(snapshot.numberOfElements(inSection: section) ?? 0)).map { row in
                    let path = ResultsIndexPath(row: row, section: section)
                    return MirrorRow(key: makeKey(part, snapshot.key(at: path)!), row: snapshot.element(at: path)!)
                }
                try! store.replaceSection(at: offset + section, with: ResultsSection(name: "\(part):\(snapshot.name(ofSection: section) ?? "\(section)")", elements: rows))
            }
            let changeset = store.takeChangeset()
            if !changeset.isEmpty { handler(changeset) }
            return
        }
        var removed: [MirrorKey] = []
        var inserted: [(ResultsIndexPath, Row, MirrorKey)] = []
        for change in update.changeset.elementChanges {
            let key = makeKey(part, change.key)
            switch change.change {
            case .delete: removed.append(key)
            case .insert(let to): inserted.append((to, change.element, key))
            case .move(_, let to, _):
                removed.append(key)
                inserted.append((to, change.element, key))
            case .update:
                try! store.replace(MirrorRow(key: key, row: change.element))
            }
        }
        if !removed.isEmpty { store.remove(keys: removed) }
        inserted.sort { $0.0 < $1.0 }
        for (path, row, key) in inserted {
            try! store.insert(MirrorRow(key: key, row: row), at: RawIndexPath(row: path.row, section: path.section + offset))
        }
        let changeset = store.takeChangeset()
        if !changeset.isEmpty { handler(changeset) }
    }
}

/// W14M: W14's three workloads with the composition replaced by a
/// prototype (issue 37, item 3), against the same bare controller:
/// 0. the composed table mirrored in an engine store keyed by
///    `ResultsComposition.Key` (part, type-erased part key), each part
///    change applied as a store operation, the batch from the store's
///    change tracker;
/// 1. the same with a concrete `(part, Int)` key (the cheapest key a
///    mirror could have);
/// 2. as 1, a large batch applied as `replaceSection` (the engine's
///    whole-section diff) instead of row by row;
/// 3. as 2 with the type-erased key;
/// 4. no mirror: the part's changes read through a lazy shift of their
///    section and a composed key (the floor of a pass-through design);
/// 5. as 4, plus loading the part's rows into a fresh keyed store on a
///    large batch (less than any keyed mirror does);
/// 6. no mirror, today's translation: the part's changes converted into
///    an array of composed changes keyed by `ResultsComposition.Key`;
/// 7. as 6 with a concrete `(part, Int)` composed key.
@MainActor
func runMirrorPrototype(size n: Int, repetitions: Repetitions, variant: Int) -> MirrorPrototypeResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 14)
    let rows = makeRows(0..<n, using: &rng)
    var sum = 0
    func read(_ changeset: ResultsChangeset<Row, Int>) {
        for change in changeset.elementChanges {
            sum &+= (change.indexPath?.row ?? 0) &+ (change.newIndexPath?.row ?? 0)
            blackHole(change.element)
        }
        sum &+= changeset.sectionChanges.count
    }
    func makeParts() -> (search: ResultsController<Row, Int>, sectioned: ResultsController<Row, Int>) {
        let search = ResultsController(store: ResultsStore<Row, Int>(key: \.id, sortedBy: [.ascending(\.id)]))
        try! search.setData(rows)
        let sectioned = ResultsController(store: ResultsStore<Row, Int>(
            key: \.id, sortedBy: [.ascending(\.id)], sectionedBy: ResultsSectioning(sectionName: { String(UnicodeScalar(UInt8(97 + $0.group))) })))
        try! sectioned.setData(rows.prefix(n / 10).map { Row(id: $0.id + n, name: $0.name, score: $0.score, group: $0.group) })
        return (search, sectioned)
    }
    let bare = makeParts().search
    let bareObservation = bare.observe { read($0.changeset) }
    let (search, sectioned) = makeParts()
    var result = MirrorPrototypeResult()
    bench_trim()
    let heapBefore = bench_bytes_in_use()
    func readMirrored<K>(_ changeset: ResultsChangeset<MirrorRow<K>, K>) {
        for change in changeset.elementChanges {
            sum &+= (change.indexPath?.row ?? 0) &+ (change.newIndexPath?.row ?? 0)
            blackHole(change.element.row)
        }
        sum &+= changeset.sectionChanges.count
    }
    func readComposed<K>(_ changeset: ResultsChangeset<Row, K>) {
        for change in changeset.elementChanges {
            sum &+= (change.indexPath?.row ?? 0) &+ (change.newIndexPath?.row ?? 0)
            blackHole(change.element)
        }
        sum &+= changeset.sectionChanges.count
    }
    let header = Row(id: -1, name: "header", score: 0, group: 0)
    var mirror: AnyObject
    let mirroredRows: Int
    switch variant {
    case 0:
        let m = MirroredComposition<ResultsComposition<Row>.Key>(
            parts: [search, sectioned], header: header, makeKey: { .row(part: $0, partKey: .init($1)) }, bulkShare: nil, handler: readMirrored)
        mirroredRows = m.store.rawCount
        mirror = m
    case 1:
        let m = MirroredComposition<ConcreteMirrorKey>(
            parts: [search, sectioned], header: header, makeKey: { ConcreteMirrorKey(part: $0, key: $1) }, bulkShare: nil, handler: readMirrored)
        mirroredRows = m.store.rawCount
        mirror = m
    case 2:
        let m = MirroredComposition<ConcreteMirrorKey>(
            parts: [search, sectioned], header: header, makeKey: { ConcreteMirrorKey(part: $0, key: $1) }, bulkShare: 0.125, handler: readMirrored)
        mirroredRows = m.store.rawCount
        mirror = m
    case 4:
        // No mirror: the part's changes passed through, each read with its
        // section shifted past the header and its key composed, as a lazy
        // view would give them (the floor of a pass-through design).
        mirror = search.observe { update in
            for change in update.changeset.elementChanges {
                let key = ResultsComposition<Row>.Key.row(part: 1, partKey: .init(change.key))
                sum &+= ((change.indexPath?.section ?? 0) + 1) &+ (change.indexPath?.row ?? 0) &+ (change.newIndexPath?.row ?? 0)
                blackHole(key)
                blackHole(change.element)
            }
            sum &+= update.changeset.sectionChanges.count
        }
        mirroredRows = 1
    case 5:
        // The least any keyed mirror does on a large batch: the part's rows
        // loaded into a fresh store in one `setData` (no diff, no
        // changeset), the part's changes then read as in variant 4.
        mirror = search.observe { update in
            let snapshot = update.snapshot
            if update.changeset.elementChanges.count > snapshot.count / 8 {
                var store = ResultsStore<MirrorRow<ConcreteMirrorKey>, ConcreteMirrorKey>(key: \.key)
                let rows = (0..<(snapshot.numberOfElements(inSection: 0) ?? 0)).map { row in
                    let path = ResultsIndexPath(row: row, section: 0)
                    return MirrorRow(key: ConcreteMirrorKey(part: 1, key: snapshot.key(at: path)!), row: snapshot.element(at: path)!)
                }
                _ = try! store.setData(rows)
                blackHole(store)
            }
            for change in update.changeset.elementChanges {
                let key = ResultsComposition<Row>.Key.row(part: 1, partKey: .init(change.key))
                sum &+= ((change.indexPath?.section ?? 0) + 1) &+ (change.indexPath?.row ?? 0) &+ (change.newIndexPath?.row ?? 0)
                blackHole(key)
                blackHole(change.element)
            }
            sum &+= update.changeset.sectionChanges.count
        }
        mirroredRows = 1
    case 6:
        // Today's translation, without a mirror: the part's changes
        // converted into an array of composed changes (section shifted,
        // key composed), a changeset made of them and read.
        mirror = search.observe { update in
            readComposed(ResultsChangeset(elementChanges: update.changeset.elementChanges.map { change in
                .init(shifted(change.change, by: 1), key: ResultsComposition<Row>.Key.row(part: 1, partKey: .init(change.key)), element: change.element)
            }))
        }
        mirroredRows = 1
    case 7:
        // As 6, with a concrete composed key (as a part's row identity, an
        // `Int`, would give) in place of the type-erased part key.
        mirror = search.observe { update in
            readComposed(ResultsChangeset(elementChanges: update.changeset.elementChanges.map { change in
                .init(shifted(change.change, by: 1), key: ConcreteMirrorKey(part: 1, key: change.key), element: change.element)
            }))
        }
        mirroredRows = 1
    default:
        let m = MirroredComposition<ResultsComposition<Row>.Key>(
            parts: [search, sectioned], header: header, makeKey: { .row(part: $0, partKey: .init($1)) }, bulkShare: 0.125, handler: readMirrored)
        mirroredRows = m.store.rawCount
        mirror = m
    }
    bench_trim()
    result.bytesPerMirroredRow = Double(Int(bench_bytes_in_use()) - Int(heapBefore)) / Double(mirroredRows)
    do {
        let before = bench_bytes_in_use()
        var plain = ResultsStore<Row, Int>(key: \.id)
        _ = try! plain.setData(rows)
        bench_trim()
        result.bytesPerStoreRow = Double(Int(bench_bytes_in_use()) - Int(before)) / Double(n)
        blackHole(plain)
    }
    defer { bareObservation.cancel() }

    func keystroke(_ threshold: Int) -> ResultsFilter<Row> { ResultsFilter(title: "below \(threshold)", group: "search") { $0.score < threshold } }
    let workloads: [(name: String, prepare: (ResultsController<Row, Int>) -> Void, run: (ResultsController<Row, Int>, Int) -> Void)] = [
        ("one row changed", { _ in }, { controller, repetition in
            var row = rows[n / 2]
            row.score = repetition + 1
            try! controller.replace(row)
        }),
        ("a keystroke changing \(count(n / 100)) rows", { try! $0.addFilter(keystroke(500_000)) }, { controller, _ in
            try! controller.addFilter(keystroke(510_000))
        }),
        ("a cleared search showing \(count(n)) rows", { try! $0.addFilter(keystroke(0)) }, { controller, _ in
            try! controller.clearFilters()
        }),
    ]
    result.cases = workloads.map { ($0.name, Double.infinity, Double.infinity) }
    result.repetitions = repetitions.run { repetition in
        for (index, workload) in workloads.enumerated() {
            workload.prepare(bare)
            workload.prepare(search)
            let changesBefore = sum
            result.cases[index].bare = min(result.cases[index].bare, time(.baseline, "W14M\(variant) \(index) bare") { workload.run(bare, repetition) })
            result.cases[index].composed = min(result.cases[index].composed, time(.ours, "W14M\(variant) \(index) mirrored") { workload.run(search, repetition) })
            if repetition == 0 {
                result.changes.append(sum &- changesBefore)
                // The mirror shows what the part shows, row for row.
                if let mirror = mirror as? MirroredComposition<ResultsComposition<Row>.Key> { mirror.check(against: search) }
                if let mirror = mirror as? MirroredComposition<ConcreteMirrorKey> { mirror.check(against: search) }
            }
            try! bare.clearFilters()
            try! search.clearFilters()
        }
    }
    blackHole(sum)
    blackHole(mirror)
    return result
}

/// `change` with its sections shifted by `offset`.
func shifted(_ change: RowChange, by offset: Int) -> RowChange {
    func shift(_ path: ResultsIndexPath) -> ResultsIndexPath { ResultsIndexPath(row: path.row, section: path.section + offset) }
    return switch change {
    case let .insert(path): .insert(at: shift(path))
    case let .delete(path): .delete(at: shift(path))
    case let .move(from, to, isUpdated): .move(from: shift(from), to: shift(to), isUpdated: isUpdated)
    case let .update(path, newPath): .update(at: shift(path), newIndexPath: shift(newPath))
    }
}
