import FilterableResults
import Foundation

extension FieldValue {
    /// Equality of two values that are not both arrays nor both objects.
    static func scalarsEqual(_ lhs: FieldValue, _ rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            true
        case let (.bool(a), .bool(b)):
            a == b
        case let (.integer(a), .integer(b)):
            a == b
        case let (.double(a), .double(b)):
            a == b || (a.isNaN && b.isNaN)
        case let (.integer(a), .double(b)), let (.double(b), .integer(a)):
            FieldNumber.compare(a, b) == .orderedSame
        case let (.string(a), .string(b)):
            UTF8Bytes.equal(a, b)
        default:
            false
        }
    }

    /// Equality of two containers, walking pairs of nested values with an
    /// explicit stack and stopping at the first difference.
    static func containersEqual(_ lhs: FieldValue, _ rhs: FieldValue) -> Bool {
        var pending: [(FieldValue, FieldValue)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case let (.array(x), .array(y)):
                guard x.count == y.count else { return false }
                if x.storage === y.storage { continue }
                // Reversed, so the first elements are compared first.
                for index in x.indices.reversed() {
                    let (left, right) = (x[index], y[index])
                    if left.isContainer || right.isContainer {
                        pending.append((left, right))
                    } else if !scalarsEqual(left, right) {
                        return false
                    }
                }
            case let (.object(x), .object(y)):
                if x.storage === y.storage { continue }
                guard let pairs = FieldObject.pairedValues(x, y) else { return false }
                for (left, right) in pairs.reversed() {
                    if left.isContainer || right.isContainer {
                        pending.append((left, right))
                    } else if !scalarsEqual(left, right) {
                        return false
                    }
                }
            default:
                guard scalarsEqual(a, b) else { return false }
            }
        }
        return true
    }
}

extension FieldObject {
    /// The values of `lhs` each paired with the value of `rhs` for the same
    /// key, in `lhs`'s order; `nil` when the objects' keys differ.
    ///
    /// - Complexity: O(*n*) when the keys are in the same order, else
    ///   O(*n*²) for small objects and O(*n*) expected for large ones.
    static func pairedValues(_ lhs: FieldObject, _ rhs: FieldObject) -> [(FieldValue, FieldValue)]? {
        let (leftKeys, rightKeys) = (lhs.storage.keys, rhs.storage.keys)
        guard leftKeys.count == rightKeys.count else { return nil }
        var pairs: [(FieldValue, FieldValue)] = []
        pairs.reserveCapacity(leftKeys.count)
        // Fast path: the same keys in the same order, at once when the
        // objects share their key array (as the parser's objects of one
        // shape do).
        var index = 0
        let sharesKeys = leftKeys.withUnsafeBufferPointer { left in
            rightKeys.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
        if sharesKeys {
            index = leftKeys.count
        } else {
            while index < leftKeys.count, UTF8Bytes.equal(leftKeys[index], rightKeys[index]) { index += 1 }
        }
        for position in 0..<index { pairs.append((lhs.storage.value(at: position), rhs.storage.value(at: position))) }
        if index == leftKeys.count { return pairs }
        if leftKeys.count - index < 16 {
            for member in lhs[index...] {
                guard let value = rhs[member.key] else { return nil }
                pairs.append((member.value, value))
            }
            return pairs
        }
        var rightValues: [ScalarExactKey: FieldValue] = [:]
        rightValues.reserveCapacity(rightKeys.count - index)
        for member in rhs[index...] { rightValues[ScalarExactKey(string: member.key)] = member.value }
        for member in lhs[index...] {
            guard let value = rightValues[ScalarExactKey(string: member.key)] else { return nil }
            pairs.append((member.value, value))
        }
        return pairs
    }
}
