import FilterableResults

/// A bit-parallel automaton that finds a fixed-length sequence of Unicode
/// scalars, some of them any scalar (`?`): bit *i* of the state is set when
/// the last *i* + 1 scalars read match the first *i* + 1 elements.
struct ShiftAndAutomaton: Sendable {
    /// The number of elements (scalars).
    let length: Int
    /// 64-bit words per state.
    let words: Int
    /// The masks of the distinct literal scalars, `words` words each, and
    /// last the mask of any other scalar (the `?` positions).
    let masks: [UInt64]
    /// The mask index of each ASCII scalar.
    let asciiMask: [Int]
    /// The mask index of each non-ASCII literal scalar.
    let otherMasks: [UInt32: Int]

    init(_ elements: [LikePattern.Element]) {
        // Regroup the bytes into scalars.
        var scalars: [UInt32?] = []
        var index = 0
        while index < elements.count {
            guard case let .byte(lead) = elements[index] else {
                scalars.append(nil)
                index += 1
                continue
            }
            let length = UTF8Bytes.sequenceLength(lead: lead)
            var bytes: [UInt8] = [lead]
            var offset = 1
            while offset < length, index + offset < elements.count, case let .byte(byte) = elements[index + offset] {
                bytes.append(byte)
                offset += 1
            }
            let scalar = bytes.withUnsafeBufferPointer { Self.scalarValue($0, at: 0, length: $0.count) }
            scalars.append(scalar)
            index += offset
        }
        length = scalars.count
        words = (length + 63) / 64
        var distinct: [UInt32: Int] = [:]
        for case let scalar? in scalars where distinct[scalar] == nil { distinct[scalar] = distinct.count }
        var masks = [UInt64](repeating: 0, count: (distinct.count + 1) * words)
        let any = distinct.count
        for (position, scalar) in scalars.enumerated() {
            let bit = UInt64(1) << UInt64(position % 64)
            if let scalar {
                masks[distinct[scalar]! * words + position / 64] |= bit
            } else {
                // `?` matches every scalar: set it in every mask.
                for mask in 0...any { masks[mask * words + position / 64] |= bit }
            }
        }
        self.masks = masks
        var asciiMask = [Int](repeating: any, count: 128)
        var otherMasks: [UInt32: Int] = [:]
        for (scalar, mask) in distinct {
            if scalar < 128 { asciiMask[Int(scalar)] = mask } else { otherMasks[scalar] = mask }
        }
        self.asciiMask = asciiMask
        self.otherMasks = otherMasks
    }

    /// The end of the leftmost occurrence within `range`, which starts at a
    /// scalar boundary.
    func find(_ text: UnsafeBufferPointer<UInt8>, in range: Range<Int>, steps: inout Int) -> Int? {
        guard length > 0 else { return range.lowerBound }
        let any = masks.count / words - 1
        var state = [UInt64](repeating: 0, count: words)
        let lastWord = (length - 1) / 64
        let lastBit = UInt64(1) << UInt64((length - 1) % 64)
        var position = range.lowerBound
        while position < range.upperBound {
            let lead = text[position]
            let sequenceLength = min(UTF8Bytes.sequenceLength(lead: lead), range.upperBound - position)
            let mask: Int
            if lead < 0x80 {
                mask = asciiMask[Int(lead)]
            } else {
                mask = otherMasks[Self.scalarValue(text, at: position, length: sequenceLength)] ?? any
            }
            position += sequenceLength
            // state = ((state << 1) | 1) & mask
            var carry: UInt64 = 1
            for word in 0..<words {
                steps += 1
                let shifted = state[word] << 1 | carry
                carry = state[word] >> 63
                state[word] = shifted & masks[mask * words + word]
            }
            if state[lastWord] & lastBit != 0 { return position }
        }
        return nil
    }

    /// The value of the scalar whose UTF-8 (`length` bytes, from a valid
    /// string) starts at `position`.
    @inline(__always)
    static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, length: Int) -> UInt32 {
        var value = UInt32(bytes[position])
        switch length {
        case 2: value &= 0x1F
        case 3: value &= 0x0F
        case 4: value &= 0x07
        default: return value
        }
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
        }
        return value
    }
}
