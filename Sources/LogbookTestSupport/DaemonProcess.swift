import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `logbook daemon` as a child process: started with arguments, stopped with a signal, its log kept.
public final class DaemonProcess: @unchecked Sendable {
    public let process = Process()
    public let logFile: URL

    /// Runs `logbook COMMAND ARGUMENTS...` (`daemon` unless another long-running command is named, e.g. `serve`).
    public init(_ arguments: [String], command: String = "daemon", environment: [String: String] = [:]) throws {
        logFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("logbook-daemon-\(UInt32.random(in: 0...UInt32.max)).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.executableURL = CLIRunner.executable
        process.arguments = [command] + arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let handle = try FileHandle(forWritingTo: logFile)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: logFile)
    }

    /// Sends `signal` and waits (up to `timeout` seconds) for the process to end; returns its status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 20) -> Int32? {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
}

/// Polls `condition` every 100 ms until it holds or `timeout` seconds pass; returns whether it held.
public func waitUntil(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(100_000)
    }
    return try condition()
}
