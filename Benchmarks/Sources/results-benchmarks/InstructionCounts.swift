import CBenchmarkSupport
import Foundation

// `--instructions`: after the timed run, the same workloads run once more in
// a child process under `valgrind --tool=callgrind`, two repetitions each,
// with deterministic hashing. Every timed span of the second repetition is
// collected and its count dumped under its counter's name (`time(_:_:_:)`),
// so each row of the table gets the instructions its sides executed, which
// do not move with the machine's load as times do.

/// The instructions of a table row: what its cell reads from the counts.
enum InstructionCell {
    /// The two sides' counters (counts of one name add up), each count
    /// divided by `per`; `cheaper` gives the ratio as baseline ÷ ours, and
    /// `percent` as a percentage, as the row's own ratio is.
    case sides(ours: String, baseline: String?, per: Double = 1, cheaper: Bool = false, percent: Bool = false)
    /// W6: each side's growth from one size to the next.
    case growth(ours: (from: String, to: String), floor: (from: String, to: String))
    /// A row whose work runs in child processes or is no computation (W5, W12).
    case notCounted(String)

    func text(_ counts: [String: Double]) -> String {
        switch self {
        case let .sides(ours, baseline, per, cheaper, percent):
            guard let oursCount = counts[ours] else { return "—" }
            guard let baseline, let baselineCount = counts[baseline] else { return formatInstructions(oursCount / per) }
            let ratio = cheaper ? baselineCount / oursCount : oursCount / baselineCount
            let ratioText = percent ? fixed(100 * ratio, 1) + "%" : fixed(ratio, ratio >= 100 ? 0 : 2) + "×"
            return "\(formatInstructions(oursCount / per)) / \(formatInstructions(baselineCount / per)) = \(ratioText)"
        case let .growth(ours, floor):
            guard let oursFrom = counts[ours.from], let oursTo = counts[ours.to],
                  let floorFrom = counts[floor.from], let floorTo = counts[floor.to]
            else { return "—" }
            return "\(fixed(oursTo / oursFrom, 2))× (\(formatInstructions(oursTo))) / \(fixed(floorTo / floorFrom, 2))× (\(formatInstructions(floorTo)))"
        case let .notCounted(reason):
            return "— (\(reason))"
        }
    }
}

/// An instruction count with a unit: 1.23G, 45.6M, 789.0k.
func formatInstructions(_ count: Double) -> String {
    if count >= 1e9 { return fixed(count / 1e9, 3) + "G" }
    if count >= 1e6 { return fixed(count / 1e6, 2) + "M" }
    if count >= 1e3 { return fixed(count / 1e3, 1) + "k" }
    return fixed(count, 0)
}

/// Runs this executable again with `arguments` (plus one repetition each)
/// under callgrind and returns the instructions of each counter: the sum
/// of every span dumped under its name.
func countInstructions(arguments: [String]) throws -> [String: Double] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("results-benchmarks-callgrind-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "valgrind", "--quiet", "--tool=callgrind", "--collect-atstart=no", "--dump-line=no",
        "--callgrind-out-file=\(directory.path)/counts",
        executable,
    ] + arguments + ["--reps", "2", "--budget", "0", "--instruction-child"]
    var environment = ProcessInfo.processInfo.environment
    // The same hash seed in every run, so that probe sequences repeat.
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CountingError(message: "the callgrind child exited with status \(process.terminationStatus)")
    }
    var counts: [String: Double] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        let text = try String(contentsOfFile: directory.appendingPathComponent(file).path, encoding: .utf8)
        var counter: String?
        var total: Double?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("desc: Trigger: Client Request: ") {
                counter = String(line.dropFirst("desc: Trigger: Client Request: ".count))
            } else if line.hasPrefix("totals: ") || line.hasPrefix("summary: ") {
                total = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            }
            if counter != nil && total != nil { break }
        }
        if let counter, let total { counts[counter, default: 0] += total }
    }
    guard !counts.isEmpty else {
        throw CountingError(message: "callgrind wrote no counts (is valgrind/callgrind.h installed where the benchmarks were built?)")
    }
    return counts
}

struct CountingError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
