import FilterableResults
import GRDB
@testable import FilterableResultsGRDB

/// What a request shows, read afresh with one `SELECT`: the rowids of each
/// section, sections in the request's order, rows in its order.
func freshSelect(_ request: DatabaseResultsRequest, _ reader: any DatabaseReader) throws -> [[Int64]] {
    try reader.read { db in
        let query = try EntryQuery(request, in: db)
        let orderBy = request.ordering.map { "\($0.column.quotedDatabaseIdentifier) \($0.isDescending ? "DESC" : "ASC")" } + ["rowid"]
        var sql = "SELECT rowid, \(request.sectionColumn?.quotedDatabaseIdentifier ?? "NULL") FROM \(request.table.quotedDatabaseIdentifier)"
        if !request.filters.isEmpty { sql += " WHERE " + request.filters.map { "(\($0.sql))" }.joined(separator: " AND ") }
        sql += " ORDER BY " + orderBy.joined(separator: ", ")
        _ = query
        var sections: [String: [Int64]] = [:]
        var names: [String] = []
        for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(request.filters.flatMap(\.arguments))) {
            let name = IndexEntry<Int64>.sectionName(row[1])
            if sections[name] == nil { names.append(name) }
            sections[name, default: []].append(row[0])
        }
        guard request.sectionColumn != nil else { return [sections[""] ?? []] }
        return names.sorted(by: request.sectionOrder).map { sections[$0]! }
    }
}
