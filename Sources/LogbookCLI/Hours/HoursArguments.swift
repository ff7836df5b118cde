import ArgumentParser
import Foundation
import Hours
import LogbookServices
import LogbookStore

extension ClockTime: ExpressibleByArgument {
    /// `HH:MM`, or `HH:MM+02:00` for one of two repeated times.
    public init?(argument: String) { self.init(parsing: argument) }
}

extension RelativeDay: ExpressibleByArgument {
    /// `YYYY-MM-DD`, `today` or `yesterday`.
    public init?(argument: String) { self.init(parsing: argument) }
}

extension HoursDuration: ExpressibleByArgument {
    /// Minutes (`30`) or a duration (`45m`, `1h15m`).
    public init?(argument: String) { self.init(parsing: argument) }
}

extension HoursSyncState: ExpressibleByArgument {}

/// A shift as `hours edit` and `hours delete` name it: its number (`3`) or its id, the UUID `hours list --format
/// json` prints (either case); anything else is a usage error.
struct HoursShiftKey: ExpressibleByArgument {
    var text: String

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if let number = Int64(text), number > 0 {
            self.text = String(number)
        } else if let id = UUID(uuidString: text) {
            self.text = id.uuidString.lowercased()
        } else {
            return nil
        }
    }
}

/// How the `hours` commands say what they did.
enum HoursArguments {
    /// `shift 3 of anna: 2026-11-21 07:00–15:30 (break 30 min, net 7:30)`.
    static func summary(_ entry: HoursEntryView) -> String {
        var text = "shift \(entry.number) of \(entry.driver): \(entry.date) \(entry.startClock)"
        if let end = entry.endClock, let endDate = entry.endDate {
            text += "–" + (endDate == entry.date ? "" : "\(endDate) ") + end
            text += " (break \(entry.breakMinutes) min, net \(MinutesText.clock(entry.netMinutes)))"
        } else {
            text += "– (running\(entry.paused ? ", paused" : ""))"
        }
        return text
    }
}
