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
        var env = environment
        env["HOME"] = "/nonexistent"
        return try run(
            URL(fileURLWithPath: setpriv),
            ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments, environment: env)
    }
}
