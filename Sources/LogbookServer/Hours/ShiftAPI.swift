import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Hours

/// `/api/v1/hours/shifts`: a pay period's shifts (the `hours list --format json` contract), one shift, adding,
/// changing and deleting. The store's refusals (an overlap, a submitted or locked period) are 409.
enum ShiftAPI {
    static func register(
        _ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment,
        _ settings: Result<HoursSettings, APIError>
    ) {
        api.get("/hours/shifts") { request, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            let query = RequestText.query(request)
            let driver = try access.driver(query["driver"].map(String.init))
            let period = try access.period(query["period"].map(String.init))
            return JSONResponse.make(try periodJSON(period, driver: driver, access: access))
        }
        api.post("/hours/shifts") { request, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            try access.requireEditor()
            let input = try await request.decode(as: ShiftInput.self, context: context)
            let driver = try access.driver(input.driver ?? RequestText.query(request)["driver"].map(String.init))
            let shift = try input.shift(editing: nil, driver: driver, access: access)
            let number = try access.database.addShift(shift, zone: access.zone)
            return JSONResponse.make(try access.shiftJSON(try access.database.shift(number)), status: .created)
        }
        api.get("/hours/shifts/{id}") { _, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            let entry = try access.entry(context.parameters.get("id"))
            return JSONResponse.make(try access.shiftJSON(entry))
        }
        api.patch("/hours/shifts/{id}") { request, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            let entry = try access.editableEntry(context.parameters.get("id"))
            let input = try await request.decode(as: ShiftInput.self, context: context)
            let driver = try input.driver.map { try access.driver($0) } ?? entry.shift.driver
            let shift = try input.shift(editing: entry, driver: driver, access: access)
            try access.database.replaceShift(entry.number, with: shift, zone: access.zone)
            return JSONResponse.make(try access.shiftJSON(try access.database.shift(entry.number)))
        }
        api.delete("/hours/shifts/{id}") { _, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            let entry = try access.editableEntry(context.parameters.get("id"))
            try access.database.deleteShift(entry.number)
            return Response(status: .noContent)
        }
    }

    /// The period's document: exactly what `hours list --format json` prints.
    static func periodJSON(_ period: PayPeriod, driver: String, access: HoursAccess) throws -> String {
        let (sheet, entries) = try access.timesheet(period, driver: driver)
        let status = try access.database.periodStatus(period, driver: driver)
        return TimesheetJSON.render(sheet, entries: entries, driver: driver, status: status, zone: access.zone)
    }
}
