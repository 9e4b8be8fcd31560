/// A section name compared by its Unicode scalars.
///
/// Swift's `String` equality is canonical equivalence ("é" equals "e" +
/// U+0301), while the contract orders section names by Unicode scalar
/// values. A store that ordered by one and matched by the other could file
/// two look-alike names as two sections and then treat them as one. So a
/// section's identity, its order and duplicate checks all use scalars:
/// two names are the same section exactly when their scalars are equal.
@usableFromInline
struct SectionName: Hashable, Sendable {
    @usableFromInline let string: String

    @inlinable init(_ string: String) { self.string = string }

    @inlinable static func == (lhs: SectionName, rhs: SectionName) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    @inlinable func hash(into hasher: inout Hasher) {
        var string = self.string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether two optional names are the same by their scalars.
    @inlinable static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (lhs?, rhs?): lhs.utf8.elementsEqual(rhs.utf8)
        default: false
        }
    }
}
