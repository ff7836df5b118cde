/// A value, a file or an operation the accounting rules refuse. It names the field or the JSON path
/// (`activities[3].price`) and, for CSV, the line and the column, so the text points into the input.
public struct RoofingError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// A value badly written or out of its range (an amount, a quantity, a date, a unit).
        case invalid
        /// No such activity, roofer, line or catalogue.
        case notFound = "not-found"
        /// An operation the rules refuse (a duplicate position, a supplement on a supplement).
        case refused
        /// A change to a submitted or settled project outside a new version.
        case locked
    }

    public var code: Code
    /// The field as the API names it (`price`, `quantity`, never a flag) or the JSON path (`activities[3].price`).
    public var path: String
    /// For CSV input: the 1-based line and column (the field's number) of the offending value.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(_ code: Code, path: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 4, column 5 (price): …` for CSV, `activities[3].price: …` otherwise.
    public var description: String {
        var location = [line.map { "line \($0)" }, column.map { "column \($0)" }].compactMap { $0 }
            .joined(separator: ", ")
        if !path.isEmpty { location += location.isEmpty ? path : " (\(path))" }
        return location.isEmpty ? message : location + ": " + message
    }
}
