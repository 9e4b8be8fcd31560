/// A section's identity of its own (``ResultsSection/id``), any `Hashable`
/// and `Sendable` value, boxed once so that a section record holds one
/// reference and two identities compare through `AnyHashable`: a `Date`
/// is equal to the same `Date`, never to a string that describes it.
@usableFromInline
struct SectionID: Hashable, @unchecked Sendable {
    /// The value and its `AnyHashable`; immutable, and the value is
    /// `Sendable`, so the box may cross isolation domains.
    @usableFromInline final class Box {
        @usableFromInline let value: any Hashable & Sendable
        @usableFromInline let hashable: AnyHashable

        @inlinable init(_ value: some Hashable & Sendable) {
            self.value = value
            self.hashable = AnyHashable(value)
        }
    }

    @usableFromInline let box: Box

    @inlinable init(_ value: some Hashable & Sendable) { box = Box(value) }

    /// The value the app gave.
    @inlinable var value: any Hashable & Sendable { box.value }

    @inlinable static func == (lhs: SectionID, rhs: SectionID) -> Bool {
        lhs.box === rhs.box || lhs.box.hashable == rhs.box.hashable
    }

    @inlinable func hash(into hasher: inout Hasher) { hasher.combine(box.hashable) }
}

extension SectionID: CustomStringConvertible {
    /// The value as `String(describing:)` gives it.
    @usableFromInline var description: String { String(describing: box.value) }
}
