/// How a store tells whether an element replaced under the same key
/// changed: by `==`, by the app's comparison, or (with neither) never the
/// same.
@usableFromInline
package struct ContentComparator<Element>: Sendable {
    /// Whether two elements in place have the same content; `nil` when
    /// every replace counts as a change.
    @usableFromInline let isSame: (@Sendable (UnsafePointer<Element>, UnsafePointer<Element>) -> Bool)?
    /// Whether ``isSame`` is `==`, which is reflexive: then two elements
    /// with the same bytes have the same content without calling it.
    @usableFromInline let isEquality: Bool

    @inlinable init(_ isSame: (@Sendable (UnsafePointer<Element>, UnsafePointer<Element>) -> Bool)?, isEquality: Bool = false) {
        self.isSame = isSame
        self.isEquality = isEquality
    }

    /// The app's comparison of whole elements, if any.
    @inlinable init(comparing isSameContent: (@Sendable (Element, Element) -> Bool)?) {
        guard let isSameContent else {
            self.init(nil)
            return
        }
        self.init { isSameContent($0.pointee, $1.pointee) }
    }

    /// Whether two elements have the same content, and whether they have
    /// the same bytes. Without a comparison, no two elements have the same
    /// content (and their bytes are not compared: `identical` is `false`).
    /// By `==`, the same bytes are the same content: a `Double.nan` field
    /// compared with its own bits is no change.
    ///
    /// - Complexity: O(1) plus the comparison's cost.
    @inlinable @inline(__always)
    func compare(_ old: UnsafePointer<Element>, _ new: UnsafePointer<Element>) -> (same: Bool, identical: Bool) {
        guard let isSame else { return (false, false) }
        let identical = Self.isBitwiseIdentical(old, new)
        return (identical && isEquality || isSame(old, new), identical)
    }

    /// Whether two elements have the same bytes (then they are the same
    /// value, references included; elements with padding may differ in
    /// it, which only costs a store). The validator of the testing library
    /// calls it too, so that both tell the same bytes alike.
    @inlinable package static func isBitwiseIdentical(_ lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>) -> Bool {
        let size = MemoryLayout<Element>.size
        let left = UnsafeRawPointer(lhs), right = UnsafeRawPointer(rhs)
        var offset = 0
        while offset &+ 8 <= size {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        while offset < size {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset &+= 1
        }
        return true
    }
}

extension ContentComparator where Element: Equatable & SendableMetatype {
    /// `==`.
    @inlinable package static var equality: Self { Self({ $0.pointee == $1.pointee }, isEquality: true) }
}
