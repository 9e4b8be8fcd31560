import Foundation
import GRDB

/// A WAL database (`DatabasePool`) in a new temporary folder, removed when released.
final class TemporaryDatabase {
    let folder: URL
    let path: String
    let pool: DatabasePool

    init(_ schema: String = Player.createTable, configuration: Configuration = Configuration()) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("FilterableResultsGRDB-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("db.sqlite").path
        var configuration = configuration
        // WAL's usual setting for apps: no fsync at each commit (tests
        // commit thousands of transactions).
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in try db.execute(sql: schema) }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
