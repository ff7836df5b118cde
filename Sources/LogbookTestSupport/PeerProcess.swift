public import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A test peer run as a child process (an SMTP sink, a payroll endpoint): started with its output in a log file,
/// waited for until the log says it is ready, and stopped — politely, then with SIGKILL.
public final class PeerProcess: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public let log: URL
    private let process: Process
    private let lock = NSLock()
    private var stopped = false

    /// Runs `executable` with `arguments`, its output going to `log`, and waits until the log holds `ready`.
    public init(
        name: String, executable: URL, arguments: [String], log: URL, ready: String, readyTimeout: Double,
        environment: [String: String] = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1"]
    ) throws {
        self.log = log
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Failure(description: "cannot create \(log.path)")
        }
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(readyTimeout)
        while !output.contains(ready) {
            if !process.isRunning {
                stopped = true
                throw Failure(description: "\(name) exited before it was ready: \(output)")
            }
            if Date() > deadline {
                stop()
                throw Failure(description: "\(name) was not ready within \(readyTimeout) s: \(output)")
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// What the peer printed so far.
    public var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Stops the peer (once): SIGTERM and up to `grace` seconds, then SIGKILL.
    public func stop(grace: Double = 5) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        guard process.isRunning else { return }
        if grace > 0 {
            process.terminate()
            let deadline = Date().addingTimeInterval(grace)
            while process.isRunning && Date() < deadline { usleep(10_000) }
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
