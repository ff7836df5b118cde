/// Where gpsd listens: a host name or address and a TCP port.
public struct GPSDEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// gpsd's registered port.
    public static let defaultPort = 2947
    /// The host used when a text gives only a port.
    public static let defaultHost = "127.0.0.1"

    public var host: String
    public var port: Int

    public init(host: String = GPSDEndpoint.defaultHost, port: Int = GPSDEndpoint.defaultPort) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `HOST`, `:PORT`, `[IPV6]:PORT`, `[IPV6]` or a bare IPv6 address (`::1`).
    ///
    /// Surrounding whitespace is ignored. Returns `nil` for an empty host, a host with whitespace or
    /// brackets inside, or a port that is not a decimal number in 1...65535.
    public init?(parsing text: String) {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        var rest = text[first...last]
        let host: Substring
        var portText: Substring?
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
            guard Self.isIPv6Literal(host) else { return nil }
        } else if rest.filter({ $0 == ":" }).count > 1 {
            // A bare IPv6 address: it cannot carry a port without brackets.
            guard Self.isIPv6Literal(rest) else { return nil }
            host = rest
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        var port = GPSDEndpoint.defaultPort
        if let portText {
            guard let parsed = Self.parsePort(portText) else { return nil }
            port = parsed
        }
        if host.isEmpty {
            // ":PORT" means the default host.
            guard portText != nil else { return nil }
            self.init(host: GPSDEndpoint.defaultHost, port: port)
            return
        }
        guard !host.contains(where: { $0.isWhitespace || $0 == "[" || $0 == "]" || $0 == "/" }) else { return nil }
        self.init(host: String(host), port: port)
    }

    /// Hex digits, colons and dots (an embedded IPv4 address), then an optional `%zone`.
    private static func isIPv6Literal(_ text: Substring) -> Bool {
        let parts = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0].contains(":"), parts[0].allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") })
        else {
            return false
        }
        return parts.count == 1 || !parts[1].isEmpty
    }

    private static func parsePort(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(text), (1...65_535).contains(value)
        else { return nil }
        return value
    }

    /// `HOST:PORT`, with brackets around an IPv6 address: `[::1]:2947`.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
