/// Why a mail could not be prepared or sent. The text names the server, the file or the address concerned and
/// libcurl's own explanation; it never contains the password.
public struct MailError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable, Codable {
        /// The `[mail]` settings are incomplete or contradict each other.
        case configuration
        /// The password file is missing, unreadable, empty, or readable by others than its owner.
        case passwordFile = "password-file"
        /// The message cannot be sent as it is (an address is not valid, no recipient).
        case invalidMessage = "invalid-message"
        /// The server could not be reached (name not found, connection refused).
        case connection
        /// The server took too long.
        case timeout
        /// TLS failed: no STARTTLS offered, handshake failed, or the certificate is not trusted.
        case tls
        /// The server refused the user name or password.
        case authentication
        /// The server refused the sender, a recipient or the message.
        case rejected
        /// Anything else that went wrong on the way.
        case transfer
    }

    public var code: Code
    /// What went wrong, in words; names the file, address or server but never the password.
    public var message: String
    /// `host:port` when the error came from talking to a server.
    public var server: String?
    /// libcurl's `CURLcode`, when libcurl reported the error.
    public var curlCode: Int?

    public init(code: Code, message: String, server: String? = nil, curlCode: Int? = nil) {
        self.code = code
        self.message = message
        self.server = server
        self.curlCode = curlCode
    }

    public var description: String {
        var text = server.map { "cannot send mail through \($0): \(message)" } ?? message
        if let curlCode { text += " (curl error \(curlCode))" }
        return text
    }

    /// The process exit status (sysexits): 65 bad message, 69 the server is unavailable or refused the mail,
    /// 75 temporary (timeout: try again later), 77 login refused, 78 configuration.
    public var exitCode: Int32 {
        switch code {
        case .configuration, .passwordFile: 78
        case .invalidMessage: 65
        case .connection, .tls, .rejected, .transfer: 69
        case .timeout: 75
        case .authentication: 77
        }
    }

    /// Whether sending again later may succeed (for an outbox's retry policy).
    public var isTransient: Bool {
        switch code {
        case .connection, .timeout, .transfer: true
        case .configuration, .passwordFile, .invalidMessage, .tls, .authentication, .rejected: false
        }
    }
}
