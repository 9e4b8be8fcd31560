import CBenchmarkSupport
import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation

// MARK: - Rows

/// The benchmark's element: a small value with a primary key.
struct Row: Equatable, Sendable, Identifiable {
    var id: Int
    /// Eight random lowercase letters.
    var name: String
    var score: Int
    /// 0..<26.
    var group: Int
}

extension Row: FieldValueProviding {
    func fieldValue(named field: String) -> FieldValue? {
        switch field {
        case "id": .integer(id)
        case "name": .string(name)
        case "score": .integer(score)
        case "group": .integer(group)
        default: nil
        }
    }
}

// MARK: - Seeded randomness

/// The fixed seed every workload derives its generator from.
let benchmarkSeed: UInt64 = 0x5EED_F11E_7AB1_E5

func makeRow(id: Int, using rng: inout SeededRandomNumberGenerator) -> Row {
    var letters: [UInt8] = []
    letters.reserveCapacity(8)
    for _ in 0..<8 { letters.append(UInt8(ascii: "a") + UInt8(truncatingIfNeeded: rng.next() % 26)) }
    return Row(
        id: id,
        name: String(decoding: letters, as: UTF8.self),
        score: Int(rng.next() % 1_000_000),
        group: Int(rng.next() % 26))
}

/// Rows with ids `ids`, in order.
func makeRows(_ ids: Range<Int>, using rng: inout SeededRandomNumberGenerator) -> [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(ids.count)
    for id in ids { rows.append(makeRow(id: id, using: &rng)) }
    return rows
}

// MARK: - Timing

/// Consumes a value so the optimizer cannot drop the work that made it: the
/// value's address goes to a C function the optimizer cannot see into.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { bench_consume(UnsafeRawPointer($0)) }
}

/// Has the C allocator sort the chunks freed since it last did, as many as
/// a side that drops a whole table of a million rows frees.
///
/// glibc leaves freed chunks it cannot cache per thread unsorted, and the
/// next allocation it cannot serve from that cache sorts them, 10,000 at a
/// time, whoever makes it: measured right after a side that dropped a
/// million-row table, a single edit spent nine tenths of its instructions
/// in one `malloc` sorting those chunks. Workloads whose sides free
/// whole tables call this, untimed, before each side, so that no side
/// pays for the sorting of another's frees (and none for its own).
func sortFreedChunks() {
    for _ in 0..<32 { bench_sort_freed_chunks() }
}

/// Which side of a workload a timed span is.
enum Side {
    /// The library's side.
    case ours
    /// The side the target compares with.
    case baseline
    /// A second baseline, or a figure given for information.
    case other
}

/// The side profiled under `valgrind --tool=callgrind --collect-atstart=no`:
/// ours, or with `RESULTS_BENCH_COLLECT=baseline` in the environment, the baseline.
let profiledSide: Side = ProcessInfo.processInfo.environment["RESULTS_BENCH_COLLECT"] == "baseline" ? .baseline : .ours

/// Whether this process is the instruction-counting child of
/// `--instructions`, run under callgrind: every timed span is collected,
/// and its count dumped under its counter's name (see
/// `InstructionCounts.swift`).
nonisolated(unsafe) var isCountingInstructions = false

/// Whether the repetition running is the one counted: the counting child
/// runs two and counts the second, so that one-time costs (the runtime's
/// first look-ups of generic types, the first growth of the heap) stay out
/// of the counts.
nonisolated(unsafe) var isCountedRepetition = true

/// Seconds `work` takes; its result is consumed (and released) after the
/// clock stops. Only spans of ``profiledSide`` are profiled; when counting
/// instructions, every span with a counter is, and its count goes to it (the
/// counts of spans with one counter add up; a span without one is not
/// counted).
@inline(never)
func time<R>(_ side: Side = .baseline, _ counter: String? = nil, _ work: () throws -> R) rethrows -> Double {
    let collect = isCountingInstructions ? counter != nil && isCountedRepetition : side == profiledSide
    if collect { bench_collect_begin() }
    let clock = ContinuousClock()
    let start = clock.now
    let result = try work()
    let end = clock.now
    if collect { bench_collect_end() }
    if collect && isCountingInstructions, let counter { bench_dump_instructions(counter) }
    blackHole(result)
    return seconds(start.duration(to: end))
}

/// How many times a workload repeats: at least `minimum` times, then on
/// while the workload has run for less than `budget` seconds (at most
/// `maximum` times). Sides compared with each other are measured in the same
/// repetition, one after the other, so that both see the same machine load;
/// cheap workloads get many repetitions, which makes their best time stable
/// on a busy machine.
struct Repetitions {
    var minimum: Int
    var budget: Double
    var maximum = 200

    /// Runs `body` with the repetition's index; returns how many ran.
    @discardableResult
    func run(_ body: (Int) throws -> Void) rethrows -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        while count < maximum && (count < minimum || seconds(start.duration(to: clock.now)) < budget) {
            // The counting child counts the last of its repetitions.
            if isCountingInstructions { isCountedRepetition = count + 1 == min(minimum, maximum) }
            try body(count)
            count += 1
        }
        if isCountingInstructions { isCountedRepetition = true }
        return count
    }

    /// Runs `body`, which may await, on the main actor, as ``run(_:)`` does.
    @MainActor
    @discardableResult
    func runOnMainActor(_ body: (Int) async -> Void) async -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        while count < maximum && (count < minimum || seconds(start.duration(to: clock.now)) < budget) {
            if isCountingInstructions { isCountedRepetition = count + 1 == min(minimum, maximum) }
            await body(count)
            count += 1
        }
        if isCountingInstructions { isCountedRepetition = true }
        return count
    }
}

func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) * 1e-18
}

// MARK: - Longest increasing subsequence (independent of the library's)

/// The length of a longest strictly increasing subsequence (patience sorting).
func lengthOfLongestIncreasingSubsequence(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
        var low = 0
        var high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if tails[mid] < value { low = mid + 1 } else { high = mid }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
}

// MARK: - Event counting

/// Counts a changeset's row changes by kind.
struct ChangeCounts: CustomStringConvertible {
    var inserts = 0, deletes = 0, moves = 0, updates = 0, sections = 0

    init() {}

    /// Counts by kind from the events' positions, as a view applying the
    /// changeset reads them: no event's object is read.
    init(_ changeset: ResultsChangeset<Row, Int>) {
        sections = changeset.sectionChanges.count
        inserts = changeset.rowIndexPaths(.insert).count
        deletes = changeset.rowIndexPaths(.delete).count
        updates = changeset.rowIndexPaths(.update).count
        moves = changeset.rowMoves.count
    }

    mutating func add(_ kind: RowChange.Kind) {
        switch kind {
        case .insert: inserts += 1
        case .delete: deletes += 1
        case .move: moves += 1
        case .update: updates += 1
        }
    }

    var total: Int { inserts + deletes + moves + updates + sections }

    var description: String {
        "\(deletes) deletes, \(inserts) inserts, \(moves) moves, \(updates) updates"
            + (sections > 0 ? ", \(sections) section changes" : "")
    }
}

/// A delegate that counts the events it receives, as a table view would
/// consume them.
final class CountingDelegate: ResultsControllerDelegate {
    var counts = ChangeCounts()
    var batches = 0

    func controllerWillChangeContent(_ controller: ResultsController<Row, Int>) { batches += 1 }
    func controller(_ controller: ResultsController<Row, Int>, didChange section: SectionChange) {
        counts.sections += 1
    }
    func controller(_ controller: ResultsController<Row, Int>, didChange object: ResultsChangeset<Row, Int>.ElementChange) {
        counts.add(object.kind)
        blackHole(object.key)
    }
    func controllerDidChangeContent(_ controller: ResultsController<Row, Int>) {}
    func controllerShouldReload(_ controller: ResultsController<Row, Int>) {}
}

// MARK: - Formatting

func formatTime(_ seconds: Double) -> String {
    if seconds >= 1 { return fixed(seconds, 2) + " s" }
    if seconds >= 1e-3 { return fixed(seconds * 1e3, 2) + " ms" }
    return fixed(seconds * 1e6, 1) + " µs"
}

func formatBytes(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1_048_576, 1) + " MiB"
}

func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if digits == 0 { text = String(text[..<dot]) }
        else if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    } else if digits > 0 {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}

func count(_ n: Int) -> String {
    if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
    if n >= 1_000 && n % 1_000 == 0 { return "\(n / 1_000)k" }
    return "\(n)"
}
