/// An entry or setting the rules refuse, with the field it concerns.
public struct HoursError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// A time, date or duration that cannot be read or does not exist.
        case invalidValue
        /// An entry that cannot be: ending before it starts, a break longer than the entry, too long.
        case implausible
        /// A time that exists twice on that day (clocks went back) and the offset was not given. No longer
        /// raised: such a time is taken as the first of the two (`WorkZone.repeatedTime(at:)` says so).
        case ambiguousTime
    }

    public var code: Code
    /// The field, as the input names it (`start`, `break_minutes`): the command line spells it as its option.
    public var field: String
    public var message: String

    public init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
