// D1–D5: DatabaseResults against what an app would do without it (D31:
// D3 of one row; D3u,
// D3r and D3d: D3 over a table with a UNIQUE column, the sync pattern's
// INSERT OR REPLACE over it, and the same changes as DELETE + INSERT; D3j:
// D3 through a join, a transaction that renames the authors of 100 posts).
//
//     swift run -c release --package-path Integrations/GRDB grdb-benchmarks [--quick | --rows N]
//         [--only D1 [--opens N] | --only D3|D31|D3u|D3r|D3d|D3j [--transactions N] | --only D4|D5]
//
// Timings are printed, never asserted (they are not tests). The data are
// drawn from a fixed seed. `--only` runs one D3 row (after the opening,
// without D4 and D5) with N transactions: under callgrind, two runs with
// different N tell a commit's instructions, undisturbed by other processes
// (`--only D4` or `--only D5` runs both after the opening, for a profiler):
//
//     valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//         Integrations/GRDB/.build/release/grdb-benchmarks --rows 20000 --only D3 --transactions 10   # and 0

import FilterableResults
import FilterableResultsGRDB
import Foundation
import GRDB

struct Item: Codable, Sendable, FetchableRecord, PersistableRecord {
    var id: Int64
    var name: String
    var letter: String
    var score: Int
}

let quick = CommandLine.arguments.contains("--quick")
let rowsArgument = CommandLine.arguments.firstIndex(of: "--rows").flatMap { index in
    index + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[index + 1]) : nil
}
let rowCount = rowsArgument ?? (quick ? 20_000 : 1_000_000)
guard rowCount > 0 else {
    print("error: --rows must be a positive number of rows")
    exit(2)
}
let only = CommandLine.arguments.firstIndex(of: "--only").flatMap { index in
    index + 1 < CommandLine.arguments.count ? CommandLine.arguments[index + 1] : nil
}
let transactionsArgument = CommandLine.arguments.firstIndex(of: "--transactions").flatMap { index in
    index + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[index + 1]) : nil
}
/// Whether the D3 row `name` runs.
func runs(_ name: String) -> Bool { only == nil || only == name }

/// SplitMix64: the benchmark's data from a fixed seed, so that runs (and
/// callgrind's counts) compare.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> String {
    let (s, attoseconds) = duration.components
    return String(format: "%.1f ms", (Double(s) + Double(attoseconds) / 1e18) * 1000)
}

func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
    let start = clock.now
    let value = try await body()
    return (value, clock.now - start)
}

/// Resident memory in bytes (Linux; 0 elsewhere).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-benchmarks-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
var configuration = Configuration()
configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
let pool = try DatabasePool(path: folder.appendingPathComponent("items.sqlite").path, configuration: configuration)
let letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
var random = SeededGenerator(state: 42)
try pool.write { db in
    try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, letter TEXT NOT NULL, score INTEGER NOT NULL)")
    let statement = try db.makeStatement(sql: "INSERT INTO item VALUES (?, ?, ?, ?)")
    var generator = SeededGenerator(state: 7)
    for id in 1...rowCount {
        let name = String((0..<8).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122, using: &generator))) })
        try statement.execute(arguments: [id, name, letters[id % 26], Int.random(in: 0..<1000, using: &generator)])
    }
}
print("\(rowCount) rows")

let request = DatabaseResultsRequest(table: "item", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "letter")

// D1: open, sorted in 26 sections, vs fetching the keys into [Int].
let (keys, keysTime) = try await measure { try await pool.read { db in try Int.fetchAll(db, sql: "SELECT id FROM item") } }
let (sortedKeys, sortedKeysTime) = try await measure {
    try await pool.read { db in try Int.fetchAll(db, sql: "SELECT id FROM item ORDER BY letter, score DESC, name, id") }
}
let memoryBefore = residentBytes()
let (items, openTime) = try await measure { try await DatabaseResults<Item, Int64>(pool, request: request) }
let memoryAfter = residentBytes()
print("D1 open: \(seconds(openTime)) (\(items.reportedSnapshot.numberOfSections) sections); SELECT id into [Int]: \(seconds(keysTime)) (\(keys.count)); the same ordered query, SELECT id ... ORDER BY: \(seconds(sortedKeysTime)) (\(sortedKeys.count)); open / ordered keys: \(String(format: "%.2f", openTime / sortedKeysTime))x")

// D2: memory per row held by the source (resident delta; coarse).
print("D2 memory: \((memoryAfter - memoryBefore) / rowCount) bytes per row (resident delta \((memoryAfter - memoryBefore) / 1_000_000) MB)")

// `--only D1 --opens N`: N more opens, each closed before the next, for a
// profiler (and their median, which one open cannot give).
if only == "D1" {
    var times: [Duration] = []
    let opens = CommandLine.arguments.firstIndex(of: "--opens").flatMap { index in
        index + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[index + 1]) : nil
    }
    for _ in 0..<max(1, opens ?? 10) {
        let (source, time) = try await measure { try await DatabaseResults<Item, Int64>(pool, request: request) }
        precondition(source.reportedSnapshot.count == rowCount)
        times.append(time)
    }
    times.sort()
    print("D1 opens: median \(seconds(times[times.count / 2])), fastest \(seconds(times[0])) of \(times.count)")
    exit(0)
}

// D3: a 100-row transaction: the source's batch vs ValueObservation's way,
// a refetch of the ordered keys and a difference. The median of several
// transactions, from the end of each (on the writer, just before its
// commit) to the update that reports it.
let d3Transactions = transactionsArgument ?? (quick ? 9 : 15)

/// The instants of the end of the transaction and of the update that reports it.
final class Instants: @unchecked Sendable {
    let lock = NSLock()
    var commit: ContinuousClock.Instant?
    var update: ContinuousClock.Instant?
}

/// The process's CPU time in seconds (every thread): unlike the
/// latency, barely moved by other processes on a loaded machine.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The latencies from commit to reported update of `count` transactions
/// written by `body` (given the transaction's number), sorted; the CPU
/// time of each, from its first statement to its update applied, sorted;
/// and the number of changes of the last update.
@MainActor
func commitLatencies(
    _ source: DatabaseResults<Item, Int64>, count: Int, _ body: @escaping @Sendable (Database, Int) throws -> Void
) async throws -> (latencies: [Duration], cpu: [Double], changes: Int) {
    var latencies: [Duration] = []
    var cpu: [Double] = []
    var changes = 0
    for number in 0..<count {
        let cpuStart = cpuSeconds()
        defer { cpu.append(cpuSeconds() - cpuStart) }
        let instants = Instants()
        let observation = source.observe { update in
            changes = update.changeset.count
            instants.lock.withLock { instants.update = instants.update ?? clock.now }
        }
        try await pool.write { db in
            try body(db, number)
            // The commit follows at once: what comes after is the source's.
            instants.lock.withLock { instants.commit = clock.now }
        }
        await source.synchronize()
        observation.cancel()
        latencies.append(instants.lock.withLock { (instants.update ?? clock.now) - (instants.commit ?? clock.now) })
    }
    return (latencies.sorted(), cpu.sorted(), changes)
}

/// A median CPU time in milliseconds.
func cpuMedian(_ cpu: [Double]) -> String { String(format: "%.1f ms", cpu[cpu.count / 2] * 1000) }

let d3IDs = (0..<d3Transactions).map { _ in (0..<100).map { _ in Int64.random(in: 1...Int64(rowCount), using: &random) } }
let d3 = try await commitLatencies(items, count: runs("D3") ? d3Transactions : 0) { db, number in
    for id in d3IDs[number] { try db.execute(sql: "UPDATE item SET score = score + 7 WHERE id = ?", arguments: [id]) }
}
let old = sortedKeys
let (_, refetchTime) = try await measure {
    let new = try await pool.read { db in try Int.fetchAll(db, sql: "SELECT id FROM item ORDER BY letter, score DESC, name, id") }
    return new.difference(from: old).count
}
let latency = d3.latencies.isEmpty ? refetchTime : d3.latencies[d3.latencies.count / 2]
if !d3.latencies.isEmpty { print("D3 100-row transaction: commit to reported update \(seconds(latency)) (median of \(d3Transactions); \(seconds(d3.latencies[0]))–\(seconds(d3.latencies.last!)); \(d3.changes) changes; CPU \(cpuMedian(d3.cpu))); refetch + difference(from:): \(seconds(refetchTime)) (\(String(format: "%.0f", refetchTime / latency))x)") }

// D31: D3's transaction of one row: what a commit costs whatever its size.
let d31 = try await commitLatencies(items, count: runs("D31") ? d3Transactions : 0) { db, number in
    try db.execute(sql: "UPDATE item SET score = score + 7 WHERE id = ?", arguments: [d3IDs[number][0]])
}
if !d31.latencies.isEmpty {
    let oneRowLatency = d31.latencies[d31.latencies.count / 2]
    print("D31 1-row transaction: commit to reported update \(seconds(oneRowLatency)) (median of \(d3Transactions); \(seconds(d31.latencies[0]))–\(seconds(d31.latencies.last!)); \(d31.changes) changes; CPU \(cpuMedian(d31.cpu))); refetch + difference(from:) as D3: \(String(format: "%.0f", refetchTime / oneRowLatency))x")
}

// D3r: the sync pattern over a table with a UNIQUE remote id: transactions
// of 100 `INSERT OR REPLACE` by remote id under new local ids (each
// deletes the row that had the remote id: SQLite reports no delete),
// through the same pool.
try pool.write { db in
    try db.execute(sql: "CREATE TABLE synced (id INTEGER PRIMARY KEY, remote TEXT NOT NULL UNIQUE, name TEXT NOT NULL, letter TEXT NOT NULL, score INTEGER NOT NULL)")
    try db.execute(sql: "INSERT INTO synced SELECT id, 'r' || id, name, letter, score FROM item")
}
let synced = try await DatabaseResults<Item, Int64>(
    pool, request: DatabaseResultsRequest(table: "synced", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "letter"))
// D3u: D3's transaction (100 scores written) over the table with the
// UNIQUE column: what the lookups of rows `REPLACE` may have deleted cost
// a commit that deleted none.
let d3u = try await commitLatencies(synced, count: runs("D3u") ? d3Transactions : 0) { db, number in
    for id in d3IDs[number] { try db.execute(sql: "UPDATE synced SET score = score + 7 WHERE id = ?", arguments: [id]) }
}
if !d3u.latencies.isEmpty {
    let uniqueLatency = d3u.latencies[d3u.latencies.count / 2]
    print("D3u D3's transaction over a table with a UNIQUE column: commit to reported update \(seconds(uniqueLatency)) (median of \(d3Transactions); \(seconds(d3u.latencies[0]))–\(seconds(d3u.latencies.last!)); \(d3u.changes) changes; CPU \(cpuMedian(d3u.cpu))); \(String(format: "%.2f", uniqueLatency / latency))x D3's")
}

// Distinct remote ids, each replaced once (D3r then D3d): as many as
// the table has, at most, so a run of many transactions over a small
// table replaces fewer rows rather than looking for more forever.
var remotes = Set<Int64>()
let remoteCount = runs("D3r") || runs("D3d") ? min(200 * d3Transactions, rowCount) : 0
while remotes.count < remoteCount { remotes.insert(Int64.random(in: 1...Int64(rowCount), using: &random)) }
let replaced = Array(remotes)
let scores = replaced.map { _ in Int.random(in: 0..<1000, using: &random) }
let d3r = try await commitLatencies(synced, count: runs("D3r") ? d3Transactions : 0) { db, number in
    for offset in (100 * number)..<(100 * number + 100) {
        try db.execute(
            sql: "INSERT OR REPLACE INTO synced (id, remote, name, letter, score) VALUES (?, ?, 'replaced', 'A', ?)",
            arguments: [Int64(rowCount) + 1 + Int64(offset), "r\(replaced[offset % replaced.count])", scores[offset % replaced.count]])
    }
}
if !d3r.latencies.isEmpty {
    let syncedLatency = d3r.latencies[d3r.latencies.count / 2]
    let syncedCount = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM synced")! }
    print("D3r 100 INSERT OR REPLACE over a UNIQUE column: commit to reported update \(seconds(syncedLatency)) (median of \(d3Transactions); \(seconds(d3r.latencies[0]))–\(seconds(d3r.latencies.last!)); \(d3r.changes) changes; CPU \(cpuMedian(d3r.cpu)); shown \(synced.reportedSnapshot.count) rows, the table \(syncedCount)); refetch + difference(from:) as D3: \(String(format: "%.0f", refetchTime / syncedLatency))x")
}
// D3d: D3r's changes written so that SQLite reports the deletes (DELETE
// by remote id, then INSERT): D3r less D3d is what finding the rows
// `REPLACE` deleted costs.
let d3d = try await commitLatencies(synced, count: runs("D3d") ? d3Transactions : 0) { db, number in
    for offset in (100 * (d3Transactions + number))..<(100 * (d3Transactions + number) + 100) {
        try db.execute(sql: "DELETE FROM synced WHERE remote = ?", arguments: ["r\(replaced[offset % replaced.count])"])
        try db.execute(
            sql: "INSERT INTO synced (id, remote, name, letter, score) VALUES (?, ?, 'replaced', 'A', ?)",
            arguments: [Int64(rowCount) + 1 + Int64(offset), "r\(replaced[offset % replaced.count])", scores[offset % replaced.count]])
    }
}
if !d3d.latencies.isEmpty {
    let deletedLatency = d3d.latencies[d3d.latencies.count / 2]
    print("D3d D3r's changes as DELETE + INSERT: commit to reported update \(seconds(deletedLatency)) (median of \(d3Transactions); \(seconds(d3d.latencies[0]))–\(seconds(d3d.latencies.last!)); \(d3d.changes) changes; CPU \(cpuMedian(d3d.cpu)))")
}
// D3j: D3 through a join: posts (D3's rows) with their author's name,
// ten posts an author; a transaction renames ten authors, whose 100 posts
// are reported updated. The baseline is D3's: a refetch of the ordered
// keys and a difference (which sees no rename: an app would have to
// fetch and compare the records too, so the ratio understates the gain).
if runs("D3j") {
    let authorCount = max(1, rowCount / 10)
    try pool.write { db in
        try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try db.execute(sql: "WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n WHERE id < ?) INSERT INTO author SELECT id, 'author ' || id FROM n", arguments: [authorCount])
        try db.execute(sql: "CREATE TABLE post (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), name TEXT NOT NULL, letter TEXT NOT NULL, score INTEGER NOT NULL)")
        try db.execute(sql: "INSERT INTO post SELECT id, 1 + id % ?, name, letter, score FROM item", arguments: [authorCount])
        try db.execute(sql: "CREATE INDEX post_author ON post(authorId)")
    }
    let posts = try await DatabaseResults<Item, Int64>(pool, request: DatabaseResultsRequest(
        table: "post", joining: [.init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])],
        orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "letter"))
    let renamed = (0..<d3Transactions).map { _ in (0..<10).map { _ in Int64.random(in: 1...Int64(authorCount), using: &random) } }
    let d3j = try await commitLatencies(posts, count: d3Transactions) { db, number in
        for id in renamed[number] { try db.execute(sql: "UPDATE author SET name = name || '!' WHERE id = ?", arguments: [id]) }
    }
    let joinLatency = d3j.latencies[d3j.latencies.count / 2]
    print("D3j D3 through a join, 10 authors of 100 posts renamed: commit to reported update \(seconds(joinLatency)) (median of \(d3Transactions); \(seconds(d3j.latencies[0]))–\(seconds(d3j.latencies.last!)); \(d3j.changes) changes; CPU \(cpuMedian(d3j.cpu))); refetch + difference(from:) as D3: \(String(format: "%.0f", refetchTime / joinLatency))x")
}
if let only, only != "D4", only != "D5" {
    try? FileManager.default.removeItem(at: folder)
    exit(0)
}

// D4: element(at:) while scrolling 10,000 rows, or the whole table when
// smaller (batches of 50 read as needed).
let snapshot = items.reportedSnapshot
let scrolledCount = min(10_000, snapshot.count)
let scrollCPUStart = cpuSeconds()
let (found, scrollTime) = await measure {
    var found = 0
    var row = 0, section = 0
    for _ in 0..<scrolledCount {
        if row >= (snapshot.numberOfElements(inSection: section) ?? 0) { row = 0; section += 1 }
        if snapshot.element(at: ResultsIndexPath(row: row, section: section)) != nil { found += 1 }
        row += 1
    }
    return found
}
let (scrollSeconds, scrollAttoseconds) = (scrollTime / scrolledCount).components
let scrollCPU = (cpuSeconds() - scrollCPUStart) / Double(scrolledCount)
print("D4 element(at:) scrolling: \(String(format: "%.2f", (Double(scrollSeconds) + Double(scrollAttoseconds) / 1e18) * 1e6)) µs per row (\(found) rows; CPU \(String(format: "%.2f", scrollCPU * 1e6)) µs per row)")
// D4's floor: the same rows' records read directly, 50 by key per read
// through the pool, as the source reads them.
var scrolledKeys: [Int64] = []
do {
    var row = 0, section = 0
    for _ in 0..<scrolledCount {
        if row >= (snapshot.numberOfElements(inSection: section) ?? 0) { row = 0; section += 1 }
        scrolledKeys.append(snapshot.key(at: ResultsIndexPath(row: row, section: section))!)
        row += 1
    }
}
let floorCPUStart = cpuSeconds()
let (floorFound, floorTime) = try await measure {
    var found = 0
    for start in stride(from: 0, to: scrolledKeys.count, by: 50) {
        let keys = Array(scrolledKeys[start..<min(start + 50, scrolledKeys.count)])
        found += try pool.read { db in try Item.fetchAll(db, keys: keys).count }
    }
    return found
}
let floorCPU = (cpuSeconds() - floorCPUStart) / Double(scrolledCount)
print("D4 floor: the same records read directly, 50 by key a read: \(String(format: "%.2f", floorTime / .microseconds(scrolledCount))) µs per row (\(floorFound) rows; CPU \(String(format: "%.2f", floorCPU * 1e6)) µs per row)")

// D5: search keystrokes vs their SQL alone: a first keystroke ("ab", every
// row tested) and one that narrows it ("abc", only the matches tested).
for (text, previous) in [("ab", ""), ("abc", "ab")] {
    let (_, keystrokeTime) = try await measure { try await items.search(for: text, in: ["name"]) }
    let (matches, sqlTime) = try await measure {
        try await pool.read { db in try Int.fetchAll(db, sql: "SELECT id FROM item WHERE instr(lower(name), ?) > 0", arguments: [text]) }
    }
    print("D5 keystroke \"\(text)\" after \"\(previous)\": \(seconds(keystrokeTime)) (\(items.reportedSnapshot.count) rows); the SQL alone (instr over lower()): \(seconds(sqlTime)) (\(matches.count)); \(String(format: "%.2f", keystrokeTime / sqlTime))x")
}
