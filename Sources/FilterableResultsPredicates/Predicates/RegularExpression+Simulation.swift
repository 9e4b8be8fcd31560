import FilterableResults

extension RegularExpression {
    /// The nondeterministic simulation's working memory: the states reached
    /// by a step, and the marks and stack of the closure. A value the cache
    /// lends out for each run, so the hot loops touch local arrays only.
    struct Simulation {
        /// The states reached by the last step: reading instructions and
        /// ``Instruction/match``, in closure order.
        var reached: [Int32] = []
        private var closure: ClosureWalk

        init(programSize: Int) {
            closure = ClosureWalk(programSize: programSize)
        }

        /// Sets `reached` to the closure of instruction `start`.
        mutating func start(_ expression: RegularExpression, from start: Int, context: Context, steps: inout Int) {
            closure.nextStep()
            reached.removeAll(keepingCapacity: true)
            addClosure(expression, from: start, context: context, steps: &steps)
        }

        /// Sets `reached` to the states after reading `scalar` from `states`.
        mutating func advance(
            _ expression: RegularExpression, from states: [Int32], on scalar: UInt32, context: Context, steps: inout Int
        ) {
            let folded = expression.caseInsensitive ? CaseFolding.fold(scalar) : scalar
            closure.nextStep()
            reached.removeAll(keepingCapacity: true)
            for pc in states {
                steps += 1
                let accepted: Bool
                switch expression.program[Int(pc)] {
                case let .scalar(value): accepted = folded == value
                case .any: accepted = !ScalarClasses.isLineTerminator(scalar)
                case let .set(set): accepted = expression.sets[set].contains(scalar, caseInsensitive: expression.caseInsensitive)
                default: accepted = false
                }
                if accepted { addClosure(expression, from: Int(pc) + 1, context: context, steps: &steps) }
            }
        }

        /// Adds to `reached` every state reachable from `start` without
        /// reading a scalar, testing assertions against `context`.
        private mutating func addClosure(_ expression: RegularExpression, from start: Int, context: Context, steps: inout Int) {
            closure.walk(expression, from: start, context: context, steps: &steps) { reached.append(Int32($0)) }
        }
    }
}
