import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The writers a source follows: a WAL `DatabasePool`, a `DatabaseQueue`
/// on a file (rollback journal, GRDB's default), and an in-memory queue.
enum WriterKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case pool, queue, memory

    var testDescription: String { rawValue }
}

/// A database in a new temporary folder (removed when released), with
/// `schema` executed: a `DatabasePool` by default.
final class TemporaryDatabase {
    let folder: URL
    let path: String
    let kind: WriterKind
    let writer: any DatabaseWriter

    init(_ schema: String = Player.createTable, kind: WriterKind = .pool, configuration: Configuration = Configuration()) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("FilterableResultsGRDB-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("db.sqlite").path
        self.kind = kind
        var configuration = configuration
        // WAL's usual setting for apps: no fsync at each commit (tests
        // commit thousands of transactions); the journal's, none at all.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = \(kind == .pool ? "NORMAL" : "OFF")") }
        switch kind {
        case .pool: writer = try DatabasePool(path: path, configuration: configuration)
        case .queue: writer = try DatabaseQueue(path: path, configuration: configuration)
        case .memory: writer = try DatabaseQueue(configuration: configuration)
        }
        try writer.write { db in try db.execute(sql: schema) }
    }

    /// The writer, as the pool it is by default.
    var pool: DatabasePool { writer as! DatabasePool }

    /// What `request` shows, read with one `SELECT` through a new
    /// connection (the writer's own for an in-memory database).
    func freshSelect(_ request: DatabaseResultsRequest) throws -> [[Int64]] {
        guard kind != .memory else { return try FilterableResultsGRDBTests.freshSelect(request, writer) }
        var configuration = Configuration()
        configuration.readonly = true
        return try FilterableResultsGRDBTests.freshSelect(request, DatabaseQueue(path: path, configuration: configuration))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
