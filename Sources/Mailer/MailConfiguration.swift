import Glibc
import LogbookConfiguration

/// The `[mail]` settings: which server to send through, how, and as whom.
///
/// ```toml
/// [mail]
/// host = "smtp.example.com"
/// port = 587
/// tls = "starttls"          # "none" | "starttls" | "implicit"
/// user = "logbook@example.com"
/// password_file = "/etc/logbook/smtp-password"   # mode 0600 (or 0400), owned by the user running logbook
/// from = "Logbook <logbook@example.com>"
/// ```
public struct MailConfiguration: Sendable, Hashable, Codable {
    /// How the connection is encrypted.
    public enum TLSMode: String, Sendable, Hashable, Codable, CaseIterable {
        /// Plain SMTP. Only allowed without a login, or to a server on this machine (loopback).
        case none
        /// Plain SMTP upgraded with STARTTLS before anything else is said; fails if the server does not offer it.
        case starttls
        /// TLS from the first byte (SMTPS, usually port 465).
        case implicit

        /// The usual port: 25 for plain SMTP, 587 for submission with STARTTLS, 465 for SMTPS.
        public var defaultPort: Int {
            switch self {
            case .none: 25
            case .starttls: 587
            case .implicit: 465
            }
        }
    }

    public var host: String
    public var port: Int
    public var tls: TLSMode
    /// The login; `nil` to send without authenticating.
    public var user: String?
    /// A file holding the password (one line; a final newline is ignored).
    public var passwordFile: String?
    /// The sender, as an address or `Name <address>`.
    public var from: String
    /// A PEM file of certificates to trust besides the system's (for a server with a private CA).
    public var caFile: String?
    /// The longest a whole send may take, in seconds; connecting alone may take at most 10 s.
    public var timeoutSeconds: Int

    enum CodingKeys: String, CodingKey {
        case host, port, tls, user, from
        case passwordFile = "password_file"
        case caFile = "ca_file"
        case timeoutSeconds = "timeout"
    }

    public init(
        host: String, port: Int? = nil, tls: TLSMode = .starttls, user: String? = nil, passwordFile: String? = nil,
        from: String, caFile: String? = nil, timeoutSeconds: Int = 60
    ) {
        self.host = host
        self.port = port ?? tls.defaultPort
        self.tls = tls
        self.user = user
        self.passwordFile = passwordFile
        self.from = from
        self.caFile = caFile
        self.timeoutSeconds = timeoutSeconds
    }

    /// Decodes the TOML table (through JSON); `port` defaults from `tls`, `tls` to `starttls`, `timeout` to 60.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var tls = TLSMode.starttls
        if let text = try container.decodeIfPresent(String.self, forKey: .tls) {
            guard let mode = TLSMode(rawValue: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .tls, in: container,
                    debugDescription: "\"\(text)\" is not a TLS mode; use "
                        + TLSMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            tls = mode
        }
        self.init(
            host: try container.decode(String.self, forKey: .host),
            port: try container.decodeIfPresent(Int.self, forKey: .port), tls: tls,
            user: try container.decodeIfPresent(String.self, forKey: .user),
            passwordFile: try container.decodeIfPresent(String.self, forKey: .passwordFile),
            from: try container.decode(String.self, forKey: .from),
            caFile: try container.decodeIfPresent(String.self, forKey: .caFile),
            timeoutSeconds: try container.decodeIfPresent(Int.self, forKey: .timeoutSeconds) ?? 60)
    }

    /// `host:port`, with brackets around an IPv6 address.
    public var server: String { "\(urlHost):\(port)" }

    var urlHost: String { host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host }

    /// Whether the host is this machine (where plain SMTP with a login is tolerated).
    var isLoopback: Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name == "[::1]" || name.hasPrefix("127.")
    }

    /// Checks the settings without touching the network or the password file.
    public func validate() throws(MailError) {
        func fail(_ message: String) -> MailError { MailError(code: .configuration, message: "[mail] \(message)") }
        if host.isEmpty || host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" }) {
            throw fail("host \"\(host)\" is not a host name or address")
        }
        guard (1...65_535).contains(port) else { throw fail("port \(port) is not between 1 and 65535") }
        guard timeoutSeconds > 0 else { throw fail("timeout must be at least 1 second") }
        if user != nil, passwordFile == nil { throw fail("user is set but password_file is not") }
        if user == nil, passwordFile != nil { throw fail("password_file is set but user is not") }
        if user != nil, tls == .none, !isLoopback {
            throw fail("tls = \"none\" would send the password in clear text to \(host); use starttls or implicit")
        }
        _ = try MailAddress(parsing: from)
    }

    /// Reads the password from `passwordFile`; `nil` when no file is configured.
    ///
    /// Refuses a file that is not a regular file, that belongs to another user (root may read any), or that its
    /// group or others may read or write: the error names the file and its mode, never what is in it.
    public func loadPassword() throws(MailError) -> String? {
        guard let path = passwordFile else { return nil }
        do throws(SecretFile.Refusal) {
            return try SecretFile.load(path)
        } catch {
            throw MailError(code: .passwordFile, message: "password file \(path) \(error.problem)")
        }
    }
}
