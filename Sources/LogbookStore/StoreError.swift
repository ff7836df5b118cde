import Foundation
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
    /// The field the error is about, in the API's words (`initial_odometer`, `plate`), when one is known.
    public var field: String?
    /// The schema's rule that refused the value (a named CHECK constraint: `vehicle_initial_odometer`), for
    /// programs; never shown.
    public var rule: String?

    public init(
        _ code: Code, operation: String, detail: String, sqliteCode: Int32? = nil, field: String? = nil,
        rule: String? = nil
    ) {
        self.code = code
        self.operation = operation
        self.detail = detail
        self.sqliteCode = sqliteCode
        self.field = field
        self.rule = rule
    }

    public var description: String {
        switch code {
        case .notFound, .refused, .constraint: detail
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
            let extended = error.extendedResultCode.rawValue
            switch code(for: error.resultCode) {
            case .constraint:
                return constraintError(error, operation: operation)
            case .other:
                // SQLite's own text for these may quote the statement: only the result code is kept.
                return StoreError(
                    .other, operation: operation, detail: "SQLite error \(extended)", sqliteCode: extended)
            case let code:
                return StoreError(
                    code, operation: operation, detail: error.message ?? "SQLite error \(extended)",
                    sqliteCode: extended)
            }
        case let error as TrackEncodingError:
            return StoreError(.invalidData, operation: operation, detail: error.description)
        default:
            // Foundation's file errors name paths, not data. Other errors (e.g. a JSON decoding
            // error of a checkpoint) keep only their type name: their text may quote values.
            let text = String(describing: type(of: error))
            return StoreError(.other, operation: operation, detail: text)
        }
    }

    /// A named CHECK constraint's refusal (`rule`), in the words and field of `ConstraintText` when it is known there:
    /// the same refusal from SQLite and from PostgreSQL.
    public static func checkRefusal(rule: String?, operation: String, sqliteCode: Int32? = nil) -> StoreError {
        if let rule, let known = ConstraintText.byRule[rule] {
            return StoreError(
                .constraint, operation: operation, detail: known.text, sqliteCode: sqliteCode, field: known.field,
                rule: rule)
        }
        return StoreError(
            .constraint, operation: operation, detail: "a value is outside what the log allows", sqliteCode: sqliteCode,
            rule: rule)
    }

    /// A trigger's own message, `rule_name: what is wrong`: the rule's name is for programs, the rest for people.
    public static func triggerRefusal(_ message: String, operation: String, sqliteCode: Int32? = nil) -> StoreError {
        var rule: String?
        var text = Substring(message)
        if let colon = message.range(of: ": "),
            message[..<colon.lowerBound].allSatisfy({ $0.isLowercase || $0 == "_" })
        {
            rule = String(message[..<colon.lowerBound])
            text = message[colon.upperBound...]
        }
        return StoreError(.constraint, operation: operation, detail: String(text), sqliteCode: sqliteCode, rule: rule)
    }

    /// A constraint's refusal in words that name the field, never SQLite's text (which names tables, columns and
    /// constraints). A trigger's own message (`RAISE(ABORT, '…')`) is ours and kept.
    static func constraintError(_ error: DatabaseError, operation: String) -> StoreError {
        let extended = error.extendedResultCode
        let message = error.message ?? ""
        if extended == .SQLITE_CONSTRAINT_TRIGGER, !message.isEmpty {
            return triggerRefusal(message, operation: operation, sqliteCode: extended.rawValue)
        }
        func after(_ prefix: String) -> String? {
            guard let range = message.range(of: prefix) else { return nil }
            let name = message[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            return name.isEmpty ? nil : String(name)
        }
        var field: String?
        let detail: String
        switch extended {
        case .SQLITE_CONSTRAINT_CHECK:
            return checkRefusal(
                rule: after("CHECK constraint failed: "), operation: operation, sqliteCode: extended.rawValue)
        case .SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY:
            field = after("constraint failed: ").flatMap { $0.split(separator: ".").last.map(String.init) }
            detail = field.map { "\($0): there is already an entry with this value" } ?? "the entry exists already"
        case .SQLITE_CONSTRAINT_NOTNULL:
            field = after("NOT NULL constraint failed: ").flatMap { $0.split(separator: ".").last.map(String.init) }
            detail = field.map { "\($0) is required" } ?? "a required value is missing"
        case .SQLITE_CONSTRAINT_FOREIGNKEY:
            detail = "the entry refers to something that does not exist, or is still referred to"
        default:
            detail = "the log refused the change"
        }
        return StoreError(
            .constraint, operation: operation, detail: detail, sqliteCode: extended.rawValue, field: field)
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

/// What the schema's named CHECK constraints mean, in the API's field names.
enum ConstraintText {
    static let byRule: [String: (field: String, text: String)] = [
        "vehicle_initial_odometer": ("initial_odometer", "initial_odometer must be between 0 and 1000000000"),
        "vehicle_plate": ("plate", "plate must not be empty or start or end with a space"),
        "vehicle_odometer_unit": ("odometer_unit", "odometer_unit must be km or mi"),
        "driver_name": ("name", "a driver's name must not be empty or start or end with a space"),
        "odometer_reading_value": ("reading", "reading must be between 0 and 1000000000"),
        "trip_distance": ("distance_m", "distance_m must be between 0 and 1000000000"),
        "trip_odometer": ("odometer_end", "odometer_end must be between 0 and 1000000000 and not below the start"),
        "trip_times": ("end", "the trip must end after it starts"),
        "trip_business_purpose": ("purpose", "a business trip needs a purpose"),
        "regular_trip_distance": ("distance_m", "the regular trip's distance must be between 0 and 1000000 km"),
        "regular_trip_name": ("name", "name must not be empty or start or end with a space"),
        "regular_trip_purpose": ("purpose", "a business trip needs a purpose"),
        "place_name": ("name", "name must not be empty or start or end with a space"),
        "place_radius": ("radius", "radius must be more than 0 and at most 100000 m"),
        "rule_name": ("name", "name must not be empty or start or end with a space"),
        "rule_purpose": ("purpose", "a business rule needs a purpose"),
    ]
}
