import CCurl
import CCurlShim
import Glibc
public import Logging

/// Sends mail through an SMTP server with libcurl: plain SMTP, STARTTLS or implicit TLS (SMTPS), optional login
/// (libcurl picks the best mechanism the server offers, e.g. PLAIN or LOGIN).
///
/// The message is rendered by `MailMessage.rendered()` and uploaded as it is (libcurl adds the SMTP dot-stuffing),
/// so what an outbox stores is exactly what the server receives. `send` blocks the calling thread for the whole
/// transfer (at most the configured timeout); call it off the cooperative thread pool, e.g. from a dedicated
/// thread or an outbox service's own task with `Task.detached`.
public struct SMTPMailer: Sendable {
    public let configuration: MailConfiguration
    private let password: Secret?
    private let logger: Logger

    /// A mailer for `configuration`: checks the settings and reads the password file now, so a mistake shows up
    /// when the program starts rather than when the first report is due.
    public init(configuration: MailConfiguration, logger: Logger = Logger(label: "logbook.mailer")) throws(MailError) {
        try configuration.validate()
        self.configuration = configuration
        self.password = try configuration.loadPassword().map(Secret.init)
        self.logger = logger
    }

    /// Renders and sends `message`.
    @discardableResult
    public func send(_ message: MailMessage) throws(MailError) -> SMTPReceipt {
        try send(message.rendered())
    }

    /// Sends an already rendered message (e.g. one stored in an outbox) unchanged.
    @discardableResult
    public func send(_ mail: RenderedMail) throws(MailError) -> SMTPReceipt {
        let server = configuration.server
        guard !mail.recipients.isEmpty else {
            throw MailError(code: .invalidMessage, message: "the message has no recipient")
        }
        for address in [mail.sender] + mail.recipients { _ = try MailAddress(address) }
        try Self.initializeCurl()
        guard let handle = curl_easy_init() else {
            throw MailError(code: .transfer, message: "libcurl could not create a handle", server: server)
        }
        defer { curl_easy_cleanup(handle) }

        // Everything libcurl points at must live until curl_easy_perform returns: the error buffer, the
        // recipient list and the upload source are freed only after it.
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        var recipients: UnsafeMutablePointer<curl_slist>? = nil
        defer { curl_slist_free_all(recipients) }
        for address in mail.recipients {
            guard let appended = curl_slist_append(recipients, "<\(address)>") else {
                throw MailError(code: .transfer, message: "out of memory building the recipient list", server: server)
            }
            recipients = appended
        }
        let source = UploadSource(mail.bytes)

        func set(_ result: CURLcode, _ option: String) throws(MailError) {
            guard result == CURLE_OK else {
                throw MailError(
                    code: .configuration,
                    message: "libcurl refused \(option): \(String(cString: curl_easy_strerror(result)))",
                    server: server, curlCode: Int(result.rawValue))
            }
        }
        let scheme = configuration.tls == .implicit ? "smtps" : "smtp"
        try set(logbook_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "CURLOPT_ERRORBUFFER")
        try set(logbook_curl_setopt_string(handle, CURLOPT_URL, "\(scheme)://\(server)"), "CURLOPT_URL")
        try set(logbook_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps"), "CURLOPT_PROTOCOLS_STR")
        let useSSL = configuration.tls == .none ? CURLUSESSL_NONE : CURLUSESSL_ALL
        try set(logbook_curl_setopt_long(handle, CURLOPT_USE_SSL, Int(useSSL.rawValue)), "CURLOPT_USE_SSL")
        if let caFile = configuration.caFile {
            try set(logbook_curl_setopt_string(handle, CURLOPT_CAINFO, caFile), "CURLOPT_CAINFO")
        }
        if let user = configuration.user, let password {
            try set(logbook_curl_setopt_string(handle, CURLOPT_USERNAME, user), "CURLOPT_USERNAME")
            try set(logbook_curl_setopt_string(handle, CURLOPT_PASSWORD, password.value), "CURLOPT_PASSWORD")
        }
        try set(logbook_curl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(mail.sender)>"), "CURLOPT_MAIL_FROM")
        try set(logbook_curl_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipients), "CURLOPT_MAIL_RCPT")
        try set(logbook_curl_setopt_long(handle, CURLOPT_UPLOAD, 1), "CURLOPT_UPLOAD")
        try set(logbook_curl_setopt_data_callback(handle, CURLOPT_READFUNCTION, readCallback), "CURLOPT_READFUNCTION")
        let sourcePointer = Unmanaged.passUnretained(source).toOpaque()
        try set(logbook_curl_setopt_pointer(handle, CURLOPT_READDATA, sourcePointer), "CURLOPT_READDATA")
        try set(logbook_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, 10), "CURLOPT_CONNECTTIMEOUT")
        try set(
            logbook_curl_setopt_long(handle, CURLOPT_TIMEOUT, configuration.timeoutSeconds), "CURLOPT_TIMEOUT")
        // No signals: libcurl may run on any thread of a multi-threaded process.
        try set(logbook_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "CURLOPT_NOSIGNAL")

        logger.debug(
            "sending mail",
            metadata: [
                "mail.server": "\(server)", "mail.tls": "\(configuration.tls.rawValue)",
                "mail.recipients": "\(mail.recipients.count)", "mail.bytes": "\(mail.bytes.count)",
                "mail.message_id": "\(mail.messageID)",
            ])
        let started = Self.monotonicSeconds()
        let result = withExtendedLifetime(source) { curl_easy_perform(handle) }
        let seconds = Self.monotonicSeconds() - started
        var response = 0
        _ = logbook_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &response)
        guard result == CURLE_OK else {
            let error = failure(result, detail: String(cString: errorBuffer), response: response)
            logger.warning(
                "mail not sent",
                metadata: [
                    "mail.server": "\(server)", "mail.message_id": "\(mail.messageID)",
                    "mail.error": "\(error.code.rawValue)",
                ])
            throw error
        }
        logger.info(
            "mail sent",
            metadata: [
                "mail.server": "\(server)", "mail.message_id": "\(mail.messageID)",
                "mail.recipients": "\(mail.recipients.count)", "mail.seconds": "\(seconds)",
            ])
        return SMTPReceipt(messageID: mail.messageID, responseCode: response, seconds: seconds)
    }

    /// A `MailError` for a failed transfer, in libcurl's words (with the server's reply where libcurl gives it),
    /// the password taken out should it ever appear.
    private func failure(_ result: CURLcode, detail: String, response: Int) -> MailError {
        let code: MailError.Code
        switch result {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT: code = .connection
        case CURLE_OPERATION_TIMEDOUT: code = .timeout
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_USE_SSL_FAILED, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR:
            code = .tls
        case CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR: code = .authentication
        default:
            // MAIL FROM, RCPT TO or DATA answered with a 4xx/5xx code (libcurl says CURLE_SEND_ERROR and the like).
            code = (400..<600).contains(response) ? .rejected : .transfer
        }
        var text = detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail
        if let password, !password.value.isEmpty {
            text = text.replacing(password.value, with: "********")
        }
        if response >= 400 { text += " (server replied \(response))" }
        return MailError(code: code, message: text, server: configuration.server, curlCode: Int(result.rawValue))
    }

    // MARK: libcurl plumbing

    /// `curl_global_init` exactly once per process, before the first handle (Swift runs a static initialiser once,
    /// thread-safely).
    private static let globalInitResult: UInt32 = curl_global_init(Int(CURL_GLOBAL_DEFAULT)).rawValue

    private static func initializeCurl() throws(MailError) {
        guard globalInitResult == CURLE_OK.rawValue else {
            throw MailError(
                code: .transfer, message: "libcurl could not be initialised", curlCode: Int(globalInitResult))
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// What the server said when it took the message.
public struct SMTPReceipt: Sendable, Hashable {
    public var messageID: String
    /// The server's last reply code (250 when it took the message).
    public var responseCode: Int
    /// How long the whole exchange took.
    public var seconds: Double
}

/// The password, kept out of descriptions, dumps and mirrors.
private final class Secret: Sendable, CustomStringConvertible, CustomReflectable {
    let value: String
    init(_ value: String) { self.value = value }
    var description: String { "********" }
    var customMirror: Mirror { Mirror(self, children: []) }
}

/// The bytes libcurl reads through `readCallback`.
private final class UploadSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// CURLOPT_READFUNCTION: copies the next piece of the message into libcurl's buffer; 0 at the end.
private func readCallback(
    buffer: UnsafeMutablePointer<CChar>?, size: Int, count: Int, userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let buffer, let userdata else { return logbook_curl_read_abort() }
    let source = Unmanaged<UploadSource>.fromOpaque(userdata).takeUnretainedValue()
    let length = min(size * count, source.bytes.count - source.offset)
    guard length > 0 else { return 0 }
    source.bytes.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + source.offset, byteCount: length)
    }
    source.offset += length
    return length
}
