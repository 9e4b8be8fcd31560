@_spi(Integrations) import FilterableResults
import GRDB

/// Changing what is shown at run time: each change is read on the writer,
/// in order with the commits, and animates as one batch.
extension DatabaseResults {
    /// Shows `request` instead (another order, section column or filters),
    /// as one animated batch.
    ///
    /// - Throws: ``DatabaseResultsError`` naming a missing table or column
    ///   or an invalid filter; the table shown does not change then.
    /// - Complexity: the query, plus O(*n* log *n*) for *n* matching rows.
    public func setRequest(_ request: DatabaseResultsRequest) async throws(DatabaseResultsError) {
        let reorganize = request.table == self.request.table
        guard reorganize else { throw .invalidArgument("a request for table \(request.table) instead of \(self.request.table): make another source") }
        try await refetch(request, reorganize: true)
    }

    /// Applies `filter`, replacing the one of its group, as one animated batch.
    ///
    ///     try await players.setFilter(.init(title: "team", group: "team", sql: "team = ?", arguments: ["Red"]))
    ///
    /// - Throws: ``DatabaseResultsError/invalidExpression(_:message:)`` for
    ///   an invalid expression; nothing changes then.
    /// - Complexity: the query, plus O(*n*) for *n* matching rows.
    public func setFilter(_ filter: DatabaseResultsRequest.Filter) async throws(DatabaseResultsError) {
        var request = self.request
        request.setFilter(filter)
        try await refetch(request, reorganize: false)
    }

    /// Removes the filter with `title` in `group`, as one animated batch.
    ///
    /// - Throws: ``DatabaseResultsError`` when the database cannot be read.
    /// - Complexity: the query, plus O(*n*) for *n* matching rows.
    public func removeFilter(title: String, group: String?) async throws(DatabaseResultsError) {
        var request = self.request
        guard request.removeFilter(title: title, group: group) else { return }
        try await refetch(request, reorganize: false)
    }

    /// Replaces every filter, as one animated batch.
    ///
    /// - Throws: ``DatabaseResultsError/invalidExpression(_:message:)`` for
    ///   an invalid expression; nothing changes then.
    /// - Complexity: the query, plus O(*n*) for *n* matching rows.
    public func replaceFilters(with filters: [DatabaseResultsRequest.Filter]) async throws(DatabaseResultsError) {
        var request = self.request
        request.filters = []
        for filter in filters { request.setFilter(filter) }
        try await refetch(request, reorganize: false)
    }

    /// Sets the text of a live search over `columns`: a row matches when
    /// one column, folded as the core's search folds (case and
    /// diacritics), contains the folded text. Empty text removes the search.
    /// The search is the filter titled `"search"` in `group`.
    ///
    ///     try await players.search(for: query, in: ["name", "team"])   // one line per keystroke
    ///
    /// A keystroke is one scan of the table on the writer connection with
    /// an SQL function calling the core's folding; a keystroke that arrives
    /// while another is waiting for the writer replaces it (the older one
    /// returns without effect). An app with an FTS5 index sets a filter
    /// with `MATCH` instead (see ``DatabaseResultsRequest/Filter``).
    ///
    /// - Throws: ``DatabaseResultsError/missingColumn(_:table:)`` for an unknown column.
    /// - Complexity: the scan, plus O(*n*) for *n* matching rows.
    public func search(for text: String, in columns: [String], group: String = "search") async throws(DatabaseResultsError) {
        var request = self.request
        let folded = ResultsSearchFolding.fold(text)
        if folded.isEmpty {
            guard request.removeFilter(title: "search", group: group) else { return }
        } else {
            guard !columns.isEmpty else { throw .invalidArgument("a search over no columns") }
            let known = try await columnNames()
            for column in columns where !known.contains(column.lowercased()) {
                throw .missingColumn(column, table: request.table)
            }
            let sql = columns.map { "instr(filterable_results_fold(\($0.quotedDatabaseIdentifier)), ?) > 0" }.joined(separator: " OR ")
            request.setFilter(.init(title: "search", group: group, sql: sql, arguments: columns.map { _ in folded }))
        }
        try await refetch(request, reorganize: false, ticket: searchTicket.next())
    }

    /// The table's column names, lowercased.
    private func columnNames() async throws(DatabaseResultsError) -> Set<String> {
        let table = request.table
        do {
            return try await writer.read { db in Set(try db.columns(in: table).map { $0.name.lowercased() }) }
        } catch {
            throw EntryQuery.typed(error)
        }
    }

    /// Reads `request`'s rows on the writer, in order with the commits, and
    /// waits until the main actor shows them. A search keystroke (`ticket`)
    /// superseded by a newer one when the writer gets to it is skipped.
    func refetch(_ request: DatabaseResultsRequest, reorganize: Bool, ticket: Int? = nil) async throws(DatabaseResultsError) {
        let feed = self.feed
        let observer = self.observer
        let tickets = searchTicket
        do {
            let wait: AsyncStream<Void>? = try await writer.writeWithoutTransaction { db in
                if let ticket, !tickets.isLatest(ticket) { return nil }
                let query = try EntryQuery(request, in: db)
                let entries = try query.fetchAll(db)
                observer.query = query
                observer.schemaVersion = try db.schemaVersion()
                observer.isBroken = false
                let (done, signal) = AsyncStream<Void>.makeStream()
                feed.yield(.refetch(query, entries, reorganize: reorganize, done: { signal.finish() }))
                return done
            }
            if let wait { for await _ in wait {} }
        } catch {
            throw EntryQuery.typed(error)
        }
    }
}
