import FilterableResults

extension RegularExpression {
    /// The walk from an instruction to the states it enters without
    /// reading a scalar (its closure), each instruction visited at most once
    /// per step: the plain and the bit-parallel simulations share it.
    struct ClosureWalk {
        /// The step at which each instruction was last visited, so no step
        /// needs to clear the marks.
        private var visited: [Int]
        private var generation = 0
        private var stack: [Int] = []

        init(programSize: Int) {
            visited = [Int](repeating: -1, count: programSize)
        }

        /// Starts a step: every instruction may be visited once more.
        mutating func nextStep() { generation += 1 }

        /// Calls `reach` with each state (a reading instruction or
        /// ``Instruction/match``) entered from instruction `start` without
        /// reading, testing assertions against `context`, and skipping the
        /// instructions visited already in this step; counts each visit in
        /// `steps`.
        ///
        /// - Complexity: O(*p*) per step over all its walks, for a program
        ///   of *p* instructions.
        @inline(__always)
        mutating func walk(
            _ expression: RegularExpression, from start: Int, context: Context, steps: inout Int, _ reach: (Int) -> Void
        ) {
            stack.append(start)
            while let pc = stack.popLast() {
                guard visited[pc] != generation else { continue }
                visited[pc] = generation
                steps += 1
                switch expression.program[pc] {
                case .scalar, .any, .set, .match:
                    reach(pc)
                case let .split(first, second):
                    stack.append(pc + second)
                    stack.append(pc + first)
                case let .jump(offset):
                    stack.append(pc + offset)
                case let .assert(assertion):
                    if context.holds(assertion) { stack.append(pc + 1) }
                }
            }
        }
    }
}
