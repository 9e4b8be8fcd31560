@_spi(Integrations) import FilterableResults
import GRDB

/// Changing what is shown at run time: each change is read on the writer,
/// in order with the commits, and animates as one batch.
extension DatabaseResults {
    /// Shows `request` instead (another order, section column or filters),
    /// as one animated batch.
    ///
    /// - Throws: ``ResultsError`` naming a missing table or column
    ///   or an invalid filter; the table shown does not change then.
    /// - Complexity: the query, plus O(*n* log *n*) for *n* matching rows.
    public func setRequest(_ request: DatabaseResultsRequest) async throws(ResultsError) {
        guard request.table == self.request.table else {
            throw .invalidArgument("a request for table \(request.table) instead of \(self.request.table): make another source")
        }
        guard request.keyColumn == self.request.keyColumn else {
            throw .invalidArgument(
                "a request keyed by \(request.keyColumn ?? "the primary key") instead of \(self.request.keyColumn ?? "the primary key"): make another source")
        }
        guard request.joins == self.request.joins else {
            throw .invalidArgument("a request with other joins than \(self.request.table)'s: make another source")
        }
        let organization = nextOrganization()
        try await changingRequest { latest in
            let serial = latest.serial
            latest = request
            latest.serial = serial
            latest.organization = organization
        } apply: { request async throws(ResultsError) in try await refetch(request) }
    }

    /// Applies `filter`, replacing the one of its group, as one animated batch.
    ///
    ///     try await players.addFilter(.init(title: "team", group: "team", sql: "team = ?", arguments: ["Red"]))
    ///
    /// - Throws: ``ResultsError/missingColumn(_:table:)`` for an
    ///   expression that names a column the table does not have,
    ///   ``ResultsError/invalidExpression(_:message:)`` for another
    ///   invalid expression; nothing changes then.
    /// - Complexity: the query, plus O(*n*) for *n* matching rows.
    public func addFilter(_ filter: DatabaseResultsRequest.Filter) async throws(ResultsError) {
        try await changingRequest { $0.addFilter(filter) } apply: { request async throws(ResultsError) in try await refetch(request) }
    }

    /// Removes the filter with `title` in `group`, as one animated batch.
    ///
    /// - Throws: ``ResultsError`` when the database cannot be read.
    /// - Complexity: the query, plus O(*n*) for *n* matching rows.
    public func removeFilter(title: String, group: String? = nil) async throws(ResultsError) {
        var latest = latestRequest
        guard latest.removeFilter(title: title, group: group) else { return }
        try await changingRequest { $0.removeFilter(title: title, group: group) } apply: { request async throws(ResultsError) in
            try await refetch(request)
        }
    }

    /// Replaces every filter, as one animated batch.
    ///
    /// - Throws: ``ResultsError/missingColumn(_:table:)`` for an
    ///   expression that names a column the table does not have,
    ///   ``ResultsError/invalidExpression(_:message:)`` for another
    ///   invalid expression; nothing changes then.
    /// - Complexity: the query, plus O(*n*) for *n* matching rows.
    public func replaceFilters(with filters: [DatabaseResultsRequest.Filter]) async throws(ResultsError) {
        try await changingRequest { latest in
            latest.filters = []
            for filter in filters { latest.addFilter(filter) }
        } apply: { request async throws(ResultsError) in try await refetch(request) }
    }

    /// Removes every filter, as one animated batch.
    ///
    /// - Throws: ``ResultsError`` when the database cannot be read; nothing
    ///   changes then.
    /// - Complexity: the query, plus O(*n*) for *n* matching rows; O(1)
    ///   without filters.
    public func clearFilters() async throws(ResultsError) {
        guard !latestRequest.filters.isEmpty else { return }
        try await replaceFilters(with: [])
    }

    /// Sets the text of a live search over `columns`: a row matches when
    /// one column, folded as the core's search folds (case and
    /// diacritics), contains the folded text. Empty text removes the search.
    /// The search is the filter titled `"search"` in `group`.
    ///
    ///     try await players.search(for: query, in: ["name", "team"])   // one line per keystroke
    ///
    /// A keystroke that narrows the search (text that contains the previous
    /// text, or a first search) only removes rows: when every column
    /// searched is one of the request's ordering columns, the values the
    /// source holds are tested in memory, with no SQL; else when at most
    /// 50,000 rows are shown, only they are tested (by key),
    /// else the table is scanned for the matching rowids; the rows that no
    /// longer match leave as one batch (a reload above 10,000 rows). Any
    /// other keystroke (a deletion) reads the request's rows again. A row
    /// is tested with an SQL function: ASCII text is lowercased in place,
    /// other text folded by the core. A keystroke that arrives while
    /// another of the same `group` is waiting for the writer replaces it
    /// (the older one returns without effect: the newer holds its change).
    /// An app with an FTS5 index sets a filter with `MATCH` instead (see
    /// ``DatabaseResultsRequest/Filter``).
    ///
    /// - Throws: ``ResultsError/missingColumn(_:table:)`` for an unknown
    ///   column; nothing changes then, and a change on its way still
    ///   applies.
    /// - Complexity: a narrowing keystroke: the test of the rows shown (in
    ///   memory, or by key, or the scan), plus O(*n*) for *n* rows shown; another: the scan, plus
    ///   O(*m*) for *m* matching rows.
    public func search(for text: String, in columns: [String], group: String = "search") async throws(ResultsError) {
        let folded = ResultsSearchFolding.fold(text)
        if folded.isEmpty {
            var latest = latestRequest
            guard latest.removeFilter(title: "search", group: group) else { return }
            let ticket = searchTicket.next(in: group)
            try await changingRequest { _ = $0.removeFilter(title: "search", group: group) } apply: { request async throws(ResultsError) in
                try await refetch(request, ticket: ticket)
            }
            return
        }
        guard !columns.isEmpty else { throw .invalidArgument("a search over no columns") }
        let sql = columns.map { "filterable_results_contains(\($0.quotedDatabaseIdentifier), ?)" }.joined(separator: " OR ")
        let filter = DatabaseResultsRequest.Filter(title: "search", group: group, sql: sql, arguments: columns.map { _ in folded })
        // Keystrokes supersede those of their own search only.
        let ticket = searchTicket.next(in: group)
        let old = latestRequest
        let previous = old.filters.first { $0.slot == filter.slot }
        // A narrower request shows a subset of the rows shown: a first
        // filter in the group, or the same search with text that contains
        // the previous text (a row whose folded text contains the new text
        // contains the old). It is applied only to the rows of `old`: when
        // the main actor shows another request by then (`old` was still on
        // its way, and superseded), the request's rows are read instead.
        let narrows: Bool
        if let previous {
            let previousText = previous.arguments.first.flatMap { String.fromDatabaseValue($0) }
            narrows = previous.title == "search" && previous.sql == sql && previousText.map { SearchMatch.contains(folded, folded: $0) } == true
        } else {
            narrows = true
        }
        // (A filter changes no ordering column.)
        let held = Self.heldColumns(columns, of: old)
        let candidates = narrows && held == nil && previous != nil && controller.store.rawCount <= Self.narrowingLimit ? shownKeys() : nil
        try await changingRequest { $0.addFilter(filter) } apply: { request async throws(ResultsError) in
            let known = try await columnNames()
            for column in columns where !known.contains(column.lowercased()) {
                throw .missingColumn(column, table: request.table)
            }
            if narrows, let held, try await narrowInMemory(to: request, from: old.serial, columns: held, folded: folded, ticket: ticket) { return }
            if narrows, try await narrow(to: request, from: old.serial, among: candidates, ticket: ticket) { return }
            try await refetch(request, ticket: ticket)
        }
    }

    /// The request with every change asked for so far, applied or on its
    /// way: the request shown, with the edits of the changes on their way
    /// that it cannot hold made again, in the order they were asked for.
    /// The request shown holds every change on its way when it was sent
    /// (those of lower serials): made again, an edit older than a newer
    /// one of the same filter would undo it. Its serial is the latest
    /// change's.
    var latestRequest: DatabaseResultsRequest {
        var latest = request
        for change in pendingChanges where change.serial > request.serial {
            change.edit(&latest)
            latest.serial = change.serial
        }
        return latest
    }

    /// A new token for a request change that sets the order and sections.
    func nextOrganization() -> Int {
        lastRequestSerial += 1
        return lastRequestSerial
    }

    /// Asks for the request change `edit` makes: `apply` is given the
    /// latest request with it (and the next serial), and reads it on the
    /// writer. Until it returns, later changes are made on top of it. When
    /// it fails, its edit is dropped; a change asked for after it, whose
    /// request held that edit, and which failed too (with its error), is
    /// asked for again without it once the changes before it have ended.
    func changingRequest(
        _ edit: @escaping (inout DatabaseResultsRequest) -> Void,
        apply: (DatabaseResultsRequest) async throws(ResultsError) -> Void
    ) async throws(ResultsError) {
        let change = PendingRequestChange(edit: edit)
        pendingChanges.append(change)
        defer { pendingChanges.removeAll { $0 === change } }
        while true {
            lastRequestSerial += 1
            change.serial = lastRequestSerial
            var request = latestRequest
            request.serial = change.serial
            let failures = failedRequestChanges
            do {
                return try await apply(request)
            } catch {
                // The changes on their way when this one was sent (their
                // edits are in its request) may fail after it, with the
                // same error: it waits for them to end first.
                while pendingChanges.contains(where: { $0 !== change && $0.serial < request.serial }) {
                    try? await Task.sleep(for: .milliseconds(1))
                }
                if failedRequestChanges != failures { continue }
                failedRequestChanges += 1
                throw error
            }
        }
    }

    /// The most rows shown for which a narrowing keystroke tests only them
    /// (by key); above, it scans the table.
    nonisolated static var narrowingLimit: Int { 50_000 }

    /// The keys shown, in order.
    func shownKeys() -> [Key] {
        let snapshot = controller.snapshot
        var keys: [Key] = []
        keys.reserveCapacity(snapshot.count)
        for section in 0..<snapshot.numberOfSections {
            for entry in snapshot.elements(inSection: section) { keys.append(entry.key) }
        }
        return keys
    }

    /// Applies a request that shows a subset of the rows shown: reads on
    /// the writer which rows match it (among `candidates`, or all), and
    /// waits until the main actor removes the others. Returns `false` when
    /// the main actor shows another request than the one of serial `base`
    /// by then, or rows outside `candidates` (commits since the call): the
    /// caller reads the request's rows instead.
    func narrow(
        to request: DatabaseResultsRequest, from base: Int, among candidates: [Key]?, ticket: SearchTicket.Number
    ) async throws(ResultsError) -> Bool {
        let observer = self.observer
        return try await narrowOnWriter(request, ticket: ticket) { db, done in
            let query = try EntryQuery(request, in: db)
            let matched = try query.matchingKeys(among: candidates, db)
            // The records of the rows that leave, for the batch that
            // reports them (read only when the batch can be reported).
            var leaving: [Key: Record] = [:]
            if let candidates {
                let removed = candidates.filter { !matched.contains($0) }
                if !removed.isEmpty, removed.count <= observer.recordLimit {
                    leaving = try query.records.records(keys: removed, db)
                }
            }
            observer.query = query
            observer.trackKeyChanges(db)
            return .narrow(query, from: base, matched: matched, candidates: candidates.map { Set($0) }, leaving: leaving, done: done)
        }
    }

    /// Runs a narrowing keystroke's writer side, in order with the commits:
    /// unless a newer keystroke superseded `ticket` (or the writer follows
    /// a request newer than `request`), `delivery` reads what
    /// it needs and makes the delivery the main actor applies, which calls
    /// `done` with whether it could; then waits for that. Returns it, or
    /// `true` for a superseded keystroke (nothing to do), or `false`
    /// without calling `delivery` when the rows and values shown may be
    /// stale (the observer failed, or the schema changed): the caller
    /// reads the request's rows instead.
    func narrowOnWriter(
        _ request: DatabaseResultsRequest, ticket: SearchTicket.Number,
        _ delivery: @escaping @Sendable (Database, _ done: @escaping @Sendable (Bool) -> Void) throws -> Delivery<Record, Key>
    ) async throws(ResultsError) -> Bool {
        let feed = self.feed
        let observer = self.observer
        let tickets = searchTicket
        do {
            let wait: AsyncStream<Bool>? = try await writer.writeWithoutTransaction { db in
                if !tickets.isLatest(ticket) || observer.followsNewerRequest(than: request) { return nil }
                let (done, signal) = AsyncStream<Bool>.makeStream()
                if try observer.isBroken || db.schemaVersion() != observer.schemaVersion {
                    signal.yield(false)
                    signal.finish()
                    return done
                }
                feed.yield(try delivery(db) { applied in
                    signal.yield(applied)
                    signal.finish()
                })
                return done
            }
            guard let wait else { return true }
            for await applied in wait { return applied }
            return true
        } catch {
            throw EntryQuery.typed(error)
        }
    }

    /// The positions of `columns` among `request`'s ordering columns (whose
    /// values the source holds), or `nil` when one is not among them.
    nonisolated static func heldColumns(_ columns: [String], of request: DatabaseResultsRequest) -> [Int]? {
        var positions: [Int] = []
        for column in columns {
            guard let index = request.ordering.firstIndex(where: { $0.column.caseInsensitiveCompare(column) == .orderedSame }) else { return nil }
            positions.append(index)
        }
        return positions
    }

    /// Applies a narrowing search over ordering columns: the writer, in
    /// order with the commits, makes the request the one it follows; the
    /// main actor then tests the values it holds, which are the database's
    /// at that point (each commit before it delivered). Returns `false`
    /// as ``narrow(to:from:among:ticket:)`` does.
    func narrowInMemory(
        to request: DatabaseResultsRequest, from base: Int, columns: [Int], folded: String, ticket: SearchTicket.Number
    ) async throws(ResultsError) -> Bool {
        let observer = self.observer
        return try await narrowOnWriter(request, ticket: ticket) { db, done in
            let query = try EntryQuery(request, in: db)
            observer.query = query
            observer.trackKeyChanges(db)
            return .narrowInMemory(query, from: base, columns: columns, folded: folded, done: done)
        }
    }

    /// The column names of the rows shown (the table's, the joined
    /// columns, or the view's), lowercased.
    private func columnNames() async throws(ResultsError) -> Set<String> {
        let source = rowSource
        do {
            return try await writer.read { db in Set(try db.makeStatement(sql: "SELECT * FROM \(source)").columnNames.map { $0.lowercased() }) }
        } catch {
            throw EntryQuery.typed(error)
        }
    }

    /// Reads `request`'s rows on the writer, in order with the commits, and
    /// waits until the main actor shows them. A search keystroke (`ticket`)
    /// superseded by a newer one when the writer gets to it is skipped, as
    /// is a request older than the one the writer follows (it reached the
    /// writer after a change made from it).
    func refetch(_ request: DatabaseResultsRequest, ticket: SearchTicket.Number? = nil) async throws(ResultsError) {
        let feed = self.feed
        let observer = self.observer
        let tickets = searchTicket
        do {
            let wait: AsyncStream<Void>? = try await writer.writeWithoutTransaction { db in
                if let ticket, !tickets.isLatest(ticket) { return nil }
                if observer.followsNewerRequest(than: request) { return nil }
                let query = try EntryQuery(request, in: db)
                let version = try db.schemaVersion()
                // After a failure or a schema change the rows kept may have
                // new content: new stamps report them updated.
                let refresh = observer.isBroken || version != observer.schemaVersion
                var stamp: UInt32 = 0
                if refresh {
                    stamp = observer.nextStamp
                    observer.nextStamp &+= 1
                }
                let entries: FetchedEntries<Key> = try query.fetchAll(db, stamp: stamp)
                observer.query = query
                observer.schemaVersion = version
                observer.isBroken = false
                observer.trackKeyChanges(db)
                let (done, signal) = AsyncStream<Void>.makeStream()
                feed.yield(.refetch(query, entries, refresh: refresh, done: { signal.finish() }))
                return done
            }
            if let wait { for await _ in wait {} }
        } catch {
            throw EntryQuery.typed(error)
        }
    }
}
