import Foundation
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Hours

/// A shift as typed on the form or sent to the API: a day, two wall-clock times (an end not after the start is on
/// the next day), the break in minutes, a message and a vehicle. Absent fields keep the edited shift's values.
struct ShiftInput: Decodable {
    var date: String?
    var start: String?
    var end: String?
    var endDate: String?
    var breakMinutes: Int?
    var message: String?
    /// A plate; empty for none.
    var vehicle: String?
    /// Whose shift (admins; a driver's are their own).
    var driver: String?

    enum CodingKeys: String, CodingKey {
        case date, start, end, message, vehicle, driver
        case endDate = "end_date"
        case breakMinutes = "break_minutes"
    }

    init(
        date: String? = nil, start: String? = nil, end: String? = nil, endDate: String? = nil,
        breakMinutes: Int? = nil, message: String? = nil, vehicle: String? = nil, driver: String? = nil
    ) {
        self.date = date
        self.start = start
        self.end = end
        self.endDate = endDate
        self.breakMinutes = breakMinutes
        self.message = message
        self.vehicle = vehicle
        self.driver = driver
    }

    /// The fields of a submitted form (`break_minutes` also as `45m` or `1h`).
    init(form: FormData) throws {
        date = form.text("date")
        start = form.text("start")
        end = form.text("end")
        endDate = form.text("end_date")
        if let text = form.text("break_minutes") {
            guard let minutes = MinutesText.parse(text) else {
                throw APIError.invalid(
                    "break_minutes: expected minutes (30) or a duration (45m, 1h)", field: "break_minutes")
            }
            breakMinutes = minutes
        } else if form["break_minutes"] != nil {
            breakMinutes = 0
        }
        message = form["message"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        vehicle = form["vehicle"].map { $0.trimmingCharacters(in: .whitespaces) }
        driver = form.text("driver")
    }

    /// The shift this input makes: a new one for `driver`, or `editing` changed.
    func shift(editing entry: HoursEntry?, driver: String, access: HoursAccess) throws -> Shift {
        let zone = access.zone
        let old = entry?.shift
        if let entry, entry.shift.isRunning {
            throw APIError.refused("shift \(entry.number) is running; stop the clock first")
        }
        if old == nil {
            guard start != nil else { throw APIError.invalid("start: a shift needs a start (HH:MM)", field: "start") }
            guard end != nil else { throw APIError.invalid("end: a shift needs an end (HH:MM)", field: "end") }
        }
        var rawStart = old?.rawStart
        var rawEnd = old?.rawEnd
        if old == nil || date != nil || start != nil || end != nil || endDate != nil {
            let day = try date.map { try HoursAccess.day($0, field: "date") } ?? old?.day ?? access.today
            // Unchanged times keep their offset (which of two repeated times) unless the day changes.
            func kept(_ moment: Moment) -> ClockTime {
                ClockTime(
                    minute: zone.clockMinute(of: moment.date),
                    utcOffset: date == nil ? zone.utcOffset(at: moment.date) : nil)
            }
            let from = try start.map { try Self.time($0, field: "start") } ?? kept(old!.rawStart)
            let to = try end.map { try Self.time($0, field: "end") } ?? kept(old!.rawEnd!)
            let lastDay =
                try endDate.map { try HoursAccess.day($0, field: "end_date") }
                ?? (old != nil && end == nil && date == nil ? zone.day(of: old!.rawEnd!.date) : nil)
            let times = try HoursAccess.validated { () throws(TimesheetError) in
                try access.rules.shiftTimes(day: day, start: from, end: to, endDay: lastDay)
            }
            rawStart = times.start
            rawEnd = times.end
        }
        let breakMinutes = self.breakMinutes ?? old?.enteredBreakMinutes ?? 0
        guard (0..<(24 * 60)).contains(breakMinutes) else {
            throw APIError.invalid("break_minutes: expected 0 to 1439 minutes", field: "break_minutes")
        }
        let message = try Self.message(self.message) ?? old?.message ?? ""
        var plate = old?.vehicle
        if let vehicle { plate = vehicle.isEmpty ? nil : try access.vehicle(vehicle) }
        let (start, end) = (rawStart!, rawEnd!)
        return try HoursAccess.validated { () throws(TimesheetError) in
            try Shift(
                id: old?.id ?? UUID(), driver: driver, rawStart: start, rawEnd: end,
                enteredBreakMinutes: breakMinutes, message: message, vehicle: plate, rules: access.rules)
        }
    }

    static func time(_ text: String, field: String) throws -> ClockTime {
        guard let time = ClockTime(parsing: text) else {
            throw APIError.invalid(
                "\(field): expected a time HH:MM, got '\(text.prefix(20))'", field: field)
        }
        return time
    }

    /// A message of at most 500 characters without control characters.
    static func message(_ text: String?) throws -> String? {
        guard let text else { return nil }
        if text.count > 500 { throw APIError.invalid("message: at most 500 characters", field: "message") }
        try RequestText.check(text, field: "message")
        return text
    }
}
