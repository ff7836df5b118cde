import Foundation
import Hummingbird
import LogbookServices
import Mailer
import MileageLog
import Reports
import TrackModel
import ReportDocuments
import LogbookConfiguration

/// The rest of the mileage log's API: vehicles, odometer readings, regular trips, places, rules,
/// reports (CSV and PDF downloads, queued e-mail), the outbox and the daemon's status.
enum LogAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        api.get("/vehicles") { _, context in
            let service = try VehicleService(try context.mileageLog(environment))
            return try MileageLogJSON.response(VehicleListView(vehicles: try service.list()))
        }
        api.post("/vehicles") { request, context in
            let service = try VehicleService(try context.mileageLog(environment))
            try service.access.requireAdmin()
            let input = try await RequestInput.decode(NewVehicleInput.self, from: request, context: context)
            return try MileageLogJSON.response(try service.add(input), status: .created)
        }
        api.get("/odometer") { request, context in
            let service = try OdometerService(try context.mileageLog(environment))
            let query = try RequestInput.query(VehicleQuery.self, from: request)
            return try MileageLogJSON.response(
                OdometerReadingListView(readings: try service.list(vehicle: query.vehicle)))
        }
        api.post("/odometer") { request, context in
            let service = try OdometerService(try context.mileageLog(environment))
            try service.access.requireEditor()
            let input = try await RequestInput.decode(OdometerReadingInput.self, from: request, context: context)
            return try MileageLogJSON.response(try service.record(input), status: .created)
        }
        api.get("/regular-trips") { _, context in
            let service = try RegularTripService(try context.mileageLog(environment))
            return try MileageLogJSON.response(RegularTripListView(regularTrips: try service.list()))
        }
        api.get("/places") { _, context in
            let service = try PlaceService(try context.mileageLog(environment))
            return try MileageLogJSON.response(PlaceListView(places: try service.list()))
        }
        api.get("/rules") { _, context in
            let service = try RuleService(try context.mileageLog(environment))
            return try MileageLogJSON.response(RuleListView(rules: try service.list()))
        }
        api.get("/reports/{vehicle}/{month}") { request, context in
            let report = try MonthlyReport(request, context, environment: environment)
            let query = try RequestInput.query(ReportDownloadQuery.self, from: request)
            return try report.download(format: query.format ?? "csv")
        }
        api.post("/reports/{vehicle}/{month}/email") { request, context in
            let report = try MonthlyReport(request, context, environment: environment)
            let input = try await RequestInput.decode(ReportEmailInput.self, from: request, context: context)
            let id = try report.queue(to: input.to, environment: environment)
            return try MileageLogJSON.response(["queued": id], status: .accepted)
        }
        api.get("/outbox") { _, context in
            // Every queued message of every domain: recipients, subjects, the mail server's last error.
            let service = try OutboxService(try context.mileageLog(environment))
            return try MileageLogJSON.response(OutboxListView(messages: try service.list()))
        }
        api.get("/status") { _, context in
            let access = try MileageLogAccess(try context.mileageLog(environment))
            return try MileageLogJSON.response(
                DaemonStatusView.current(databasePath: environment.databasePath, access: access))
        }
    }
}

/// `?vehicle=PLATE`.
struct VehicleQuery: Decodable { var vehicle: String? }

/// `?format=csv|pdf` (and the report's filters, `category` and `driver`).
struct ReportDownloadQuery: Decodable {
    var format: String?
    var category: String?
    var driver: String?
}

struct RegularTripListView: Encodable {
    var regularTrips: [RegularTripView]
    enum CodingKeys: String, CodingKey { case regularTrips = "regular_trips" }
}

struct PlaceListView: Encodable { var places: [PlaceView] }
struct RuleListView: Encodable { var rules: [RuleView] }
struct OutboxListView: Encodable { var messages: [OutboxMessageView] }

/// A month's report of a vehicle, as the CLI's `report` assembles it (`ReportService`), drawn as CSV or PDF, or
/// queued for e-mail.
struct MonthlyReport {
    var assembly: ReportAssembly
    var settings: ReportSettings
    var service: ReportService

    init(_ request: Request, _ context: AppRequestContext, environment: ServerEnvironment) throws {
        let plate = try RequestText.path(context, "vehicle")
        let month = try RequestText.path(context, "month")
        let query = try RequestInput.query(ReportDownloadQuery.self, from: request)
        try self.init(
            ReportInput(vehicle: plate, month: month, driver: query.driver, category: query.category),
            context: try context.mileageLog(environment), environment: environment)
    }

    init(_ input: ReportInput, context: ServiceContext, environment: ServerEnvironment) throws {
        service = try ReportService(context)
        try service.access.requireVisibleVehicle(input.vehicle ?? "")
        settings = try Self.configured(ReportSettings.self, "report", environment)
        assembly = try service.assemble(
            input, settings: settings,
            configuredPreset: try Self.configured(LogSettings.self, "log", environment).preset)
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

    var pdf: [UInt8] {
        get throws {
            try ReportPDF(paper: ReportPDF.Paper(rawValue: settings.paper.rawValue) ?? .a4).render(assembly.document)
        }
    }

    /// The report as a file to download: `csv` or `pdf`.
    func download(format: String) throws -> Response {
        let bytes: [UInt8]
        let type: String
        switch format {
        case "csv": (bytes, type) = (assembly.csv(byteOrderMark: settings.byteOrderMark), "text/csv; charset=utf-8")
        case "pdf": (bytes, type) = (try pdf, "application/pdf")
        default: throw ServiceError(.invalid, field: "format", "must be csv or pdf")
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(assembly.downloadName).\(format)\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Queues the report in the outbox for `recipients`; the outbox sender (`logbook mail send-pending`, the
    /// daemon) delivers it.
    func queue(to recipients: [String], environment: ServerEnvironment) throws -> Int64 {
        try ReportEmailInput(to: recipients).validate()
        for recipient in recipients {
            // The mailer's own check, said about the field the addresses came in.
            if case .failure(let error) = Result(catching: { () throws(MailError) in try MailAddress(recipient) }) {
                throw ServiceError(.invalid, field: "to", error.message)
            }
        }
        guard let mail = try environment.configuration.mailSettings() else {
            throw APIError(.conflict, "mail-not-configured", "the server has no [mail] settings to send with")
        }
        let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
        let message = MailMessage(
            from: try MailAddress(parsing: mail.from),
            to: try recipients.map { address throws(MailError) in try MailAddress(parsing: address) },
            subject: assembly.document.title, text: assembly.document.summaryText,
            attachments: assembly.attachments(csv: assembly.csv(byteOrderMark: settings.byteOrderMark), pdf: try pdf)
                .map { MailAttachment(filename: $0.filename, mimeType: $0.mimeType, bytes: $0.bytes) },
            date: now, utcOffsetSeconds: environment.clock.offset(now))
        let rendered = try message.rendered()
        guard
            let id = try service.enqueue(
                OutgoingMail(
                    sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
                    bytes: rendered.bytes), of: assembly, month: nil)
        else { throw ServiceError(.refused, "the report was queued before") }
        return id
    }
}
