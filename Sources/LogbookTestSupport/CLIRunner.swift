import Foundation

/// Runs the built `logbook` executable as a user would, capturing its output and exit status.
public enum CLIRunner {
    /// A run that did not give what a helper needed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The `logbook` binary beside the running test bundle (SwiftPM puts both in the same build folder).
    public static var executable: URL {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        for directory in [bundleDirectory, Bundle.main.bundleURL] {
            let candidate = directory.appendingPathComponent("logbook")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return Fixtures.packageRoot.appendingPathComponent(".build/debug/logbook")
    }

    /// Runs `logbook ARGUMENTS` with optional standard input and extra environment.
    public static func run(
        _ arguments: [String],
        stdin: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Result {
        try run(executable, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
    }

    /// Runs another program (a test peer such as schemathesis or curl), capturing its output and exit status.
    public static func runExecutable(_ program: URL, _ arguments: [String], environment: [String: String] = [:])
        throws -> Result
    {
        try run(program, arguments, environment: environment)
    }

    /// Runs `program ARGUMENTS`, capturing its output and exit status.
    static func run(
        _ program: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        let inPipe = Pipe()
        process.standardInput = inPipe
        try process.run()
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try inPipe.fileHandleForWriting.close()
        // Read both pipes concurrently so a full pipe never blocks the child.
        let errData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.set(errPipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) { lock.withLock { data = value } }
        func get() -> Data { lock.withLock { data } }
    }
}

/// A temporary directory removed when the value is released.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("logbook-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a file in the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
