import Foundation
import Hours
import CalendarDays

/// The `[hours]` settings in force and the current pay period (`hours settings`): setting and value, in the
/// order people read them; as JSON one object of texts.
public struct HoursSettingsView: Encodable, Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public var key: String
        public var value: String
    }

    public var rows: [Row]

    /// The settings of the configuration file at `path` (nil: none, the defaults) on `today`.
    public init(_ settings: HoursSettings, configurationPath path: String?, now: Date) {
        let rules = settings.rules
        let current = rules.periods.period(containing: rules.zone.day(of: now))
        let o = rules.overtime
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let factors = (1...7).compactMap { d in o.weekdayFactors[d].map { "\(names[d - 1]) \($0)" } }
        let steps = rules.autoBreak.steps.map { "\($0.breakMinutes)m after \(MinutesText.clock($0.afterMinutes))" }
        let pairs: [(String, String)] = [
            ("configuration", path ?? "(none: defaults)"),
            ("period", settings.period.rawValue),
            ("period_anchor", settings.periodAnchor.description),
            ("current_period", current.description),
            ("timezone", rules.zone.identifier),
            ("rounding.start", rules.rounding.start.description),
            ("rounding.end", rules.rounding.end.description),
            ("rounding.duration", rules.rounding.duration.description),
            ("auto_break", steps.isEmpty ? "none" : steps.joined(separator: ", ")),
            ("overtime.daily", o.dailyMinutes.map(MinutesText.clock) ?? "none"),
            ("overtime.weekly", o.weeklyMinutes.map(MinutesText.clock) ?? "none"),
            ("overtime.factor", "\(o.overtimeFactor)"),
            ("rates", (factors + ["holiday \(o.holidayFactor)"]).joined(separator: ", ")),
            ("holidays", o.holidays.sorted().map(\.description).joined(separator: ", ")),
            ("endpoint", settings.endpoint?.absoluteString ?? "(none: changes stay queued)"),
            ("token_file", settings.tokenFile ?? "(none)"),
            ("timeout", "\(settings.timeoutSeconds) s"),
        ]
        rows = pairs.map { Row(key: $0.0, value: $0.1) }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for row in rows { try c.encode(row.value, forKey: Key(stringValue: row.key)) }
    }
}
