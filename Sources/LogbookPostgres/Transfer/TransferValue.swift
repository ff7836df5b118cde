import Foundation
import GRDB
import PostgresNIO

/// One column's value as both databases hold it: SQLite's storage classes, which the PostgreSQL schema mirrors
/// (`bigint`, `double precision`, `text`, `bytea`), so that a row moves between the two unchanged.
public enum TransferValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }

    /// A PostgreSQL result cell; a type the logbook schema does not use is an error naming the column.
    init(_ cell: PostgresCell) throws {
        guard cell.bytes != nil else {
            self = .null
            return
        }
        switch cell.dataType {
        case .int2, .int4, .int8: self = .integer(try cell.decode(Int64.self))
        case .float4, .float8: self = .real(try cell.decode(Double.self))
        case .text, .varchar, .bpchar, .name: self = .text(try cell.decode(String.self))
        case .bytea: self = .blob([UInt8](try cell.decode(Data.self)))
        default:
            throw TransferError(
                kind: .schema, message: "column \(cell.columnName) has a type the logbook schema does not use")
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }

    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}

/// Why a transfer did not happen, in words for people: never an SQL text, a row's values or a password.
public struct TransferError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The destination holds data already: exit 65.
        case notEmpty
        /// The source's audit history does not verify: exit 65.
        case auditBroken
        /// A schema this program cannot copy (not migrated, changed, different tables): exit 65.
        case schema
        /// The source does not exist: exit 66.
        case noSource
        /// The destination cannot be created: exit 73.
        case cannotCreate
        /// The copy went wrong on the way (a row refused, the audit differing after it): nothing was kept, exit 70.
        case failed
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}

extension TransferError {
    /// The transfer error an error is or carries (a transaction's closure error).
    static func within(_ error: any Error) -> TransferError? {
        if let transfer = error as? TransferError { return transfer }
        if let transaction = error as? PostgresTransactionError, let cause = transaction.closureError {
            return within(cause)
        }
        return nil
    }
}
