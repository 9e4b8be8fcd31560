import FilterableResults
@testable import FilterableResultsTesting
import Testing

@Suite("EventsByPath")
struct EventsByPathTests {
    @Test("each path keeps its own event, across empty sections, until it is cleared", arguments: [
        [2, 0, 3, 1], [0, 2, 3], [3, 1, 0], [0], [],
    ])
    func eachPathKeepsItsOwnEvent(rowCounts: [Int]) {
        var events = EventsByPath(rowCounts: rowCounts)
        var expected: [ResultsIndexPath: Int] = [:]
        let paths = rowCounts.enumerated().flatMap { section, count in
            (0..<count).map { ResultsIndexPath(row: $0, section: section) }
        }
        for path in paths { #expect(events[path] == nil) }
        for (number, path) in paths.reversed().enumerated() {
            events[path] = number
            expected[path] = number
        }
        if let cleared = paths.dropFirst().first {
            events[cleared] = nil
            expected[cleared] = nil
        }
        for path in paths { #expect(events[path] == expected[path], "\(path)") }
    }
}
