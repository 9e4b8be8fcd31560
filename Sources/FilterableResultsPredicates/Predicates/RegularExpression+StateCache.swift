import FilterableResults
import Foundation

extension RegularExpression {
    /// The assertions that hold at a position, as bits: what the closure of
    /// a set of states needs to know about the subject there.
    struct Context: OptionSet, Hashable {
        var rawValue: UInt8

        static let startOfText = Context(rawValue: 1)
        static let endOfText = Context(rawValue: 2)
        static let endOfLine = Context(rawValue: 4)
        static let wordBoundary = Context(rawValue: 8)

        /// Whether `assertion` holds where these bits were taken.
        func holds(_ assertion: Assertion) -> Bool {
            switch assertion {
            case .startOfText: contains(.startOfText)
            case .endOfText: contains(.endOfText)
            case .endOfLine: contains(.endOfLine)
            case .wordBoundary: contains(.wordBoundary)
            case .notWordBoundary: !contains(.wordBoundary)
            }
        }
    }

    /// A transition of the automaton made deterministic: from a set of
    /// states, on a scalar, where the assertions after it are `context`.
    struct TransitionKey: Hashable {
        var state: Int32
        var scalar: UInt32
        var context: UInt8
    }

    /// The subsets of the program's states met so far, and the transitions
    /// between them: the automaton made deterministic lazily, one
    /// transition at a time, and remembered across the rows a filter
    /// evaluates (short rows reach the same few sets over and over).
    ///
    /// A transition not seen yet is computed by the nondeterministic
    /// simulation, O(*p*) for *p* instructions; one seen before costs a
    /// hash lookup. The cache holds at most ``maximumStoredStates`` state
    /// numbers and ``maximumTransitions`` transitions (a few megabytes);
    /// past either it starts again empty, so memory stays bounded. A
    /// subject whose steps mostly reach new subsets is finished without the
    /// cache (``finish(_:from:_:at:previousIsWord:steps:)``): by the
    /// bit-parallel simulation (``BitParallelSimulation``, built on first
    /// need) when a step of it costs at most *p* / 2 words, else by the plain
    /// simulation, so the worst case stays O(*n* · *p*) and a subject in
    /// which many states stay live costs O(*n* · *p* / 64) for most
    /// patterns. Answers are exact either way: a cached transition is the
    /// simulation's own.
    ///
    /// Evaluations of one expression take turns on its cache (a lock), which
    /// is what makes the expression `Sendable`.
    final class StateCache: @unchecked Sendable {
        /// The most program states (summed over all subsets) kept before
        /// the cache starts again.
        static let maximumStoredStates = 1 << 18
        /// The most transitions kept before the cache starts again.
        static let maximumTransitions = 1 << 16

        private let lock = NSLock()
        /// Each subset's reading states (and ``Instruction/match``), sorted.
        private var subsets: [[Int32]] = []
        /// Whether each subset holds ``Instruction/match``.
        private var accepting: [Bool] = []
        private var numbers: [[Int32]: Int32] = [:]
        private var transitions: [TransitionKey: Int32] = [:]
        private var storedStates = 0
        /// The simulation's memory, lent to each step.
        private var simulation: Simulation
        /// The program's last instruction, its only ``Instruction/match``.
        private let matchState: Int32
        /// The bit-parallel simulation, once a subject has needed it.
        private var bitParallel: BitParallelSimulation?

        init(programSize: Int) {
            simulation = Simulation(programSize: programSize)
            matchState = Int32(programSize - 1)
        }

        /// Runs `body` with the cache to itself.
        func withLock<R>(_ body: (StateCache) -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body(self)
        }

        /// Whether the subset is empty (no scalar can be read from it).
        func isDead(_ state: Int32) -> Bool { subsets[Int(state)].isEmpty }

        /// Whether the subset holds the final state.
        func isAccepting(_ state: Int32) -> Bool { accepting[Int(state)] }

        /// The remembered target of a transition, if any.
        func target(of key: TransitionKey) -> Int32? { transitions[key] }

        /// The start subset: the closure of the first instruction.
        func start(_ expression: RegularExpression, context: Context, steps: inout Int) -> Int32 {
            let key = TransitionKey(state: -1, scalar: 0, context: context.rawValue)
            if let state = transitions[key] { return state }
            simulation.start(expression, from: 0, context: context, steps: &steps)
            return remember(key)
        }

        /// Computes, remembers and returns the target of `key`.
        func step(_ expression: RegularExpression, _ key: TransitionKey, steps: inout Int) -> Int32 {
            simulation.advance(expression, from: subsets[Int(key.state)], on: key.scalar,
                               context: Context(rawValue: key.context), steps: &steps)
            return remember(key)
        }

        /// Finishes a subject without the cache, from `state` before the
        /// scalar at `start`: for subjects whose steps keep reaching new
        /// subsets, where remembering them would only add cost. Runs the
        /// bit-parallel simulation when `engine` allows and a step of it
        /// costs at most *p* / 2 words (so that its steps stay within the
        /// simulation's bound where other assertions hold), else the plain
        /// one; `path` tells which.
        ///
        /// - Complexity: O(*n* · *p*) for *n* scalars left, O(*n* · *p* / 64)
        ///   when the bit-parallel steps need few closures at run time.
        func finish(
            _ expression: RegularExpression, from state: Int32, _ subject: UnsafeBufferPointer<UInt32>, at start: Int,
            previousIsWord: Bool, engine: Engine, steps: inout Int, path: inout Path
        ) -> Bool {
            if engine != .reference {
                // Work on a local value: no exclusivity checks in the loop.
                var automaton = bitParallel ?? BitParallelSimulation(expression)
                bitParallel = nil
                defer { bitParallel = automaton }
                if engine == .bitParallel || 2 * automaton.wordsPerStep <= expression.program.count {
                    path = .bitParallel
                    return automaton.run(expression, subject, from: start, states: subsets[Int(state)],
                                         previousIsWord: previousIsWord, steps: &steps)
                }
            }
            path = .simulation
            return simulate(expression, from: state, subject, at: start, previousIsWord: previousIsWord, steps: &steps)
        }

        /// Finishes a subject with the plain simulation, from `state` before
        /// the scalar at `start`.
        private func simulate(
            _ expression: RegularExpression, from state: Int32, _ subject: UnsafeBufferPointer<UInt32>, at start: Int,
            previousIsWord: Bool, steps: inout Int
        ) -> Bool {
            // Work on local values: no exclusivity checks in the loop.
            var simulation = Simulation(programSize: 0)
            swap(&simulation, &self.simulation)
            defer { swap(&simulation, &self.simulation) }
            var current = subsets[Int(state)]
            var previousIsWord = previousIsWord
            for index in start..<subject.count {
                if current.isEmpty { return false }
                let scalar = subject[index]
                if expression.usesWordBoundaries, !ScalarClasses.isExtendOrFormat(scalar) {
                    previousIsWord = ScalarClasses.isWord(scalar)
                }
                let context = expression.context(at: index + 1, previousIsWord: previousIsWord, subject)
                simulation.advance(expression, from: current, on: scalar, context: context, steps: &steps)
                swap(&current, &simulation.reached)
            }
            return current.contains(matchState)
        }

        /// Numbers the subset in `reached` (reusing the number of an equal
        /// one) and records the transition `key` to it.
        private func remember(_ key: TransitionKey) -> Int32 {
            simulation.reached.sort()
            let reached = simulation.reached
            var keepsTransition = true
            if storedStates + reached.count > Self.maximumStoredStates || transitions.count >= Self.maximumTransitions {
                subsets.removeAll()
                accepting.removeAll()
                numbers.removeAll()
                transitions.removeAll()
                storedStates = 0
                // The source's number meant another subset before the reset.
                keepsTransition = key.state < 0
            }
            let state: Int32
            if let known = numbers[reached] {
                state = known
            } else {
                state = Int32(subsets.count)
                subsets.append(reached)
                accepting.append(reached.last == matchState)
                numbers[reached] = state
                storedStates += reached.count + 1
            }
            if keepsTransition { transitions[key] = state }
            return state
        }
    }
}
