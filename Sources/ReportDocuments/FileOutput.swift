import Glibc

/// Writes whole files atomically: the bytes go to a temporary file beside the target, which is flushed and renamed
/// over it, so a reader never sees half a report.
///
/// The path `-` (`standardOutput`) names standard output, as in most command-line tools: the bytes are written there
/// whole, and the command prints nothing else on it.
public enum FileOutput {
    /// The path that names standard output.
    public static let standardOutput = "-"

    /// Whether more than one of `paths` names standard output (their bytes would be mixed there).
    public static func sharesStandardOutput(_ paths: String?...) -> Bool {
        paths.filter { $0 == standardOutput }.count > 1
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(ReportError) {
        if path == standardOutput {
            if let error = writeAll(bytes, to: STDOUT_FILENO, path: "standard output") { throw error }
            return
        }
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open", path: temporary) }
        if let error = writeAll(bytes, to: fd, path: temporary) {
            close(fd)
            unlink(temporary)
            throw error
        }
        if fsync(fd) != 0 {
            let error = failure("fsync", path: temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        if rename(temporary, path) != 0 {
            let error = failure("rename", path: path)
            unlink(temporary)
            throw error
        }
    }

    /// Writes all of `bytes` to `fd` (retrying interrupted and short writes); the failure, if any.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) -> ReportError? {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return failure("write", path: path)
            }
            written += result
        }
        return nil
    }

    private static func failure(_ operation: String, path: String) -> ReportError {
        ReportError(code: .output, operation: operation, path: path, reason: String(cString: strerror(errno)))
    }
}
