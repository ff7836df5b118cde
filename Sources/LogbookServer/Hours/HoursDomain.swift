import CalendarDays
import Foundation
import Hummingbird
import LogbookCLI
import LogbookConfiguration
import LogbookDaemon
import LogbookStore
import Hours

/// Work hours' slice of the server: a driver's shifts by pay period, the running clock, submitting and locking
/// periods, and the user's own web links in the menu.
package enum HoursDomain: ServerDomain {
    package static var templates: [String: String] { HoursTemplates.all }

    package static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        let settings = HoursAccess.settings(environment)
        ShiftAPI.register(api, environment, settings)
        HoursAPI.register(api, environment, settings)
    }

    package static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let settings = HoursAccess.settings(environment)
        HoursPages.register(pages, environment, renderer, settings)
        ShiftPages.register(pages, environment, renderer, settings)
    }

    /// `Hours` for the roles that keep or read hours, and the web links the user sees (everyone's and their own).
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] {
        guard user.mayReadHours else { return [] }
        var items = [MenuItem(label: "Hours", href: "/hours")]
        let drivers = (try? environment.database.drivers()) ?? []
        let own = drivers.first { $0.caseInsensitiveCompare(user.name) == .orderedSame }
        for stored in (try? environment.database.links(driver: own)) ?? [] {
            items.append(MenuItem(label: stored.link.name, href: stored.link.url.absoluteString, external: true))
        }
        return items
    }
}

/// Who may see and change whose hours, in one place for the API and the pages.
///
/// A web user is the log's driver with the same name (ignoring case): a driver sees and changes only their own
/// shifts (another driver's shift does not exist for them: 404); an accountant reads everyone's; an admin reads
/// and changes everyone's (`?driver=NAME`), reopens submitted periods and locks them.
struct HoursAccess {
    var database: AppDatabase
    var user: AppUser
    var settings: HoursSettings

    init(_ environment: ServerEnvironment, _ user: AppUser, _ settings: Result<HoursSettings, APIError>) throws {
        guard user.mayReadHours else {
            throw APIError.forbidden("work hours are for drivers, accountants and admins")
        }
        database = environment.database
        self.user = user
        self.settings = try settings.get()
    }

    /// `[hours]` of the configuration; a broken table answers 503 on every hours route (the rest still works).
    static func settings(_ environment: ServerEnvironment) -> Result<HoursSettings, APIError> {
        do {
            return .success(try environment.configuration.decode(HoursSettings.self, table: "hours"))
        } catch {
            return .failure(
                APIError(.serviceUnavailable, "misconfigured", "the [hours] settings are invalid: \(error.message)"))
        }
    }

    var rules: HoursRules { settings.rules }
    var zone: WorkZone { settings.zone }
    var today: CalendarDay { zone.day(of: Date()) }
    var now: Moment { Moment(Date()) }
    var isAdmin: Bool { user.role == .admin }
    var canEdit: Bool { user.mayChangeHours }
    /// Whether the user reads everyone's hours (else only their own).
    var readsEveryone: Bool { user.readsEveryonesHours }
    var actor: String { "web:" + user.name }

    /// The log's driver this user is, if any.
    func ownDriver() throws -> String? {
        try database.drivers().first { $0.caseInsensitiveCompare(user.name) == .orderedSame }
    }

    /// Whose hours a request is about: the one named (admins and accountants), else the user's own, else the log's
    /// only driver.
    /// With `orFirst` (the pages), an admin or accountant who names no one sees the first driver's hours (and a
    /// picker) rather than a question.
    func driver(_ requested: String?, orFirst: Bool = false) throws -> String {
        let drivers = try database.drivers()
        if let requested = requested?.trimmingCharacters(in: .whitespaces), !requested.isEmpty {
            if !readsEveryone, requested.caseInsensitiveCompare(user.name) != .orderedSame {
                throw APIError.forbidden("a driver sees only their own hours")
            }
            guard let known = drivers.first(where: { $0.caseInsensitiveCompare(requested) == .orderedSame }) else {
                throw APIError.notFound("there is no driver '\(requested)'")
            }
            return known
        }
        if let own = drivers.first(where: { $0.caseInsensitiveCompare(user.name) == .orderedSame }) { return own }
        if !readsEveryone {
            throw APIError.notFound(
                "the log has no driver named '\(user.name)'; an admin adds them with `logbook drivers add \(user.name)`"
            )
        }
        if drivers.count == 1 || (orFirst && !drivers.isEmpty) { return drivers[0] }
        throw APIError.invalid(
            drivers.isEmpty ? "the log has no driver yet" : "the log has \(drivers.count) drivers; say whose hours",
            field: "driver")
    }

    func requireEditor() throws {
        guard canEdit else { throw APIError.forbidden("an accountant reads hours but does not change them") }
    }

    func requireAdmin() throws {
        guard isAdmin else { throw APIError.forbidden("only an admin may do this") }
    }

    /// A shift by its number or its id (UUID), if the user may see it.
    func entry(_ text: String?) throws -> HoursEntry {
        let missing = APIError.notFound("there is no shift \(text ?? "")")
        guard let text else { throw missing }
        let number: Int64
        if let value = Int64(text), value > 0 {
            number = value
        } else if let id = UUID(uuidString: text) {
            do { number = try database.shiftNumber(id: id) } catch let error as StoreError where error.code == .notFound
            {
                throw missing
            }
        } else {
            throw missing
        }
        let entry: HoursEntry
        do { entry = try database.shift(number) } catch let error as StoreError where error.code == .notFound {
            throw missing
        }
        if !readsEveryone, entry.shift.driver.caseInsensitiveCompare(user.name) != .orderedSame { throw missing }
        return entry
    }

    /// A shift the user may change.
    func editableEntry(_ text: String?) throws -> HoursEntry {
        let entry = try entry(text)
        try requireEditor()
        return entry
    }

    /// The plates the user may name on a shift: those whose trips they may see (a driver's own vehicles).
    func vehicles() throws -> [String] {
        try database.vehicles().map(\.plate).filter { user.canSee(plate: $0) }
    }

    /// A vehicle named on a shift, as the log spells it; another driver's vehicle is as unknown as none.
    func vehicle(_ plate: String) throws -> String {
        let plate = plate.trimmingCharacters(in: .whitespaces)
        guard let known = try vehicles().first(where: { $0.caseInsensitiveCompare(plate) == .orderedSame }) else {
            throw APIError.invalid("vehicle: there is no vehicle '\(plate)'", field: "vehicle")
        }
        return known
    }

    /// `current` (also when absent), `previous`, `next` or a day of the period (`YYYY-MM-DD`).
    func period(_ text: String?, field: String = "period") throws -> PayPeriod {
        let name = text.flatMap { $0.isEmpty ? nil : $0 } ?? "current"
        if !["current", "previous", "next"].contains(name) { _ = try Self.day(name, field: field) }
        guard let period = rules.periods.period(named: name, today: today) else {
            throw APIError.invalid("\(field): expected current, previous, next or a date YYYY-MM-DD", field: field)
        }
        return period
    }

    /// A date `YYYY-MM-DD` from 1970 on.
    static func day(_ text: String, field: String) throws -> CalendarDay {
        guard let day = CalendarDay(parsing: text), (1970...9999).contains(day.year) else {
            throw APIError.invalid("\(field): expected a date YYYY-MM-DD, got '\(text.prefix(40))'", field: field)
        }
        return day
    }

    /// The driver's shifts of a period, with weekly overtime counted over whole weeks (as `hours list`).
    func timesheet(_ period: PayPeriod, driver: String) throws -> (Timesheet, [HoursEntry]) {
        let (first, last) = Timesheet.countedDays(of: period)
        let entries = try database.shifts(driver: driver, from: first, through: last)
        let sheet = Timesheet(period: period, shifts: entries.map(\.shift), overtime: rules.overtime)
        return (sheet, entries.filter { period.contains($0.shift.day) })
    }

    /// One shift's JSON object, with its overtime as its period counts it.
    func shiftJSON(_ entry: HoursEntry) throws -> String {
        let period = rules.periods.period(containing: entry.shift.day)
        let (sheet, _) = try timesheet(period, driver: entry.shift.driver)
        var j = JSONText()
        TimesheetJSON.shift(entry, row: sheet.rows.first { $0.shift.id == entry.shift.id }, zone: zone, into: &j)
        return j.text
    }

    /// The rules' refusal as a 422 naming the field.
    static func validated<T>(_ body: () throws(TimesheetError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            let field = Self.fieldName(error.field)
            throw APIError.invalid("\(field): \(error.message)", field: field)
        }
    }

    /// The CLI's option names (`--start`, `--break`) as the API's fields.
    static func fieldName(_ option: String) -> String {
        switch option {
        case "--break": "break_minutes"
        case "--end-date": "end_date"
        case "--date": "date"
        default: option.hasPrefix("--") ? String(option.dropFirst(2)) : option
        }
    }
}
