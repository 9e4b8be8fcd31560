import FilterableResults

/// A compiled `LIKE` pattern: `*` matches any run of characters (none
/// included), `?` exactly one Unicode scalar, `\` makes the next character
/// literal (a `\` at the very end is itself); everything else matches
/// itself. The pattern covers the whole string.
///
/// Patterns and texts are UTF-8 bytes, already folded by the comparison's
/// modifiers. The pattern is split at its stars into segments: the first
/// must match at the start of the text, the last at its end, and each one
/// between is matched at its leftmost place after the previous one (taking
/// the earliest place never loses a match). Finding a segment of literal
/// bytes uses Knuth–Morris–Pratt; a segment with `?` in it, whose length in
/// bytes varies, a bit-parallel (Shift-And) automaton over Unicode scalars.
/// Nothing backtracks, so a match costs O(*n* + *m*) for a text of *n* bytes
/// and a pattern of *m*, or O(*n* · ⌈*k*/64⌉) when a segment between stars
/// has *k* scalars and a `?` among them.
struct LikePattern: Sendable {
    /// One position of a segment.
    enum Element: Sendable, Equatable {
        case byte(UInt8)
        case anyScalar
    }

    /// A segment between stars, with what finding it needs.
    struct Segment: Sendable {
        let elements: [Element]
        /// Whether every element is a byte.
        let isLiteral: Bool
        /// For a literal segment: its bytes and their KMP failure table.
        let bytes: [UInt8]
        let failure: [Int]
        /// For a segment with `?`: its automaton.
        let automaton: ShiftAndAutomaton?

        init(_ elements: [Element]) {
            self.elements = elements
            isLiteral = !elements.contains(.anyScalar)
            if isLiteral {
                bytes = elements.map { if case let .byte(byte) = $0 { byte } else { 0 } }
                failure = bytes.withUnsafeBufferPointer(ByteSearch.failureTable)
                automaton = nil
            } else {
                bytes = []
                failure = []
                automaton = ShiftAndAutomaton(elements)
            }
        }
    }

    /// The segments between stars: one when the pattern has no star.
    let segments: [Segment]

    /// Compiles a pattern from its (already folded) UTF-8 bytes.
    ///
    /// - Complexity: O(*m*) for a pattern of *m* bytes.
    init(_ pattern: UnsafeBufferPointer<UInt8>) {
        var segments: [Segment] = []
        var current: [Element] = []
        var index = 0
        while index < pattern.count {
            let byte = pattern[index]
            switch byte {
            case UInt8(ascii: "*"):
                segments.append(Segment(current))
                current = []
            case UInt8(ascii: "?"):
                current.append(.anyScalar)
            case UInt8(ascii: "\\") where index + 1 < pattern.count:
                index += 1
                let length = UTF8Bytes.sequenceLength(lead: pattern[index])
                for offset in 0..<length where index + offset < pattern.count {
                    current.append(.byte(pattern[index + offset]))
                }
                index += length
                continue
            default:
                current.append(.byte(byte))
            }
            index += 1
        }
        segments.append(Segment(current))
        self.segments = segments
    }

    /// Whether the whole of `text` matches the pattern.
    ///
    /// - Complexity: O(*n* + *m*), or O(*n* · ⌈*k*/64⌉) with a `?` in a
    ///   segment of *k* scalars between stars (see ``LikePattern``).
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var steps = 0
        return matches(text, steps: &steps)
    }

    /// ``matches(_:)``, adding to `steps` one per byte or scalar examined,
    /// so tests can check the bound.
    func matches(_ text: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Bool {
        if segments.count == 1 {
            return Self.matchForward(segments[0].elements, text, from: 0, steps: &steps) == text.count
        }
        guard let prefixEnd = Self.matchForward(segments[0].elements, text, from: 0, steps: &steps),
              let suffixStart = Self.matchBackward(segments[segments.count - 1].elements, text, to: text.count,
                                                   notBefore: prefixEnd, steps: &steps)
        else { return false }
        var position = prefixEnd
        for segment in segments.dropFirst().dropLast() {
            let end: Int?
            if segment.isLiteral {
                end = Self.find(segment, text, in: position..<suffixStart, steps: &steps)
            } else {
                end = segment.automaton?.find(text, in: position..<suffixStart, steps: &steps)
            }
            guard let end else { return false }
            position = end
        }
        return true
    }

    /// Matches `elements` at `start`, going forward; the end of the match.
    private static func matchForward(
        _ elements: [Element], _ text: UnsafeBufferPointer<UInt8>, from start: Int, steps: inout Int
    ) -> Int? {
        var position = start
        for element in elements {
            steps += 1
            guard position < text.count else { return nil }
            switch element {
            case let .byte(byte):
                guard text[position] == byte else { return nil }
                position += 1
            case .anyScalar:
                position = min(position + UTF8Bytes.sequenceLength(lead: text[position]), text.count)
            }
        }
        return position
    }

    /// Matches `elements` so that they end at `end`, going backward, never
    /// before `limit`; the start of the match.
    private static func matchBackward(
        _ elements: [Element], _ text: UnsafeBufferPointer<UInt8>, to end: Int, notBefore limit: Int, steps: inout Int
    ) -> Int? {
        var position = end
        for element in elements.reversed() {
            steps += 1
            guard position > limit else { return nil }
            switch element {
            case let .byte(byte):
                guard text[position - 1] == byte else { return nil }
                position -= 1
            case .anyScalar:
                position -= 1
                while position > limit, text[position] & 0xC0 == 0x80 {
                    position -= 1
                    steps += 1
                }
            }
        }
        return position
    }

    /// The end of the leftmost occurrence of a literal segment within
    /// `range`.
    private static func find(
        _ segment: Segment, _ text: UnsafeBufferPointer<UInt8>, in range: Range<Int>, steps: inout Int
    ) -> Int? {
        segment.bytes.withUnsafeBufferPointer { needle in
            segment.failure.withUnsafeBufferPointer { failure in
                ByteSearch.firstEnd(of: needle, failure: failure, in: text, range: range, steps: &steps)
            }
        }
    }
}
