/// `[database]`: where the log is when neither `--database` nor `$LOGBOOK_DATABASE` says (`url`: a file path or
/// `postgresql://USER@HOST[:PORT]/DB[?sslmode=…]`), and the PostgreSQL password's owner-only file (`password_file`).
package struct DatabaseSettings: Decodable, Sendable {
    package var url: String?
    package var passwordFile: String?

    package init(url: String? = nil, passwordFile: String? = nil) {
        self.url = url
        self.passwordFile = passwordFile
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case url
        case passwordFile = "password_file"
    }
}
