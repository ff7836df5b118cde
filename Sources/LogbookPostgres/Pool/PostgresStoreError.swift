import LogbookStore
import PostgresNIO

/// The store's errors from PostgreSQL, in the same words as from SQLite: a constraint's refusal names the field
/// (never the server's detail line, which quotes the row's values), a trigger's own message is kept, and nothing
/// carries a statement's text or its values.
enum PostgresStoreError {
    static func wrap(_ error: any Error, operation: String) -> StoreError {
        switch error {
        case let error as StoreError:
            return error
        case is SQLRowError, is PlaceholderError:
            return StoreError(.invalidData, operation: operation, detail: "\(error)")
        case let error as PostgresLogError:
            return StoreError(.io, operation: operation, detail: error.message)
        case let error as PSQLError:
            return wrap(error, operation: operation)
        case PostgresError.server(let message):
            // The futures' API gives the server's error in its older form; the same fields.
            return server(operation: operation) { field in
                switch field {
                case .sqlState: message.fields[.sqlState]
                case .message: message.fields[.message]
                case .constraintName: message.fields[.constraintName]
                case .columnName: message.fields[.columnName]
                }
            }
        case let error as PostgresError:
            let what =
                switch error {
                case .connectionClosed: "the connection closed"
                case .protocol: "a protocol error"
                case .server: "an error"
                }
            return StoreError(.io, operation: operation, detail: "PostgreSQL connection: \(what)")
        default:
            return StoreError(.other, operation: operation, detail: String(describing: type(of: error)))
        }
    }

    static func wrap(_ error: PSQLError, operation: String) -> StoreError {
        guard error.code == .server, let info = error.serverInfo else {
            return StoreError(.io, operation: operation, detail: "PostgreSQL connection: \(error.code)")
        }
        return server(operation: operation) { field in
            switch field {
            case .sqlState: info[.sqlState]
            case .message: info[.message]
            case .constraintName: info[.constraintName]
            case .columnName: info[.columnName]
            }
        }
    }

    /// The fields of a server's error this mapping reads.
    enum Field { case sqlState, message, constraintName, columnName }

    static func server(operation: String, _ info: (Field) -> String?) -> StoreError {
        let state = info(.sqlState) ?? ""
        let message = info(.message) ?? ""
        switch state {
        case "23514":
            return StoreError.checkRefusal(rule: info(.constraintName), operation: operation)
        case "23505":
            return StoreError(
                .constraint, operation: operation, detail: "the entry exists already", rule: info(.constraintName))
        case "23502":
            let field = info(.columnName)
            return StoreError(
                .constraint, operation: operation, detail: field.map { "\($0) is required" } ?? "a value is missing",
                field: field)
        case "23503":
            return StoreError(
                .constraint, operation: operation,
                detail: "the entry refers to something that does not exist, or is still referred to",
                rule: info(.constraintName))
        case "P0001":
            // A trigger's RAISE: our own words, `rule_name: what is wrong`.
            return StoreError.triggerRefusal(message, operation: operation)
        case "40001", "40P01", "55P03":
            return StoreError(.busy, operation: operation, detail: "the change met another one at the same time")
        case _ where state.hasPrefix("08") || state.hasPrefix("57") || state.hasPrefix("53"):
            return StoreError(.io, operation: operation, detail: "PostgreSQL is unavailable (SQLSTATE \(state))")
        default:
            // The server's message may quote the statement: only its code is kept.
            return StoreError(.other, operation: operation, detail: "PostgreSQL error (SQLSTATE \(state))")
        }
    }
}
