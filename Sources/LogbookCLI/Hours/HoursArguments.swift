import CalendarDays
import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import Hours

/// Parsing of what `hours` commands take; a mistake is one line naming the option, exit 64.
enum HoursArguments {
    static func day(_ text: String?, context: HoursContext, option: String = "--date") throws -> CalendarDay {
        guard let text else { return context.today }
        switch text {
        case "today": return context.today
        case "yesterday": return context.today.adding(days: -1)
        default:
            guard let day = CalendarDay(parsing: text) else {
                throw usageError("\(option) '\(text)': expected a date YYYY-MM-DD, today or yesterday")
            }
            return day
        }
    }

    static func time(_ text: String, option: String) throws -> ClockTime {
        guard let time = ClockTime(parsing: text) else {
            throw usageError(
                "\(option) '\(text)': expected a time HH:MM (HH:MM+02:00 says which of two repeated times)")
        }
        return time
    }

    static func breakMinutes(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        guard let minutes = MinutesText.parse(text), minutes < 24 * 60 else {
            throw usageError("--break '\(text)': expected minutes (30) or a duration (45m, 1h, 1h15m)")
        }
        return minutes
    }

    /// A rule's refusal as one line naming the option, exit 64.
    static func rules<T>(_ body: () throws(TimesheetError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw usageError(error.description)
        }
    }

    /// `2026-11-21 07:00–15:30 (break 30, net 7:30)`.
    static func summary(_ entry: HoursEntry, zone: WorkZone) -> String {
        let s = entry.shift
        var text = "shift \(entry.number) of \(s.driver): \(s.day) \(zone.clockText(s.start.date))"
        if let end = s.end {
            let endDay = zone.day(of: end.date)
            text += "–" + (endDay == s.day ? "" : "\(endDay) ") + zone.clockText(end.date)
            text += " (break \(s.breakMinutes) min, net \(MinutesText.clock(s.netMinutes)))"
        } else {
            text += "– (running\(entry.pausedAt != nil ? ", paused" : ""))"
        }
        return text
    }

    static var actor: String { "cli:" + DatabaseOptions.userName }
}
