import TrackFormats

/// Why a track file could not be read, naming the file and, where it applies, line and column.
public struct TrackReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// Missing file, no permission (exit 66).
        case cannotOpen = "cannot-open"
        /// The path is a directory (exit 66).
        case isDirectory = "is-directory"
        /// A read failed part-way (exit 74).
        case readFailed = "read-failed"
        /// The file holds no bytes (exit 65).
        case empty
        /// The content is none of the formats Logbook reads (exit 65).
        case unknownFormat = "unknown-format"
        /// Broken or truncated gzip data (exit 65).
        case corruptCompression = "corrupt-compression"
        /// The decoder stopped on a fault it cannot skip (exit 65).
        case decoding
        /// The file was read but held no fix at all (exit 65).
        case noFixes = "no-fixes"
    }

    public var code: Code
    /// The file, as the user named it.
    public var path: String
    public var line: Int?
    public var column: Int?
    public var field: String?
    public var message: String

    public init(
        code: Code, path: String = "", line: Int? = nil, column: Int? = nil, field: String? = nil, message: String
    ) {
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    init(path: String, decoding error: TrackDecodingError) {
        self.init(
            code: .decoding, path: path, line: error.line, column: error.column, field: error.field,
            message: error.message)
    }

    /// The sysexits(3) status a command should exit with.
    public var exitCode: Int32 {
        switch code {
        case .cannotOpen, .isDirectory: return 66
        case .readFailed: return 74
        case .empty, .unknownFormat, .corruptCompression, .decoding, .noFixes: return 65
        }
    }

    /// `FILE:LINE:COLUMN: message (field 'x')`, the form compilers and editors understand.
    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        var text = location + ": " + message
        if let field { text += " (field '\(field)')" }
        return text
    }
}
