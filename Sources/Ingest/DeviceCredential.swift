import Foundation

/// What a request presents to say which device sends it. The decoders only read it; whether it opens anything is
/// the server's question (a wrong or revoked token gets the same 401 either way).
public enum DeviceCredential: Sendable, Hashable {
    /// A device token: the osmand `id`, Traccar Client 9's `device_id`, GPSLogger's `token`, or `Bearer TOKEN`.
    case token(String)
    /// HTTP Basic, as OwnTracks sends it: the device's name and its token as the password.
    case basic(name: String, token: String)

    /// The token presented, whichever way.
    public var token: String {
        switch self {
        case .token(let token): token
        case .basic(_, let token): token
        }
    }

    /// The credential of an `Authorization` header: `Bearer TOKEN` or `Basic base64(name:token)` (schemes in any
    /// case, as RFC 9110 allows); `nil` for no header or an empty one.
    static func from(authorization: String?) throws(IngestError) -> DeviceCredential? {
        guard let header = authorization?.trimmingSpaces, !header.isEmpty else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let scheme = parts[0].lowercased()
        let value = parts.count > 1 ? parts[1].trimmingSpaces : ""
        switch scheme {
        case "bearer":
            guard !value.isEmpty else { throw bad("has an empty Bearer token") }
            return .token(value)
        case "basic":
            guard let data = Data(base64Encoded: value), let text = String(data: data, encoding: .utf8),
                let colon = text.firstIndex(of: ":")
            else { throw bad("must be Basic with base64 of name:token") }
            let name = String(text[..<colon])
            let token = String(text[text.index(after: colon)...])
            guard !token.isEmpty else { throw bad("has an empty password (the device token)") }
            return .basic(name: name, token: token)
        default:
            throw bad("must be Bearer TOKEN or HTTP Basic")
        }
    }

    /// The credential a request presents: the first non-empty of the protocol's own fields (`names`, from the
    /// query or form), then `token` in the query, then the `Authorization` header.
    static func presented(
        in items: [IngestRequest.Item], names: [String], authorization: String?
    ) throws(IngestError) -> DeviceCredential? {
        for name in names + ["token"] {
            if let item = items.last(where: { $0.name == name }), !item.value.isEmpty { return .token(item.value) }
        }
        return try from(authorization: authorization)
    }

    private static func bad(_ reason: String) -> IngestError {
        IngestError(.badAuthorization, field: "Authorization", reason)
    }
}
