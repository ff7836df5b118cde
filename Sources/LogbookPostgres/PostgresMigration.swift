import Crypto
import Foundation

/// One step of the PostgreSQL schema. Migrations are versioned and append-only: once applied somewhere, a migration
/// is never changed (its checksum is kept beside its version and checked every time), only followed by new ones.
public struct PostgresMigration: Sendable, Hashable {
    public var version: Int
    public var name: String
    /// Run in order inside one transaction.
    public var statements: [String]

    public init(version: Int, name: String, statements: [String]) {
        self.version = version
        self.name = name
        self.statements = statements
    }

    /// SHA-256 of the statements, hex.
    public var checksum: String {
        SHA256.hash(data: Data(statements.joined(separator: "\n;\n").utf8)).map { String(format: "%02x", $0) }
            .joined()
    }
}
