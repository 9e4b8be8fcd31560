import FilterableResults

extension RegularExpression {
    /// The automaton run bit-parallel: the live states as bits in 64-bit
    /// words, one bit per *position* (a reading instruction, or the final
    /// ``Instruction/match``), so one step costs a few passes over
    /// *p* / 64 words instead of a visit to every live state.
    ///
    /// A step from the live positions `D` on a scalar `c`:
    ///
    /// 1. `A = D & reads(c)`, the positions that read `c` (a mask per
    ///    scalar, built when the scalar is first met; those of non-ASCII
    ///    scalars are kept in a bounded memo).
    /// 2. The positions entered: for each *offset* δ, `(A & M[δ]) << δ`. A
    ///    position whose next instruction reads (a counted repetition `x{999}`
    ///    is a chain of them) enters the next position, offset 1; a position
    ///    followed by control instructions enters the positions of their
    ///    closure, found when first needed for each combination of
    ///    assertions that hold after the scalar (``Context``: none, a word
    ///    boundary, the end…), each closure reusing the closures of later
    ///    positions. They are kept as offsets when few offsets serve many
    ///    positions (a star's loop is offset 0 or less, an alternation's
    ///    branches small offsets), or as a *gather* when many positions
    ///    enter one (the position after a group of optional copies). The
    ///    ``maximumShifts`` most frequent offsets are kept, and more (up to
    ///    ``widestShifts``) while they lower the estimated cost of a step:
    ///    the copies of a group of alternatives of several lengths enter the
    ///    next copy at one offset per pair of alternatives. Positions whose
    ///    closures enter the same set of positions (those ends) may instead
    ///    *relay* through a bit standing for the set, in a fourth set of
    ///    bits: one shift into it per source offset, and one out of it per
    ///    offset within the set. A shift whose source words are mostly not
    ///    zero runs over all of them without branches.
    /// 3. The positions whose offsets did not fit are *irregular*: their
    ///    closure is followed instruction by instruction, as the plain
    ///    simulation does.
    /// 4. The *fill*: a position `j` whose only way in is a `split` whose
    ///    other branch reaches position `j + 1` where the assertions are as
    ///    they are after the scalar (the optional copies of `x{0,999}`, the
    ///    alternatives of a group) entails `j + 1`. Runs of such
    ///    positions are filled with one carry-propagating addition, so the
    ///    closure of `.{0,999}` costs no more than a shift:
    ///    `F = T | (((T & P) + P) ^ P)`.
    ///
    /// Every part is the closure the plain simulation computes, so answers
    /// are the same; the cost of a step is O(*w* · (*k* + 5)) for *w* words
    /// and *k* ≤ 2 · ``widestShifts`` shifts (the gathers cost at most 2*w*),
    /// plus the closures of the live irregular positions (O(*p*) at most,
    /// as the plain simulation).
    ///
    /// - Invariant: bit `j` of a mask stands for the instruction
    ///   `positions[j]`; positions are in program order; the last is the
    ///   final ``Instruction/match``.
    struct BitParallelSimulation {
        /// A shift of the positions read: those in `mask` enter the position
        /// `offset` further on.
        struct Shift {
            var offset: Int
            var mask: [UInt64]
            /// The words of `mask` that are not zero.
            var sourceWords: [Int32]
            /// The first word of `mask` that is not zero, and the word after
            /// the last.
            var firstWord: Int
            var endWord: Int
            /// Whether the shift runs over every word from `firstWord` to
            /// `endWord` (one pass without branches, as when each copy of a
            /// group has a position shifted) rather than over `sourceWords`.
            var isDense: Bool

            /// The shift of the positions in `mask` by `offset`.
            ///
            /// - Complexity: O(*w*) for *w* words.
            init(offset: Int, mask: [UInt64]) {
                self.offset = offset
                self.mask = mask
                sourceWords = mask.indices.filter { mask[$0] != 0 }.map { Int32($0) }
                firstWord = Int(sourceWords.first ?? 0)
                endWord = Int(sourceWords.last ?? -1) + 1
                isDense = 2 * sourceWords.count >= endWord - firstWord
            }

            /// The words a step of it costs.
            var cost: Int { isDense ? endWord - firstWord : sourceWords.count }
        }

        /// A target entered when any position of `mask` is read.
        struct Gather {
            var target: Int
            var mask: [UInt64]
            /// The words of `mask` that are not zero.
            var sourceWords: [Int32]
        }

        /// How the positions read enter others, where some assertions hold.
        struct Transitions {
            let shifts: [Shift]
            let gathers: [Gather]
            /// Shifts of the positions read into the relay bits, and of the
            /// relay bits into the positions they stand for.
            let relayShifts: [Shift]
            let fanShifts: [Shift]
            /// The positions whose closure is followed at run time.
            let irregular: [UInt64]
            /// Whether any position is irregular.
            let hasIrregular: Bool
            /// The positions that entail the next one (step 4).
            let fill: [UInt64]
            /// The words of work a step takes besides irregular closures:
            /// masking, the shifts, the gathers and the fill.
            let wordsPerStep: Int
        }

        /// The most offsets kept as shifts, whatever they cost.
        static let maximumShifts = 8
        /// The most offsets kept as shifts when more lower the estimated
        /// cost of a step (closures no longer followed at run time).
        static let widestShifts = 64
        /// The most instructions visited while building, over all positions'
        /// closures; positions past it are irregular.
        static let buildBudget = 1 << 24
        /// The most words the memo of non-ASCII masks holds before it starts
        /// again.
        static let memoWords = 1 << 19

        /// 64-bit words per set of positions.
        let words: Int
        /// The instruction of each position.
        let positions: [Int32]
        /// The position of each instruction, -1 for a control instruction.
        let positionOfInstruction: [Int32]
        /// The position of ``Instruction/match``, the last.
        let matchPosition: Int
        /// The positions reading each ASCII scalar, `words` words each, built
        /// when the scalar is first met.
        private var asciiMasks: [UInt64]
        private var asciiBuilt: [Bool]
        /// The positions whose only way in is a split whose first branch
        /// they are: those that may entail the next one (step 4).
        let fillCandidates: [Int32]
        /// The transitions where each combination of assertions holds
        /// (``Context``'s raw value), built when first needed.
        private(set) var transitions: [Transitions?]
        /// The words of work a step takes besides irregular closures where
        /// no assertion holds (masking, the shifts, the gathers and the
        /// fill): what the choice of this simulation weighs.
        let wordsPerStep: Int

        // Working memory, lent to each run.
        private var memo: [UInt32: Int] = [:]
        private var memoMasks: [UInt64] = []
        private var closure: ClosureWalk

        // MARK: Building

        /// Builds the masks of `expression`'s program.
        ///
        /// - Complexity: O(*p* + *g*) for *p* instructions and *g* positions
        ///   in the closures' generators, bounded by ``buildBudget``; the mask
        ///   of a scalar costs O(*p*) when the scalar is first met.
        init(_ expression: RegularExpression) {
            let program = expression.program
            var positions: [Int32] = []
            var positionOfInstruction = [Int32](repeating: -1, count: program.count)
            for (pc, instruction) in program.enumerated() {
                switch instruction {
                case .scalar, .any, .set, .match:
                    positionOfInstruction[pc] = Int32(positions.count)
                    positions.append(Int32(pc))
                case .split, .jump, .assert: break
                }
            }
            let count = positions.count
            let words = (count + 63) / 64
            self.words = words
            self.positions = positions
            self.positionOfInstruction = positionOfInstruction
            matchPosition = count - 1
            closure = ClosureWalk(programSize: program.count)

            // The ways into each instruction: the start, the instruction
            // before it when it falls through, splits and jumps.
            var entries = [Int](repeating: 0, count: program.count)
            entries[0] += 1
            for (pc, instruction) in program.enumerated() {
                switch instruction {
                case .scalar, .any, .set, .assert: if pc + 1 < program.count { entries[pc + 1] += 1 }
                case let .split(first, second):
                    entries[pc + first] += 1
                    entries[pc + second] += 1
                case let .jump(offset): entries[pc + offset] += 1
                case .match: break
                }
            }

            // Step 4's candidates: the positions whose only way in is a split
            // whose first branch they are.
            fillCandidates = (0..<max(count - 1, 0)).filter { position in
                let pc = Int(positions[position])
                guard pc > 0, entries[pc] == 1, case .split(1, _) = program[pc - 1] else { return false }
                return true
            }.map { Int32($0) }
            transitions = [Transitions?](repeating: nil, count: 16)
            let unconditional = Self.makeTransitions(
                expression, context: [], positions: positions, positionOfInstruction: positionOfInstruction,
                fillCandidates: fillCandidates
            )
            transitions[0] = unconditional
            wordsPerStep = unconditional.wordsPerStep

            asciiMasks = [UInt64](repeating: 0, count: 128 * words)
            asciiBuilt = [Bool](repeating: false, count: 128)
            _checkInvariants()
        }

        /// The transitions of the positions where the assertions that hold
        /// are `context`: each position's closure, as shifts, gathers, or
        /// irregular (followed at run time) past the budgets.
        ///
        /// - Complexity: O(*p* + *g*) for *p* instructions and *g* positions
        ///   in the closures' generators, bounded by ``buildBudget``.
        private static func makeTransitions(
            _ expression: RegularExpression, context: Context, positions: [Int32], positionOfInstruction: [Int32],
            fillCandidates: [Int32]
        ) -> Transitions {
            let program = expression.program
            let count = positions.count
            let words = (count + 63) / 64
            var marks = [Int](repeating: -1, count: program.count)
            var markGeneration = 0
            var work: [Int] = []

            // Whether instruction `target` is in the closure of `start`,
            // found within `limit` visits.
            func reaches(from start: Int, _ target: Int, limit: Int) -> Bool {
                markGeneration += 1
                work.removeAll(keepingCapacity: true)
                work.append(start)
                var visits = 0
                while let pc = work.popLast(), visits < limit {
                    guard marks[pc] != markGeneration else { continue }
                    marks[pc] = markGeneration
                    visits += 1
                    if pc == target { return true }
                    switch program[pc] {
                    case let .split(first, second):
                        work.append(pc + second)
                        work.append(pc + first)
                    case let .jump(offset): work.append(pc + offset)
                    case let .assert(assertion): if context.holds(assertion) { work.append(pc + 1) }
                    case .scalar, .any, .set, .match: break
                    }
                }
                return false
            }

            // Step 4: a candidate j entails j + 1 when its split's other
            // branch reaches j + 1 (the optional copies of x{0,999}, the
            // alternatives of a group).
            var fill = [UInt64](repeating: 0, count: words)
            for candidate in fillCandidates {
                let position = Int(candidate)
                let pc = Int(positions[position])
                guard case let .split(_, second) = program[pc - 1] else { continue }
                if reaches(from: pc - 1 + second, Int(positions[position + 1]), limit: 64) {
                    fill[position / 64] |= 1 << UInt64(position % 64)
                }
            }
            func entails(_ position: Int) -> Bool { fill[position / 64] >> UInt64(position % 64) & 1 == 1 }

            // A bounded closure of the control instructions from `start`,
            // testing assertions against `context`: the positions reached
            // and the instructions visited; nil past `limit` instructions.
            // An instruction in `known` (other than `start`) adds the
            // positions recorded for it instead of being followed.
            func closure(from start: Int, limit: Int, known: [Int: [Int]], into reached: inout [Int]) -> Int? {
                markGeneration += 1
                reached.removeAll(keepingCapacity: true)
                work.removeAll(keepingCapacity: true)
                work.append(start)
                var visits = 0
                while let pc = work.popLast() {
                    guard marks[pc] != markGeneration else { continue }
                    marks[pc] = markGeneration
                    visits += 1
                    if visits > limit { return nil }
                    if pc != start, let recorded = known[pc] {
                        reached += recorded
                        visits += recorded.count
                        continue
                    }
                    switch program[pc] {
                    case .scalar, .any, .set, .match: reached.append(Int(positionOfInstruction[pc]))
                    case let .split(first, second):
                        work.append(pc + second)
                        work.append(pc + first)
                    case let .jump(offset): work.append(pc + offset)
                    case let .assert(assertion): if context.holds(assertion) { work.append(pc + 1) }
                    }
                }
                return visits
            }

            // Step 2: the offsets of each position's closure, less what the
            // fill adds. From the last position back, so that a closure can
            // take the positions recorded for a later one's next instruction
            // (the copies of x{0,999} each add one position to the next's).
            var budget = Self.buildBudget
            var offsetsOf = [[Int]?](repeating: nil, count: count)  // nil: irregular
            var visitsOf = [Int](repeating: 0, count: count)  // The instructions of each closure.
            var known: [Int: [Int]] = [:]
            var reached: [Int] = []
            var inClosure = [Int](repeating: -1, count: count)
            for position in stride(from: count - 2, through: 0, by: -1) {
                let next = Int(positions[position]) + 1
                if positionOfInstruction[next] >= 0 {
                    offsetsOf[position] = [Int(positionOfInstruction[next]) - position]
                    continue
                }
                guard budget > 0, let found = closure(from: next, limit: budget, known: known, into: &reached) else {
                    budget = 0  // Spent: the rest are irregular.
                    continue
                }
                budget -= found
                visitsOf[position] = found
                for entered in reached { inClosure[entered] = position }
                var generators: [Int] = []
                for entered in reached where inClosure[entered] == position {
                    inClosure[entered] = position + count  // Listed once.
                    generators.append(entered)
                }
                generators = generators.filter { entered in
                    !(entered > 0 && inClosure[entered - 1] >= count && entails(entered - 1))
                }
                for entered in reached { inClosure[entered] = -1 }
                known[next] = generators
                offsetsOf[position] = generators.map { $0 - position }
            }
            // The transitions of positions whose closures enter the
            // positions at the offsets `offsetsOf` (nil: irregular), and the
            // estimated cost of a step.
            func plan(_ offsetsOf: [[Int]?]) -> (transitions: Transitions, cost: Int) {
                var frequency: [Int: Int] = [:]
                for case let offsets? in offsetsOf { for offset in Set(offsets) { frequency[offset, default: 0] += 1 } }
                let ranked = frequency.sorted { ($0.value, -abs($0.key)) > ($1.value, -abs($1.key)) }.map(\.key)

                // The transitions keeping the offsets `kept` as shifts, and what
                // a step of them is estimated to cost: its words, and the
                // instructions of the irregular closures (as if all were live).
                func layout(keeping kept: Set<Int>) -> (transitions: Transitions, cost: Int) {
                    // What the kept offsets leave is gathered by target, when many
                    // positions enter the same one (the position after a group of
                    // optional copies), while the gathers cost at most 2w words.
                    var sourcesOf: [Int: Int] = [:]
                    for position in 0..<max(count - 1, 0) {
                        guard let offsets = offsetsOf[position] else { continue }
                        for offset in offsets where !kept.contains(offset) { sourcesOf[position + offset, default: 0] += 1 }
                    }
                    var gathered = Set<Int>()
                    var gatherCost = 0
                    for (target, sources) in sourcesOf.sorted(by: { ($0.value, -$0.key) > ($1.value, -$1.key) }) {
                        guard sources >= 2, gatherCost + min(sources, words) <= 2 * words + 64 else { continue }
                        gathered.insert(target)
                        gatherCost += min(sources, words)
                    }
                    var masks: [Int: [UInt64]] = [:]
                    var gatherMasks: [Int: [UInt64]] = [:]
                    var irregular = [UInt64](repeating: 0, count: words)
                    var irregularVisits = 0
                    for position in 0..<max(count - 1, 0) {
                        let bit = UInt64(1) << UInt64(position % 64)
                        guard let offsets = offsetsOf[position],
                              offsets.allSatisfy({ kept.contains($0) || gathered.contains(position + $0) })
                        else {
                            irregular[position / 64] |= bit
                            irregularVisits += max(visitsOf[position], 1)
                            continue
                        }
                        for offset in offsets {
                            if kept.contains(offset) {
                                masks[offset, default: [UInt64](repeating: 0, count: words)][position / 64] |= bit
                            } else {
                                gatherMasks[position + offset, default: [UInt64](repeating: 0, count: words)][position / 64] |= bit
                            }
                        }
                    }
                    let shifts = masks.keys.sorted().map { Shift(offset: $0, mask: masks[$0]!) }
                    let gathers = gatherMasks.keys.sorted().map { target in
                        let mask = gatherMasks[target]!
                        return Gather(target: target, mask: mask,
                                      sourceWords: mask.indices.filter { mask[$0] != 0 }.map { Int32($0) })
                    }
                    let wordsPerStep = words * 3 + shifts.reduce(0) { $0 + $1.cost }
                        + gathers.reduce(0) { $0 + $1.sourceWords.count }
                    let transitions = Transitions(
                        shifts: shifts, gathers: gathers, relayShifts: [], fanShifts: [], irregular: irregular,
                    hasIrregular: irregular.contains { $0 != 0 },
                        fill: fill, wordsPerStep: wordsPerStep
                    )
                    return (transitions, wordsPerStep + irregularVisits)
                }

                // The most frequent offsets, and more of them (up to
                // `widestShifts`) when that lowers the estimated cost of a step
                // and keeps it within half the program: a pattern whose copies'
                // ends enter the next copy at many offsets (alternatives of
                // several lengths) gets a shift for each instead of closures
                // followed at run time. How many is estimated in one pass (a
                // position is regular once its rarest offset is kept; a shift
                // costs the words its positions are in), then laid out once.
                let baseline = layout(keeping: Set(ranked.prefix(Self.maximumShifts)))
                guard baseline.transitions.hasIrregular, ranked.count > Self.maximumShifts else { return baseline }
                var rankOf: [Int: Int] = [:]
                for (rank, offset) in ranked.enumerated() { rankOf[offset] = rank }
                var wordsOfRank = [Int](repeating: 0, count: ranked.count)
                var lastWordOfRank = [Int](repeating: -1, count: ranked.count)
                var visitsFromRank = [Int](repeating: 0, count: ranked.count + 1)  // Of the positions whose rarest offset is this one.
                for position in 0..<max(count - 1, 0) {
                    guard let offsets = offsetsOf[position] else { continue }
                    var rarest = 0
                    for offset in offsets {
                        let rank = rankOf[offset]!
                        rarest = max(rarest, rank)
                        if lastWordOfRank[rank] != position / 64 {
                            lastWordOfRank[rank] = position / 64
                            wordsOfRank[rank] += 1
                        }
                    }
                    visitsFromRank[rarest] += max(visitsOf[position], 1)
                }
                var irregularVisits = visitsFromRank.reduce(0, +)
                var shiftWords = 0
                var bestEstimate = Int.max
                var bestKept = Self.maximumShifts
                for kept in 1...min(ranked.count, Self.widestShifts) {
                    shiftWords += wordsOfRank[kept - 1]
                    irregularVisits -= visitsFromRank[kept - 1]
                    if kept >= Self.maximumShifts, shiftWords + irregularVisits < bestEstimate {
                        bestEstimate = shiftWords + irregularVisits
                        bestKept = kept
                    }
                }
                guard bestKept > Self.maximumShifts else { return baseline }
                let wider = layout(keeping: Set(ranked.prefix(bestKept)))
                return wider.cost < baseline.cost && 2 * wider.transitions.wordsPerStep <= program.count ? wider : baseline
            }

            // Positions whose closures enter the same set of positions (the
            // ends of a copy's alternatives all enter the next copy's) may
            // *relay* through a bit of their own, the set's first position
            // in a separate set of bits: one shift into it per source offset,
            // one out of it per offset within the set, instead of one per
            // pair. Tried when a step needs many shifts, and kept when it
            // costs less.
            let direct = plan(offsetsOf)
            guard direct.transitions.hasIrregular || direct.transitions.shifts.count > Self.maximumShifts else {
                return direct.transitions
            }
            var sourcesOfSet: [[Int]: [Int]] = [:]
            for position in 0..<max(count - 1, 0) {
                guard let offsets = offsetsOf[position], offsets.count >= 2 else { continue }
                sourcesOfSet[offsets.map { position + $0 }.sorted(), default: []].append(position)
            }
            var setOfRelay: [Int: [Int]] = [:]
            // The sets with the most sources first, so that they get the bits.
            let candidates = sourcesOfSet.filter { $0.value.count >= 2 }.sorted { first, second in
                first.value.count != second.value.count
                    ? first.value.count > second.value.count : first.key.lexicographicallyPrecedes(second.key)
            }
            for (set, _) in candidates where setOfRelay[set[0]] == nil { setOfRelay[set[0]] = set }
            var relayed = offsetsOf
            var relayMasks: [Int: [UInt64]] = [:]
            var fanMasks: [Int: [UInt64]] = [:]
            for (set, sources) in candidates where setOfRelay[set[0]] == set {
                let relay = set[0]
                for source in sources {
                    relayed[source] = []
                    relayMasks[relay - source, default: [UInt64](repeating: 0, count: words)][source / 64] |= 1 << UInt64(source % 64)
                }
                for entered in set {
                    fanMasks[entered - relay, default: [UInt64](repeating: 0, count: words)][relay / 64] |= 1 << UInt64(relay % 64)
                }
            }
            guard !relayMasks.isEmpty, relayMasks.count + fanMasks.count <= Self.widestShifts else { return direct.transitions }
            let relayShifts = relayMasks.keys.sorted().map { Shift(offset: $0, mask: relayMasks[$0]!) }
            let fanShifts = fanMasks.keys.sorted().map { Shift(offset: $0, mask: fanMasks[$0]!) }
            let relayWords = words + (relayShifts + fanShifts).reduce(0) { $0 + $1.cost }
            let viaRelays = plan(relayed)
            guard viaRelays.cost + relayWords < direct.cost,
                  2 * (viaRelays.transitions.wordsPerStep + relayWords) <= program.count
            else { return direct.transitions }
            let table = viaRelays.transitions
            return Transitions(
                shifts: table.shifts, gathers: table.gathers, relayShifts: relayShifts, fanShifts: fanShifts,
                irregular: table.irregular, hasIrregular: table.hasIrregular, fill: table.fill,
                wordsPerStep: table.wordsPerStep + relayWords
            )
        }

        /// Sets the bits of the positions that read `scalar` in
        /// `masks[start..<start + words]`.
        private static func buildMask(
            _ expression: RegularExpression, positions: [Int32], for scalar: UInt32, into masks: inout [UInt64], at start: Int
        ) {
            let folded = expression.caseInsensitive ? CaseFolding.fold(scalar) : scalar
            // Each class is tested once, however many copies use it.
            var classAnswers = [Int8](repeating: -1, count: expression.sets.count)
            for (position, pc) in positions.enumerated() {
                let reads: Bool
                if case let .set(set) = expression.program[Int(pc)] {
                    if classAnswers[set] < 0 {
                        classAnswers[set] = expression.sets[set].contains(scalar, caseInsensitive: expression.caseInsensitive) ? 1 : 0
                    }
                    reads = classAnswers[set] == 1
                } else {
                    reads = expression.reads(Int(pc), scalar, folded: folded)
                }
                if reads { masks[start + position / 64] |= 1 << UInt64(position % 64) }
            }
        }

        /// Checks, when the package's invariant checks are compiled in, that
        /// the masks are consistent: no position both shifted (or gathered)
        /// and irregular, none past the last.
        func _checkInvariants() {
            #if FILTERABLE_RESULTS_CHECKS
            precondition(positions.count == 0 || matchPosition == positions.count - 1)
            for case let table? in transitions {
                for mask in (table.shifts + table.relayShifts).map(\.mask) + table.gathers.map(\.mask) {
                    for word in 0..<words {
                        precondition(mask[word] & table.irregular[word] == 0, "a position both shifted and irregular")
                    }
                }
                precondition(table.gathers.allSatisfy { $0.target < positions.count })
                if words > 0, positions.count % 64 != 0 {
                    let unused = ~UInt64(0) << UInt64(positions.count % 64)
                    precondition(table.irregular[words - 1] & unused == 0 && table.fill[words - 1] & unused == 0)
                }
            }
            #endif
        }

        // MARK: Running

        /// Runs the automaton over `subject` from the scalar at `start`,
        /// from the states `states` (instructions, as the plain simulation
        /// keeps them); `previousIsWord` tells whether the last scalar
        /// before `start` that is not a mark is a word character.
        ///
        /// - Complexity: O(*w* · (*k* + 5)) per scalar for *w* words and
        ///   *k* shifts, plus the closures of live irregular positions.
        mutating func run(
            _ expression: RegularExpression, _ subject: UnsafeBufferPointer<UInt32>, from start: Int, states: [Int32],
            previousIsWord: Bool, steps: inout Int
        ) -> Bool {
            // The four sets of positions (with the relay bits) live in one allocation: no
            // uniqueness or bounds checks in the loops.
            let storage = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * max(words, 1))
            storage.initialize(repeating: 0, count: 4 * max(words, 1))
            defer { storage.deallocate() }
            var current = UnsafeMutableBufferPointer(start: storage, count: words)
            var next = UnsafeMutableBufferPointer(start: storage + words, count: words)
            let read = UnsafeMutableBufferPointer(start: storage + 2 * words, count: words)
            let relays = UnsafeMutableBufferPointer(start: storage + 3 * words, count: words)
            for pc in states { Self.insert(Int(positionOfInstruction[Int(pc)]), into: next) }
            swap(&current, &next)
            var previousIsWord = previousIsWord
            var tableContext: UInt8 = 0
            var table = transitions(expression, where: [])
            var index = start
            while index < subject.count {
                let scalar = subject[index]
                if expression.usesWordBoundaries, !ScalarClasses.isExtendOrFormat(scalar) {
                    previousIsWord = ScalarClasses.isWord(scalar)
                }
                let context = expression.context(at: index + 1, previousIsWord: previousIsWord, subject)
                if context.rawValue != tableContext {
                    tableContext = context.rawValue
                    table = transitions(expression, where: context)
                }
                let maskStart = mask(expression, for: scalar)
                steps += table.wordsPerStep
                var any: UInt64 = 0
                if scalar < 128 {
                    asciiMasks.withUnsafeBufferPointer { masks in
                        for word in 0..<words {
                            read[word] = current[word] & masks[maskStart + word]
                            any |= read[word]
                        }
                    }
                } else {
                    memoMasks.withUnsafeBufferPointer { masks in
                        for word in 0..<words {
                            read[word] = current[word] & masks[maskStart + word]
                            any |= read[word]
                        }
                    }
                }
                if any == 0 { return false }
                next.update(repeating: 0)
                closure.nextStep()  // One visit per instruction per step, over all closures.
                for shift in table.shifts { Self.apply(shift, read, into: next) }
                if !table.relayShifts.isEmpty {
                    relays.update(repeating: 0)
                    for shift in table.relayShifts { Self.apply(shift, read, into: relays) }
                    for shift in table.fanShifts { Self.apply(shift, relays, into: next) }
                }
                for gather in table.gathers {
                    for word in gather.sourceWords where read[Int(word)] & gather.mask[Int(word)] != 0 {
                        Self.insert(gather.target, into: next)
                        break
                    }
                }
                if table.hasIrregular {
                    for word in 0..<words where read[word] & table.irregular[word] != 0 {
                        var bits = read[word] & table.irregular[word]
                        while bits != 0 {
                            let position = word * 64 + bits.trailingZeroBitCount
                            bits &= bits - 1
                            addClosure(expression, from: Int(positions[position]) + 1, context: context, into: next,
                                       steps: &steps)
                        }
                    }
                }
                table.fill.withUnsafeBufferPointer { fill in
                    var carry: UInt64 = 0
                    for word in 0..<words {
                        let entailing = fill[word]
                        let (partial, overflow) = (next[word] & entailing).addingReportingOverflow(entailing)
                        let (sum, overflowAgain) = partial.addingReportingOverflow(carry)
                        carry = overflow || overflowAgain ? 1 : 0
                        next[word] |= sum ^ entailing
                    }
                }
                swap(&current, &next)
                index += 1
            }
            return current[matchPosition / 64] >> UInt64(matchPosition % 64) & 1 == 1
        }

        /// The positions entered from instruction `start` without reading,
        /// as the plain simulation finds them, skipping the instructions
        /// visited already in this step.
        private mutating func addClosure(
            _ expression: RegularExpression, from start: Int, context: Context, into target: UnsafeMutableBufferPointer<UInt64>,
            steps: inout Int
        ) {
            closure.walk(expression, from: start, context: context, steps: &steps) { pc in
                Self.insert(Int(positionOfInstruction[pc]), into: target)
            }
        }

        /// The transitions where the assertions that hold are `context`,
        /// built when first needed.
        private mutating func transitions(_ expression: RegularExpression, where context: Context) -> Transitions {
            if let table = transitions[Int(context.rawValue)] { return table }
            let table = Self.makeTransitions(expression, context: context, positions: positions,
                                             positionOfInstruction: positionOfInstruction, fillCandidates: fillCandidates)
            transitions[Int(context.rawValue)] = table
            _checkInvariants()
            return table
        }

        /// The start in `asciiMasks` (ASCII) or `memoMasks` of the mask of
        /// the positions reading `scalar`, built on first use.
        private mutating func mask(_ expression: RegularExpression, for scalar: UInt32) -> Int {
            if scalar < 128 {
                let start = Int(scalar) * words
                if !asciiBuilt[Int(scalar)] {
                    asciiBuilt[Int(scalar)] = true
                    Self.buildMask(expression, positions: positions, for: scalar, into: &asciiMasks, at: start)
                }
                return start
            }
            if let start = memo[scalar] { return start }
            if memoMasks.count + words > max(Self.memoWords, words) {
                memo.removeAll(keepingCapacity: true)
                memoMasks.removeAll(keepingCapacity: true)
            }
            let start = memoMasks.count
            memoMasks.append(contentsOf: repeatElement(0, count: words))
            Self.buildMask(expression, positions: positions, for: scalar, into: &memoMasks, at: start)
            memo[scalar] = start
            return start
        }

        /// `target |= (read & shift.mask)` moved `shift.offset` positions on.
        @inline(__always)
        private static func apply(
            _ shift: Shift, _ read: UnsafeMutableBufferPointer<UInt64>, into target: UnsafeMutableBufferPointer<UInt64>
        ) {
            let words = target.count
            let offset = shift.offset
            let wordShift = offset >= 0 ? offset / 64 : -((-offset + 63) / 64)
            let bitShift = UInt64(offset - wordShift * 64)  // 0..<64
            if shift.isDense {
                applyDense(shift, wordShift: wordShift, bitShift: bitShift, read, into: target)
                return
            }
            shift.mask.withUnsafeBufferPointer { mask in
                for source in shift.sourceWords {
                    let value = read[Int(source)] & mask[Int(source)]
                    if value == 0 { continue }
                    let low = Int(source) + wordShift
                    if low >= 0, low < words { target[low] |= value << bitShift }
                    if bitShift != 0, low + 1 >= 0, low + 1 < words { target[low + 1] |= value >> (64 - bitShift) }
                }
            }
        }

        /// ``apply(_:_:into:)`` over every word from the shift's first to
        /// its last: target word `t` takes source word `t - wordShift`
        /// moved `bitShift` bits up, and the bits of the word before it that
        /// cross over, in one pass without branches.
        @inline(__always)
        private static func applyDense(
            _ shift: Shift, wordShift: Int, bitShift: UInt64, _ read: UnsafeMutableBufferPointer<UInt64>,
            into target: UnsafeMutableBufferPointer<UInt64>
        ) {
            let words = target.count
            let first = shift.firstWord
            let end = shift.endWord
            guard let readBase = read.baseAddress, let targetBase = target.baseAddress, first < end else { return }
            shift.mask.withUnsafeBufferPointer { maskBuffer in
                guard let mask = maskBuffer.baseAddress else { return }
                // Wrapping index arithmetic: the bounds are checked before the
                // loops, which then vectorize.
                let shifted = targetBase + wordShift
                let low = max(first, -wordShift)
                let high = min(end, words - wordShift)
                if bitShift == 0 {
                    var source = low
                    while source < high {
                        shifted[source] |= readBase[source] & mask[source]
                        source &+= 1
                    }
                    return
                }
                let back = 64 &- bitShift
                // The words that take bits from two source words.
                var source = max(first + 1, -wordShift)
                while source < high {
                    shifted[source] |= (readBase[source] & mask[source]) &<< bitShift
                        | (readBase[source &- 1] & mask[source &- 1]) &>> back
                    source &+= 1
                }
                // The first source word's low part, and the last's high part.
                if first + wordShift >= 0, first + wordShift < words {
                    shifted[first] |= (readBase[first] & mask[first]) &<< bitShift
                }
                if end + wordShift >= 0, end + wordShift < words {
                    shifted[end] |= (readBase[end - 1] & mask[end - 1]) &>> back
                }
            }
        }

        @inline(__always)
        private static func insert(_ position: Int, into set: UnsafeMutableBufferPointer<UInt64>) {
            set[position / 64] |= 1 << UInt64(position % 64)
        }
    }

    /// Whether the reading instruction at `pc` reads `scalar` (`folded`
    /// being its case folding when the expression is case-insensitive).
    @inline(__always)
    func reads(_ pc: Int, _ scalar: UInt32, folded: UInt32) -> Bool {
        switch program[pc] {
        case let .scalar(value): folded == value
        case .any: !ScalarClasses.isLineTerminator(scalar)
        case let .set(set): sets[set].contains(scalar, caseInsensitive: caseInsensitive)
        default: false
        }
    }
}
