import FilterableResults

extension FieldValue {
    /// Feeds a value that is not an array or an object into `hasher`.
    func hashScalar(into hasher: inout Hasher) {
        switch self {
        case .null, .array, .object:
            break
        case let .bool(value):
            hasher.combine(value)
        case let .integer(value):
            hasher.combine(value)
        case let .double(value):
            if let integer = Int(exactly: value) {
                hasher.combine(integer)
            } else if value.isNaN {
                hasher.combine(Double.nan.bitPattern)
            } else {
                hasher.combine(value)
            }
        case let .string(value):
            UTF8Bytes.hash(value, into: &hasher)
        }
    }

    /// A container being hashed: its children so far folded into a hasher
    /// (arrays, in order) or into a sum (objects, in any order).
    private enum DigestFrame {
        case array(FieldArray, next: Int, hasher: Hasher)
        case object(FieldObject, next: Int, sum: UInt)
    }

    /// The hash of a value, computed bottom-up with an explicit stack: each
    /// array folds its elements' digests in order, each object sums its
    /// members' digests (key and value) so that key order does not matter.
    static func containerDigest(_ root: FieldValue) -> Int {
        var stack: [DigestFrame] = []
        var next: FieldValue? = root
        var digest = 0
        while true {
            if let value = next {
                next = nil
                switch value {
                case let .array(array):
                    var hasher = Hasher()
                    hasher.combine(Kind.array.rawValue)
                    hasher.combine(array.count)
                    if let first = array.first {
                        stack.append(.array(array, next: 1, hasher: hasher))
                        next = first
                        continue
                    }
                    digest = hasher.finalize()
                case let .object(object):
                    if let first = object.first {
                        stack.append(.object(object, next: 1, sum: 0))
                        next = first.value
                        continue
                    }
                    digest = objectDigest(count: 0, sum: 0)
                default:
                    var hasher = Hasher()
                    hasher.combine(value.kind.rawValue)
                    value.hashScalar(into: &hasher)
                    digest = hasher.finalize()
                }
            }
            // `digest` is the digest of the child most recently finished:
            // fold it into its parent, then go on to the parent's next child.
            guard let frame = stack.popLast() else { return digest }
            switch frame {
            case .array(let array, next: let index, var hasher):
                hasher.combine(digest)
                if index < array.count {
                    stack.append(.array(array, next: index + 1, hasher: hasher))
                    next = array[index]
                } else {
                    digest = hasher.finalize()
                }
            case .object(let object, next: let index, var sum):
                var memberHasher = Hasher()
                UTF8Bytes.hash(object[index - 1].key, into: &memberHasher)
                memberHasher.combine(digest)
                sum &+= UInt(bitPattern: memberHasher.finalize())
                if index < object.count {
                    stack.append(.object(object, next: index + 1, sum: sum))
                    next = object[index].value
                } else {
                    digest = objectDigest(count: object.count, sum: sum)
                }
            }
        }
    }

    /// The digest of an object from its member count and the sum of its
    /// members' digests.
    private static func objectDigest(count: Int, sum: UInt) -> Int {
        var hasher = Hasher()
        hasher.combine(Kind.object.rawValue)
        hasher.combine(count)
        hasher.combine(sum)
        return hasher.finalize()
    }
}
