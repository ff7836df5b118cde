public import Foundation
import LogbookConfiguration

/// Where changes of hours entries go (`[hours] endpoint`), with what token, and how long one request may take.
public struct PayrollEndpoint: Sendable {
    public var url: URL
    public var token: String
    public var timeoutSeconds: Int

    public init(url: URL, token: String, timeoutSeconds: Int) {
        self.url = url
        self.token = token
        self.timeoutSeconds = timeoutSeconds
    }

    /// The endpoint with its token read from `tokenFile` (owner-only, as the mail password).
    public init(url: URL, tokenFile: String, timeoutSeconds: Int) throws(SecretFile.Refusal) {
        self.init(url: url, token: try SecretFile.load(tokenFile), timeoutSeconds: timeoutSeconds)
    }

    /// `{endpoint}/{entry uuid}`, whether or not the endpoint ends in a slash.
    public func address(ofEntry uuid: String) -> String {
        var base = url.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + uuid
    }
}
