#if canImport(Glibc)
    import Glibc
#endif

/// A one-line secret kept in a file of its own (an SMTP password, a payroll system's bearer token).
///
/// The file must be a regular file, belong to the user running logbook (root may read any), and be closed to its
/// group and others (mode 0600 or 0400). Errors name the file and its mode, never what is in it.
public enum SecretFile {
    /// Why a secret file was refused: `problem` completes "FILE …" ("cannot be opened: …", "is empty").
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var problem: String
        public var description: String { "\(path) \(problem)" }
    }

    /// The file's single line, without its final newline (LF or CRLF); spaces are kept.
    public static func load(_ path: String) throws(Refusal) -> String {
        func fail(_ problem: String) -> Refusal { Refusal(path: path, problem: problem) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw fail("cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // Check the file that was opened, not the name (which could be swapped in between).
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw fail("cannot be examined: \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw fail("is not a regular file") }
        let permissions = status.st_mode & 0o777
        if permissions & 0o077 != 0 {
            throw fail(
                "can be read or changed by others (mode \(String(permissions, radix: 8))); "
                    + "make it readable by its owner only: chmod 600 \(path)")
        }
        let user = geteuid()
        if status.st_uid != user, user != 0 {
            throw fail("belongs to user \(status.st_uid), not to the user running logbook (\(user))")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            if bytes.count > 65_536 { throw fail("is larger than 64 KiB; it should hold one secret only") }
        }
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard !bytes.isEmpty else { throw fail("is empty") }
        guard !bytes.contains(0x0A), !bytes.contains(0) else { throw fail("holds more than one line") }
        guard let secret = String(validating: bytes, as: UTF8.self) else { throw fail("is not UTF-8 text") }
        return secret
    }
}
