import Foundation

/// A text output stream into a file handle, buffered: text reaches the
/// file in writes of about 64 KB, and at ``flush()``. The first write that
/// fails is kept in ``error``, and everything after it is dropped.
struct FileHandleWriter: TextOutputStream {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// The first write that failed, if one did.
    private(set) var error: (any Error)?

    init(_ handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.capacity)
    }

    private static let capacity = 1 << 16

    mutating func write(_ string: String) {
        guard error == nil else { return }
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes what the buffer holds to the file.
    mutating func flush() {
        guard error == nil, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            self.error = error
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
