import CBenchmarkSupport
import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import IdentifiedCollections

/// What one structure holding the rows costs, measured in a child process.
struct Footprint {
    /// Bytes the allocator has handed out and not taken back (glibc
    /// mallinfo2: uordblks + hblkhd), after the structure was built and its
    /// input freed, minus the same before anything was made.
    var heapBytes: Int
    /// Resident set growth (/proc/self/statm) over the same span, after
    /// malloc_trim(0) on both sides.
    var residentBytes: Int
    /// The file-backed part of `residentBytes`: code the work ran, not data.
    var residentFileBytes: Int
}

enum MemoryHolder: String {
    case store
    case identifiedArray = "identified-array"
}

/// The child side: builds `n` rows, puts them in the structure, frees the
/// input, and prints `heapBytes residentBytes residentFileBytes` of what
/// is left.
///
/// The mmap threshold is pinned so glibc does not adapt it to the frees of
/// intermediate buffers, and the heap is trimmed before each reading, so
/// the resident set holds live data only. Row names are 8 ASCII letters,
/// which Swift stores inline: rows make no allocations of their own.
func runMemoryChild(_ holder: MemoryHolder, size n: Int) {
    bench_fix_mmap_threshold()
    bench_trim()
    let heapBefore = bench_bytes_in_use()
    let residentBefore = bench_resident_bytes()
    let fileBefore = bench_resident_file_bytes()

    func build() -> Any {
        var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 5)
        let rows = makeRows(0..<n, using: &rng)
        switch holder {
        case .store:
            var store = ResultsStore<Row, Int>(key: \.id)
            try! store.setData(rows)
            _ = store.takeChangeset()
            return store
        case .identifiedArray:
            return IdentifiedArrayOf<Row>(uniqueElements: rows)
        }
    }
    let held = build()
    bench_trim()
    let heapAfter = bench_bytes_in_use()
    let residentAfter = bench_resident_bytes()
    let fileAfter = bench_resident_file_bytes()
    print(Int(heapAfter) - Int(heapBefore), Int(residentAfter) - Int(residentBefore), Int(fileAfter) - Int(fileBefore))
    withExtendedLifetime(held) {}
}

/// The parent side: runs the child for `holder` in a fresh process.
func measureFootprint(_ holder: MemoryHolder, size n: Int) throws -> Footprint {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--memory-child", holder.rawValue, "\(n)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard process.terminationStatus == 0, fields.count == 3 else {
        throw BenchmarkError.childFailed("memory child \(holder.rawValue) exited \(process.terminationStatus): \(String(decoding: output, as: UTF8.self))")
    }
    return Footprint(heapBytes: fields[0], residentBytes: fields[1], residentFileBytes: fields[2])
}

enum BenchmarkError: Error, CustomStringConvertible {
    case childFailed(String)
    var description: String {
        switch self { case let .childFailed(message): message }
    }
}
