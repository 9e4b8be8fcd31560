import Foundation
import FilterableResults

extension FieldObject {
    /// The key lists of the objects a parse packed, by shape number: the
    /// pages of one parse share one table, so that their records name
    /// their keys in four bytes. Appended to only by the parse that made
    /// it, before any of its objects is handed out; read only after.
    final class ShapeTable: @unchecked Sendable {
        @exclusivity(unchecked) private(set) var keys: [[String]] = []
        /// Every shape's keys as UTF-8, one after the other, shape after
        /// shape: a key is found by comparing bytes, no string read.
        @exclusivity(unchecked) private var keyBytes: [UInt8] = []
        /// Where each key of every shape ends in ``keyBytes``, shape after
        /// shape; shape `s`'s keys are those from `firstKey[s]` on.
        @exclusivity(unchecked) private var keyEnds: [Int] = []
        @exclusivity(unchecked) private var firstKey: [Int] = []

        /// Adds a shape of `keys` and returns its number.
        func append(_ keys: [String]) -> UInt32 {
            precondition(self.keys.count < Int(UInt32.max), "more object shapes than a parse can number")
            firstKey.append(keyEnds.count)
            for key in keys {
                keyBytes.append(contentsOf: key.utf8)
                keyEnds.append(keyBytes.count)
            }
            self.keys.append(keys)
            return UInt32(self.keys.count - 1)
        }

        /// The index of the key of shape `shape` whose UTF-8 is `key`.
        ///
        /// - Complexity: O(*n*) in the size of the shape's keys.
        func index(ofKey key: UnsafeBufferPointer<UInt8>, inShape shape: UInt32) -> Int? {
            let first = firstKey[Int(shape)]
            let count = (Int(shape) + 1 < firstKey.count ? firstKey[Int(shape) + 1] : keyEnds.count) - first
            return keyEnds.withUnsafeBufferPointer { ends in
                keyBytes.withUnsafeBufferPointer { bytes in
                    var start = first == 0 ? 0 : ends[first - 1]
                    for index in 0..<count {
                        let end = ends[first + index]
                        if end - start == key.count, key.isEmpty || memcmp(bytes.baseAddress! + start, key.baseAddress!, key.count) == 0 {
                            return index
                        }
                        start = end
                    }
                    return nil
                }
            }
        }
    }

    /// Parsed objects whose values are all scalars, packed one after the
    /// other in a page of bytes: a record is its shape number (4 bytes,
    /// naming its keys in ``shapes``), then each value as a tag byte and
    /// its bytes (integers in 1, 2, 4 or 8, doubles in 8, strings as a
    /// length and their UTF-8). Values are decoded when read.
    ///
    /// A row like `{"id": 123456, "name": "abcdefgh", "score": 42, "group": 7}`
    /// takes 23 bytes here, where an object of its own takes a 48-byte box
    /// and 96 bytes of values; a page is filled by one parse and never
    /// changes after.
    final class PackedPage: Buffer, @unchecked Sendable {
        let shapes: ShapeTable
        let bytes: UnsafeMutablePointer<UInt8>
        let capacity: Int
        /// The bytes filled so far.
        @exclusivity(unchecked) private(set) var used = 0

        init(shapes: ShapeTable, capacity: Int) {
            self.shapes = shapes
            self.capacity = capacity
            bytes = .allocate(capacity: capacity)
        }

        deinit { bytes.deallocate() }

        // MARK: Reading

        /// The keys of the record at `record`.
        ///
        /// - Complexity: O(1).
        func keys(ofRecord record: Int) -> [String] {
            shapes.keys[Int(shape(ofRecord: record))]
        }

        /// The number of members of the record at `record`.
        ///
        /// - Complexity: O(1).
        func count(ofRecord record: Int) -> Int {
            shapes.keys[Int(shape(ofRecord: record))].count
        }

        func shape(ofRecord record: Int) -> UInt32 {
            UnsafeRawPointer(bytes + record).loadUnaligned(as: UInt32.self)
        }

        /// Value `index` of the record at `record`.
        ///
        /// - Complexity: O(*index*).
        func value(at index: Int, ofRecord record: Int) -> FieldValue {
            precondition(index >= 0 && index < count(ofRecord: record), "member index out of range")
            var position = record + 4
            for _ in 0..<index { position = end(ofValueAt: position) }
            return value(at: position)
        }

        /// Every value of the record at `record`, in order.
        ///
        /// - Complexity: O(*n*).
        func values(ofRecord record: Int) -> [FieldValue] {
            let memberCount = count(ofRecord: record)
            var values: [FieldValue] = []
            values.reserveCapacity(memberCount)
            var position = record + 4
            for _ in 0..<memberCount {
                values.append(value(at: position))
                position = end(ofValueAt: position)
            }
            return values
        }

        /// A value of a record as it is stored: a string as its UTF-8 bytes
        /// in the page, valid while the page is.
        enum StoredValue {
            case null
            case bool(Bool)
            case integer(Int)
            case double(Double)
            case string(UnsafeBufferPointer<UInt8>)
        }

        /// Calls `body` with each value of the record at `record`, in
        /// order, as stored: no string is decoded.
        ///
        /// - Complexity: O(*n*) in the size of the record.
        func forEachValue(ofRecord record: Int, _ body: (StoredValue) -> Void) {
            var position = record + 4
            for _ in 0..<count(ofRecord: record) {
                body(storedValue(at: position))
                position = end(ofValueAt: position)
            }
        }

        /// The bytes of the record at `record`, shape included.
        func recordBytes(_ record: Int) -> UnsafeBufferPointer<UInt8> {
            var position = record + 4
            for _ in 0..<count(ofRecord: record) { position = end(ofValueAt: position) }
            return UnsafeBufferPointer(start: bytes + record, count: position - record)
        }

        private func load<T: FixedWidthInteger>(_ type: T.Type, at position: Int) -> T {
            UnsafeRawPointer(bytes + position).loadUnaligned(as: T.self)
        }

        /// A string's length and the position of its first byte, for the
        /// string value whose length starts at `position`.
        private func stringExtent(at position: Int) -> (count: Int, start: Int) {
            var count = 0, shift = 0, position = position
            while true {
                let byte = bytes[position]
                position += 1
                count |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return (count, position) }
                shift += 7
            }
        }

        /// The position after the value at `position`.
        private func end(ofValueAt position: Int) -> Int {
            switch Tag(rawValue: bytes[position])! {
            case .null, .false, .true: position + 1
            case .int8: position + 2
            case .int16: position + 3
            case .int32: position + 5
            case .int64, .double: position + 9
            case .string:
                { let (count, start) = stringExtent(at: position + 1); return start + count }()
            }
        }

        private func value(at position: Int) -> FieldValue {
            switch storedValue(at: position) {
            case .null: .null
            case let .bool(value): .bool(value)
            case let .integer(value): .integer(value)
            case let .double(value): .double(value)
            case let .string(utf8): .string(String(decoding: utf8, as: UTF8.self))
            }
        }

        /// The value at `position`, a string as its bytes in the page.
        private func storedValue(at position: Int) -> StoredValue {
            switch Tag(rawValue: bytes[position])! {
            case .null: .null
            case .false: .bool(false)
            case .true: .bool(true)
            case .int8: .integer(Int(load(Int8.self, at: position + 1)))
            case .int16: .integer(Int(load(Int16.self, at: position + 1)))
            case .int32: .integer(Int(load(Int32.self, at: position + 1)))
            case .int64: .integer(Int(load(Int64.self, at: position + 1)))
            case .double: .double(Double(bitPattern: load(UInt64.self, at: position + 1)))
            case .string:
                {
                    let (count, start) = stringExtent(at: position + 1)
                    return .string(UnsafeBufferPointer(start: bytes + start, count: count))
                }()
            }
        }

        // MARK: Writing (by the packer, before the page is shared)

        /// How a value is written.
        enum Tag: UInt8 {
            case null, `false`, `true`, int8, int16, int32, int64, double, string
        }

        /// The bytes a record of `values` takes.
        static func recordSize(_ members: [Member]) -> Int {
            var size = 4
            for member in members {
                switch member.value {
                case .null, .bool: size += 1
                case let .integer(value):
                    size += Int8(exactly: value) != nil ? 2 : Int16(exactly: value) != nil ? 3 : Int32(exactly: value) != nil ? 5 : 9
                case .double: size += 9
                case let .string(text):
                    let count = text.utf8.count
                    size += 1 + count + (count.bitWidth - count.leadingZeroBitCount + 6) / 7 + (count == 0 ? 1 : 0)
                case .array, .object:
                    preconditionFailure("a packed record holds scalars only")
                }
            }
            return size
        }

        /// Whether `size` more bytes fit.
        func hasRoom(for size: Int) -> Bool { capacity - used >= size }

        /// Appends a record of `members`, whose values are scalars and
        /// whose keys are shape `shape`, and returns its offset.
        func append(shape: UInt32, members: [Member]) -> Int {
            let record = used
            var position = used
            func put<T: FixedWidthInteger>(_ value: T) {
                UnsafeMutableRawPointer(bytes + position).storeBytes(of: value, as: T.self)
                position += MemoryLayout<T>.size
            }
            func put(_ tag: Tag) {
                bytes[position] = tag.rawValue
                position += 1
            }
            put(shape)
            for member in members {
                switch member.value {
                case .null: put(.null)
                case let .bool(value): put(value ? .true : .false)
                case let .integer(value):
                    if let small = Int8(exactly: value) {
                        put(.int8); put(small)
                    } else if let small = Int16(exactly: value) {
                        put(.int16); put(small)
                    } else if let small = Int32(exactly: value) {
                        put(.int32); put(small)
                    } else {
                        put(.int64); put(Int64(value))
                    }
                case let .double(value):
                    put(.double); put(value.bitPattern)
                case let .string(text):
                    put(.string)
                    UTF8Bytes.withBytes(text) { source in
                        var count = source.count
                        repeat {
                            bytes[position] = UInt8(count & 0x7F) | (count >= 0x80 ? 0x80 : 0)
                            position += 1
                            count >>= 7
                        } while count > 0
                        if let base = source.baseAddress { (bytes + position).update(from: base, count: source.count) }
                        position += source.count
                    }
                case .array, .object:
                    preconditionFailure("a packed record holds scalars only")
                }
            }
            precondition(position <= capacity, "a packed record overran its page")
            used = position
            return record
        }
    }
}
