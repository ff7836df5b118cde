public import Hours
public import LogbookStore
import CalendarDays

/// A driver's pay period, as `hours list --format json` and `GET /api/v1/hours/shifts` show it (a contract):
///
/// `{"period": {"start", "end", "kind"}, "driver", "timezone", "status", "shifts": [entry…],
/// "days": [{"date", …totals}], "totals": {"shifts", "worked_minutes", "break_minutes", "net_minutes",
/// "overtime_minutes", "paid_minutes"}}`
///
/// The entries (`HoursEntryView`) in time order, running ones included (they count in no total).
public struct HoursSheetView: Encodable, Sendable, Hashable {
    public var period: HoursPeriodView
    public var driver: String?
    public var timezone: String
    /// `open`, `submitted` or `locked`.
    public var status: String
    public var entries: [HoursEntryView]
    public var days: [Day]
    public var totals: Totals

    enum CodingKeys: String, CodingKey {
        case period, driver, timezone, status, days, totals
        case entries = "shifts"
    }

    public struct Totals: Encodable, Sendable, Hashable {
        public var entries: Int
        public var workedMinutes: Int
        public var breakMinutes: Int
        public var netMinutes: Int
        public var overtimeMinutes: Int
        public var paidMinutes: Double

        enum CodingKeys: String, CodingKey {
            case entries = "shifts"
            case workedMinutes = "worked_minutes"
            case breakMinutes = "break_minutes"
            case netMinutes = "net_minutes"
            case overtimeMinutes = "overtime_minutes"
            case paidMinutes = "paid_minutes"
        }

        init(_ totals: HoursSheet.Totals) {
            entries = totals.entries
            workedMinutes = totals.workedMinutes
            breakMinutes = totals.breakMinutes
            netMinutes = totals.netMinutes
            overtimeMinutes = totals.overtimeMinutes
            paidMinutes = HoursEntryView.tenths(totals.paidMinutes)
        }
    }

    /// A day's totals with its date.
    public struct Day: Encodable, Sendable, Hashable {
        public var date: String
        public var totals: Totals

        enum CodingKeys: String, CodingKey { case date }

        public func encode(to encoder: any Encoder) throws {
            try totals.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(date, forKey: .date)
        }
    }

    public init(
        _ sheet: HoursSheet, entries: [StoredHoursEntry], driver: String?, status: PayPeriodStatus, zone: WorkZone
    ) {
        period = HoursPeriodView(sheet.period)
        self.driver = driver
        timezone = zone.identifier
        self.status = HoursPeriodStatusView.text(status)
        let rows = Dictionary(sheet.rows.map { ($0.entry.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.entries = entries.map { HoursEntryView($0, row: rows[$0.entry.id], zone: zone) }
        days = sheet.days.keys.sorted().map { Day(date: $0.description, totals: Totals(sheet.days[$0]!)) }
        totals = Totals(sheet.totals)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(period, forKey: .period)
        try c.encode(driver, forKey: .driver)
        try c.encode(timezone, forKey: .timezone)
        try c.encode(status, forKey: .status)
        try c.encode(entries, forKey: .entries)
        try c.encode(days, forKey: .days)
        try c.encode(totals, forKey: .totals)
    }
}

/// `{"start", "end", "kind"}` of a pay period.
public struct HoursPeriodView: Encodable, Sendable, Hashable {
    public var start: String
    public var end: String
    public var kind: String

    public init(_ period: PayPeriod) {
        start = period.start.description
        end = period.end.description
        kind = period.kind.rawValue
    }
}

/// Whose period and where it stands: `{"period": {"start", "end", "kind"}, "driver", "status"}` (the answer of
/// `POST /api/v1/hours/periods/{day}/submit|reopen|lock`).
public struct HoursPeriodStatusView: Encodable, Sendable, Hashable {
    public var period: HoursPeriodView
    public var driver: String?
    /// `open`, `submitted` or `locked`.
    public var status: String

    public init(_ period: PayPeriod, driver: String?, status: PayPeriodStatus) {
        self.period = HoursPeriodView(period)
        self.driver = driver
        self.status = Self.text(status)
    }

    static func text(_ status: PayPeriodStatus) -> String {
        status.isLocked ? "locked" : status.isSubmitted ? "submitted" : "open"
    }

    enum CodingKeys: String, CodingKey { case period, driver, status }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(period, forKey: .period)
        try c.encode(driver, forKey: .driver)
        try c.encode(status, forKey: .status)
    }
}
