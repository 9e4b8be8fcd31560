import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import FuzzerDriver

/// Runs libFuzzer with `body` as the test of each input, on a thread with a
/// 512 KB stack (what Apple platforms give secondary threads), so that
/// recursion the package's limits should bound shows up as a crash. Never
/// returns.
///
/// `FUZZ_STACK_SIZE` (bytes) overrides the stack size.
public func runFuzzer(_ body: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    let worker = Worker(body: body)
    Worker.shared = worker
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        Worker.shared!.run(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
    exit(status)
}

/// Stops the fuzzer with a finding: libFuzzer saves the input that caused it.
public func finding(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("FINDING: \(message())", file: file, line: line)
}

/// A long-lived thread with a small stack that runs each input in turn.
final class Worker: @unchecked Sendable {
    nonisolated(unsafe) static var shared: Worker?

    private let body: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    private let inputReady = DispatchSemaphore(value: 0)
    private let inputDone = DispatchSemaphore(value: 0)
    private var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init(body: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void) {
        self.body = body
        let stackSize = ProcessInfo.processInfo.environment["FUZZ_STACK_SIZE"].flatMap(Int.init) ?? 512 * 1024
        let thread = Thread { [unowned self] in
            while true {
                self.inputReady.wait()
                self.body(self.input)
                self.inputDone.signal()
            }
        }
        thread.stackSize = stackSize
        thread.start()
    }

    func run(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        inputReady.signal()
        inputDone.wait()
    }
}

/// Objects predicates are evaluated against: every kind of value, strings
/// with marks and case, nesting.
public let fixtureObjects: [FieldValue] = {
    let texts = [
        #"{"a": 1, "b": 2.5, "c": "Kindle", "d": true, "e": null, "s": "Crème Brûlée", "t": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "n": -3, "x": "", "tags": ["Red", "green", 3], "owner": {"name": "Ada", "id": 7, "in": "x"}, "range": [1, 10], "name": "o'brien"}"#,
        #"{"a": "1", "b": [1, [2, {"c": 3}]], "c": "KINDLE\n", "d": false, "s": "e\u0301cole", "t": "ΣΑΣ ς σ K \u212A ß", "n": 9007199254740993, "x": "\u0000\u2028", "tags": [], "owner": {"name": null}, "range": ["a", "z"], "name": "Ada"}"#,
        #"{}"#,
        #"{"a": 2, "b": 0, "nums": [1, null, 2.5, -4], "items": [{"price": 2, "tags": ["a", "B"], "name": "pen"}, {"price": 7.5, "name": "ink"}, {}], "tags": ["Red", "red"], "owner": {"pets": [{"kind": "cat"}, {"kind": 3}]}}"#,
        #"[1, 2, 3]"#,
        #""just a string""#,
    ]
    return texts.map { try! FieldValue(parsingJSON: $0) }
}()

/// Runs libFuzzer with `body` as the test of each input, on the main
/// thread (for targets that drive main-actor views: the simulated list
/// views of the soak). Never returns.
public func runFuzzerOnMainThread(_ body: @escaping @MainActor (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    MainThreadInput.body = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        nonisolated(unsafe) let input = UnsafeBufferPointer(start: data, count: size)   // read on this thread only
        MainActor.assumeIsolated { MainThreadInput.body!(input) }
        return 0
    }
    exit(status)
}

/// The test of each input of ``runFuzzerOnMainThread(_:)``: libFuzzer's
/// callback is a C function, which captures nothing.
enum MainThreadInput {
    nonisolated(unsafe) static var body: (@MainActor (UnsafeBufferPointer<UInt8>) -> Void)?
}
