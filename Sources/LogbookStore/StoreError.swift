import GRDB

/// A failure of the logbook database.
///
/// Built from SQLite's own message (which names constraints and columns) and never from the SQL
/// arguments, so no coordinate or other personal value ends up in a log or on a terminal.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// A constraint refused the data (CHECK, NOT NULL, UNIQUE, FOREIGN KEY).
        case constraint
        /// Another connection or process held the database for longer than the busy timeout.
        case busy
        /// The file could not be opened, read or written (permissions, disk full, I/O error).
        case io
        /// The file is damaged or is not a database.
        case corrupt
        /// The caller passed something the store cannot take (e.g. a vehicle that was never stored).
        case invalidArgument = "invalid-argument"
        /// A stored value could not be decoded (e.g. a damaged track).
        case invalidData = "invalid-data"
        /// The vehicle, driver, trip or other entry named does not exist.
        case notFound = "not-found"
        /// The log's rules refuse the change: a locked or voided trip, an odometer going backwards,
        /// overlapping trips, a business trip without a purpose.
        case refused
        /// Anything else SQLite reported.
        case other
    }

    public var code: Code
    /// What the store was doing: `insertTrip`, `open`, `migrate`, …
    public var operation: String
    /// SQLite's message or our own explanation; never contains statement arguments.
    public var detail: String
    /// SQLite's extended result code, when the error came from SQLite.
    public var sqliteCode: Int32?

    public init(_ code: Code, operation: String, detail: String, sqliteCode: Int32? = nil) {
        self.code = code
        self.operation = operation
        self.detail = detail
        self.sqliteCode = sqliteCode
    }

    public var description: String {
        switch code {
        case .notFound, .refused: detail
        default: "database \(code.rawValue) error in \(operation): \(detail)"
        }
    }

    /// The exit status for a command that fails with this error: 65 for data the log refuses or cannot
    /// find, 74 for everything the database itself failed at.
    public var exitCode: Int32 {
        switch code {
        case .notFound, .refused, .invalidArgument, .constraint: 65
        default: 74
        }
    }

    /// Maps any error thrown inside the store to a `StoreError`.
    static func wrap(_ error: any Error, operation: String) -> StoreError {
        switch error {
        case let error as StoreError:
            return error
        case let error as DatabaseError:
            return StoreError(
                code(for: error.resultCode), operation: operation,
                detail: error.message ?? "SQLite error \(error.extendedResultCode.rawValue)",
                sqliteCode: error.extendedResultCode.rawValue)
        case let error as TrackEncodingError:
            return StoreError(.invalidData, operation: operation, detail: error.description)
        default:
            // Foundation's file errors name paths, not data. Other errors (e.g. a JSON decoding
            // error of a checkpoint) keep only their type name: their text may quote values.
            let text = String(describing: type(of: error))
            return StoreError(.other, operation: operation, detail: text)
        }
    }

    private static func code(for code: ResultCode) -> Code {
        switch code {
        case .SQLITE_CONSTRAINT: .constraint
        case .SQLITE_BUSY, .SQLITE_LOCKED: .busy
        case .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM: .io
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: .corrupt
        default: .other
        }
    }
}
