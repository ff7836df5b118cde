extension SQLDialect {
    /// `column = ?` without regard to case for a column that is not `NOCASE` itself (`sameName` is for those):
    /// SQLite's `COLLATE NOCASE`, PostgreSQL's folded texts (ASCII letters only, as `NOCASE`).
    public func equalIgnoringCase(_ column: String, _ placeholder: String = "?") -> String {
        switch self {
        case .sqlite: "\(column) = \(placeholder) COLLATE NOCASE"
        case .postgresql: "\(fold(column)) = \(fold(placeholder))"
        }
    }

    /// An `ORDER BY` term sorting texts by their code points, as SQLite's `BINARY` collation does, whatever the
    /// PostgreSQL database's own collation is.
    public func binaryOrder(_ expression: String) -> String {
        switch self {
        case .sqlite: expression
        case .postgresql: "\(expression) COLLATE \"C\""
        }
    }

    /// A `FROM` source whose rows are the texts of a JSON array of strings bound to `placeholder`, in a column
    /// named `value`: `uuid IN (SELECT value FROM <jsonTexts>)` takes a set of any size as one value.
    public func jsonTexts(_ placeholder: String = "?") -> String {
        switch self {
        case .sqlite: "json_each(\(placeholder))"
        case .postgresql: "json_array_elements_text(CAST(\(placeholder) AS json))"
        }
    }
}
