/// A pay period's timesheet as the payroll clerk signs it, in plain values (the Hours domain fills it in).
public struct HoursSheetDocument: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public var date: String
        public var start: String
        public var end: String
        public var breakText: String
        public var worked: String
        public var net: String
        public var overtime: String
        public var vehicle: String
        public var message: String
        /// A day's total (shaded, bold) rather than an entry.
        public var isTotal: Bool

        public init(
            date: String, start: String, end: String, breakText: String, worked: String, net: String,
            overtime: String, vehicle: String, message: String, isTotal: Bool = false
        ) {
            self.date = date
            self.start = start
            self.end = end
            self.breakText = breakText
            self.worked = worked
            self.net = net
            self.overtime = overtime
            self.vehicle = vehicle
            self.message = message
            self.isTotal = isTotal
        }
    }

    public var title: String
    /// Label and value pairs under the title: employee, period, time zone, status, rules.
    public var header: [(String, String)]
    public var rows: [Row]
    /// Label and value pairs of the period's totals.
    public var totals: [(String, String)]
    /// `YYYY-MM-DDTHH:MM:SSZ`, written as the PDF's creation date (same document, same bytes).
    public var createdAt: String

    public init(title: String, header: [(String, String)], rows: [Row], totals: [(String, String)], createdAt: String) {
        self.title = title
        self.header = header
        self.rows = rows
        self.totals = totals
        self.createdAt = createdAt
    }

    public static func == (a: HoursSheetDocument, b: HoursSheetDocument) -> Bool {
        a.title == b.title && a.rows == b.rows && a.createdAt == b.createdAt
            && a.header.map { [$0.0, $0.1] } == b.header.map { [$0.0, $0.1] }
            && a.totals.map { [$0.0, $0.1] } == b.totals.map { [$0.0, $0.1] }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(rows)
    }
}
