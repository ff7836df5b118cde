/// Why a report could not be rendered or written, with the context to act on it.
public struct ReportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable, Codable {
        /// Cairo reported an error while drawing or finishing the PDF.
        case rendering
        /// The output file could not be written.
        case output
    }

    public var code: Code
    /// What was being done: `cairo_surface_finish`, `write`, `rename`.
    public var operation: String
    /// The file concerned, when there is one.
    public var path: String?
    /// The library's own words (Cairo's status text or the system's `strerror`).
    public var reason: String

    public init(code: Code, operation: String, path: String? = nil, reason: String) {
        self.code = code
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch code {
        case .rendering: "cannot render the PDF report (\(operation)): \(reason)"
        case .output: "cannot write \(path ?? "the report") (\(operation)): \(reason)"
        }
    }

    /// The process exit status for this error (sysexits: 70 internal software error, 73 cannot create output).
    public var exitCode: Int32 {
        switch code {
        case .rendering: 70
        case .output: 73
        }
    }
}
