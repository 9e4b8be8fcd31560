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
        // The same object, or a copy of its packed record, is equal at once.
        if case let (.object(x), .object(y)) = (lhs, rhs), x.isIdentical(to: y) || x.hasSamePackedRecord(as: y) { return true }
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
                if x.isIdentical(to: y) || x.hasSamePackedRecord(as: y) { continue }
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
        let (leftKeys, rightKeys) = (lhs.keys, rhs.keys)
        guard leftKeys.count == rightKeys.count else { return nil }
        // Read once: a packed object decodes its values as it reads them.
        let (leftValues, rightValues) = (lhs.values, rhs.values)
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
        for position in 0..<index { pairs.append((leftValues[position], rightValues[position])) }
        if index == leftKeys.count { return pairs }
        if leftKeys.count - index < 16 {
            for position in index..<leftKeys.count {
                guard let match = (index..<rightKeys.count).first(where: { UTF8Bytes.equal(rightKeys[$0], leftKeys[position]) }) else { return nil }
                pairs.append((leftValues[position], rightValues[match]))
            }
            return pairs
        }
        var rightPositions: [ScalarExactKey: Int] = [:]
        rightPositions.reserveCapacity(rightKeys.count - index)
        for position in index..<rightKeys.count { rightPositions[ScalarExactKey(string: rightKeys[position])] = position }
        for position in index..<leftKeys.count {
            guard let match = rightPositions[ScalarExactKey(string: leftKeys[position])] else { return nil }
            pairs.append((leftValues[position], rightValues[match]))
        }
        return pairs
    }
}

extension FieldValue {
    /// Whether two values certainly have the same JSON text: equal scalars
    /// (equal numbers print alike), the same array or object, or copies of
    /// one packed record. `false` says nothing: equal objects whose keys
    /// are in another order print differently.
    ///
    /// - Complexity: O(1), or O(*n*) in the size of two packed records.
    package func hasSameJSONText(as other: FieldValue) -> Bool {
        switch (self, other) {
        case let (.array(x), .array(y)): x.storage === y.storage
        case let (.object(x), .object(y)): x.isIdentical(to: y) || x.hasSamePackedRecord(as: y)
        case (.array, _), (.object, _), (_, .array), (_, .object): false
        default: Self.scalarsEqual(self, other)
        }
    }
}
