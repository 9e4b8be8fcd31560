import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation

// results-benchmarks: runs the workloads of shared/BENCHMARKS.md side by side
// with their baselines in one release build and prints one table.
//
//     swift run -c release --package-path Benchmarks results-benchmarks [--quick] [--reps N] [--only W1,W3] [--instructions]
//
// CI runs `--smoke` in a debug build: every workload once, at a hundredth of
// its quick size, to show that each builds and runs (its ratios mean nothing).

struct Configuration {
    var quick = false
    /// `--smoke`: every workload at a hundredth of its quick size, once.
    var smoke = false
    var reps = 5
    var budget: Double? = nil
    var only: Set<String>? = nil
    /// `--instructions`: count each row's instructions in a callgrind child.
    var countsInstructions = false
    /// `--instruction-child`: this process is that child.
    var isInstructionChild = false
    var refreshSize: Int { sized(quick: 10_000, full: 100_000) }
    var largeRefreshSize: Int { sized(quick: 100_000, full: 1_000_000) }
    var mergePruneSize: Int { sized(quick: 10_000, full: 100_000) }
    var wholeTableSize: Int { sized(quick: 10_000, full: 100_000) }
    /// T1, T3, T4: the issue's 100k rows.
    var tableFeatureSize: Int { sized(quick: 10_000, full: 100_000) }
    var liveSearchSize: Int { sized(quick: 100_000, full: 1_000_000) }
    var oneEditSize: Int { sized(quick: 100_000, full: 1_000_000) }
    var manyEditsSize: Int { sized(quick: 10_000, full: 100_000) }
    var manyEditsCount: Int { manyEditsSize / 10 }
    var memorySize: Int { sized(quick: 100_000, full: 1_000_000) }
    var growthSizesOverride: [Int]? = nil
    var growthSizes: [Int] { growthSizesOverride ?? [10_000, 100_000, 1_000_000].map { sized(quick: $0 / 10, full: $0) } }
    var pageMergeSize: Int { sized(quick: 100_000, full: 1_000_000) }
    var lookupSize: Int { sized(quick: 100_000, full: 1_000_000) }
    var searchSize: Int { sized(quick: 100_000, full: 1_000_000) }
    var scenarioFileSize: Int { sized(quick: 100_000, full: 1_000_000) }
    var sectionOrderSize: Int { sized(quick: 10_000, full: 100_000) }
    var matchesRows: Int { sized(quick: 10_000, full: 100_000) }
    var compositionSize: Int { sized(quick: 10_000, full: 100_000) }
    var matchesTextBytes: Int { sized(quick: 100_000, full: 1_000_000) }
    /// How long the standard library diff may keep repeating (W1 (b)).
    var stdlibDiffBudget: Double { smoke ? 0 : quick ? 5 : 60 }
    /// Each workload repeats at least `reps` times, then on until it has run this long.
    var repetitions: Repetitions {
        smoke ? Repetitions(minimum: 1, budget: 0) : Repetitions(minimum: reps, budget: budget ?? (quick ? 0.5 : 4))
    }

    /// A workload's size: `full` normally, `quick` with `--quick`, a
    /// hundredth of `quick` (at least 100) with `--smoke`.
    func sized(quick quickSize: Int, full: Int) -> Int {
        smoke ? max(quickSize / 100, 100) : quick ? quickSize : full
    }

    func runs(_ workload: String) -> Bool {
        // The counting child skips the rows it cannot count: W5 measures
        // memory, W12 runs in child processes of its own, and T3 awaits
        // the main actor's next turn, which valgrind 3.19 does not survive
        // (the main queue is drained on a worker thread after dispatchMain).
        if isInstructionChild && (workload == "W5" || workload == "W12" || workload == "T3") { return false }
        return only.map { $0.contains(workload) } ?? true
    }
}

struct TableRow {
    var workload: String
    var ours: String
    var baseline: String
    var ratio: String
    var target: String
    var held: String
    /// What the row's instruction count reads, with `--instructions`.
    var instructions: InstructionCell? = nil
    /// The instruction count's text, when counted.
    var instructionsText = ""
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("· \(message)\n".utf8))
}

func heldMark(_ held: Bool) -> String { held ? "yes" : "NO" }

func parseArguments() -> Configuration {
    var configuration = Configuration()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--quick":
            configuration.quick = true
        case "--smoke":
            configuration.smoke = true
        case "--reps":
            guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else {
                fatalError("--reps needs a positive number")
            }
            configuration.reps = value
        case "--budget":
            guard let value = arguments.popFirst().flatMap({ Double($0) }), value >= 0 else {
                fatalError("--budget needs a number of seconds")
            }
            configuration.budget = value
        case "--growth-sizes":
            guard let value = arguments.popFirst(), case let sizes = value.split(separator: ",").compactMap({ Int($0) }), !sizes.isEmpty
            else { fatalError("--growth-sizes needs sizes such as 10000,100000") }
            configuration.growthSizesOverride = sizes
        case "--instructions":
            configuration.countsInstructions = true
        case "--instruction-child":
            configuration.isInstructionChild = true
            isCountingInstructions = true
        case "--only":
            guard let value = arguments.popFirst() else { fatalError("--only needs a list such as W1,W3") }
            configuration.only = Set(value.uppercased().split(separator: ",").map(String.init))
        case "--memory-child":
            guard let holder = arguments.popFirst().flatMap(MemoryHolder.init(rawValue:)),
                  let size = arguments.popFirst().flatMap({ Int($0) })
            else { fatalError("--memory-child store|identified-array SIZE") }
            runMemoryChild(holder, size: size)
            exit(0)
        case "--scenario-child":
            guard let path = arguments.popFirst() else { fatalError("--scenario-child PATH") }
            runScenarioChild(path: path)
            exit(0)
        case "--help", "-h":
            print("usage: results-benchmarks [--quick | --smoke] [--reps N] [--budget SECONDS] [--growth-sizes 10000,100000] [--only W1,W1M,W2,W2B,W3,W4,W5,W6,W7,W8,W9,W9B,W10,W11,W11c,W12,W13,W14,W14M,W15,O1,O2,U1,T1,T2,T3,T4,T5] [--instructions]")
            exit(0)
        default:
            fatalError("unknown argument \(argument); see --help")
        }
    }
    return configuration
}

let configuration = parseArguments()
let reps = configuration.repetitions.minimum
let repetitions = configuration.repetitions
var table: [TableRow] = []
var notes: [String] = []

// MARK: W1 and W6

if configuration.runs("W1") {
    let n = configuration.refreshSize
    progress("W1 refresh, \(count(n)) rows")
    // The counting child leaves out the standard library's diff: it takes
    // seconds, so minutes under callgrind.
    let r = runRefresh(
        size: n, repetitions: repetitions, baselines: true, stdlibDiffBudget: configuration.stdlibDiffBudget,
        stdlibDiff: !configuration.isInstructionChild)
    let dictionary = r.dictionary!, diff = r.stdlibDiff ?? .nan
    table.append(TableRow(
        workload: "W1 refresh \(count(n)) vs (a) Dictionary(uniqueKeysWithValues:)",
        ours: formatTime(r.ours), baseline: formatTime(dictionary),
        ratio: fixed(r.ours / dictionary, 2) + "×", target: "≤ 2×", held: heldMark(r.ours <= 2 * dictionary),
        instructions: .sides(ours: "W1 ours \(n)", baseline: "W1 floor \(n)")))
    table.append(TableRow(
        workload: "W1 refresh \(count(n)) vs (b) stdlib difference(from:).inferringMoves()",
        ours: formatTime(r.ours), baseline: formatTime(diff) + (r.stdlibDiffRuns < reps ? " (\(r.stdlibDiffRuns) run\(r.stdlibDiffRuns == 1 ? "" : "s"))" : ""),
        ratio: fixed(diff / r.ours, 1) + "× faster", target: "≥ 100× faster", held: heldMark(diff >= 100 * r.ours),
        instructions: .sides(ours: "W1 ours \(n)", baseline: nil)))
    table.append(TableRow(
        workload: "W1 move events vs minimum (rows outside an LIS of old positions)",
        ours: "\(r.counts.moves) moves", baseline: "\(r.expected.moves) min", ratio: "—", target: "equal",
        held: heldMark(r.counts.moves == r.expected.moves)))
    notes.append("W1 changeset: \(r.counts); expected \(r.expected). Best of \(r.repetitions) repetitions; (b) best of \(r.stdlibDiffRuns).")
    let large = configuration.largeRefreshSize
    progress("W1 refresh, \(count(large)) rows")
    let l = runRefresh(size: large, repetitions: repetitions, baselines: true, stdlibDiffBudget: 0, stdlibDiff: false)
    table.append(TableRow(
        workload: "W1 refresh \(count(large)) vs (a) Dictionary(uniqueKeysWithValues:)",
        ours: formatTime(l.ours), baseline: formatTime(l.dictionary!),
        ratio: fixed(l.ours / l.dictionary!, 2) + "×", target: "≤ 2×", held: heldMark(l.ours <= 2 * l.dictionary!),
        instructions: .sides(ours: "W1 ours \(large)", baseline: "W1 floor \(large)")))
    notes.append("W1 at \(count(large)): changeset \(l.counts); expected \(l.expected)\(l.counts.moves == l.expected.moves ? "" : " (moves NOT minimal)"). Best of \(l.repetitions).")
    if r.stdlibDiffRuns < reps {
        notes.append("W1 (b): the standard library diff ran \(r.stdlibDiffRuns) time(s), not \(reps): one run takes \(formatTime(diff)) (O((N+M)·D) time, O(D²) memory).")
    }
}

if configuration.runs("W1M") {
    let n = configuration.refreshSize
    progress("W1M refresh as a pruning merge, \(count(n)) rows")
    let r = runRefreshAsMerge(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "W1M merge(prune: true) \(count(n)) vs setData of the same rows",
        ours: formatTime(r.merge), baseline: formatTime(r.setData),
        ratio: fixed(r.merge / r.setData, 2) + "×", target: "—", held: "—",
        instructions: .sides(ours: "W1M merge", baseline: "W1M setData")))
    table.append(TableRow(
        workload: "W1M merge(prune: true, keepingFetchOrder: true) \(count(n)) vs setData",
        ours: formatTime(r.mergeInFetchOrder), baseline: formatTime(r.setData),
        ratio: fixed(r.mergeInFetchOrder / r.setData, 2) + "×", target: "≤ 1.1×, same rows",
        held: heldMark(r.mergeInFetchOrder <= 1.1 * r.setData && r.sameRows),
        instructions: .sides(ours: "W1M merge in fetch order", baseline: "W1M setData")))
    notes.append("W1M: a pruning merge keeps the old order and appends new rows; in fetch order it leaves the rows setData leaves (\(r.sameRows ? "checked" : "NOT the same")). Best of \(r.repetitions).")
}

if configuration.runs("W6") {
    let sizes = configuration.growthSizes
    progress("W6 growth: W1 at \(sizes.map(count).joined(separator: ", ")) rows, interleaved")
    let results = runGrowth(sizes: sizes, repetitions: repetitions)
    for i in 1..<sizes.count {
        let growth = results[i].ours / results[i - 1].ours
        let floorGrowth = results[i].dictionary! / results[i - 1].dictionary!
        table.append(TableRow(
            workload: "W6 growth: W1 \(count(sizes[i - 1])) → \(count(sizes[i])) vs the floor's growth",
            ours: fixed(growth, 1) + "× (\(formatTime(results[i].ours)))",
            baseline: fixed(floorGrowth, 1) + "× (\(formatTime(results[i].dictionary!)))",
            ratio: fixed(growth / floorGrowth, 2) + "×", target: "≤ 1.2×", held: heldMark(growth <= 1.2 * floorGrowth),
            instructions: .growth(
                ours: ("W6 ours \(sizes[i - 1])", "W6 ours \(sizes[i])"), floor: ("W6 floor \(sizes[i - 1])", "W6 floor \(sizes[i])"))))
    }
    let agree = results.allSatisfy { $0.counts.moves == $0.expected.moves && $0.counts.total == $0.expected.total }
    notes.append("W6: best of \(results[0].repetitions) repetitions, every size in each; changesets \(agree ? "as expected (moves minimal)" : "NOT as expected: " + results.map { "\(count($0.size)): \($0.counts) vs \($0.expected)" }.joined(separator: "; ")).")
}

// MARK: W2 and W2b

if configuration.runs("W2") || configuration.runs("W2B") {
    let n = configuration.liveSearchSize
    progress("W2 live search, \(count(n)) rows in 26 sections\(configuration.runs("W2B") ? ", and W2b" : "")")
    var data = LiveSearchData(size: n)
    var formatFilter: ResultsFilter<Row>? = nil
    var formatError: (any Error)? = nil
    if configuration.runs("W2B") {
        do { formatFilter = try makeFormatFilter() } catch { formatError = error }
    }
    let r = runLiveSearch(&data, repetitions: repetitions, format: formatFilter)
    table.append(TableRow(
        workload: "W2 filter keystroke \(count(n)) rows, 26 sections vs Array.filter (closure value)",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.ours / r.baseline, 2) + "×", target: "≤ 1.1×", held: heldMark(r.ours <= 1.1 * r.baseline),
        instructions: .sides(ours: "W2 ours", baseline: "W2 filter")))
    table.append(TableRow(
        workload: "W2 same vs Array.filter with the predicate inlined (information)",
        ours: formatTime(r.ours), baseline: formatTime(r.inlinedBaseline),
        ratio: fixed(r.ours / r.inlinedBaseline, 2) + "×", target: "—", held: "—",
        instructions: .sides(ours: "W2 ours", baseline: "W2 filter inlined")))
    notes.append("W2's baseline is Array.filter with the new predicate as a closure value the optimizer cannot see into, as a user's filter is; the second W2 row's baseline is the same closure as a static let, which the optimizer inlines into the loop.")
    notes.append("W2 changeset: \(r.counts); expected \(r.expectedDeletes) deletes. Best of \(r.repetitions) repetitions.")
    if let format = r.format {
        table.append(TableRow(
            workload: "W2b same with format string \"score < 450000\" vs W2",
            ours: formatTime(format), baseline: formatTime(r.ours),
            ratio: fixed(format / r.ours, 2) + "×", target: "≤ 3×", held: heldMark(format <= 3 * r.ours),
            instructions: .sides(ours: "W2b ours", baseline: "W2 ours")))
        if r.formatCounts.deletes != r.counts.deletes || r.formatCounts.total != r.counts.total {
            notes.append("W2b changeset differs from W2's: \(r.formatCounts).")
        }
    } else if let formatError {
        table.append(TableRow(
            workload: "W2b same with format string vs W2", ours: "n/a", baseline: formatTime(r.ours),
            ratio: "—", target: "≤ 3×", held: "n/a (\(formatError))"))
    }
}

// MARK: W3

if configuration.runs("W3") {
    let n = configuration.oneEditSize
    progress("W3 one edit in \(count(n)) rows")
    let r = runOneEdit(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "W3 add + replace + remove, \(count(n)) rows, 3 batches vs setData each",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.baseline / r.ours, 1) + "× cheaper", target: "≥ 10,000× cheaper",
        held: heldMark(r.baseline >= 10_000 * r.ours),
        instructions: .sides(ours: "W3 ours", baseline: "W3 setData", cheaper: true)))
    notes.append("W3: \(formatTime(r.ours / 3)) per edit. Events per repetition: \(r.events) (whole-table diffs: \(r.baselineCounts)). Best of \(r.repetitions).")
}

// MARK: W4

if configuration.runs("W4") {
    let n = configuration.manyEditsSize
    let k = configuration.manyEditsCount
    progress("W4 \(count(k)) edits in one batch on \(count(n)) rows")
    let r = runManyEdits(size: n, editCount: k, repetitions: repetitions)
    table.append(TableRow(
        workload: "W4 \(count(k)) edits, one batch, \(count(n)) rows, delegate vs no observer",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.ours / r.baseline, 2) + "×", target: "≤ 1.5×", held: heldMark(r.ours <= 1.5 * r.baseline),
        instructions: .sides(ours: "W4 ours", baseline: "W4 bare")))
    notes.append("W4 edits: \(r.edits.inserts) inserts, \(r.edits.removes) removes, \(r.edits.replaces) replaces; events: \(r.events). Best of \(r.repetitions).")
    notes.append("W4 (information) the same batch through performBatchUpdates, with its rollback copy: \(formatTime(r.rollbackForm)) (\(fixed(r.rollbackForm / r.baseline, 2))× the baseline).")
}

// MARK: W7 and W8

if configuration.runs("W7") {
    let n = configuration.refreshSize
    progress("W7 prepared merge, \(count(n)) rows")
    let r = runPreparedMerge(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "W7 apply a prepared W1 page, \(count(n)) rows, vs setData there",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(100 * r.ours / r.baseline, 1) + "%", target: "≤ 5%", held: heldMark(r.ours <= 0.05 * r.baseline),
        instructions: .sides(ours: "W7 apply", baseline: "W7 setData", percent: true)))
    notes.append("W7 changes counted: applied \(r.counts), setData \(r.baselineCounts); preparing on another thread took \(formatTime(r.preparation)); applying with a delegate told of every change (information): \(formatTime(r.withDelegate)) (\(fixed(100 * r.withDelegate / r.baseline, 1))% of setData without one). Best of \(r.repetitions).")
}

if configuration.runs("W8") {
    let n = configuration.refreshSize
    progress("W8 sort change, \(count(n)) rows")
    let r = runSortChange(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "W8 setSortKeys on \(count(n)) rows vs Array.sort",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.ours / r.baseline, 2) + "×", target: "≤ 3×", held: heldMark(r.ours <= 3 * r.baseline),
        instructions: .sides(ours: "W8 ours", baseline: "W8 sort")))
    notes.append("W8 events: \(r.counts). Best of \(r.repetitions).")
}

// MARK: W9 to W13

if configuration.runs("W9") {
    let n = configuration.pageMergeSize
    progress("W9 page merge into \(count(n)) rows")
    let r = runPageMerge(size: n, page: 100, repetitions: repetitions)
    table.append(TableRow(
        workload: "W9 merge 100 rows (50 changed, 50 new) into \(count(n)) vs setData of the result",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.baseline / r.ours, 1) + "× cheaper", target: "≥ 1,000× cheaper",
        held: heldMark(r.baseline >= 1_000 * r.ours),
        instructions: .sides(ours: "W9 merge", baseline: "W9 setData", cheaper: true)))
    notes.append("W9 changesets: merge \(r.counts), setData \(r.baselineCounts). Best of \(r.repetitions).")
}

if configuration.runs("W9") || configuration.runs("W9B") {
    let n = configuration.mergePruneSize
    progress("W9b merge(prune: true) of a full page of \(count(n)) rows")
    let r = runMergePrune(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "W9b merge(prune: true) of a full \(count(n)) page vs setData of it",
        ours: formatTime(r.merge), baseline: formatTime(r.setData),
        ratio: fixed(r.merge / r.setData, 2) + "×", target: "≤ 1.1×, same rows",
        held: heldMark(r.merge <= 1.1 * r.setData && r.sameRows),
        instructions: .sides(ours: "W9b merge", baseline: "W9b setData")))
    notes.append("W9b: the page keeps the store's order (10% gone, 10% changed, 10% new at the end), so both leave the same rows (\(r.sameRows ? "checked" : "NOT the same")); changesets: merge \(r.counts), setData \(r.setDataCounts); a page equal to the store (information): merge \(formatTime(r.unchangedMerge)), setData \(formatTime(r.unchangedSetData)) (\(fixed(r.unchangedMerge / r.unchangedSetData, 2))×). Best of \(r.repetitions).")
}

if configuration.runs("U1") {
    let n = configuration.wholeTableSize
    progress("U1 a whole table of \(count(n)) rows differing in 100")
    let r = runWholeTable(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "U1 setTable of \(count(n)) rows, 100 differing, vs merge(prune: true) of them",
        ours: formatTime(r.ours), baseline: formatTime(r.merge),
        ratio: fixed(r.ours / r.merge, 2) + "×", target: "≤ 1.5×, same rows",
        held: heldMark(r.ours <= 1.5 * r.merge && r.sameRows),
        instructions: .sides(ours: "U1 setTable", baseline: "U1 merge")))
    table.append(TableRow(
        workload: "U1 setTable of \(count(n)) rows vs (a) Dictionary(uniqueKeysWithValues:)",
        ours: formatTime(r.ours), baseline: formatTime(r.dictionary),
        ratio: fixed(r.ours / r.dictionary, 2) + "×", target: "—", held: "—"))
    table.append(TableRow(
        workload: "U1 setTable of \(count(n)) rows vs (b) stdlib difference(from:).inferringMoves()",
        ours: formatTime(r.ours), baseline: formatTime(r.stdlibDiff),
        ratio: r.ours <= r.stdlibDiff ? fixed(r.stdlibDiff / r.ours, 2) + "× faster" : fixed(r.ours / r.stdlibDiff, 2) + "× slower",
        target: "—", held: "—"))
    notes.append("U1: 50 rows changed, 25 gone, 25 new at the end; changesets: setTable \(r.counts), merge \(r.mergeCounts); same rows \(r.sameRows ? "checked" : "NOT the same"); (b) on the key arrays only, no content compared. Best of \(r.repetitions).")
}

if configuration.runs("T2") {
    let n = configuration.wholeTableSize
    progress("T2 100 drags in a list of \(count(n)) rows sorted by a rank, vs unsorted")
    let r = runSortedDrag(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "T2 100 drags, \(count(n)) rows sorted by rank (rewritten) vs not sorted (moved)",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.ours / r.baseline, 2) + "×", target: "≤ 2×, same order",
        held: heldMark(r.ours <= 2 * r.baseline && r.sameOrder),
        instructions: .sides(ours: "T2 sorted", baseline: "T2 unsorted")))
    notes.append("T2: both lists end in the same order (\(r.sameOrder ? "checked" : "NOT the same")). Best of \(r.repetitions).")
}

if configuration.runs("T1") {
    let n = configuration.tableFeatureSize, k = n / 100
    progress("T1 \(count(k)) older rows prepended above the row being read in \(count(n)), anchored vs not")
    let r = runAnchoredPrepend(size: n, prepended: k, repetitions: repetitions)
    table.append(TableRow(
        workload: "T1 merge of \(count(k)) rows above the row read, \(count(n)) rows, data source + simulated view, anchored vs not",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.ours / r.baseline, 2) + "×", target: "≤ 1.1×, row kept",
        held: heldMark(r.ours <= 1.1 * r.baseline && r.anchorHeld),
        instructions: .sides(ours: "T1 anchored", baseline: "T1 unanchored")))
    notes.append("T1: the row read stayed at its place on screen after every anchored prepend (\(r.anchorHeld ? "checked" : "NOT kept")); unanchored, it was pushed down (\(r.unanchoredPushedDown ? "checked" : "NOT pushed down")); both views matched their data sources. Best of \(r.repetitions).")
}

if configuration.runs("T3") {
    let n = configuration.tableFeatureSize, k = min(100, n / 10)
    progress("T3 \(k) @Observable elements of \(count(n)) changed in place, vs setData")
    let r = await runLiveElements(size: n, changed: k, repetitions: repetitions)
    table.append(TableRow(
        workload: "T3 \(k) tracked elements of \(count(n)) changed in place, change to delivered update, vs setData of \(count(n)) values",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.baseline / r.ours, 1) + "× cheaper", target: "≥ 1,000× cheaper, one update",
        held: heldMark(r.baseline >= 1_000 * r.ours && r.reportedOnce),
        instructions: .notCounted("awaits the main actor")))
    notes.append("T3: heap (mallinfo2) added by tracksElements(reading:) \(fixed(r.trackingBytesPerRow, 1)) bytes per tracked row (the live controller before tracking: \(fixed(r.liveBytesPerRow, 1)) bytes per row, objects included); the floor under it, the same changes seen by the Observation module alone (observed as the tracker observes, one hop to the main actor, observed again; no controller) \(formatTime(r.observationAlone)): the live path is \(fixed(r.ours / r.observationAlone, 2))× that floor, and setData is \(fixed(r.baseline / r.observationAlone, 1))× the floor; for information, the same changes reported by hand (markChanged(keys:) on untracked objects, report included) \(formatTime(r.byHand)), \(fixed(r.baseline / r.byHand, 1))× cheaper than setData; each repetition's changes came as one update of \(r.counts) (\(r.reportedOnce ? "checked" : "NOT so")); setData reported \(r.baselineCounts). Best of \(r.repetitions).")
}

if configuration.runs("T4") {
    let n = configuration.tableFeatureSize
    progress("T4 a localizedStandard sort of \(count(n)) rows")
    let r = runLocalizedSort(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "T4 setSortKeys by name, .localizedStandard, \(count(n)) rows vs Array.sort by localizedStandardCompare",
        ours: formatTime(r.ours), baseline: formatTime(r.baseline),
        ratio: fixed(r.ours / r.baseline, 2) + "×", target: "≤ 1.5×, same order",
        held: heldMark(r.ours <= 1.5 * r.baseline && r.sameOrder),
        instructions: .sides(ours: "T4 ours", baseline: "T4 sort")))
    notes.append("T4 events: \(r.counts); the same order as Array.sort (\(r.sameOrder ? "checked" : "NOT the same")). Best of \(r.repetitions).")
}

if configuration.runs("T5") {
    let n = configuration.searchSize
    progress("T5 a two-word search keystroke on \(count(n)) names, vs one word")
    let r = runWordSearch(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "T5 search(for:in:) two words \"ka t\" → \"ka ta\", \(count(n)) ASCII names, vs one word \"ka\" → \"kat\"",
        ours: formatTime(r.twoWords), baseline: formatTime(r.oneWord),
        ratio: fixed(r.twoWords / r.oneWord, 2) + "×", target: "≤ 1.5×", held: heldMark(r.twoWords <= 1.5 * r.oneWord),
        instructions: .sides(ours: "T5 two words", baseline: "T5 one word")))
    notes.append("T5 changesets: two words \(r.twoWordsCounts), one word \(r.oneWordCounts). Best of \(r.repetitions).")
}

if configuration.runs("W10") {
    let n = configuration.lookupSize
    progress("W10 lookups in \(count(n)) rows, filter on")
    let r = runLookups(size: n, lookups: 10_000, repetitions: repetitions)   // the instructions' `per` below
    for (name, ours, counter) in [
        ("store rawIndexPath(forKey:)", r.raw, "W10 raw"), ("snapshot indexPath(forKey:) (visible)", r.visible, "W10 visible"),
        ("snapshot element(at:) (visible)", r.object, "W10 object"),
    ] {
        table.append(TableRow(
            workload: "W10 \(name), \(count(n)) rows, vs IdentifiedArray.index(id:)",
            ours: formatTime(ours), baseline: formatTime(r.baseline),
            ratio: fixed(ours / r.baseline, 2) + "×", target: "≤ 2×", held: heldMark(ours <= 2 * r.baseline),
            instructions: .sides(ours: counter, baseline: "W10 identified", per: 10_000)))
    }
    notes.append("W10: per lookup, 10,000 random keys and visible index paths per repetition; \(r.found) of the keys were visible. Best of \(r.repetitions).")
}

if configuration.runs("W11") {
    let n = configuration.searchSize
    progress("W11 search keystrokes on \(count(n)) names")
    let r = runSearch(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "W11 search(for:in:) \"ka\" → \"kat\", \(count(n)) ASCII names, vs W2's closure keystroke",
        ours: formatTime(r.ascii), baseline: formatTime(r.closure),
        ratio: fixed(r.ascii / r.closure, 2) + "×", target: "≤ 1.5×", held: heldMark(r.ascii <= 1.5 * r.closure),
        instructions: .sides(ours: "W11 ascii", baseline: "W11 closure")))
    table.append(TableRow(
        workload: "W11 search(for:in:) \"ré\" → \"rén\", \(count(n)) accented names, vs range(of:options:) closure",
        ours: formatTime(r.accented), baseline: formatTime(r.foundation),
        ratio: fixed(r.accented / r.foundation, 2) + "×", target: "≤ 1×", held: heldMark(r.accented <= r.foundation),
        instructions: .sides(ours: "W11 accented", baseline: "W11 foundation")))
    let hangulPerByte = r.hangul / Double(r.hangulBytes), accentedPerByte = r.accented / Double(r.accentedBytes)
    table.append(TableRow(
        workload: "W11 search(for:in:) \"김\" → \"김민\", \(count(n)) Hangul names, per byte vs the accented keystroke",
        ours: formatTime(r.hangul), baseline: formatTime(r.accented),
        ratio: fixed(hangulPerByte / accentedPerByte, 2) + "×", target: "≤ 2× per byte", held: heldMark(hangulPerByte <= 2 * accentedPerByte),
        instructions: .sides(ours: "W11 hangul", baseline: "W11 accented")))
    notes.append("W11 Hangul changeset \(r.hangulCounts).")
    notes.append("W11 changesets: ASCII \(r.asciiCounts); accented \(r.accentedCounts), Foundation closure \(r.foundationCounts)\(r.accentedCounts.total == r.foundationCounts.total ? "" : " (DIFFERENT)"). Best of \(r.repetitions).")
}

if configuration.runs("W11C") {
    let n = configuration.sized(quick: 10_000, full: 100_000)
    progress("W11c search keystrokes on \(count(n)) Hangul and Japanese names and their ASCII mirrors")
    let r = runWideSearch(size: n, repetitions: repetitions)
    for c in r.cases {
        table.append(TableRow(
            workload: "W11c search(for:in:) \"\(c.before)\" → \"\(c.after)\", \(count(n)) \(c.script) names, per byte vs the same on ASCII names",
            ours: formatTime(c.wide), baseline: formatTime(c.ascii),
            ratio: fixed(c.perByteRatio, 2) + "×", target: "≤ 2× per byte", held: heldMark(c.perByteRatio <= 2),
            instructions: .sides(ours: "W11c \(c.script) wide", baseline: "W11c \(c.script) ascii")))
    }
    notes.append("W11c: names of \(r.cases.map { "\($0.script) \($0.bytes)" }.joined(separator: ", ")) UTF-8 bytes, the ASCII mirrors as many; changesets \(r.cases.map { "\($0.script) \($0.wideCounts), mirror \($0.asciiCounts)" }.joined(separator: "; ")). Best of \(r.repetitions).")
}

if configuration.runs("W14") {
    let n = configuration.compositionSize
    progress("W14 a composition of a static header, \(count(n)) live-search rows and \(count(n / 10)) sectioned rows, vs the controller alone")
    let r = runCompositionCost(size: n, repetitions: repetitions)
    for (index, (name, composed, bare)) in r.cases.enumerated() {
        table.append(TableRow(
            workload: "W14 composed vs bare, \(name), an observer reading every change",
            ours: formatTime(composed), baseline: formatTime(bare),
            ratio: fixed(composed / bare, 2) + "×", target: "≤ 1.2×", held: heldMark(composed <= 1.2 * bare),
            instructions: .sides(ours: "W14 \(index) composed", baseline: "W14 \(index) bare")))
    }
    notes.append("W14: best of \(r.repetitions).")
}

// A prototype, not a target: it runs only when named (`--only W14M`).
if configuration.only?.contains(where: { $0.hasPrefix("W14M") }) == true {
    let n = configuration.compositionSize
    progress("W14M the W14 composition mirrored in an engine store (prototype), vs the controller alone")
    let variants = ["existential key, per-row ops", "(part, Int) key, per-row ops", "(part, Int) key, large batches by replaceSection", "existential key, large batches by replaceSection", "no mirror: the part's changes read through a lazy shift (floor)",
                    "a large batch loads the part's rows into a fresh keyed store, changes read as W14M4 (floor of any keyed mirror)",
                    "no mirror: the part's changes converted into composed changes keyed by ResultsComposition.Key (today's translation)",
                    "no mirror: the part's changes converted into composed changes keyed by (part, Int)"]
    for (variant, label) in variants.enumerated() where configuration.only!.contains("W14M") || configuration.only!.contains("W14M\(variant)") {
        let r = runMirrorPrototype(size: n, repetitions: repetitions, variant: variant)
        for (index, (name, composed, bare)) in r.cases.enumerated() {
            table.append(TableRow(
                workload: "W14M\(variant) \(label) vs bare, \(name)",
                ours: formatTime(composed), baseline: formatTime(bare),
                ratio: fixed(composed / bare, 2) + "×", target: "≤ 1.2×", held: heldMark(composed <= 1.2 * bare),
                instructions: .sides(ours: "W14M\(variant) \(index) mirrored", baseline: "W14M\(variant) \(index) bare")))
        }
        notes.append("W14M\(variant): mirror heap \(fixed(r.bytesPerMirroredRow, 1)) bytes per mirrored row (a plain store of the rows: \(fixed(r.bytesPerStoreRow, 1))); changes read \(r.changes); best of \(r.repetitions).")
    }
}

if configuration.runs("W15") {
    let n = configuration.matchesRows, bytes = configuration.matchesTextBytes
    progress("W15 MATCHES worst cases over \(count(n)) short rows and \(bytes / 1_000) KB of text")
    do {
        let r = try runMatches(rows: n, textBytes: bytes, repetitions: Repetitions(minimum: 1, budget: 0, maximum: 1))
        let plain = r.cases[0].seconds
        for (index, (name, seconds, _)) in r.cases.enumerated() {
            table.append(TableRow(
                workload: "W15 MATCHES \(name), vs 'row 1.*' over the short rows",
                ours: formatTime(seconds), baseline: formatTime(plain),
                ratio: fixed(seconds / plain, 1) + "×", target: "< 1 s", held: heldMark(seconds < 1),
                instructions: .sides(ours: "W15 \(index)", baseline: "W15 0")))
        }
        notes.append("W15 matches per case: \(r.cases.map { "\($0.matches)" }.joined(separator: ", ")); one pass each (the slow cases take seconds).")
    } catch {
        notes.append("W15 failed: \(error)")
    }
}

if configuration.runs("O1") || configuration.runs("O2") {
    let folders = configuration.smoke ? 1 : configuration.quick ? 10 : 100
    progress("O1, O2 an outline of \(folders) folders × 10 subfolders × 99 files")
    let r = runOutline(folders: folders, files: 99, repetitions: repetitions)
    for (name, ours, flat, counters) in [
        ("expand a folder with its \(count(r.largeCount)) descendants", r.expandLarge, r.insertLarge, ("O1 expand large", "O1 insert large")),
        ("collapse it", r.collapseLarge, r.removeLarge, ("O1 collapse large", "O1 remove large")),
        ("expand a subfolder of \(r.smallCount) files", r.expandSmall, r.insertSmall, ("O1 expand small", "O1 insert small")),
    ] {
        table.append(TableRow(
            workload: "O1 \(name), \(count(r.items)) items, vs as many rows inserted (removed) in a flat controller",
            ours: formatTime(ours), baseline: formatTime(flat),
            ratio: fixed(ours / flat, 2) + "×", target: "≤ 2×", held: heldMark(ours <= 2 * flat),
            instructions: .sides(ours: counters.0, baseline: counters.1)))
    }
    table.append(TableRow(
        workload: "O2 search keystroke \"ka\" → \"kat\" over \(count(r.items)) items, ancestors kept, vs the flat keystroke over the same rows",
        ours: formatTime(r.outlineKeystroke), baseline: formatTime(r.flatKeystroke),
        ratio: fixed(r.outlineKeystroke / r.flatKeystroke, 2) + "×", target: "≤ 2×", held: heldMark(r.outlineKeystroke <= 2 * r.flatKeystroke),
        instructions: .sides(ours: "O2 outline", baseline: "O2 flat")))
    notes.append("O1, O2: best of \(r.repetitions); \(r.shownAfterKeystroke) rows shown after the keystroke.")
}

if configuration.runs("W12") {
    let n = configuration.scenarioFileSize
    progress("W12 results-scenario on a file of \(count(n)) objects plus a merge of \(count(n / 10))")
    do {
        let r = try runScenarioFile(objects: n, repetitions: repetitions)
        table.append(TableRow(
            workload: "W12 runner: setData \(count(n)) + merge \(count(n / 10)) vs JSONSerialization parse",
            ours: formatTime(r.ours), baseline: formatTime(r.baseline),
            ratio: fixed(r.ours / r.baseline, 2) + "×", target: "≤ 3×", held: heldMark(r.ours <= 3 * r.baseline),
            instructions: .notCounted("child processes")))
        let memory = Double(r.peakBytes) / Double(r.fileBytes)
        table.append(TableRow(
            workload: "W12 runner peak memory vs the file's size",
            ours: formatBytes(r.peakBytes), baseline: formatBytes(r.fileBytes),
            ratio: fixed(memory, 2) + "×", target: "≤ 4×", held: heldMark(memory <= 4),
            instructions: .notCounted("memory")))
        notes.append("W12: as `results-scenario --json FILE > /dev/null`, the log streamed; each run in a fresh child process; best of \(r.repetitions).")
    } catch {
        table.append(TableRow(workload: "W12 runner", ours: "n/a", baseline: "n/a", ratio: "—", target: "≤ 3×", held: "n/a (\(error))"))
    }
}

if configuration.runs("W13") {
    let n = configuration.sectionOrderSize
    progress("W13 \(count(n)) sections by name, descending and ascending")
    let r = runSectionOrder(size: n, repetitions: repetitions)
    table.append(TableRow(
        workload: "W13 setData, \(count(n)) one-row sections, descending vs ascending",
        ours: formatTime(r.descending), baseline: formatTime(r.ascending),
        ratio: fixed(r.descending / r.ascending, 2) + "×", target: "≤ 1.5×", held: heldMark(r.descending <= 1.5 * r.ascending),
        instructions: .sides(ours: "W13 setData descending", baseline: "W13 setData ascending")))
    table.append(TableRow(
        workload: "W13 add one at a time, \(count(n)) one-row sections, descending vs ascending",
        ours: formatTime(r.addDescending), baseline: formatTime(r.addAscending),
        ratio: fixed(r.addDescending / r.addAscending, 2) + "×", target: "≤ 1.5×", held: heldMark(r.addDescending <= 1.5 * r.addAscending),
        instructions: .sides(ours: "W13 add descending", baseline: "W13 add ascending")))
    notes.append("W13: \(r.sections) section inserts per setData. Best of \(r.repetitions).")
}

// MARK: W5

if configuration.runs("W5") {
    let n = configuration.memorySize
    progress("W5 memory, \(count(n)) rows, one child process each")
    do {
        let store = try measureFootprint(.store, size: n)
        let identified = try measureFootprint(.identifiedArray, size: n)
        let ratio = Double(store.residentBytes) / Double(identified.residentBytes)
        table.append(TableRow(
            workload: "W5 memory, \(count(n)) rows: store vs IdentifiedArray (resident)",
            ours: formatBytes(store.residentBytes), baseline: formatBytes(identified.residentBytes),
            ratio: fixed(ratio, 2) + "×", target: "≤ 1.1×", held: heldMark(ratio <= 1.1),
            instructions: .notCounted("memory")))
        let heapRatio = Double(store.heapBytes) / Double(identified.heapBytes)
        notes.append("W5 heap bytes in use (mallinfo2): store \(formatBytes(store.heapBytes)), IdentifiedArray \(formatBytes(identified.heapBytes)), \(fixed(heapRatio, 2))×; resident: \(store.residentBytes) vs \(identified.residentBytes) bytes, of which file-backed (code run while building): \(store.residentFileBytes) vs \(identified.residentFileBytes).")
    } catch {
        table.append(TableRow(
            workload: "W5 memory", ours: "n/a", baseline: "n/a", ratio: "—", target: "≤ 1.1×", held: "n/a (\(error))"))
    }
}

// MARK: Instructions

/// Each row's instruction count, from the callgrind child, when asked for.
var instructionCounts: [String: Double]?
if configuration.countsInstructions && !configuration.isInstructionChild {
    progress("counting instructions: the same workloads once more, one repetition each, under callgrind")
    do {
        instructionCounts = try countInstructions(arguments: CommandLine.arguments.dropFirst().filter { $0 != "--instructions" })
        notes.append("Instructions: callgrind's count of each side's timed spans in one repetition, the second of two (per lookup for W10), in a child process run with deterministic hashing; ratio in the row's direction. W1 (b) is not counted (it takes minutes under callgrind).")
    } catch {
        notes.append("Instructions: not counted (\(error)).")
    }
}

// MARK: The table

#if DEBUG
let buildConfiguration = "debug"
#else
let buildConfiguration = "release"
#endif

printTable(table, notes: notes, instructions: instructionCounts,
           title: "FilterableResults benchmarks (\(configuration.smoke ? "smoke sizes" : configuration.quick ? "quick sizes" : "full sizes"), best of at least \(reps), \(buildConfiguration) build)")

func printTable(_ table: [TableRow], notes: [String], instructions: [String: Double]?, title: String) {
    var table = table
    var header = TableRow(workload: "workload", ours: "ours", baseline: "baseline", ratio: "ratio", target: "target", held: "held")
    var columns: [KeyPath<TableRow, String>] = [\.workload, \.ours, \.baseline, \.ratio, \.target, \.held]
    if let instructions {
        header.instructionsText = "instructions (ours / baseline)"
        columns.append(\.instructionsText)
        for index in table.indices { table[index].instructionsText = table[index].instructions?.text(instructions) ?? "—" }
    }
    let widths = columns.map { column in ([header] + table).map { $0[keyPath: column].count }.max() ?? 0 }
    func line(_ row: TableRow) -> String {
        "| " + zip(columns, widths).map { column, width in
            let text = row[keyPath: column]
            return text + String(repeating: " ", count: width - text.count)
        }.joined(separator: " | ") + " |"
    }
    print(title)
    print(line(header))
    print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for row in table { print(line(row)) }
    if !notes.isEmpty {
        print("")
        for note in notes { print("- " + note) }
    }
}
