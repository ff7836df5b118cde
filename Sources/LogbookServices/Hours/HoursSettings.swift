import CalendarDays
public import Foundation
import LogbookConfiguration
public import Hours

/// `[hours]` in the configuration file: the employer's pay periods, time zone, rounding, automatic breaks,
/// overtime, and where entries are submitted.
///
/// ```toml
/// [hours]
/// period = "two-weekly"                # weekly | two-weekly | semi-monthly | monthly
/// period_anchor = "2026-01-05"         # the first day of some period (weekly and two-weekly)
/// timezone = "Europe/Berlin"
/// rounding = "nearest 15"              # start and end; or { start = "up 5", end = "down 5", duration = "none" }
/// auto_break = "30m after 6h, 45m after 9h"
/// overtime = { daily = "8h", weekly = "40h", factor = 1.25, sunday = 1.5, holiday = 2.0 }
/// holidays = ["2026-12-25", "2026-12-26"]
/// endpoint = "https://exim.example.com/api/shifts"
/// token_file = "/etc/logbook/exim-token"   # mode 0600, owned by the user running logbook
/// timeout = 30                         # seconds per request
/// ```
public struct HoursSettings: Decodable, Sendable {
    public var period = PayPeriodKind.monthly
    public var periodAnchor = PayPeriodRule().anchor
    public var timezone: String?
    public var rounding = RoundingRules()
    public var autoBreak = AutoBreak.none
    public var overtime = OvertimeRules.none
    public var endpoint: URL?
    public var tokenFile: String?
    public var timeoutSeconds = 30

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case period
        case periodAnchor = "period_anchor"
        case timezone
        case rounding
        case autoBreak = "auto_break"
        case overtime
        case holidays
        case endpoint
        case tokenFile = "token_file"
        case timeout
    }

    enum RoundingKeys: String, CodingKey, CaseIterable {
        case start, end, duration
    }

    enum OvertimeKeys: String, CodingKey, CaseIterable {
        case daily, weekly, factor, holiday
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    }

    public init() {}

    /// Any key, to find the unknown ones in an inline table (`overtime = { dialy = "8h" }`).
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Refuses keys of an inline table that are not among `known`, with a did-you-mean suggestion.
    static func refuseUnknownKeys<K: CodingKey & CaseIterable>(
        _ table: CodingKeys, of c: KeyedDecodingContainer<CodingKeys>, known: K.Type
    ) throws {
        let names = K.allCases.map(\.stringValue)
        let keys = try c.nestedContainer(keyedBy: AnyKey.self, forKey: table).allKeys.map(\.stringValue)
        for key in keys.sorted() where !names.contains(key) {
            var message = "unknown key '\(key)'"
            if let guess = ConfigurationSchema.closest(to: key, among: names) {
                message += "; did you mean '\(guess)'?"
            }
            throw DecodingError.dataCorruptedError(forKey: table, in: c, debugDescription: message)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func bad(_ key: CodingKeys, _ message: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: message)
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .period) {
            guard let kind = PayPeriodKind(rawValue: text) else {
                throw bad(.period, "expected weekly, two-weekly, semi-monthly or monthly, got \"\(text)\"")
            }
            period = kind
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .periodAnchor) {
            guard let day = CalendarDay(parsing: text) else { throw bad(.periodAnchor, "expected a date YYYY-MM-DD") }
            periodAnchor = day
        }
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
        if let timezone, WorkZone(identifier: timezone) == nil {
            throw bad(.timezone, "unknown time zone \"\(timezone)\" (expected an IANA name such as Europe/Berlin)")
        }
        if let text = try? c.decodeIfPresent(String.self, forKey: .rounding) {
            guard let both = Rounding(parsing: text) else { throw bad(.rounding, Self.roundingHelp) }
            rounding = RoundingRules(start: both, end: both)
        } else if c.contains(.rounding) {
            try Self.refuseUnknownKeys(.rounding, of: c, known: RoundingKeys.self)
            let r = try c.nestedContainer(keyedBy: RoundingKeys.self, forKey: .rounding)
            for key in RoundingKeys.allCases {
                guard let text = try r.decodeIfPresent(String.self, forKey: key) else { continue }
                guard let value = Rounding(parsing: text) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: r, debugDescription: Self.roundingHelp)
                }
                switch key {
                case .start: rounding.start = value
                case .end: rounding.end = value
                case .duration: rounding.duration = value
                }
            }
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .autoBreak) {
            guard let value = Self.autoBreak(text) else {
                throw bad(.autoBreak, "expected \"none\" or steps such as \"30m after 6h, 45m after 9h\"")
            }
            autoBreak = value
        }
        if c.contains(.overtime) {
            try Self.refuseUnknownKeys(.overtime, of: c, known: OvertimeKeys.self)
            let o = try c.nestedContainer(keyedBy: OvertimeKeys.self, forKey: .overtime)
            func minutes(_ key: OvertimeKeys) throws -> Int? {
                guard let text = try o.decodeIfPresent(String.self, forKey: key) else { return nil }
                guard let value = MinutesText.parse(text), value > 0 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: o, debugDescription: "expected a duration such as \"8h\" or \"7h30m\"")
                }
                return value
            }
            func factor(_ key: OvertimeKeys) throws -> Double? {
                guard let value = try o.decodeIfPresent(Double.self, forKey: key) else { return nil }
                guard (1...5).contains(value) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: o, debugDescription: "expected a rate from 1 to 5 (1.25 pays a quarter more)")
                }
                return value
            }
            overtime.dailyMinutes = try minutes(.daily)
            overtime.weeklyMinutes = try minutes(.weekly)
            overtime.overtimeFactor = try factor(.factor) ?? 1
            overtime.holidayFactor = try factor(.holiday) ?? 1
            let days: [OvertimeKeys] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
            for (index, key) in days.enumerated() {
                if let value = try factor(key) { overtime.weekdayFactors[index + 1] = value }
            }
        }
        if let texts = try c.decodeIfPresent([String].self, forKey: .holidays) {
            for text in texts {
                guard let day = CalendarDay(parsing: text) else {
                    throw bad(.holidays, "expected dates YYYY-MM-DD, got \"\(text)\"")
                }
                overtime.holidays.insert(day)
            }
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .endpoint) {
            guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host?.isEmpty == false
            else { throw bad(.endpoint, "expected an https:// address") }
            if scheme == "http", !Self.isLoopback(url.host ?? "") {
                throw bad(.endpoint, "plain http:// is allowed to this machine only; use https://")
            }
            endpoint = url
        }
        tokenFile = try c.decodeIfPresent(String.self, forKey: .tokenFile)
        if let timeout = try c.decodeIfPresent(Int.self, forKey: .timeout) {
            guard (1...600).contains(timeout) else { throw bad(.timeout, "expected 1 to 600 seconds") }
            timeoutSeconds = timeout
        }
    }

    static let roundingHelp =
        "expected \"none\" or nearest|up|down and 1, 5, 6, 10 or 15 minutes (\"nearest 15\"), "
        + "or a table { start, end, duration }"

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// `none`, or `30m after 6h[, 45m after 9h]`.
    public static func autoBreak(_ text: String) -> AutoBreak? {
        if text.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return AutoBreak.none }
        var steps: [AutoBreak.Step] = []
        for part in text.split(separator: ",") {
            let words = part.split(separator: " ")
            guard words.count == 3, words[1].lowercased() == "after", let minutes = MinutesText.parse(String(words[0])),
                let after = MinutesText.parse(String(words[2])), minutes > 0, after > 0
            else { return nil }
            steps.append(AutoBreak.Step(afterMinutes: after, breakMinutes: minutes))
        }
        return steps.isEmpty ? nil : AutoBreak(steps: steps)
    }

    /// The time zone in force: the configured one, else the system's.
    public var zone: WorkZone {
        timezone.flatMap(WorkZone.init(identifier:)) ?? WorkZone(TimeZone.current)
    }

    public var rules: HoursRules {
        HoursRules(
            periods: PayPeriodRule(kind: period, anchor: periodAnchor), zone: zone, rounding: rounding,
            autoBreak: autoBreak, overtime: overtime)
    }
}
