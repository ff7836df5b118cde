public import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A payroll system's shift endpoint on 127.0.0.1 (`Tests/Fixtures/payroll/payroll_server.py`, Python's standard
/// library only) for the work-hours submission tests: it applies each change once by its idempotency key, keeps
/// the shifts it was sent, and injects the faults it is asked for (503s, a dropped connection, a slow answer, a
/// refusal, a delay on every request).
public final class PayrollServer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What the server holds (`GET /_state`).
    public struct State: Decodable, Sendable {
        public struct Applied: Decodable, Sendable, Hashable {
            public var key: String
            public var method: String
            public var shift: String
        }

        /// The shifts it has, by id, as the JSON objects it was sent.
        public var shifts: [String: JSONValue]
        /// Every change applied, in the order applied.
        public var applied: [Applied]
        /// Keys that arrived again after they were applied.
        public var duplicates: [String]
        /// Requests to the shift endpoint that passed the token and key checks.
        public var requests: Int
        public var faults: [String: Int]
    }

    public let port: Int
    public let token: String
    public let directory: URL
    private let peer: PeerProcess
    private let lock = NSLock()
    private var stopped = false

    /// The endpoint to configure: `http://127.0.0.1:PORT/api/shifts`.
    public var endpoint: String { "http://127.0.0.1:\(port)/api/shifts" }

    /// Starts the server with the faults given as its command-line options (`["--fail-first", "3"]`).
    public init(token: String = "s3cret-token", faults: [String] = [], readyTimeout: Double = 20) throws {
        port = try GPSFake.freePort()
        self.token = token
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("payroll-\(getpid())-\(port)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        peer = try PeerProcess(
            name: "payroll_server.py", executable: URL(fileURLWithPath: "/usr/bin/python3"),
            arguments: [Fixtures.url("payroll/payroll_server.py").path, "--port", String(port), "--token", token]
                + faults,
            log: directory.appendingPathComponent("server.log"), ready: "listening on", readyTimeout: readyTimeout)
    }

    deinit { stop() }

    /// The server's log so far.
    public var diagnostics: String { peer.output }

    /// What the server holds now.
    public func state() throws -> State {
        let url = URL(string: "http://127.0.0.1:\(port)/_state")!
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c", "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())",
            url.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "GET /_state failed") }
        return try JSONDecoder().decode(State.self, from: data)
    }

    /// Writes the token to an owner-only file in the server's directory and returns its path.
    public func tokenFile() throws -> String {
        let path = directory.appendingPathComponent("token").path
        guard FileManager.default.createFile(atPath: path, contents: Data((token + "\n").utf8)) else {
            throw Failure(description: "cannot write \(path)")
        }
        chmod(path, 0o600)
        return path
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        peer.stop(grace: 0)
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Any JSON value, decoded for comparison.
public enum JSONValue: Decodable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }
}
