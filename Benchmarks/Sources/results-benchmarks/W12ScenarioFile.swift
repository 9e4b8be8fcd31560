import CBenchmarkSupport
import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation

struct ScenarioFileResult {
    var fileBytes = 0
    var ours = Double.infinity
    var baseline = Double.infinity
    /// The runner's peak resident set growth over the run (VmHWM at the end
    /// minus the resident set before the file is read), in its own process.
    var peakBytes = 0
    var repetitions = 0
}

/// Writes W12's file: `primaryKey: "id"`, a `setData` of `n` objects, then
/// a `merge` of `n / 10` (half existing objects with a new score, half new).
func writeScenarioFile(objects n: Int, to url: URL) throws {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 12)
    var text = #"{"name": "W12", "primaryKey": "id", "steps": [{"setData": ["#
    func append(_ row: Row) {
        text += #"{"id":\#(row.id),"name":"\#(row.name)","score":\#(row.score),"group":\#(row.group)}"#
    }
    let rows = makeRows(0..<n, using: &rng)
    for (index, row) in rows.enumerated() {
        if index > 0 { text += "," }
        append(row)
    }
    text += #"]}, {"merge": ["#
    let page = n / 10
    for index in 0..<page {
        if index > 0 { text += "," }
        if index < page / 2 {
            var row = rows[Int(rng.next() % UInt64(n))]
            row.score += 1
            append(row)
        } else {
            append(makeRow(id: n + index, using: &rng))
        }
    }
    text += "]}]}\n"
    try Data(text.utf8).write(to: url)
}

/// The child side: runs the scenario file as `results-scenario --json FILE
/// > /dev/null` does, and prints `seconds peakBytes`.
func runScenarioChild(path: String) {
    let before = bench_resident_bytes()
    let clock = ContinuousClock()
    let start = clock.now
    let scenario: Scenario
    do {
        scenario = try Scenario(contentsOf: URL(fileURLWithPath: path))
    } catch {
        print("error \(error)")
        exit(1)
    }
    guard let output = FileHandle(forWritingAtPath: "/dev/null") else {
        print("error: cannot open /dev/null")
        exit(1)
    }
    let failures: [ScenarioFailure]
    do {
        failures = try ScenarioRunner().run(scenario, writingJSONLinesTo: output)
    } catch {
        print("error writing the log: \(error)")
        exit(1)
    }
    let elapsed = seconds(start.duration(to: clock.now))
    guard failures.isEmpty else {
        print("failed \(failures)")
        exit(1)
    }
    print(elapsed, peakResidentBytes() - Int(before))
}

/// The process's peak resident set (VmHWM), in bytes.
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return kilobytes * 1024
}

/// W12: `results-scenario`'s runner on a file setting `n` objects then
/// merging `n / 10`, each run in a fresh child process (time and peak
/// memory), against `JSONSerialization` reading and parsing the same file
/// here.
func runScenarioFile(objects n: Int, repetitions: Repetitions) throws -> ScenarioFileResult {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("results-benchmarks-w12-\(n).json")
    try writeScenarioFile(objects: n, to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var result = ScenarioFileResult()
    result.fileBytes = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var failure: (any Error)?
    // The child runs take seconds each: a few repetitions, not the budget's.
    let few = Repetitions(minimum: min(repetitions.minimum, 3), budget: 0, maximum: 3)
    result.repetitions = few.run { _ in
        guard failure == nil else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--scenario-child", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { failure = error; return }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 2,
              let elapsed = Double(fields[0]), let peak = Int(fields[1])
        else {
            failure = BenchmarkError.childFailed("scenario child exited \(process.terminationStatus): \(output)")
            return
        }
        result.ours = min(result.ours, elapsed)
        result.peakBytes = result.peakBytes == 0 ? peak : min(result.peakBytes, peak)
        let parse = time { try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) }
        result.baseline = min(result.baseline, parse)
    }
    if let failure { throw failure }
    return result
}
