import Foundation
import LogbookTestSupport
import Hummingbird
import LogbookServer
import Logging
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `logbook serve`'s application on a free loopback port, in this process, with its log recorded.
enum LiveServer {
    /// Runs `body` against the server of `environment` (its settings' deadlines and cap); stops the server after.
    static func run<T: Sendable>(
        _ environment: ServerEnvironment, connectionReport: TimeAmount = .seconds(60),
        _ body: @Sendable (_ port: Int, _ log: LogRecorder) async throws -> T
    ) async throws -> T {
        let log = LogRecorder()
        var logger = Logger(label: "test.server") { _ in LogRecorder.Handler(recorder: log) }
        logger.logLevel = .info
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let app = try LogbookWebServer.application(
            environment, address: try ListenAddress("127.0.0.1:0"), logger: logger,
            connectionReport: connectionReport, eventLoopGroup: .shared(eventLoops),
            onServerRunning: { port in portSink.yield(port) })
        // On threads of its own: the rest of the suite blocks the cooperative pool's few threads for seconds at a
        // time (processes it waits for, SQLite), and the server's handlers would wait with them.
        let server = Task {
            try await withTaskExecutorPreference(ServerExecutor.shared) {
                try await app.runService(gracefulShutdownSignals: [])
            }
        }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestFailure("the server did not start") }
        let result = try await body(port, log)
        server.cancel()
        _ = await server.result
        return result
    }
}

/// The live servers' event loops (accepting and reading connections), apart from the process's shared ones that the
/// rest of the suite's clients and servers keep busy: a test of how the server accepts connections waits on them.
private let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 2)

/// Runs the live server's tasks on threads of its own, outside Swift's cooperative pool and outside dispatch's
/// global queues (whose width on Linux is the number of cores, shared with the rest of the suite).
final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = ServerExecutor(threads: 4)
    /// Guards `jobs`; its threads wait on it for work.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "test.live-server.\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        let executor = asUnownedTaskExecutor()
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: executor)
        }
    }
}

/// What the server logged.
final class LogRecorder: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])
    var all: [Entry] { entries.withLock { $0 } }
    /// Entries at error level or worse.
    var errors: [Entry] { all.filter { $0.level >= .error } }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var merged = metadata
            if let extra = event.metadata { merged.merge(extra) { $1 } }
            let entry = Entry(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" })
            recorder.entries.withLock { $0.append(entry) }
        }
    }
}

/// A TCP connection to the server on loopback, made by hand so that a test can send half a request, or nothing.
/// Its calls block (with `poll`): run them on a thread of their own (`onThread`), where their timing is the client's
/// own however busy Swift's cooperative pool is with other tests (and the server's handlers).
final class RawConnection: Sendable {
    struct Closed: Error {}

    let fd: Int32
    /// The client's own port (what the server sees as the remote port).
    let localPort: Int

    init(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw TestFailure("connect: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        localPort = named == 0 ? Int(UInt16(bigEndian: address.sin_port)) : -1
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.fd = fd
    }

    deinit { close(fd) }

    /// Waits until the socket is ready for `events` or `deadline` passes; `false` on time out.
    private func wait(_ events: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return false }
        var entry = pollfd(fd: fd, events: Int16(events), revents: 0)
        let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
        return poll(&entry, 1, Int32(max(1, min(milliseconds, 60_000)))) > 0
    }

    /// Sends all of `bytes`; throws `Closed` when the server has closed the connection.
    func send(_ bytes: [UInt8], timeout: Duration = .seconds(30)) throws {
        var offset = 0
        let deadline = ContinuousClock.now + timeout
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                guard wait(Int32(POLLOUT), until: deadline) else { throw TestFailure("send timed out") }
            } else {
                throw Closed()
            }
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// What the server sent until now: `nil` once it has closed the connection (and sent nothing more).
    private func receiveAvailable() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { return Array(buffer[..<count]) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return [] }
        return nil
    }

    /// One response: status, header fields (names in lower case) and body (`Content-Length` or until closed).
    func response(
        timeout: Duration = .seconds(30)
    ) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var closed = false
        while true {
            if let end = Self.headEnd(bytes) {
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                let body = Array(bytes[(end + 4)...])
                let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
                if let length = headers["content-length"].flatMap({ Int($0) }), body.count >= length {
                    return (status, headers, Array(body.prefix(length)))
                }
                if closed { return (status, headers, body) }
            } else if closed {
                throw Closed()
            }
            if let more = receiveAvailable() {
                if more.isEmpty {
                    guard wait(Int32(POLLIN), until: deadline) else { throw TestFailure("no response in time") }
                }
                bytes += more
            } else {
                closed = true
            }
        }
    }

    /// Waits until the server closes the connection (whatever it sends before); `false` when it is still open after
    /// `timeout`.
    func closedByServer(within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            guard let more = receiveAvailable() else { return true }
            if more.isEmpty && !wait(Int32(POLLIN), until: deadline) { return false }
        }
    }

    /// Whether the server still holds the connection open (without waiting).
    var isOpen: Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        let end: [UInt8] = [13, 10, 13, 10]
        return (0...(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(end) }
    }
}

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Polls `condition` until it holds or `timeout` passes (the server may be slow to accept under load); its last value.
func eventually(within timeout: Duration = .seconds(20), _ condition: () throws -> Bool) throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        usleep(100_000)
    }
    return try condition()
}

/// The server's side of the connections to `port` that are open (established), from `/proc/net/tcp`: what it holds,
/// whatever the clients still hold. With `from`, only those of these clients: a client of another test that runs at
/// the same time may reach this port once its own server has stopped and the port is given out again.
func serverConnections(port: Int, from clients: [RawConnection]? = nil) throws -> Int {
    // Read to the end: procfs files have no size, and a sized read stops after the first page.
    guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { throw TestFailure("no /proc/net/tcp") }
    defer { try? file.close() }
    let text = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    let local = String(format: ":%04X", port)
    let remotes = clients.map { Set($0.map(\.localPort)) }
    return text.split(separator: "\n").dropFirst().filter { line in
        let fields = line.split(separator: " ")
        guard fields.count > 3 && fields[1].hasSuffix(local) && fields[3] == "01" else { return false }
        guard let remotes else { return true }
        return fields[2].split(separator: ":").last.flatMap { Int($0, radix: 16) }.map(remotes.contains) ?? false
    }.count
}
