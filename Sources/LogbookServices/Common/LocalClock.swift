import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Synchronization
public import MileageLog
public import TrackModel

/// Local time for people: days, minutes and dates in one time zone, without touching the engine's UTC times.
public struct LocalClock: Sendable {
    /// The zone, looked up on first use: Foundation's time zones load ICU's zone code and data (about 2 MB
    /// resident), which the daemon needs only once a rule or the monthly report asks for a local time.
    private let resolved: Resolved

    private final class Resolved: Sendable {
        let identifier: String?
        let zone = Mutex<TimeZone?>(nil)

        init(identifier: String?) { self.identifier = identifier }

        var value: TimeZone {
            zone.withLock { zone in
                if let zone { return zone }
                let made = identifier.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
                zone = made
                return made
            }
        }
    }

    /// A named zone (already checked to exist), or the system's when `identifier` is nil.
    public init(identifier: String?) {
        resolved = Resolved(identifier: identifier)
    }

    public var zone: TimeZone { resolved.value }
    public var name: String { resolved.identifier ?? zone.identifier }

    /// Seconds east of UTC at `time`. The system's zone (no identifier) is asked of the C library (`localtime_r`:
    /// `TZ`, else `/etc/localtime`, the zone `TimeZone.current` names too), which reads the system's zone files
    /// without loading ICU (about 2 MB resident, which every trip the daemon stores would otherwise bring in); a
    /// named zone goes through Foundation.
    public func offset(_ time: Timestamp) -> Int {
        guard resolved.identifier != nil else { return Self.systemOffset(time) }
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: time.secondsSince1970))
    }

    private static func systemOffset(_ time: Timestamp) -> Int {
        let seconds = time.secondsSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        var t = time_t(seconds)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }

    public func day(_ time: Timestamp) -> Day { Day(time, utcOffsetSeconds: offset(time)) }

    public var today: Day { day(Timestamp(secondsSince1970: Date().timeIntervalSince1970)) }

    /// The moment a local day's minute begins (the later one if the clock was set back).
    public func timestamp(_ day: Day, minute: Int) -> Timestamp {
        let naive = Double(day.dayNumber) * 86_400 + Double(minute) * 60
        let guess = naive - Double(offset(Timestamp(secondsSince1970: naive)))
        return Timestamp(secondsSince1970: naive - Double(offset(Timestamp(secondsSince1970: guess))))
    }

    /// `YYYY-MM-DD`.
    public func date(_ time: Timestamp) -> String { day(time).description }

    /// `HH:MM`.
    public func time(_ time: Timestamp) -> String {
        let c = (time + Double(offset(time))).components
        return (c.hour < 10 ? "0" : "") + "\(c.hour):" + (c.minute < 10 ? "0" : "") + "\(c.minute)"
    }

    public func dateTime(_ time: Timestamp) -> String { date(time) + " " + self.time(time) }

    public func interval(_ period: Period) -> UTCInterval {
        period.interval(today: today) { offset($0) }
    }

    /// `HH:MM` → minute of the day.
    public static func minute(parsing text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
            (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }

    /// `YYYY-MM-DD`, `today` or `yesterday`.
    public func day(parsing text: String) -> Day? {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: return Day(parsing: text)
        }
    }
}
