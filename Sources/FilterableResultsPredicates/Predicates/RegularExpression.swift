import FilterableResults

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
