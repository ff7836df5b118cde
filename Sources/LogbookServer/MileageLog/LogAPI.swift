import Foundation
import Hummingbird
import LogbookCLI
import LogbookConfiguration
import LogbookDaemon
import Mailer
import LogbookReporting
import LogbookStore
import MileageLog
import Reports
import TrackModel
import ReportDocuments
import LogbookServices

/// The rest of the mileage log's API: vehicles, odometer readings, regular trips, places, rules,
/// reports (CSV and PDF downloads, queued e-mail), the outbox and the daemon's status.
enum LogAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        let database = environment.database
        api.get("/vehicles") { _, context in
            let user = try TripAccess(database: database, user: try context.requireUser()).user
            let vehicles = try database.allVehicleDetails().filter { user.canSee(plate: $0.plate) }
            return try JSONResponse.make(encoding: ["vehicles": vehicles.map(VehicleView.init)])
        }
        api.post("/vehicles") { request, context in
            let access = try TripAccess(database: database, user: try context.requireUser())
            try access.requireAdmin()
            let body = try await request.decode(as: VehicleBody.self, context: context)
            let plate = body.plate.trimmingCharacters(in: .whitespaces)
            guard !plate.isEmpty, plate.count <= 20 else {
                throw APIError.invalid("'plate' must have 1 to 20 characters")
            }
            let unit = try body.odometerUnit.map {
                guard let unit = OdometerUnit(rawValue: $0) else {
                    throw APIError.invalid("'odometer_unit' must be km or mi")
                }
                return unit
            }
            let added = try access.writer.addVehicle(
                VehicleDetails(
                    plate: plate, makeModel: body.makeModel, odometerUnit: unit ?? .km,
                    initialOdometer: body.initialOdometer, driver: nil))
            return try JSONResponse.make(encoding: VehicleView(added), status: .created)
        }
        api.get("/odometer") { request, context in
            let access = try TripAccess(database: database, user: try context.requireUser())
            let plate = RequestText.query(request)["vehicle"].map(String.init)
            if let plate { try access.requireVehicle(plate) }
            let readings = try database.odometerReadings(vehicle: plate).filter {
                access.user.canSee(plate: $0.vehicle)
            }
            return try JSONResponse.make(encoding: ["readings": readings.map(ReadingView.init)])
        }
        api.post("/odometer") { request, context in
            let access = try TripAccess(database: database, user: try context.requireUser())
            try access.requireEditor()
            let body = try await request.decode(as: ReadingBody.self, context: context)
            try access.requireVehicle(body.vehicle)
            guard
                let time = body.time.map({ Timestamp(iso8601: $0) })
                    ?? Timestamp(secondsSince1970: Date().timeIntervalSince1970)
            else { throw APIError.invalid("'time' must be an ISO 8601 time") }
            guard body.reading.isFinite, (0...1e9).contains(body.reading) else {
                throw APIError.invalid("reading must be between 0 and 1000000000", field: "reading")
            }
            let reading = try access.writer.recordOdometer(
                vehicle: body.vehicle, reading: body.reading, at: time, note: try TripPatch.text(body.note, "note"),
                force: body.force ?? false)
            return try JSONResponse.make(encoding: ReadingView(reading), status: .created)
        }
        api.get("/regular-trips") { _, context in
            let user = try TripAccess(database: database, user: try context.requireUser()).user
            let regulars = try database.regulars().filter { $0.vehicle.map(user.canSee(plate:)) ?? true }
            return try JSONResponse.make(encoding: ["regular_trips": regulars.map(RegularView.init)])
        }
        api.get("/places") { _, context in
            _ = try TripAccess(database: database, user: try context.requireUser())
            return try JSONResponse.make(encoding: ["places": try database.places().map(PlaceView.init)])
        }
        api.get("/rules") { _, context in
            let user = try TripAccess(database: database, user: try context.requireUser()).user
            // A rule of another vehicle names it and its purpose: it is that vehicle's.
            let rules = try database.rules().filter { $0.vehicle.map(user.canSee(plate:)) ?? true }
            return try JSONResponse.make(encoding: ["rules": rules.map(RuleView.init)])
        }
        api.get("/reports/{vehicle}/{month}") { request, context in
            let access = try TripAccess(database: database, user: try context.requireUser())
            let report = try Report(request, context, access: access, environment: environment)
            return try report.download(format: RequestText.query(request)["format"].map(String.init) ?? "csv")
        }
        api.post("/reports/{vehicle}/{month}/email") { request, context in
            let access = try TripAccess(database: database, user: try context.requireUser())
            let body = try await request.decode(as: EmailBody.self, context: context)
            let report = try Report(request, context, access: access, environment: environment)
            let id = try report.queue(to: body.to, environment: environment, actor: access.user.name)
            return try JSONResponse.make(encoding: ["queued": id], status: .accepted)
        }
        api.get("/outbox") { _, context in
            // Every queued message of every domain: recipients, subjects, the mail server's last error.
            guard try context.requireUser().mayReadOutbox else {
                throw APIError.forbidden("the outbox is for admins and accountants")
            }
            return try JSONResponse.make(encoding: ["messages": try database.outbox().map(OutboxView.init)])
        }
        api.get("/status") { _, context in
            let user = try TripAccess(database: database, user: try context.requireUser()).user
            let now = Date().timeIntervalSince1970
            let (status, running) = DaemonStatus.current(databasePath: environment.databasePath, now: now)
            // The vehicle, its speed and its trip only for those who may see its trips; the others learn that the
            // daemon runs.
            let visible = status.flatMap { user.canSee(plate: $0.vehicle) ? $0 : nil }
            return JSONResponse.make(DaemonStatus.json(visible, running: running, now: now))
        }
    }

}

/// A month's report of a vehicle, as the CLI's `report` assembles it.
struct Report {
    var assembly: ReportAssembly
    var settings: ReportSettings
    var fileName: String

    init(_ request: Request, _ context: AppRequestContext, access: TripAccess, environment: ServerEnvironment) throws {
        let plate = try RequestText.path(context, "vehicle")
        let month = try RequestText.path(context, "month")
        try self.init(
            plate: plate, month: month, query: RequestText.query(request), access: access, environment: environment)
    }

    init(plate: String, month: String, query: Parameters, access: TripAccess, environment: ServerEnvironment) throws {
        try access.requireVehicle(plate)
        let period = try TripArguments.period(month, from: nil, to: nil)
        guard case .month = period else { throw APIError.invalid("the month must be YYYY-MM") }
        let category = query["category"].map(String.init) ?? "all"
        let chosen = category == "all" ? nil : try TripArguments.category(category).category
        let driver = access.user.readsEveryVehicle ? query["driver"].map(String.init) : nil
        settings = try Self.configured(ReportSettings.self, "report", environment)
        let reportRequest = ReportRequest(
            vehicle: plate, period: period, periodLabel: month, driver: driver, category: chosen,
            preset: try Self.configured(LogSettings.self, "log", environment).preset)
        assembly = try ReportAssembly.make(
            reportRequest, database: environment.database, clock: environment.clock, settings: settings)
        fileName = "logbook-\(plate)-\(month)".map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
            .reduce(into: "") { $0.append($1) }
    }

    /// A table of the configuration file (checked when the server started; an error here is the server's).
    private static func configured<T: Decodable>(_ type: T.Type, _ table: String, _ environment: ServerEnvironment)
        throws -> T
    {
        do {
            return try environment.configuration.decode(type, table: table)
        } catch {
            throw APIError(
                .internalServerError, "configuration", "the [\(table)] settings are invalid: \(error.description)")
        }
    }

    /// The report as a file to download: `csv` or `pdf`.
    func download(format: String) throws -> Response {
        let bytes: [UInt8]
        let type: String
        switch format {
        case "csv":
            (bytes, type) = (
                ReportCSV(byteOrderMark: settings.byteOrderMark).render(assembly.document), "text/csv; charset=utf-8"
            )
        case "pdf": (bytes, type) = (try ReportPDF(paper: settings.paper).render(assembly.document), "application/pdf")
        default: throw APIError.invalid("'format' must be csv or pdf")
        }
        return Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(fileName).\(format)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Queues the report in the outbox for `recipients`; the outbox sender (`logbook mail send-pending`, the
    /// daemon) delivers it.
    func queue(to recipients: [String], environment: ServerEnvironment, actor: String) throws -> Int64 {
        guard (1...10).contains(recipients.count) else {
            throw APIError.invalid("'to' must list 1 to 10 e-mail addresses")
        }
        for recipient in recipients { _ = try MailAddress(recipient) }  // the mailer's own check
        guard let mail = try environment.configuration.mailConfiguration() else {
            throw APIError(.conflict, "mail-not-configured", "the server has no [mail] settings to send with")
        }
        let csv = ReportCSV(byteOrderMark: settings.byteOrderMark).render(assembly.document)
        let pdf = try ReportPDF(paper: settings.paper).render(assembly.document)
        let rendered = try assembly.mail(from: mail.from, to: recipients, csv: csv, pdf: pdf, clock: environment.clock)
            .rendered()
        guard
            let id = try environment.database.acting(as: "web:" + actor).enqueueMail(
                sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
                subject: assembly.document.title, message: rendered.bytes, report: nil)
        else { throw APIError.refused("the report was queued before") }
        return id
    }
}

struct VehicleBody: Decodable {
    var plate: String
    var makeModel: String?
    var odometerUnit: String?
    var initialOdometer: Double?
    enum CodingKeys: String, CodingKey {
        case plate
        case makeModel = "make_model"
        case odometerUnit = "odometer_unit"
        case initialOdometer = "initial_odometer"
    }
}

struct ReadingBody: Decodable {
    var vehicle: String
    var reading: Double
    var time: String?
    var note: String?
    var force: Bool?
}

struct EmailBody: Decodable { var to: [String] }

struct VehicleView: Encodable {
    var plate: String
    var make_model: String?
    var odometer_unit: String
    var initial_odometer: Double?
    var driver: String?
    init(_ v: VehicleDetails) {
        plate = v.plate
        make_model = v.makeModel
        odometer_unit = v.odometerUnit.rawValue
        initial_odometer = v.initialOdometer
        driver = v.driver
    }
}

struct ReadingView: Encodable {
    var id: Int64
    var vehicle: String
    var time: String
    var reading: Double
    var unit: String
    var note: String?
    var forced: Bool
    var voided: Bool
    init(_ r: StoredReading) {
        id = r.id
        vehicle = r.vehicle
        time = r.time.iso8601
        reading = r.reading
        unit = r.unit.rawValue
        note = r.note
        forced = r.forced
        voided = r.voided
    }
}

struct RegularView: Encodable {
    var name: String
    var vehicle: String?
    var category: String
    var purpose: String?
    var destination: String?
    init(_ r: RegularTrip) {
        name = r.name
        vehicle = r.vehicle
        category = r.category.rawValue
        purpose = r.purpose
        destination = r.destination
    }
}

struct PlaceView: Encodable {
    var name: String
    var radius_m: Double
    init(_ p: Place) {
        name = p.name
        radius_m = p.radiusMetres
    }
}

struct RuleView: Encodable {
    var name: String
    var priority: Int
    var category: String
    var purpose: String?
    var vehicle: String?
    init(_ r: StoredRule) {
        name = r.rule.name
        priority = r.rule.priority
        category = r.rule.category.rawValue
        purpose = r.rule.purpose
        vehicle = r.vehicle
    }
}

struct OutboxView: Encodable {
    var id: Int64
    var created: String
    var subject: String
    var recipients: [String]
    var status: String
    var attempts: Int
    var last_error: String?
    init(_ m: OutboxMessage) {
        id = m.id
        created = m.createdAt.iso8601
        subject = m.subject
        recipients = m.recipients
        status = m.status.rawValue
        attempts = m.attempts
        last_error = m.lastError
    }
}
