import Foundation

/// Runs work on a thread with a small stack, as Apple platforms give
/// secondary threads and dispatch queues (512 KB), to show that recursion is
/// bounded.
package enum SmallStack {
    /// The stack size of secondary threads on Apple platforms.
    package static let size = 512 * 1024

    /// Runs `body` on a new thread whose stack is `stackSize` bytes and
    /// returns its result.
    package static func run<T: Sendable>(stackSize: Int = size, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = stackSize
            thread.start()
        }
    }
}
