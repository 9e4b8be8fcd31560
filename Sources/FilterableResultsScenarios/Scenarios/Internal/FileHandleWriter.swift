import Foundation

/// A text output stream into a file handle, buffered: text reaches the
/// file in writes of about 64 KB, and at ``flush()``.
struct FileHandleWriter: TextOutputStream {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(_ handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.capacity)
    }

    private static let capacity = 1 << 16

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes what the buffer holds to the file.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
