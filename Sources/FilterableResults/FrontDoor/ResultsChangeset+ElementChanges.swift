extension ResultsChangeset {
    /// The row changes of a ``ResultsChangeset``: a random-access collection of
    /// ``ElementChange`` values, each built when it is read.
    ///
    /// As a collection, its `Element` is the change; the changeset's
    /// element is ``ResultsChangeset/RowElement``.
    public struct ElementChanges: RandomAccessCollection {
        /// A change, as the collection gives it.
        public typealias Element = ElementChange

        @usableFromInline enum Storage {
            case values([ElementChange])
            case events(Events)
            /// Another source's changes, each read through that source's
            /// list and transformed when it is read (a composition's part:
            /// sections shifted, keys wrapped), so that presenting a large
            /// batch costs nothing per change until the changes are read:
            /// their number, the positions of the change at an index, and
            /// the whole change at an index. (Closures rather than a class
            /// holding them: a generic class's instance costs a lookup of
            /// its fields' types by name when it is freed.)
            case mapped(count: Int, position: (Int) -> RowChange, change: (Int) -> ElementChange)
        }

        /// Events by identity and the tables they refer to, behind one
        /// reference, so reading an event copies no table.
        @usableFromInline final class Events {
            @usableFromInline let events: [RowEvent]
            @usableFromInline let old: RowTable<RowElement, Key>
            @usableFromInline let new: RowTable<RowElement, Key>

            @inlinable init(_ events: [RowEvent], old: RowTable<RowElement, Key>, new: RowTable<RowElement, Key>) {
                self.events = events
                self.old = old
                self.new = new
            }

            /// The change at `index`, its element read from the table it refers
            /// to: the old one for a delete, the new one otherwise.
            @inlinable func change(at index: Int) -> ElementChange {
                reading(at: index) { ElementChange($0, key: $1, element: $2) }
            }

            /// What `body` makes of the positions, key and element of the
            /// change at `index`.
            @inlinable func reading<T>(at index: Int, _ body: (RowChange, Key, RowElement) -> T) -> T {
                let event = events[index]
                // Each table read in place (binding one to a local would copy it).
                let (key, element) = if case .delete = event.change { old.keyAndElement(ofRow: event.id) } else { new.keyAndElement(ofRow: event.id) }
                return body(event.change, key, element)
            }
        }

        @usableFromInline var storage: Storage

        @inlinable init(storage: Storage) { self.storage = storage }

        /// Wraps row changes built by hand.
        ///
        /// - Complexity: O(1).
        @inlinable public init(_ changes: [ElementChange]) { storage = .values(changes) }

        /// The changes of `base`, each read when it is read: its positions
        /// by `position`, the whole change by `change` from the positions,
        /// key and element of `base`'s (read in place, never built as a
        /// change of `base`).
        ///
        /// - Complexity: O(1).
        @inlinable init<BaseElement, BaseKey>(
            mapping base: ResultsChangeset<BaseElement, BaseKey>.ElementChanges,
            position: @escaping (RowChange) -> RowChange,
            change: @escaping (RowChange, BaseKey, BaseElement) -> ElementChange
        ) {
            // The base's storage taken apart once, not at every read.
            switch base.storage {
            case let .events(events):
                storage = .mapped(
                    count: events.events.count,
                    position: { position(events.events[$0].change) },
                    change: { events.reading(at: $0, change) })
            default:
                storage = .mapped(
                    count: base.count,
                    position: { position(base.change(at: $0)) },
                    change: { base.reading(at: $0, change) })
            }
        }

        /// The index of the first change.
        ///
        /// - Complexity: O(1).
        @inlinable public var startIndex: Int { 0 }

        /// One past the index of the last change.
        ///
        /// - Complexity: O(1).
        @inlinable public var endIndex: Int {
            switch storage {
            case let .values(changes): changes.count
            case let .events(events): events.events.count
            case let .mapped(count, _, _): count
            }
        }

        /// The change at `index`, with its key and element.
        ///
        /// - Complexity: O(1).
        @inlinable public subscript(index: Int) -> ElementChange {
            switch storage {
            case let .values(changes):
                return changes[index]
            case let .events(events):
                return events.change(at: index)
            case let .mapped(_, _, change):
                return change(index)
            }
        }

        /// Reads the changes in order, deciding once how they are stored.
        public struct Iterator: IteratorProtocol {
            @usableFromInline let events: Events?
            @usableFromInline let mapped: ((Int) -> ElementChange)?
            @usableFromInline let values: [ElementChange]
            @usableFromInline let count: Int
            @usableFromInline var index = 0

            @inlinable init(_ storage: Storage) {
                switch storage {
                case let .values(changes): (events, mapped, values, count) = (nil, nil, changes, changes.count)
                case let .events(events): (self.events, mapped, values, count) = (events, nil, [], events.events.count)
                case let .mapped(count, _, change): (events, mapped, values, self.count) = (nil, change, [], count)
                }
            }

            /// The next change, or `nil` after the last.
            ///
            /// - Complexity: O(1).
            @inlinable public mutating func next() -> ElementChange? {
                guard index < count else { return nil }
                defer { index += 1 }
                if let events { return events.change(at: index) }
                if let mapped { return mapped(index) }
                return values[index]
            }
        }

        /// An iterator over the changes.
        ///
        /// - Complexity: O(1).
        @inlinable public func makeIterator() -> Iterator { Iterator(storage) }

        /// The changes, each transformed, in order: read by the iterator, which
        /// takes the storage's parts out once (the collection's `map` reads
        /// each change through the subscript, which copies them every time).
        ///
        /// - Complexity: O(*n*) calls of `transform`.
        @inlinable public func map<T, Failure: Error>(_ transform: (ElementChange) throws(Failure) -> T) throws(Failure) -> [T] {
            var result: [T] = []
            result.reserveCapacity(count)
            for change in self { result.append(try transform(change)) }
            return result
        }

        /// What `body` makes of the positions, key and element of the
        /// change at `index`, read without building the change where it is
        /// stored as events.
        ///
        /// - Complexity: O(1).
        @inlinable func reading<T>(at index: Int, _ body: (RowChange, Key, RowElement) -> T) -> T {
            switch storage {
            case let .values(changes):
                let change = changes[index]
                return body(change.change, change.key, change.element)
            case let .events(events):
                return events.reading(at: index, body)
            case let .mapped(_, _, change):
                let change = change(index)
                return body(change.change, change.key, change.element)
            }
        }

        /// Calls `body` with the positions of every change, in order, without
        /// their elements, the storage's parts taken out once (reading each
        /// by index copies them at every read).
        ///
        /// - Complexity: O(*n*) calls of `body`.
        @inlinable func forEachPosition(_ body: (RowChange) -> Void) {
            switch storage {
            case let .values(changes): for change in changes { body(change.change) }
            case let .events(events): for event in events.events { body(event.change) }
            case let .mapped(count, position, _): for index in 0..<count { body(position(index)) }
            }
        }

        /// The positions of the change at `index`, without its element.
        ///
        /// - Complexity: O(1).
        @inlinable func change(at index: Int) -> RowChange {
            switch storage {
            case let .values(changes): changes[index].change
            case let .events(events): events.events[index].change
            case let .mapped(_, position, _): position(index)
            }
        }
    }
}

extension ResultsChangeset.ElementChanges: ExpressibleByArrayLiteral {
    /// Wraps row changes written as an array literal.
    ///
    /// - Complexity: O(*n*).
    public init(arrayLiteral elements: ResultsChangeset.ElementChange...) { self.init(elements) }
}

extension ResultsChangeset.ElementChanges: Equatable where Element: Equatable {
    /// Whether two lists hold the same changes in the same order.
    ///
    /// - Complexity: O(*n*).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

extension ResultsChangeset.ElementChanges: @unchecked Sendable where Element: Sendable, Key: Sendable {}
extension ResultsChangeset.ElementChanges.Storage: @unchecked Sendable where Element: Sendable, Key: Sendable {}
extension ResultsChangeset.ElementChanges.Events: @unchecked Sendable where Element: Sendable, Key: Sendable {}
