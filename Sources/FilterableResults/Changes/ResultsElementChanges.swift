/// The row changes of a ``ResultsChangeset``: a random-access collection of
/// ``ElementChange`` values, each built when it is read.
///
/// Its generic parameter is `Object`, not `Element`: as a collection, its
/// `Element` is the change.
public struct ResultsElementChanges<Object, Key: Hashable>: RandomAccessCollection {
    public typealias Element = ElementChange<Object, Key>
    @usableFromInline typealias RowEvent = ResultsChangeset<Object, Key>.RowEvent

    // Where the changes come from: at most one of `events` and `converted`,
    // else `values`. Three fields rather than an enum, so that reading a
    // change copies (retains) none of them.

    /// Changes built by hand.
    @usableFromInline let values: [ElementChange<Object, Key>]
    /// A store's events, read from its tables.
    @usableFromInline let events: Events?
    /// Another list's changes, each converted when it is read.
    @usableFromInline let converted: Converted?
    /// One past the index of the last change.
    ///
    /// - Complexity: O(1).
    public let endIndex: Int

    /// Events by identity and the tables they refer to, behind one
    /// reference, so reading an event copies no table.
    @usableFromInline final class Events {
        @usableFromInline let events: [RowEvent]
        @usableFromInline let old: RowTable<Object, Key>
        @usableFromInline let new: RowTable<Object, Key>

        @inlinable init(_ events: [RowEvent], old: RowTable<Object, Key>, new: RowTable<Object, Key>) {
            self.events = events
            self.old = old
            self.new = new
        }

        /// The change at `index`, its element read from the table it refers
        /// to: the old one for a delete, the new one otherwise.
        @inlinable func change(at index: Int) -> ElementChange<Object, Key> {
            let event = events[index]
            // Each table read in place (binding one to a local would copy it).
            let (key, element) = if case .delete = event.change { old.keyAndElement(ofRow: event.id) } else { new.keyAndElement(ofRow: event.id) }
            return ElementChange(event.change, key: key, element: element)
        }
    }

    /// Another list's changes, each converted when it is read: a
    /// composition's view of a part's changes, built by nothing but the
    /// reader. Its functions are not `Sendable`: only a composition makes
    /// one, whose keys are not `Sendable` either, so such a list never
    /// crosses to another thread.
    @usableFromInline final class Converted {
        /// The change at an index, converted.
        @usableFromInline let change: (Int) -> ElementChange<Object, Key>
        /// The positions of the change at an index, converted.
        @usableFromInline let positions: (Int) -> ElementChange<Object, Key>.Change

        @inlinable init(change: @escaping (Int) -> ElementChange<Object, Key>, positions: @escaping (Int) -> ElementChange<Object, Key>.Change) {
            self.change = change
            self.positions = positions
        }
    }

    @inlinable init(events: Events) {
        (values, self.events, converted, endIndex) = ([], events, nil, events.events.count)
    }

    /// `count` changes, the one at each index given by `change`, its
    /// positions alone by `positions`.
    @inlinable init(
        count: Int, converting change: @escaping (Int) -> ElementChange<Object, Key>,
        positions: @escaping (Int) -> ElementChange<Object, Key>.Change
    ) {
        (values, events, converted, endIndex) = ([], nil, Converted(change: change, positions: positions), count)
    }

    /// Wraps row changes built by hand.
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ changes: [ElementChange<Object, Key>]) {
        (values, events, converted, endIndex) = (changes, nil, nil, changes.count)
    }

    /// The index of the first change.
    ///
    /// - Complexity: O(1).
    @inlinable public var startIndex: Int { 0 }

    /// The change at `index`, with its key and element.
    ///
    /// - Complexity: O(1), plus the conversion of a composition's change.
    @inlinable public subscript(index: Int) -> ElementChange<Object, Key> {
        precondition(index >= 0 && index < endIndex, "element change index \(index) out of range 0..<\(endIndex)")
        if let events { return events.change(at: index) }
        if let converted { return converted.change(index) }
        return values[index]
    }

    /// Reads the changes in order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let changes: ResultsElementChanges
        @usableFromInline var index = 0

        @inlinable init(_ changes: ResultsElementChanges) { self.changes = changes }

        /// The next change, or `nil` after the last.
        ///
        /// - Complexity: O(1), plus the conversion of a composition's change.
        @inlinable public mutating func next() -> ElementChange<Object, Key>? {
            guard index < changes.endIndex else { return nil }
            defer { index += 1 }
            return changes[index]
        }
    }

    /// An iterator over the changes.
    ///
    /// - Complexity: O(1).
    @inlinable public func makeIterator() -> Iterator { Iterator(self) }

    /// The positions of the change at `index`, without its key and element.
    ///
    /// - Complexity: O(1), plus the conversion of a composition's change.
    @inlinable func change(at index: Int) -> ElementChange<Object, Key>.Change {
        if let events { return events.events[index].change }
        if let converted { return converted.positions(index) }
        return values[index].change
    }
}

extension ResultsElementChanges: ExpressibleByArrayLiteral {
    /// Wraps row changes written as an array literal.
    ///
    /// - Complexity: O(*n*).
    public init(arrayLiteral elements: ElementChange<Object, Key>...) { self.init(elements) }
}

extension ResultsElementChanges: Equatable where Object: Equatable {
    /// Whether two lists hold the same changes in the same order.
    ///
    /// - Complexity: O(*n*).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

extension ResultsElementChanges: @unchecked Sendable where Object: Sendable, Key: Sendable {}
extension ResultsElementChanges.Events: @unchecked Sendable where Object: Sendable, Key: Sendable {}
