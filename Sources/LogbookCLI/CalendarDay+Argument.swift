import ArgumentParser
import CalendarDays
import LogbookServices
import MileageLog

/// A day on the command line: `YYYY-MM-DD`, `today` or `yesterday` (the local date, as the mileage log reads
/// them: `LocalClock.day(parsing:)`). Anything else is a usage error naming the option (exit 64).
extension CalendarDay: ExpressibleByArgument {
    public init?(argument: String) {
        guard let day = LocalClock(identifier: nil).day(parsing: argument) else { return nil }
        self.init(dayNumber: day.dayNumber)
    }
}
