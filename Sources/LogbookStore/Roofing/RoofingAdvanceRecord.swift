import CalendarDays
import Roofing

/// A row of `roofing_advance`: an amount paid to the team on account, and the day.
struct RoofingAdvanceRecord: RoofingEntryRecord {
    static let databaseTableName = "roofing_advance"

    var projectID: Int64
    var ordinal: Int
    var day: String
    var amountOre: Int64
    var note: String

    enum CodingKeys: String, CodingKey {
        case ordinal, day, note
        case projectID = "project_id"
        case amountOre = "amount_ore"
    }

    init(projectID: Int64, ordinal: Int, advance: Advance) {
        self.projectID = projectID
        self.ordinal = ordinal
        day = advance.date.description
        amountOre = advance.amount.minorUnits
        note = advance.note
    }

    var advance: Advance {
        Advance(
            date: CalendarDay(parsing: day) ?? CalendarDay(dayNumber: 0), amount: Money(minorUnits: amountOre),
            note: note)
    }
}
