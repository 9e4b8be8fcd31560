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
/// Each step taken is remembered (``StateCache``, a lazily built
/// deterministic automaton), so a step met again, in this subject or in
/// the next row, costs a hash lookup instead of O(*p*).
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

    /// Which simulation finishes a subject.
    enum Engine: Sendable {
        /// The cache, then the bit-parallel simulation (or the plain one
        /// for small programs) when the cache keeps missing.
        case automatic
        /// The plain simulation only: the reference the tests compare with.
        case reference
        /// The bit-parallel simulation from the first scalar, whatever the
        /// program's size.
        case bitParallel
    }

    /// The way a subject was matched.
    enum Path: Sendable, Equatable {
        /// Every step from the cache (or the simulation that fills it).
        case cache
        /// Finished by the plain simulation.
        case simulation
        /// Finished by the bit-parallel simulation.
        case bitParallel
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
    /// Whether the program has any assertion, so that positions need their
    /// ``Context``.
    let usesAssertions: Bool
    /// The automaton made deterministic as rows are matched (shared by the
    /// copies of this expression).
    let cache: StateCache

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
        usesAssertions = compiled.program.contains { if case .assert = $0 { true } else { false } }
        cache = StateCache(programSize: compiled.program.count)
    }

    /// Whether the whole of `subject` matches.
    ///
    /// - Complexity: O(*n* · *p*) for *n* scalars and *p* instructions.
    func matches(_ subject: String) -> Bool {
        var steps = 0
        return matches(subject, steps: &steps)
    }

    /// ``matches(_:)``, adding to `steps` one per instruction visited (or
    /// 64-bit word processed, on the bit-parallel path), so tests can check
    /// the bound: at most 2 · *p* per scalar, plus *p*.
    func matches(_ subject: String, steps: inout Int) -> Bool {
        var path = Path.cache
        return matches(subject, engine: .automatic, steps: &steps, path: &path)
    }

    /// ``matches(_:steps:)`` run by `engine`, setting `path` to the way the
    /// subject was finished: for the tests, which compare the engines and
    /// check which one a pattern gets.
    ///
    /// - Complexity: O(*n* · *p*) for *n* scalars and *p* instructions.
    func matches(_ subject: String, engine: Engine, steps: inout Int, path: inout Path) -> Bool {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(subject.utf8.count)
        for scalar in subject.unicodeScalars { scalars.append(scalar.value) }
        return scalars.withUnsafeBufferPointer { run($0, engine: engine, steps: &steps, path: &path) }
    }

    // MARK: The simulation

    /// Runs the automaton over `subject`, one remembered transition per
    /// scalar once the cache knows it (``StateCache``).
    private func run(_ subject: UnsafeBufferPointer<UInt32>, engine: Engine, steps: inout Int, path: inout Path) -> Bool {
        cache.withLock { cache in
            var previousIsWord = false
            var misses = 0
            var missSteps = 0
            path = .cache
            var state = cache.start(self, context: context(at: 0, previousIsWord: false, subject), steps: &steps)
            if engine != .automatic {
                return cache.finish(self, from: state, subject, at: 0, previousIsWord: false, engine: engine,
                                    steps: &steps, path: &path)
            }
            for index in 0..<subject.count {
                if cache.isDead(state) { return false }
                let scalar = subject[index]
                let previousIsWordBefore = previousIsWord
                if usesWordBoundaries, !ScalarClasses.isExtendOrFormat(scalar) {
                    previousIsWord = ScalarClasses.isWord(scalar)
                }
                let key = TransitionKey(
                    state: state, scalar: scalar,
                    context: context(at: index + 1, previousIsWord: previousIsWord, subject).rawValue
                )
                if let target = cache.target(of: key) {
                    state = target
                    continue
                }
                // A step not met before. When most steps are new, or the
                // new ones cost more than 64 instructions a scalar (many
                // states live), this subject keeps reaching new subsets:
                // finish it without the cache rather than remember them all.
                misses += 1
                if misses > 32, misses * 4 > index || missSteps > 64 * index {
                    return cache.finish(self, from: state, subject, at: index, previousIsWord: previousIsWordBefore,
                                        engine: engine, steps: &steps, path: &path)
                }
                let before = steps
                state = cache.step(self, key, steps: &steps)
                missSteps += steps - before
            }
            return cache.isAccepting(state)
        }
    }

    /// The assertions that hold at `index` (none are tested when the
    /// program has none).
    @inline(__always)
    func context(at index: Int, previousIsWord: Bool, _ subject: UnsafeBufferPointer<UInt32>) -> Context {
        guard usesAssertions else { return [] }
        let count = subject.count
        var context: Context = []
        if index == 0 { context.insert(.startOfText) }
        if index == count {
            context.formUnion([.endOfText, .endOfLine])
        } else if (index == count - 1 && ScalarClasses.isLineTerminator(subject[index]))
                    || (index == count - 2 && subject[index] == 0x0D && subject[index + 1] == 0x0A) {
            context.insert(.endOfLine)
        }
        if usesWordBoundaries {
            // A mark belongs to the character before it: no boundary before one.
            let isBoundary = index < count && ScalarClasses.isExtendOrFormat(subject[index])
                ? false
                : (index < count && ScalarClasses.isWord(subject[index])) != previousIsWord
            if isBoundary { context.insert(.wordBoundary) }
        }
        return context
    }
}
