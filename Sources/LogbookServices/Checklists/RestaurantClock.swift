public import Foundation
public import LogbookStore

/// A restaurant's time zone: its UTC offsets, its ISO 8601 times and its wall-clock moments. A checklist's times
/// (carry-out times, reminders, `at`) are the restaurant's, whoever looks at them from wherever.
public struct RestaurantClock: Sendable {
    public let zone: TimeZone

    public init(_ restaurant: Restaurant) {
        zone = TimeZone(identifier: restaurant.timezone) ?? .current
    }

    public init(zone: TimeZone) { self.zone = zone }

    public func offset(_ seconds: Double) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }

    /// `2026-11-24T10:15:00+01:00`.
    public func iso8601(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// `2026-11-24 10:15`.
    public func text(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// `10:15`.
    public func time(_ seconds: Double) -> String { String(text(seconds).suffix(5)) }

    /// `YYYY-MM-DDTHH:MM[:SS]` (or `YYYY-MM-DD HH:MM`) on this clock, or ISO 8601 with an offset.
    public func moment(parsing text: String) -> Double? {
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: text) { return date.timeIntervalSince1970 }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        return nil
    }

    /// The first moment of the day `YYYY-MM-DD` on this clock, or of the day after it (`next`: the end of a range
    /// that includes the day; 23 or 25 hours later on the days the clocks change).
    public func startOfDay(parsing text: String, next: Bool = false) -> Double? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd"
        guard text.count == 10, let date = formatter.date(from: text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.startOfDay(for: date)
        guard next else { return start.timeIntervalSince1970 }
        return (calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400))
            .timeIntervalSince1970
    }
}
