/// A source that shows another source's table with each element
/// transformed: the same rows, keys, sections, batches and edits, other
/// values. ``ResultsSource/map(_:accepting:)`` makes one.
final class MappedSource<Base: ResultsSource, Element>: ResultsSource {
    typealias Key = Base.Key

    /// The source shown.
    let base: Base
    /// An element of `base` as this source shows it.
    let transform: (Base.Element) -> Element
    /// A row dropped on this source as an element of `base`, or `nil` when
    /// `base` does not take it; without it, no row is taken.
    let accept: ((Element) -> Base.Element?)?

    init(_ base: Base, transform: @escaping (Base.Element) -> Element, accept: ((Element) -> Base.Element?)?) {
        self.base = base
        self.transform = transform
        self.accept = accept
    }

    /// A table of `base`, its elements transformed when read.
    struct Snapshot: ResultsTableSnapshot {
        let base: Base.Snapshot
        let transform: (Base.Element) -> Element

        var numberOfSections: Int { base.numberOfSections }
        var count: Int { base.count }
        func numberOfElements(inSection section: Int) -> Int? { base.numberOfElements(inSection: section) }
        func name(ofSection section: Int) -> String? { base.name(ofSection: section) }
        func id(ofSection section: Int) -> (any Hashable & Sendable)? { base.id(ofSection: section) }
        func value(ofSection section: Int) -> ResultsSectionValue? { base.value(ofSection: section) }
        func element(at indexPath: ResultsIndexPath) -> Element? { base.element(at: indexPath).map(transform) }
        func key(at indexPath: ResultsIndexPath) -> Key? { base.key(at: indexPath) }
        func indexPath(forKey key: Key) -> ResultsIndexPath? { base.indexPath(forKey: key) }
    }

    var reportedSnapshot: Snapshot { Snapshot(base: base.reportedSnapshot, transform: transform) }
    var isBatching: Bool { base.isBatching }
    var updatesEnabled: Bool { base.updatesEnabled }

    func beginUpdates() throws(ResultsError) { try base.beginUpdates() }
    func endUpdates() throws(ResultsError) { try base.endUpdates() }
    func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) { try base.performBatchUpdates(body) }
    func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) { try base.setUpdatesEnabled(enabled) }

    func observe(_ handler: @escaping (ResultsUpdate<Snapshot>) -> Void) -> ResultsObservation {
        let transform = self.transform
        return base.observe { update in
            handler(ResultsUpdate(
                changeset: update.isReload ? ResultsChangeset() : update.changeset.map(transform),
                snapshot: Snapshot(base: update.snapshot, transform: transform), isReload: update.isReload))
        }
    }

    @discardableResult
    func remove(key: Key) throws(ResultsError) -> Bool { try base.remove(key: key) }

    func canMoveRow(at indexPath: ResultsIndexPath, in shown: Snapshot) -> Bool { base.canMoveRow(at: indexPath, in: shown.base) }

    func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) {
        try base.moveRow(from: source, to: destination, in: shown.base)
    }

    @discardableResult
    func insertRow(_ element: Element, at destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) -> Key {
        guard let accept, let accepted = accept(element) else {
            throw .rowNotEditable("\(element)", reason: "this source does not take this row")
        }
        return try base.insertRow(accepted, at: destination, in: shown.base)
    }

    func action(forRowAt indexPath: ResultsIndexPath, in shown: Snapshot) -> (@MainActor () -> Void)? {
        base.action(forRowAt: indexPath, in: shown.base)
    }
}

extension ResultsSource {
    /// This source's table with each element transformed: the same rows,
    /// keys, sections, batches, swipes and drags, shown as other values,
    /// as a composition part or a data source takes them.
    ///
    ///     let rows = players.map { Row.player($0) }
    ///
    /// Each update is mapped once per observer, element by element; a
    /// snapshot's elements are transformed when they are read. With
    /// `accept`, a row dropped on the mapped source becomes an element of
    /// this one (`nil` refuses it); without it, the mapped source takes no
    /// dropped rows.
    ///
    /// - Complexity: O(1); each update O(*n*) calls of `transform` for *n*
    ///   changed rows.
    public func map<Mapped>(
        _ transform: @escaping (Element) -> Mapped, accepting accept: ((Mapped) -> Element?)? = nil
    ) -> some ResultsSource<Mapped, Key> {
        MappedSource(self, transform: transform, accept: accept)
    }
}
