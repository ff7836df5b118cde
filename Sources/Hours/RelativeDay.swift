import CalendarDays
import Foundation

/// A day as people name it: a date (`YYYY-MM-DD`, from 1970 on), `today` or `yesterday`, the last two in the
/// employer's time zone.
public enum RelativeDay: Sendable, Hashable, CustomStringConvertible {
    case today
    case yesterday
    case date(CalendarDay)

    /// `YYYY-MM-DD` (years 1970 to 9999), `today` or `yesterday`; nil for anything else.
    public init?(parsing text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "today": self = .today
        case "yesterday": self = .yesterday
        default:
            guard let day = CalendarDay(parsing: text.trimmingCharacters(in: .whitespaces)),
                (1970...9999).contains(day.year)
            else { return nil }
            self = .date(day)
        }
    }

    /// The day it names when the employer's today is `today`.
    public func resolved(today: CalendarDay) -> CalendarDay {
        switch self {
        case .today: today
        case .yesterday: today.adding(days: -1)
        case .date(let day): day
        }
    }

    public var description: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .date(let day): day.description
        }
    }

    /// What a field taking a day says when the text is none.
    public static let expected = "expected a date YYYY-MM-DD, today or yesterday"
}
