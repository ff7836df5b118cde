import LogbookStore
import TrackFormats

/// A driver's pay period as CSV (RFC 4180, CR LF): one row per shift, then one per day and one for the period, told
/// apart by the `kind` column; times ISO 8601 with offset, durations in minutes. The document of
/// `hours list --format csv`, `hours report --csv` and the hours page's timesheet download and e-mail.
public enum HoursSheetCSV {
    public static let columns = [
        "kind", "number", "date", "start", "end", "break_minutes", "worked_minutes", "net_minutes",
        "overtime_minutes", "message", "vehicle", "sync",
    ]

    public static func text(_ sheet: HoursSheetView) -> String {
        var out = columns.joined(separator: ",") + "\r\n"
        func row(_ cells: [String]) { out += cells.joined(separator: ",") + "\r\n" }
        func text(_ value: String?) -> String { TextEscaping.csvText(value ?? "") }
        for entry in sheet.entries {
            row([
                text("shift"), String(entry.number), text(entry.date), text(entry.start), text(entry.end),
                String(entry.breakMinutes), String(entry.workedMinutes), String(entry.netMinutes),
                String(entry.overtimeMinutes), text(entry.message), text(entry.vehicle), text(entry.sync.rawValue),
            ])
        }
        func total(_ kind: String, _ date: String, _ t: HoursSheetView.Totals) {
            row([
                text(kind), "", text(date), text(nil), text(nil), String(t.breakMinutes), String(t.workedMinutes),
                String(t.netMinutes), String(t.overtimeMinutes), text(nil), text(nil), text(nil),
            ])
        }
        for day in sheet.days { total("day", day.date, day.totals) }
        total("period", "\(sheet.period.start)..\(sheet.period.end)", sheet.totals)
        return out
    }
}
