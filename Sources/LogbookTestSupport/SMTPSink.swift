public import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real SMTP server on 127.0.0.1 for the mailer tests: aiosmtpd (`Tests/Fixtures/smtp/smtp_sink.py`) run with
/// the Python of the test virtual environment `.venv-test` (made by `scripts/test-peers`), storing every message it
/// accepts in a directory. Plain SMTP, STARTTLS or implicit TLS with a throwaway self-signed certificate for
/// 127.0.0.1 (made with `openssl` at start), and optionally AUTH with one user and password.
public final class SMTPSink: @unchecked Sendable {
    public enum TLS: String, Sendable {
        case none, starttls, implicit
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// A message as the server received it, with its envelope.
    public struct Received: Sendable {
        public var file: URL
        public var bytes: [UInt8]
        public var mailFrom: String
        public var recipients: [String]
        /// The user that logged in, if any, and the AUTH mechanism used.
        public var login: String?
        public var mechanism: String?
        /// Whether the session was encrypted.
        public var tls: Bool
    }

    /// A message as Python's email package reads it (`Tests/Fixtures/smtp/parse_mime.py`).
    public struct Parsed: Decodable, Sendable {
        public struct Attachment: Decodable, Sendable {
            public var filename: String?
            public var contentType: String
            public var path: String
            public var defects: [String]

            enum CodingKeys: String, CodingKey {
                case filename, path, defects
                case contentType = "content_type"
            }
        }

        public var subject: String
        public var from: String
        public var to: String
        public var date: String
        public var messageID: String
        public var defects: [String]
        public var text: String?
        /// The HTML alternative, and its tables (rows of cell texts, by `data-area` or `data-kind`) and headings
        /// as Python's html.parser reads them.
        public var html: String?
        public var htmlTables: [String: [[String]]]
        public var htmlHeadings: [String]
        public var attachments: [Attachment]

        enum CodingKeys: String, CodingKey {
            case subject, from, to, date, defects, text, html, attachments
            case htmlTables = "html_tables"
            case htmlHeadings = "html_headings"
            case messageID = "message_id"
        }
    }

    public let port: Int
    public let tls: TLS
    /// Where the server writes messages, its certificate and its log.
    public let directory: URL
    /// The server's certificate (PEM), to trust as a CA file; `nil` without TLS.
    public let certificate: URL?
    private let peer: PeerProcess
    private let lock = NSLock()
    private var stopped = false

    /// The virtual environment's Python.
    public static var python: URL { Fixtures.packageRoot.appendingPathComponent(".venv-test/bin/python") }

    /// Fails with a hint when the virtual environment with aiosmtpd is missing.
    public static func checkPeers() throws {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw Failure(
                description: "\(python.path) is missing: run scripts/test-peers (a venv with aiosmtpd) first")
        }
    }

    public init(
        tls: TLS = .none, user: String? = nil, password: String? = nil, authMechanisms: String = "PLAIN,LOGIN",
        port: Int? = nil, readyTimeout: Double = 20, stallFirstRecipient: Double = 0, dataDelay: Double = 0
    ) throws {
        try Self.checkPeers()
        self.tls = tls
        self.port = try port ?? GPSFake.freePort()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("smtp-sink-\(getpid())-\(self.port)-\(UInt32.random(in: 0...UInt32.max))")
        let messages = directory.appendingPathComponent("messages")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        var arguments = [
            Fixtures.url("smtp/smtp_sink.py").path, "--port", String(self.port), "--dir", messages.path, "--tls",
            tls.rawValue,
        ]
        if tls != .none {
            let certificate = directory.appendingPathComponent("cert.pem")
            let key = directory.appendingPathComponent("key.pem")
            try Self.makeCertificate(certificate: certificate, key: key)
            arguments += ["--cert", certificate.path, "--key", key.path]
            self.certificate = certificate
        } else {
            certificate = nil
        }
        if let user {
            arguments += ["--user", user, "--password", password ?? "", "--auth-mechanisms", authMechanisms]
        }
        if stallFirstRecipient > 0 { arguments += ["--stall-first-rcpt", String(stallFirstRecipient)] }
        if dataDelay > 0 { arguments += ["--data-delay", String(dataDelay)] }
        peer = try PeerProcess(
            name: "smtp_sink.py", executable: Self.python, arguments: arguments,
            log: directory.appendingPathComponent("server.log"), ready: "listening on", readyTimeout: readyTimeout)
    }

    deinit { stop() }

    /// The server's output so far.
    public var diagnostics: String { peer.output }

    /// How many messages have arrived so far.
    public var receivedCount: Int {
        let folder = directory.appendingPathComponent("messages")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.count
    }

    /// Waits until `count` (at least 1) messages have arrived and returns them in the order received.
    public func messages(count: Int, timeout: Double = 20) throws -> [Received] {
        precondition(count >= 1, "use receivedCount to check that nothing arrived")
        let folder = directory.appendingPathComponent("messages")
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.filter({ $0.hasSuffix(".json") }).count >= count { break }
            if Date() > deadline {
                throw Failure(description: "\(count) message(s) expected, \(names.count / 2) arrived: \(diagnostics)")
            }
            usleep(20_000)
        }
        return try (1...count).map { number in
            let file = folder.appendingPathComponent("\(number).eml")
            let meta = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("\(number).json")))
            guard let meta = meta as? [String: Any] else { throw Failure(description: "bad metadata") }
            return Received(
                file: file, bytes: Array(try Data(contentsOf: file)), mailFrom: meta["mail_from"] as? String ?? "",
                recipients: meta["rcpt_tos"] as? [String] ?? [], login: meta["login"] as? String,
                mechanism: meta["mechanism"] as? String, tls: meta["tls"] as? Bool ?? false)
        }
    }

    /// Parses a message file with Python's email package; attachments are written under the sink's directory.
    public func parse(_ file: URL) throws -> Parsed {
        let out = directory.appendingPathComponent("parsed-\(file.deletingPathExtension().lastPathComponent)")
        return try Self.parse(file, attachmentsTo: out)
    }

    /// Parses a message file with Python's email package, writing the attachments' bytes into `out`.
    public static func parse(_ file: URL, attachmentsTo out: URL) throws -> Parsed {
        try checkPeers()
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = Self.python
        process.arguments = [Fixtures.url("smtp/parse_mime.py").path, file.path, out.path]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "parse_mime.py exited \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(Parsed.self, from: data)
    }

    /// Stops the server and removes its directory.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        peer.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A self-signed EC certificate for 127.0.0.1 and localhost, valid for two days.
    private static func makeCertificate(certificate: URL, key: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key.path,
            "-out", certificate.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw Failure(description: "cannot run /usr/bin/openssl (Debian openssl; scripts/install-deps): \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl req exited \(process.terminationStatus)")
        }
    }
}
