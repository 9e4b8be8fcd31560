import Foundation

/// An optional value ordered `nil` first, as the predicate language orders null.
@usableFromInline
struct NilFirst<Wrapped: Comparable>: Comparable {
    @usableFromInline let value: Wrapped?

    @inlinable init(_ value: Wrapped?) { self.value = value }

    @inlinable static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.value, rhs.value) {
        case (nil, _): rhs.value != nil
        case (_, nil): false
        case let (a?, b?): sortsBefore(a, b)
        }
    }

    /// Equal when neither sorts before the other: `nil` and `nil`, NaN and NaN.
    @inlinable static func == (lhs: Self, rhs: Self) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}

extension NilFirst: Sendable where Wrapped: Sendable {}
