/// A shift or setting the rules refuse, with the field it concerns.
public struct TimesheetError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// A time, date or duration that cannot be read or does not exist.
        case invalidValue
        /// A shift that cannot be: ending before it starts, a break longer than the shift, too long.
        case implausible
        /// A time that exists twice on that day (clocks went back) and the offset was not given.
        case ambiguousTime
    }

    public var code: Code
    /// The option or field (`--start`, `break`).
    public var field: String
    public var message: String

    public init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
