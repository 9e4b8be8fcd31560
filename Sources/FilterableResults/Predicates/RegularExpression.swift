/// The regular expression of a `MATCHES` comparison: a pattern compiled to a
/// nondeterministic automaton (Thompson's construction) and run as a set of
/// states over the subject's Unicode scalars, so matching never backtracks.
///
/// `MATCHES` asks whether the whole subject matches, so the engine needs no
/// captures and no priorities: the subject matches when, after its last
/// scalar, the set of states holds the final one. Every step of the
/// simulation visits each instruction at most once, so a match costs
/// O(*n* · *p*) for a subject of *n* scalars and a program of *p*
/// instructions (at most ``maximumProgramSize``), whatever the pattern.
///
/// The syntax is the part of ICU's (which `NSRegularExpression` and
/// `NSPredicate` use) that fits this engine; ``RegularExpressionParser``
/// lists it. Where both accept a pattern, both give the same answer, with
/// two documented exceptions under `[c]`: case-insensitive matching folds
/// one scalar to one scalar (Unicode's simple case folding), so `ß` does not
/// match `ss` as ICU's full folding of literal strings lets it, and a
/// character class containing a range of more than 1,024 scalars (or past a
/// pattern's first 65,536 scalars of ranges) matches a scalar when it or
/// its folded form lies in the range.
struct RegularExpression: Sendable {
    /// A zero-width test of the position.
    enum Assertion: Sendable, Equatable {
        /// `^`, `\A`: the start of the subject.
        case startOfText
        /// `\z`: the end of the subject.
        case endOfText
        /// `$`, `\Z`: the end of the subject, or before a line terminator
        /// (or CR LF) that ends it.
        case endOfLine
        /// `\b`: between a word character and a non-word character, as ICU
        /// decides it (combining marks and format characters belong to the
        /// character before them).
        case wordBoundary
        /// `\B`: not a word boundary.
        case notWordBoundary
    }

    /// An instruction of the program. Jumps are relative to the
    /// instruction's own index, so a compiled fragment can be copied or
    /// moved as it is.
    enum Instruction: Sendable, Equatable {
        /// One scalar equal to this value (case-folded when the expression
        /// is case-insensitive).
        case scalar(UInt32)
        /// `.`: any scalar but a line terminator.
        case any
        /// A character class: ``sets`` at this index.
        case set(Int)
        /// Continue at both `self + first` and `self + second`.
        case split(Int, Int)
        /// Continue at `self + offset`.
        case jump(Int)
        /// Continue at the next instruction if the assertion holds.
        case assert(Assertion)
        /// The subject matches if this is reached after its last scalar.
        case match
    }

    /// The most instructions a pattern may compile to; counted repetitions
    /// are expanded, so `(?:a{1000}){1000}` is refused rather than made a
    /// program of a million instructions.
    static let maximumProgramSize = 10_000

    /// The largest count a repetition (`{n}`, `{n,}`, `{n,m}`) may give.
    static let maximumRepetition = 1_000

    /// The pattern as written.
    let pattern: String
    /// The program; it ends with ``Instruction/match``.
    let program: [Instruction]
    /// The character classes the program uses.
    let sets: [ScalarSet]
    /// Whether literals and classes match case-insensitively (`[c]`).
    let caseInsensitive: Bool
    /// Whether the program tests word boundaries (which costs a property
    /// lookup per scalar).
    let usesWordBoundaries: Bool

    /// Compiles a pattern.
    ///
    /// - Throws: ``RegularExpressionError`` at the first scalar of the
    ///   pattern that is malformed or not supported.
    /// - Complexity: O(*m* + *p*) for a pattern of *m* scalars compiling to
    ///   *p* instructions.
    init(_ pattern: String, caseInsensitive: Bool) throws(RegularExpressionError) {
        var parser = RegularExpressionParser(pattern, caseInsensitive: caseInsensitive)
        let compiled = try parser.compile()
        self.pattern = pattern
        program = compiled.program
        sets = compiled.sets
        self.caseInsensitive = caseInsensitive
        usesWordBoundaries = compiled.usesWordBoundaries
    }

    /// Whether the whole of `subject` matches.
    ///
    /// - Complexity: O(*n* · *p*) for *n* scalars and *p* instructions.
    func matches(_ subject: String) -> Bool {
        var steps = 0
        return matches(subject, steps: &steps)
    }

    /// ``matches(_:)``, adding to `steps` one per instruction visited, so
    /// tests can check the bound: at most 2 · *p* per scalar, plus *p*.
    func matches(_ subject: String, steps: inout Int) -> Bool {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(subject.utf8.count)
        for scalar in subject.unicodeScalars { scalars.append(scalar.value) }
        return scalars.withUnsafeBufferPointer { run($0, steps: &steps) }
    }

    // MARK: The simulation

    /// The states reached at one position: instructions that read a scalar,
    /// and ``Instruction/match``. `visited` marks every instruction the
    /// closure passed through at the current generation.
    private struct StateSet {
        var states: [Int] = []
        var visited: [Int]

        init(programSize: Int) {
            visited = [Int](repeating: -1, count: programSize)
            states.reserveCapacity(programSize)
        }
    }

    /// What the assertions need to know about a position.
    private struct Position {
        var index: Int
        var count: Int
        /// Whether the last scalar before `index` that is not a combining
        /// mark or a format character is a word character.
        var previousIsWord: Bool
    }

    private func run(_ subject: UnsafeBufferPointer<UInt32>, steps: inout Int) -> Bool {
        var current = StateSet(programSize: program.count)
        var next = StateSet(programSize: program.count)
        var stack: [Int] = []
        var position = Position(index: 0, count: subject.count, previousIsWord: false)
        addClosure(from: 0, to: &current, generation: 0, at: position, subject, stack: &stack, steps: &steps)
        for index in 0..<subject.count {
            if current.states.isEmpty { return false }
            let scalar = subject[index]
            let folded = caseInsensitive ? CaseFolding.fold(scalar) : scalar
            if usesWordBoundaries, !ScalarClasses.isExtendOrFormat(scalar) {
                position.previousIsWord = ScalarClasses.isWord(scalar)
            }
            position.index = index + 1
            next.states.removeAll(keepingCapacity: true)
            for pc in current.states {
                steps += 1
                let accepted: Bool
                switch program[pc] {
                case let .scalar(value): accepted = folded == value
                case .any: accepted = !ScalarClasses.isLineTerminator(scalar)
                case let .set(set): accepted = sets[set].contains(scalar, caseInsensitive: caseInsensitive)
                default: accepted = false
                }
                if accepted {
                    addClosure(from: pc + 1, to: &next, generation: index + 1, at: position, subject,
                               stack: &stack, steps: &steps)
                }
            }
            swap(&current, &next)
        }
        return current.states.contains { program[$0] == .match }
    }

    /// Adds to `set` every state reachable from `start` without reading a
    /// scalar, testing assertions at `position`.
    private func addClosure(
        from start: Int, to set: inout StateSet, generation: Int, at position: Position,
        _ subject: UnsafeBufferPointer<UInt32>, stack: inout [Int], steps: inout Int
    ) {
        stack.append(start)
        while let pc = stack.popLast() {
            guard set.visited[pc] != generation else { continue }
            set.visited[pc] = generation
            steps += 1
            switch program[pc] {
            case .scalar, .any, .set, .match:
                set.states.append(pc)
            case let .split(first, second):
                stack.append(pc + second)
                stack.append(pc + first)
            case let .jump(offset):
                stack.append(pc + offset)
            case let .assert(assertion):
                if holds(assertion, at: position, subject) { stack.append(pc + 1) }
            }
        }
    }

    private func holds(_ assertion: Assertion, at position: Position, _ subject: UnsafeBufferPointer<UInt32>) -> Bool {
        let index = position.index
        let count = position.count
        switch assertion {
        case .startOfText:
            return index == 0
        case .endOfText:
            return index == count
        case .endOfLine:
            if index == count { return true }
            if index == count - 1 { return ScalarClasses.isLineTerminator(subject[index]) }
            return index == count - 2 && subject[index] == 0x0D && subject[index + 1] == 0x0A
        case .wordBoundary, .notWordBoundary:
            let isBoundary: Bool
            if index < count, ScalarClasses.isExtendOrFormat(subject[index]) {
                isBoundary = false  // A mark belongs to the character before it.
            } else {
                isBoundary = (index < count && ScalarClasses.isWord(subject[index])) != position.previousIsWord
            }
            return isBoundary == (assertion == .wordBoundary)
        }
    }
}

/// Why a pattern cannot be compiled: where (a scalar offset into the
/// pattern) and what is wrong there.
struct RegularExpressionError: Error, Equatable {
    /// The 0-based offset, in Unicode scalars, of the construct at fault.
    var offset: Int
    /// What is wrong, as a clause: "a lookahead '(?=' is not supported".
    var problem: String
    /// Whether the pattern is valid for ICU but outside what `MATCHES`
    /// supports (rather than malformed).
    var isUnsupported: Bool
}

/// A character class: ranges of scalars and the classes `\d`, `\w`, `\s`
/// and their negations, possibly negated as a whole.
struct ScalarSet: Sendable {
    /// The named classes a set can hold.
    enum Class: Sendable {
        case digit, notDigit, word, notWord, space, notSpace

        func contains(_ scalar: UInt32) -> Bool {
            switch self {
            case .digit: ScalarClasses.isDigit(scalar)
            case .notDigit: !ScalarClasses.isDigit(scalar)
            case .word: ScalarClasses.isWord(scalar)
            case .notWord: !ScalarClasses.isWord(scalar)
            case .space: ScalarClasses.isSpace(scalar)
            case .notSpace: !ScalarClasses.isSpace(scalar)
            }
        }
    }

    /// Sorted, non-overlapping ranges.
    let ranges: [ClosedRange<UInt32>]
    let classes: [Class]
    let isNegated: Bool
    /// For case-insensitive matching: the folded forms of every scalar in
    /// the ranges of at most 1,024 scalars (while `foldBudget` lasts).
    let foldedMembers: Set<UInt32>

    /// The most scalars of ranges one pattern folds when it compiles; past
    /// it, as for ranges over 1,024 scalars, a range matches a scalar when
    /// it holds the scalar or its folded form.
    static let foldBudget = 65_536

    init(
        ranges: [ClosedRange<UInt32>], classes: [Class], isNegated: Bool, caseInsensitive: Bool,
        foldBudget: inout Int
    ) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
        self.classes = classes
        self.isNegated = isNegated
        var folded = Set<UInt32>()
        if caseInsensitive {
            for range in merged where range.count <= 1_024 && range.count <= foldBudget {
                foldBudget -= range.count
                for scalar in range { folded.insert(CaseFolding.fold(scalar)) }
            }
        }
        foldedMembers = folded
    }

    /// Whether the set matches `scalar`.
    func contains(_ scalar: UInt32, caseInsensitive: Bool) -> Bool {
        var found = containsExactly(scalar)
        if !found, caseInsensitive {
            let folded = CaseFolding.fold(scalar)
            found = foldedMembers.contains(folded) || containsExactly(folded)
        }
        return found != isNegated
    }

    private func containsExactly(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar {
                low = middle + 1
            } else {
                high = middle
            }
        }
        if low < ranges.count, ranges[low].contains(scalar) { return true }
        return classes.contains { $0.contains(scalar) }
    }
}

/// The classes of scalars regular expressions test, as ICU defines them.
enum ScalarClasses {
    /// ICU's line terminators (what `.` does not match and `$` may precede):
    /// LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    static func isLineTerminator(_ scalar: UInt32) -> Bool {
        (0x0A...0x0D).contains(scalar) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
    }

    /// `\d`: a decimal digit (general category Nd).
    static func isDigit(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return (0x30...0x39).contains(scalar) }
        return Unicode.Scalar(scalar)?.properties.generalCategory == .decimalNumber
    }

    /// `\s`: a White_Space character.
    static func isSpace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        return Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
    }

    /// `\w`: alphabetic, a mark, a decimal digit, a connector punctuation
    /// (`_`), or a joiner (U+200C, U+200D).
    static func isWord(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar)
                || (0x61...0x7A).contains(scalar) || scalar == 0x5F
        }
        if scalar == 0x200C || scalar == 0x200D { return true }
        guard let properties = Unicode.Scalar(scalar)?.properties else { return false }
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// Whether a scalar extends the one before it for `\b` (Grapheme_Extend
    /// or a format character).
    static func isExtendOrFormat(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return false }
        guard let properties = Unicode.Scalar(scalar)?.properties else { return false }
        return properties.isGraphemeExtend || properties.generalCategory == .format
    }
}

/// Simple case folding, one scalar to one scalar, for case-insensitive
/// regular expressions.
enum CaseFolding {
    /// The folded form of a scalar: scalars that differ only by case fold
    /// alike (`K`, `k` and KELVIN SIGN; `Σ`, `σ` and `ς`).
    static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return (0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar }
        if scalar < UInt32(table.count) { return table[Int(scalar)] }
        return compute(scalar)
    }

    /// The folded forms of the first 2,048 scalars.
    private static let table: [UInt32] = (0..<0x800).map { compute(UInt32($0)) }

    /// The lowercase of the uppercase (so `ς` and `σ` meet at `σ`), each
    /// only when it is a single scalar. The Turkish dotted and dotless I
    /// fold to themselves, as in Unicode's default folding.
    private static func compute(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value), value != 0x130, value != 0x131 else { return value }
        func single(_ text: String) -> Unicode.Scalar? {
            var scalars = text.unicodeScalars.makeIterator()
            guard let first = scalars.next(), scalars.next() == nil else { return nil }
            return first
        }
        let upper = single(scalar.properties.uppercaseMapping) ?? scalar
        return (single(upper.properties.lowercaseMapping) ?? single(scalar.properties.lowercaseMapping) ?? scalar).value
    }
}
