import LogbookStore

/// `[server]` in the configuration file: where `logbook serve` listens, how it treats sessions, and how long it
/// waits for slow clients.
///
/// ```toml
/// [server]
/// listen = "127.0.0.1:8080"          # loopback unless configured
/// public_url = "https://logbook.example.org"   # behind a TLS proxy: cookies become Secure
/// session_days = 14
/// password_cost = 11                 # bcrypt cost (2^cost rounds); at least 10
/// header_timeout = 10                # seconds to send a request's head
/// body_timeout = 30                  # seconds for a body, plus one per body_min_rate bytes
/// body_min_rate = 2048               # bytes per second
/// idle_timeout = 60                  # seconds a kept-alive connection may wait for its next request
/// max_connections = 512              # open connections at most
/// leaflet = "/usr/share/javascript/leaflet"   # Debian's libjs-leaflet: the trip page's map
/// device_lease = 60                  # seconds before another server takes over a device this one stopped serving
/// outbox_interval = 30               # seconds between deliveries of the mail outbox ([mail] configured)
/// outbox_claim = 300                 # seconds a message stays claimed by the server delivering it
/// ```
package struct ServerSettings: Decodable, Sendable, Hashable {
    package var listen: String = "127.0.0.1:8080"
    package var publicURL: String?
    package var sessionDays: Int = 14
    package var passwordCost: Int = PasswordHasher.defaultCost
    /// Seconds a client has to send a request's head: from the connection's opening for its first request, from
    /// the request's first byte for the next ones on a kept-alive connection.
    package var headerTimeout: Double = 10
    /// Seconds a request's body may take, plus one second for every `bodyMinimumRate` bytes it has sent.
    package var bodyTimeout: Double = 30
    /// Bytes per second a long body must keep up (`body_min_rate`).
    package var bodyMinimumRate: Int = 2_048
    /// Seconds a kept-alive connection may wait for its next request.
    package var idleTimeout: Double = 60
    /// Open connections at most; at the cap, a new connection closes the one idle longest, or is closed at once.
    package var maxConnections: Int = 512
    /// The folder of Leaflet's `leaflet.js`, `leaflet.css` and `images/` (Debian's libjs-leaflet), read when a page
    /// asks for them: without it the trip page keeps its drawn route and shows no map.
    package var leafletDirectory: String = "/usr/share/javascript/leaflet"
    /// Seconds a device's engine lease lasts without being renewed (several servers on one log).
    package var deviceLease: Double = 60
    /// Seconds between passes over the mail outbox.
    package var outboxInterval: Double = 30
    /// Seconds a message stays claimed by the server delivering it: longer than a delivery may take.
    package var outboxClaim: Double = MailClaims.defaultDuration

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case listen
        case publicURL = "public_url"
        case sessionDays = "session_days"
        case passwordCost = "password_cost"
        case headerTimeout = "header_timeout"
        case bodyTimeout = "body_timeout"
        case bodyMinimumRate = "body_min_rate"
        case idleTimeout = "idle_timeout"
        case maxConnections = "max_connections"
        case leafletDirectory = "leaflet"
        case deviceLease = "device_lease"
        case outboxInterval = "outbox_interval"
        case outboxClaim = "outbox_claim"
    }

    package init() {}

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        listen = try c.decodeIfPresent(String.self, forKey: .listen) ?? listen
        if (try? ListenAddress(listen)) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .listen, in: c, debugDescription: "expected HOST:PORT, e.g. \"127.0.0.1:8080\"")
        }
        publicURL = try c.decodeIfPresent(String.self, forKey: .publicURL)
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
            throw DecodingError.dataCorruptedError(
                forKey: .publicURL, in: c, debugDescription: "expected an http:// or https:// address")
        }
        sessionDays = try c.decodeIfPresent(Int.self, forKey: .sessionDays) ?? sessionDays
        guard (1...365).contains(sessionDays) else {
            throw DecodingError.dataCorruptedError(
                forKey: .sessionDays, in: c, debugDescription: "expected a number of days from 1 to 365")
        }
        passwordCost = try c.decodeIfPresent(Int.self, forKey: .passwordCost) ?? passwordCost
        guard (PasswordHasher.minimumCost...16).contains(passwordCost) else {
            throw DecodingError.dataCorruptedError(
                forKey: .passwordCost, in: c,
                debugDescription: "expected a bcrypt cost from \(PasswordHasher.minimumCost) to 16")
        }
        for (key, value) in [
            (CodingKeys.headerTimeout, \ServerSettings.headerTimeout), (.bodyTimeout, \.bodyTimeout),
            (.idleTimeout, \.idleTimeout), (.deviceLease, \.deviceLease), (.outboxInterval, \.outboxInterval),
        ] {
            self[keyPath: value] = try c.decodeIfPresent(Double.self, forKey: key) ?? self[keyPath: value]
            guard (0.1...3_600).contains(self[keyPath: value]) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "expected a number of seconds from 0.1 to 3600")
            }
        }
        bodyMinimumRate = try c.decodeIfPresent(Int.self, forKey: .bodyMinimumRate) ?? bodyMinimumRate
        guard (1...1_000_000_000).contains(bodyMinimumRate) else {
            throw DecodingError.dataCorruptedError(
                forKey: .bodyMinimumRate, in: c, debugDescription: "expected bytes per second, at least 1")
        }
        maxConnections = try c.decodeIfPresent(Int.self, forKey: .maxConnections) ?? maxConnections
        guard (1...1_000_000).contains(maxConnections) else {
            throw DecodingError.dataCorruptedError(
                forKey: .maxConnections, in: c, debugDescription: "expected a number of connections, at least 1")
        }
        outboxClaim = try c.decodeIfPresent(Double.self, forKey: .outboxClaim) ?? outboxClaim
        guard (1...86_400).contains(outboxClaim) else {
            throw DecodingError.dataCorruptedError(
                forKey: .outboxClaim, in: c, debugDescription: "expected a number of seconds from 1 to 86400")
        }
        leafletDirectory = try c.decodeIfPresent(String.self, forKey: .leafletDirectory) ?? leafletDirectory
        guard leafletDirectory.hasPrefix("/") else {
            throw DecodingError.dataCorruptedError(
                forKey: .leafletDirectory, in: c, debugDescription: "expected an absolute path to a folder")
        }
    }

    /// Whether cookies must be `Secure`: the server is reached through HTTPS.
    package var secureCookies: Bool { publicURL?.hasPrefix("https://") == true }
}

/// `HOST:PORT` (an IPv6 host in brackets: `[::1]:8080`).
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    package var host: String
    package var port: Int

    package struct Invalid: Error, CustomStringConvertible {
        package var description: String
    }

    package init(_ text: String) throws {
        var host: Substring
        let portText: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw Invalid(description: "'\(text)': expected [HOST]:PORT") }
            portText = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else {
                throw Invalid(description: "'\(text)': expected HOST:PORT, e.g. 127.0.0.1:8080")
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        if host.isEmpty { host = "127.0.0.1" }
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw Invalid(description: "'\(text)': the port must be a number from 0 to 65535")
        }
        self.host = String(host)
        self.port = port
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
