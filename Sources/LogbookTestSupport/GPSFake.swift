import Foundation
public import TrackModel
import TrackFormats

#if canImport(Glibc)
    import Glibc
#endif

/// A real gpsd on loopback, fed a recorded NMEA log by gpsd's own test harness, `gpsfake`.
///
/// Runs `/usr/bin/python3 /usr/bin/gpsfake -n -q [-1] -c CYCLE -P PORT LOG` in a process group of its
/// own (the system Python, whatever python3 comes first on PATH) and waits until gpsd accepts
/// connections. gpsfake starts feeding the log as soon as gpsd is ready (`-n`: without it gpsd does not
/// read the device until a client asks, and a client gets nothing) and gpsd does not replay to late
/// clients: a test should connect at once; logs begin with a few no-fix epochs for that. With `-1` the
/// log is fed once and gpsd stays up (gpsfake waits for its `-W` timeout); without it the log loops.
/// `stop()` (or deinit) kills the whole group, gpsfake and its gpsd.
public final class GPSFake: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public let port: Int
    public let pid: pid_t
    /// gpsfake's standard error (it is quiet unless something goes wrong).
    public let logFile: URL
    private let lock = NSLock()
    private var stopped = false

    /// Whether gpsfake is installed with the system Python.
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            && FileManager.default.fileExists(atPath: "/usr/bin/gpsfake")
            && FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")
    }

    /// Starts gpsfake and returns once gpsd accepts connections on `port` (a free one when `nil`).
    /// - Parameters:
    ///   - cycle: seconds between sentences (`-c`).
    ///   - once: feed the log once (`-1`) instead of looping.
    ///   - readyTimeout: how long to wait for gpsd to listen.
    public init(log: URL, port: Int? = nil, cycle: Double = 0.05, once: Bool = true, readyTimeout: Double = 20)
        throws
    {
        let port = try port ?? Self.freePort()
        self.port = port
        logFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpsfake-\(port)-\(UInt32.random(in: 0...UInt32.max)).log")
        var arguments = ["/usr/bin/python3", "/usr/bin/gpsfake", "-n", "-q"]
        if once { arguments.append("-1") }
        arguments += ["-W", "120", "-c", "\(cycle)", "-P", "\(port)", log.path]
        // A clean environment: the system Python must not pick up a pyenv/venv PYTHONPATH.
        var environment = ["PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8"]
        if let home = ProcessInfo.processInfo.environment["HOME"] { environment.append("HOME=\(home)") }
        pid = try Self.spawn(arguments, environment: environment, stderr: logFile.path)
        let deadline = Date().addingTimeInterval(readyTimeout)
        while !Self.accepts(port: port) {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                stopped = true
                throw Failure(description: "gpsfake exited (status \(status)) before listening: \(diagnostics)")
            }
            if Date() > deadline {
                stop()
                throw Failure(description: "gpsd did not listen on port \(port) within \(readyTimeout) s")
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// gpsfake's standard error so far.
    public var diagnostics: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// Kills gpsfake and its gpsd (`SIGKILL` kills them abruptly, as a crash would; `SIGTERM` lets gpsfake
    /// tidy up) and returns once nothing listens on the port any more.
    public func stop(signal: Int32 = SIGTERM) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        kill(-pid, signal)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
        }
        // gpsd is gpsfake's child: make sure it is gone too, then wait for the port to close.
        kill(-pid, SIGKILL)
        let portDeadline = Date().addingTimeInterval(5)
        while Self.accepts(port: port) && Date() < portDeadline { usleep(20_000) }
        try? FileManager.default.removeItem(at: logFile)
        // gpsd's control socket, named after gpsfake's pid; a killed gpsd leaves it behind.
        unlink("/tmp/gpsfake-\(pid).sock")
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw Failure(description: "bind: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw Failure(description: "getsockname: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    public static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }

    /// The fixes our own `NMEADecoder` reads from a log: the reference gpsd is compared with.
    public static func decodeNMEA(_ url: URL) throws -> [Fix] {
        var decoder = NMEADecoder()
        return try decoder.decodeAll(Array(try Data(contentsOf: url)))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// posix_spawn in a new process group, stdin and stdout on /dev/null, stderr to a file.
    private static func spawn(_ arguments: [String], environment: [String], stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw Failure(description: "cannot start gpsfake: \(String(cString: strerror(result)))")
        }
        return pid
    }
}
