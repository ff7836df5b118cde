public import MileageLog
import Foundation

/// The words a caller names a trip's category and period with, read one way for the CLI and the API.
public enum TripChoices {
    /// `business`, `private`, `commute` (any case, blanks ignored), and `unclassified` where a filter allows it
    /// (`unclassified` is true then).
    public static func category(_ text: String?, field: String = "category", allowUnclassified: Bool = false) throws
        -> (category: TripCategory?, unclassified: Bool)
    {
        guard let text else { return (nil, false) }
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if allowUnclassified, lowered == "unclassified" { return (nil, true) }
        guard let category = TripCategory(rawValue: lowered) else {
            throw ServiceError(
                .invalid, field: field,
                "Unknown category '\(text)'; use business, private or commute"
                    + (allowUnclassified ? " (or unclassified)" : ""))
        }
        return (category, false)
    }

    /// A period name or `YYYY-MM`, or explicit `from`/`to` days (not both); `all` when none is given.
    public static func period(_ period: String?, from: String?, to: String?) throws -> Period {
        if let period {
            guard from == nil, to == nil else {
                throw ServiceError(.invalid, field: "period", "give a period or from/to, not both")
            }
            return try Period(parsing: period)
        }
        if from != nil || to != nil { return try Period.explicit(from: from, to: to) }
        return .all
    }
}

extension PeriodError: ServiceErrorConvertible {
    /// `period "next-year": expected this-week, …`: the field leads the message, as the CLI and the API say it.
    public var serviceError: ServiceError { ServiceError(.invalid, field: field, description) }
}
