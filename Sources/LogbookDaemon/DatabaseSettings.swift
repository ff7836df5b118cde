/// `[database]`: where the log is when neither `--database` nor `$LOGBOOK_DATABASE` says (`url`: a file path or
/// `postgresql://USER@HOST[:PORT]/DB[?sslmode=…]`), the PostgreSQL password's owner-only file (`password_file`), and
/// how many days of device positions to keep (`position_retention_days`, 0 or absent: forever).
package struct DatabaseSettings: Decodable, Sendable {
    package var url: String?
    package var passwordFile: String?
    package var positionRetentionDays: Int?

    package init(url: String? = nil, passwordFile: String? = nil, positionRetentionDays: Int? = nil) {
        self.url = url
        self.passwordFile = passwordFile
        self.positionRetentionDays = positionRetentionDays
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case url
        case passwordFile = "password_file"
        case positionRetentionDays = "position_retention_days"
    }
}
