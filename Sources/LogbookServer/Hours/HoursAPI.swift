import CalendarDays
import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookStore
import NIOCore
import Hours

/// `/api/v1/hours/clock` (start, pause, resume, stop), `/api/v1/hours/periods/{day}/submit|reopen|lock` and
/// `/api/v1/hours/links`.
enum HoursAPI {
    static func register(
        _ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment,
        _ settings: Result<HoursSettings, APIError>
    ) {
        api.get("/hours/clock") { request, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            let driver = try access.driver(RequestText.query(request)["driver"].map(String.init))
            return JSONResponse.make(try clockJSON(driver: driver, access: access))
        }
        for action in ClockAction.allCases {
            api.post("/hours/clock/\(action.rawValue)") { request, context in
                let access = try HoursAccess(environment, try context.requireUser(), settings)
                try access.requireEditor()
                let body = try await optionalBody(ClockBody.self, request)
                let driver = try access.driver(RequestText.query(request)["driver"].map(String.init) ?? body.driver)
                let moment = try body.at.map { try clockMoment($0, access: access) } ?? access.now
                try action.perform(
                    driver: driver, at: moment, message: try ShiftInput.message(body.message) ?? "",
                    vehicle: try body.vehicle.flatMap { $0.isEmpty ? nil : try access.vehicle($0) }, access: access)
                return JSONResponse.make(try clockJSON(driver: driver, access: access))
            }
        }
        for action in PeriodAction.allCases {
            api.post("/hours/periods/{day}/\(action.rawValue)") { request, context in
                let access = try HoursAccess(environment, try context.requireUser(), settings)
                let period = try access.period(context.parameters.get("day"), field: "day")
                let driver = try action.perform(
                    period, driver: RequestText.query(request)["driver"].map(String.init), access: access)
                return JSONResponse.make(try periodStatusJSON(period, driver: driver, access: access))
            }
        }
        api.get("/hours/links") { _, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            var j = JSONText()
            j.beginObject()
            j.key("links")
            j.beginArray()
            for link in try access.database.links(driver: try access.ownDriver()) { linkJSON(link, into: &j) }
            j.endArray()
            j.endObject()
            return JSONResponse.make(j.text)
        }
        api.post("/hours/links") { request, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            let body = try await request.decode(as: LinkBody.self, context: context)
            let link = try addLink(name: body.name, url: body.url, driver: body.driver, access: access)
            var j = JSONText()
            linkJSON(link, into: &j)
            return JSONResponse.make(j.text, status: .created)
        }
        api.delete("/hours/links/{id}") { _, context in
            let access = try HoursAccess(environment, try context.requireUser(), settings)
            try removeLink(context.parameters.get("id"), access: access)
            return Response(status: .noContent)
        }
    }

    // MARK: Clock

    enum ClockAction: String, CaseIterable {
        case start, pause, resume, stop

        func perform(driver: String, at moment: Moment, message: String, vehicle: String?, access: HoursAccess)
            throws
        {
            let database = access.database
            switch self {
            case .start:
                try database.startClock(
                    driver: driver, at: moment, message: message, vehicle: vehicle, zone: access.zone)
            case .pause: try database.pauseClock(driver: driver, at: moment, zone: access.zone)
            case .resume: try database.resumeClock(driver: driver, at: moment, zone: access.zone)
            case .stop: try database.stopClock(driver: driver, at: moment, rules: access.rules)
            }
        }
    }

    struct ClockBody: Decodable {
        var message: String?
        var vehicle: String?
        var driver: String?
        /// When, if not now: `HH:MM` today (or `HH:MM+02:00`).
        var at: String?
    }

    /// `HH:MM` today in the hours' time zone.
    static func clockMoment(_ text: String, access: HoursAccess) throws -> Moment {
        let time = try ShiftInput.time(text, field: "at")
        return try HoursAccess.validated { () throws(TimesheetError) in
            try access.rules.moment(time, on: access.today, field: "at")
        }
    }

    /// `{"driver", "running", "paused", "shift": {…} | null}`.
    static func clockJSON(driver: String, access: HoursAccess) throws -> String {
        let running = try access.database.runningShift(driver: driver)
        var j = JSONText()
        j.beginObject()
        j.field("driver", driver)
        j.key("running")
        j.value(running != nil)
        j.key("paused")
        j.value(running?.pausedAt != nil)
        j.key("shift")
        if let running {
            TimesheetJSON.shift(running, row: nil, zone: access.zone, into: &j)
        } else {
            j.null()
        }
        j.endObject()
        return j.text
    }

    /// A JSON body that may be left out entirely.
    static func optionalBody<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        let data = Data(try await BodyLimit.collect(request).readableBytesView)
        let text = data.isEmpty ? Data("{}".utf8) : data
        try RequestText.check(json: text)
        return try JSONDecoder().decode(T.self, from: text)
    }

    // MARK: Periods

    enum PeriodAction: String, CaseIterable {
        case submit, reopen, lock

        /// Does it; returns whose period it was (a lock is everyone's: the driver asked about, if any).
        func perform(_ period: PayPeriod, driver requested: String?, access: HoursAccess) throws -> String? {
            switch self {
            case .submit:
                try access.requireEditor()
                let driver = try access.driver(requested)
                try access.database.submitPeriod(period, driver: driver, by: access.actor)
                return driver
            case .reopen:
                try access.requireAdmin()
                let driver = try access.driver(requested)
                try access.database.reopenPeriod(period, driver: driver)
                return driver
            case .lock:
                try access.requireAdmin()
                try access.database.lockPeriod(period, by: access.actor)
                return try requested.map { try access.driver($0) }
            }
        }
    }

    /// `{"period": {"start", "end", "kind"}, "driver", "status"}`.
    static func periodStatusJSON(_ period: PayPeriod, driver: String?, access: HoursAccess) throws -> String {
        let status = try access.database.periodStatus(period, driver: driver)
        var j = JSONText()
        j.beginObject()
        j.key("period")
        j.beginObject()
        j.field("start", period.start.description)
        j.field("end", period.end.description)
        j.field("kind", period.kind.rawValue)
        j.endObject()
        j.key("driver")
        if let driver { j.value(driver) } else { j.null() }
        j.field("status", status.isLocked ? "locked" : status.isSubmitted ? "submitted" : "open")
        j.endObject()
        return j.text
    }

    // MARK: Links

    struct LinkBody: Decodable {
        var name: String
        var url: String
        /// An admin's link for one driver (else for everyone); a driver's links are always their own.
        var driver: String?
    }

    /// Adds a link: a driver's own, or (an admin's) everyone's or a named driver's.
    @discardableResult
    static func addLink(name: String, url: String, driver: String?, access: HoursAccess) throws -> StoredLink {
        try access.requireEditor()
        let owner: String?
        if access.isAdmin {
            owner = try driver.flatMap { $0.isEmpty ? nil : try access.driver($0) }
        } else {
            owner = try access.driver(driver)
        }
        let link = try HoursAccess.validated { () throws(TimesheetError) in try WebLink(name: name, url: url) }
        let id = try access.database.addLink(link, driver: owner)
        guard let stored = try access.database.links(driver: owner).first(where: { $0.id == id }) else {
            throw APIError.notFound("the link \(id) is gone")
        }
        return stored
    }

    /// Removes a link the user may remove: a driver their own, an admin any.
    static func removeLink(_ text: String?, access: HoursAccess) throws {
        try access.requireEditor()
        let missing = APIError.notFound("there is no link \(text ?? "")")
        guard let text, let id = Int64(text) else { throw missing }
        let visible: [StoredLink]
        if access.isAdmin {
            visible = try ([nil] + access.database.drivers()).flatMap { try access.database.links(driver: $0) }
        } else {
            visible = try access.database.links(driver: try access.ownDriver())
        }
        guard let stored = visible.first(where: { $0.id == id }) else { throw missing }
        if !access.isAdmin && stored.driver == nil {
            throw APIError.forbidden("only an admin removes a link for everyone")
        }
        try access.database.removeLink(named: stored.link.name, driver: stored.driver)
    }

    static func linkJSON(_ stored: StoredLink, into j: inout JSONText) {
        j.beginObject()
        j.field("id", Int(stored.id))
        j.field("name", stored.link.name)
        j.field("url", stored.link.url.absoluteString)
        j.key("driver")
        if let driver = stored.driver { j.value(driver) } else { j.null() }
        j.endObject()
    }
}
