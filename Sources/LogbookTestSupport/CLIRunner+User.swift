import Foundation

extension CLIRunner {
    /// `setpriv`, which runs a command under another user id (util-linux); nil where it is missing.
    public static var setpriv: String? {
        ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `logbook ARGUMENTS` as the unprivileged user `nobody` (uid and gid 65534, no supplementary groups),
    /// so file permissions apply to it even when the tests run as root. The executable's folders must be
    /// readable by everyone (they are under /work and in SwiftPM's build folder).
    public static func runAsNobody(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        guard let setpriv else { throw Failure(description: "setpriv is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = "/nonexistent"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errData = CollectedData()
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
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

/// Bytes one thread collects and another reads.
private final class CollectedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
