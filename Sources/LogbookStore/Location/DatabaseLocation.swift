import Foundation

/// Where the log is: an SQLite file (the embedded default) or a PostgreSQL database (fleets, several servers).
///
/// Written as `--database`, `$LOGBOOK_DATABASE` or `[database] url`: a file path for SQLite, or
/// `postgresql://USER@HOST[:PORT]/DB[?sslmode=disable|prefer|require|verify-full]` (`postgres://` too). The password is
/// never part of the address: it comes from `[database] password_file`, owner-only like every secret. Any other
/// `scheme://` is refused, so that a mistyped address never becomes a file of that name.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgresql(PostgresAddress)

    /// Why an address was refused: the message names the part that is wrong, never a password.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The location an address names.
    public static func parse(_ text: String) throws(Refusal) -> DatabaseLocation {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw Refusal(message: "the database address is empty") }
        guard let separator = trimmed.range(of: "://") else { return .sqlite(path: trimmed) }
        let scheme = trimmed[..<separator.lowerBound].lowercased()
        switch scheme {
        case "postgresql", "postgres":
            return .postgresql(try PostgresAddress.parse(trimmed))
        case "file", "sqlite":
            let path = String(trimmed[separator.upperBound...])
            guard path.hasPrefix("/") else {
                throw Refusal(
                    message: "\(scheme):// needs an absolute path (\(scheme):///var/lib/logbook/logbook.sqlite)")
            }
            return .sqlite(path: path.removingPercentEncoding ?? path)
        default:
            let shown = scheme.count <= 20 ? "'\(scheme)'" : "this one"
            throw Refusal(
                message: "the database address has the scheme \(shown); give a file path for SQLite or "
                    + "postgresql://USER@HOST[:PORT]/DB for PostgreSQL")
        }
    }

    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgresql(let address): address.description
        }
    }
}

/// A PostgreSQL database's address, without its password.
public struct PostgresAddress: Sendable, Hashable, CustomStringConvertible {
    /// libpq's `sslmode` values that make sense for a server: no TLS, TLS when offered, TLS always, TLS with the
    /// server's certificate and name checked.
    public enum SSLMode: String, Sendable, Hashable, CaseIterable {
        case disable, prefer, require
        case verifyFull = "verify-full"
    }

    public var user: String
    public var host: String
    public var port: Int
    public var database: String
    public var sslMode: SSLMode

    public init(user: String, host: String, port: Int = 5432, database: String, sslMode: SSLMode = .prefer) {
        self.user = user
        self.host = host
        self.port = port
        self.database = database
        self.sslMode = sslMode
    }

    /// `postgresql://USER@HOST[:PORT]/DB[?sslmode=…]`.
    public static func parse(_ text: String) throws(DatabaseLocation.Refusal) -> PostgresAddress {
        func refuse(_ message: String) -> DatabaseLocation.Refusal {
            DatabaseLocation.Refusal(message: "postgresql address: " + message)
        }
        guard let components = URLComponents(string: text) else {
            throw refuse("not a valid address; write postgresql://USER@HOST[:PORT]/DB")
        }
        if components.password != nil {
            throw refuse("a password in the address is not accepted; put it in [database] password_file (chmod 600)")
        }
        guard let user = components.user?.removingPercentEncoding, !user.isEmpty else {
            throw refuse("the user is missing; write postgresql://USER@HOST[:PORT]/DB")
        }
        // An IPv6 host comes with or without its brackets, depending on the platform's URL parser: kept without.
        let bracketed = components.host ?? ""
        let host =
            bracketed.hasPrefix("[") && bracketed.hasSuffix("]") ? String(bracketed.dropFirst().dropLast()) : bracketed
        guard !host.isEmpty else {
            throw refuse("the host is missing; write postgresql://USER@HOST[:PORT]/DB")
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw refuse("the port \(port) is not between 1 and 65535") }
        var path = components.percentEncodedPath
        if path.hasPrefix("/") { path.removeFirst() }
        guard let database = path.removingPercentEncoding, !database.isEmpty, !database.contains("/") else {
            throw refuse("the database name is missing or has a '/'; write postgresql://USER@HOST[:PORT]/DB")
        }
        if components.fragment != nil { throw refuse("a '#' part is not accepted") }
        var sslMode = SSLMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw refuse("the parameter '\(item.name.prefix(40))' is not known; only sslmode is")
            }
            guard let value = item.value, let mode = SSLMode(rawValue: value) else {
                throw refuse(
                    "sslmode must be one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            sslMode = mode
        }
        return PostgresAddress(user: user, host: host, port: port, database: database, sslMode: sslMode)
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgresql://\(user)@\(shownHost):\(port)/\(database)?sslmode=\(sslMode.rawValue)"
    }
}
