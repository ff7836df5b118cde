#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import TrackFormats

/// Buffered writing to standard output: text is gathered as bytes and written in large blocks.
package struct StandardOutput {
    private(set) var buffer: TextBuffer
    package let flushThreshold: Int

    package init(flushThreshold: Int = 256 * 1024) {
        self.flushThreshold = flushThreshold
        buffer = TextBuffer(capacity: flushThreshold + 4_096)
    }

    /// Writes the buffer out when it has grown past the threshold.
    package mutating func flushIfNeeded() {
        if buffer.count >= flushThreshold { flush() }
    }

    package mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.bytes.withUnsafeBytes { _ = FileDescriptorWriter.writeAll($0, to: STDOUT_FILENO) }
        buffer.removeAll(keepingCapacity: true)
    }

    package mutating func write(_ text: String) {
        buffer += text
        flushIfNeeded()
    }

    /// Direct access for writers that append into the buffer.
    package mutating func withBuffer(_ body: (inout TextBuffer) -> Void) {
        body(&buffer)
        flushIfNeeded()
    }
}

/// Messages for people, on standard error.
package enum Diagnostics {
    /// Control characters other than line feeds are written escaped (`\x1b`): messages may quote stored text.
    package static func print(_ text: String) {
        var line = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            TerminalText.visible(String($0))
        }.joined(separator: "\n")
        if !line.hasSuffix("\n") { line += "\n" }
        FileDescriptorWriter.writeAll(line, to: STDERR_FILENO)
    }

    /// `logbook: error: <text>`.
    package static func error(_ text: String) {
        print("logbook: error: " + text)
    }

    package static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}

/// Writes whole strings to a file descriptor with write(2), retrying short writes and EINTR.
package enum FileDescriptorWriter {
    @discardableResult
    package static func writeAll(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
    }

    @discardableResult
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}
