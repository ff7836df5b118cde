import Crypto
import Foundation
import Hummingbird

/// A message carried to the next page in its address, signed: `?flash=EXPIRY.TEXT.MAC` where TEXT is the message in
/// base64url and MAC an HMAC-SHA256 over the expiry and the text with a key the server draws at start. The page
/// shows the text only when the MAC holds and the expiry (10 minutes) has not passed, so a link made by anyone
/// else cannot put words in the app's alert box; a link made by the server shows only what the server said.
/// A restart draws a new key: a message still on its way is then not shown (the change it reports is kept).
package enum Flash {
    /// How long a message may wait for its page.
    static let lifetime: Double = 600
    /// The most characters a message carries.
    static let maximumLength = 300

    private static let key = SymmetricKey(size: .bits256)

    /// `url` with `message` attached (before its `#fragment`).
    package static func url(_ url: String, message: String, now: Date = Date()) -> String {
        let (path, fragment) = url.split(separator: "#", maxSplits: 1).map(String.init).splitFirstPart()
        let joiner = path.contains("?") ? "&" : "?"
        return path + joiner + "flash=" + token(message, now: now) + (fragment.map { "#" + $0 } ?? "")
    }

    package static func token(_ message: String, now: Date = Date()) -> String {
        let text = base64URL(Data(String(message.prefix(maximumLength)).utf8))
        let expiry = String(Int64(now.timeIntervalSince1970 + lifetime))
        return expiry + "." + text + "." + mac(expiry + "." + text)
    }

    /// The message a request carries, `nil` when it carries none or one the server did not sign (or too old).
    package static func message(_ request: Request, now: Date = Date()) -> String? {
        guard let token = RequestText.query(request)["flash"] else { return nil }
        return message(token: String(token), now: now)
    }

    package static func message(token: String, now: Date = Date()) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let expiry = Int64(parts[0]), Double(expiry) >= now.timeIntervalSince1970,
            Secrets.equal(mac(parts[0] + "." + parts[1]), String(parts[2])),
            let data = data(base64URL: String(parts[1])), let text = String(data: data, encoding: .utf8)
        else { return nil }
        return text
    }

    private static func mac(_ text: String) -> String {
        base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)))
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

extension Array where Element == String {
    fileprivate func splitFirstPart() -> (String, String?) { (self.first ?? "", count > 1 ? self[1] : nil) }
}
