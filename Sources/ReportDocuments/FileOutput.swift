import Glibc

/// Writes whole files atomically: the bytes go to a temporary file beside the target, which is flushed and renamed
/// over it, so a reader never sees half a report.
public enum FileOutput {
    public static func write(_ bytes: [UInt8], to path: String) throws(ReportError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open", path: temporary) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let error = failure("write", path: temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            written += result
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

    private static func failure(_ operation: String, path: String) -> ReportError {
        ReportError(code: .output, operation: operation, path: path, reason: String(cString: strerror(errno)))
    }
}
