public import Foundation
import Hours
import LogbookStore
public import ReportDocuments
import CalendarDays

/// A pay period's report: the sheet (its rows for the CSV) and the document to sign (the PDF).
public struct HoursReport: Sendable {
    public var sheet: HoursSheetView
    public var document: HoursSheetDocument

    /// The CSV (`HoursSheetCSV`), as `hours report --csv` writes it and the hours page downloads it.
    public var csv: [UInt8] { Array(HoursSheetCSV.text(sheet).utf8) }

    /// `timesheet-anna-2026-11-01`: the files' name without extension, ASCII letters, digits and `-_.` only.
    public var fileStem: String {
        let name = String(
            (sheet.driver ?? "driver").map {
                $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_"
            }
            .prefix(60))
        return "timesheet-\(name)-\(sheet.period.start)"
    }
}

extension HoursService {
    /// The report of a driver's period, made `now` (the document's creation date).
    public func report(period name: String?, driver requested: String?, now: Date) throws -> HoursReport {
        try access.requireReader()
        let driver = try access.driver(requested)
        let period = try period(named: name)
        let (sheet, entries) = try periodSheet(period, driver: driver)
        let status = try database.periodStatus(period, driver: driver)
        return HoursReport(
            sheet: HoursSheetView(sheet, entries: entries, driver: driver, status: status, zone: zone),
            document: document(sheet, entries: entries, driver: driver, status: status, now: now))
    }

    func document(
        _ sheet: HoursSheet, entries: [StoredHoursEntry], driver: String, status: PayPeriodStatus, now: Date
    ) -> HoursSheetDocument {
        let clock = MinutesText.clock
        let overtime = Dictionary(sheet.rows.map { ($0.entry.id, $0.overtimeMinutes) }, uniquingKeysWith: { a, _ in a })
        var rows: [HoursSheetDocument.Row] = []
        let byDay = Dictionary(grouping: entries.filter { !$0.entry.isRunning }, by: \.entry.day)
        for day in byDay.keys.sorted() {
            for stored in byDay[day]! {
                let e = stored.entry
                guard let end = e.end else { continue }
                let endDay = zone.day(of: end.date)
                rows.append(
                    HoursSheetDocument.Row(
                        date: e.day.description, start: zone.clockText(e.start.date),
                        end: (endDay == e.day ? "" : "+1 ") + zone.clockText(end.date),
                        breakText: clock(e.breakMinutes), worked: clock(e.workedMinutes), net: clock(e.netMinutes),
                        overtime: clock(overtime[e.id] ?? 0), vehicle: e.vehicle ?? "", message: e.message))
            }
            if let t = sheet.days[day], byDay[day]!.count > 1 {
                rows.append(
                    HoursSheetDocument.Row(
                        date: "Day total", start: "", end: "", breakText: clock(t.breakMinutes),
                        worked: clock(t.workedMinutes), net: clock(t.netMinutes), overtime: clock(t.overtimeMinutes),
                        vehicle: "", message: "", isTotal: true))
            }
        }
        let t = sheet.totals
        let state =
            status.isLocked
            ? "locked" : status.submittedAt.map { "submitted \(zone.iso8601($0.date))" } ?? "open (not submitted)"
        let seconds = Int(now.timeIntervalSince1970)
        let created =
            "\(WorkZone(identifier: "UTC")!.iso8601(Date(timeIntervalSince1970: Double(seconds))).prefix(19))Z"
        let limits = [
            rules.overtime.dailyMinutes.map { "over \(clock($0)) a day" },
            rules.overtime.weeklyMinutes.map { "over \(clock($0)) a week" },
        ].compactMap { $0 }.joined(separator: ", ")
        return HoursSheetDocument(
            title: "Timesheet \(driver), \(sheet.period.start) to \(sheet.period.end)",
            header: [
                ("Employee", driver),
                ("Pay period", "\(sheet.period.start) – \(sheet.period.end) (\(sheet.period.kind.rawValue))"),
                ("Time zone", zone.identifier), ("Status", state),
                (
                    "Rounding",
                    "start \(rules.rounding.start), end \(rules.rounding.end), duration \(rules.rounding.duration)"
                ),
                ("Overtime", limits.isEmpty ? "none" : limits),
            ],
            rows: rows,
            totals: [
                ("Shifts", "\(t.entries)"), ("Worked", clock(t.workedMinutes)), ("Breaks", clock(t.breakMinutes)),
                ("Net working time", clock(t.netMinutes)), ("Overtime", clock(t.overtimeMinutes)),
                ("Paid time (rates applied)", clock(Int(t.paidMinutes.rounded()))),
            ],
            createdAt: created)
    }
}
