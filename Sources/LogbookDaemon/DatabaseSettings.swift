import ArgumentParser

/// `[database]`: where the log is when neither `--database` nor `$LOGBOOK_DATABASE` says (`url`: a file path or
/// `postgresql://USER@HOST[:PORT]/DB[?sslmode=…]`), the PostgreSQL password's owner-only file (`password_file`), and
/// how many days of device positions to keep (`position_retention_days`, 0 or absent: forever), and on PostgreSQL how
/// many connections one process keeps at most (`connections`, 10).
package struct DatabaseSettings: Decodable, Sendable {
    package var url: String?
    package var passwordFile: String?
    package var positionRetentionDays: Int?
    package var connections: Int?

    package init(
        url: String? = nil, passwordFile: String? = nil, positionRetentionDays: Int? = nil, connections: Int? = nil
    ) {
        self.url = url
        self.passwordFile = passwordFile
        self.positionRetentionDays = positionRetentionDays
        self.connections = connections
    }

    /// The connections a process keeps to PostgreSQL: `connections`, 1 to 200; 10 when unset.
    package func connectionLimit() throws -> Int {
        guard let connections else { return 10 }
        guard (1...200).contains(connections) else {
            Diagnostics.error(
                "[database] connections must be 1 to 200 (the connections one process keeps to PostgreSQL)")
            throw ExitCode(78)
        }
        return connections
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case url
        case passwordFile = "password_file"
        case positionRetentionDays = "position_retention_days"
        case connections
    }
}
