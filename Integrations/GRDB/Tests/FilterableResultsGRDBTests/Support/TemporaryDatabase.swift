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
        pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in try db.execute(sql: schema) }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
