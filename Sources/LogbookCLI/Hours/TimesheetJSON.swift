import CalendarDays
import Foundation
import LogbookStore
import Hours

/// The JSON of a pay period's shifts (a contract: `hours list --format json` and `GET /api/v1/hours/shifts`):
///
/// `{"period": {"start", "end", "kind"}, "driver", "status", "shifts": [{"id", "number", "date", "start", "end",
/// "break_minutes", "worked_minutes", "net_minutes", "overtime_minutes", "message", "vehicle", "sync", …}],
/// "days": [{"date", …totals}], "totals": {"worked_minutes", "break_minutes", "net_minutes", "overtime_minutes", …}}`
///
/// Times are ISO 8601 with the zone's offset at that moment; `id` is the shift's UUID, `number` its number in the
/// log (what `hours edit` takes). A running shift is listed with `"end": null` and counts in no total.
package enum TimesheetJSON {
    package static func render(
        _ sheet: Timesheet, entries: [HoursEntry], driver: String?, status: PayPeriodStatus, zone: WorkZone
    ) -> String {
        var j = JSONText()
        j.beginObject()
        j.key("period")
        j.beginObject()
        j.field("start", sheet.period.start.description)
        j.field("end", sheet.period.end.description)
        j.field("kind", sheet.period.kind.rawValue)
        j.endObject()
        j.key("driver")
        if let driver { j.value(driver) } else { j.null() }
        j.field("timezone", zone.identifier)
        j.field("status", status.isLocked ? "locked" : status.isSubmitted ? "submitted" : "open")
        j.key("shifts")
        j.beginArray()
        let overtime = Dictionary(sheet.rows.map { ($0.shift.id, $0) }, uniquingKeysWith: { a, _ in a })
        for entry in entries {
            shift(entry, row: overtime[entry.shift.id], zone: zone, into: &j)
        }
        j.endArray()
        j.key("days")
        j.beginArray()
        for day in sheet.days.keys.sorted() {
            j.beginObject()
            j.field("date", day.description)
            totals(sheet.days[day]!, into: &j)
            j.endObject()
        }
        j.endArray()
        j.key("totals")
        j.beginObject()
        totals(sheet.totals, into: &j)
        j.endObject()
        j.endObject()
        return j.text
    }

    /// One shift as an object (also the body of `GET /api/v1/hours/shifts/{id}`).
    package static func shift(_ entry: HoursEntry, row: Timesheet.Row?, zone: WorkZone, into j: inout JSONText) {
        let s = entry.shift
        j.beginObject()
        j.field("id", s.id.uuidString.lowercased())
        j.field("number", Int(entry.number))
        j.field("driver", s.driver)
        j.field("date", s.day.description)
        j.field("start", zone.iso8601(s.start.date))
        j.key("end")
        if let end = s.end { j.value(zone.iso8601(end.date)) } else { j.null() }
        j.field("raw_start", zone.iso8601(s.rawStart.date))
        j.key("raw_end")
        if let end = s.rawEnd { j.value(zone.iso8601(end.date)) } else { j.null() }
        j.field("break_minutes", s.breakMinutes)
        j.field("entered_break_minutes", s.enteredBreakMinutes)
        j.field("worked_minutes", s.workedMinutes)
        j.field("net_minutes", s.netMinutes)
        j.field("overtime_minutes", row?.overtimeMinutes ?? 0)
        j.field("paid_minutes", row?.paidMinutes ?? 0, decimals: 1)
        j.field("message", s.message)
        j.key("vehicle")
        if let vehicle = s.vehicle { j.value(vehicle) } else { j.null() }
        j.field("sync", entry.sync.rawValue)
        j.key("running")
        j.value(s.isRunning)
        j.key("paused")
        j.value(entry.pausedAt != nil)
        j.endObject()
    }

    static func totals(_ t: Timesheet.Totals, into j: inout JSONText) {
        j.field("shifts", t.shifts)
        j.field("worked_minutes", t.workedMinutes)
        j.field("break_minutes", t.breakMinutes)
        j.field("net_minutes", t.netMinutes)
        j.field("overtime_minutes", t.overtimeMinutes)
        j.field("paid_minutes", t.paidMinutes, decimals: 1)
    }
}
