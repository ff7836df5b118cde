import Foundation
import Hummingbird
import LogbookConfiguration
import LogbookServices
import LogbookStore
import TrackModel
import TripEngine

/// Track files imported over HTTP, as `logbook import` does (`TrackImportService`): the page `/trips/import` takes one
/// file of a form (`multipart/form-data`), `POST /api/v1/trips/import` the file as the body (`?vehicle=&filename=`)
/// or as such a form. Within the one body limit (1 MiB); a file that cannot be read is refused naming the file, the
/// line and column and the field, as the CLI says it.
enum TrackImportRoutes {
    static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        api.post("/trips/import") { request, context in
            let service = try TrackImportService(try context.mileageLog(environment))
            try service.access.requireEditor()
            let body = Array(try await BodyLimit.collect(request).readableBytesView)
            let upload: Upload
            if let boundary = MultipartForm.boundary(request.headers[.contentType]) {
                let parts = try MultipartForm.parse(body, boundary: boundary)
                try RequestText.check(form: parts.fields)
                upload = try Upload(parts)
            } else {
                let query = try RequestInput.query(ImportQuery.self, from: request)
                upload = Upload(vehicle: query.vehicle, name: name(query.filename), bytes: body)
            }
            let imported = try service.importUpload(
                upload.bytes, name: upload.name, into: try service.vehicle(upload.vehicle),
                engine: engine(environment))
            return try MileageLogJSON.response(imported, status: imported.added > 0 ? .created : .ok)
        }
    }

    static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        @Sendable func service(_ user: AppUser) throws -> TrackImportService {
            try TrackImportService(
                ServiceContext(database: environment.database, caller: .user(user), clock: environment.clock))
        }
        @Sendable func page(
            _ service: TrackImportService, user: AppUser, session: WebSession, vehicle: String? = nil,
            problem: MileageFormProblem? = nil, message: Any = false
        ) throws -> Response {
            let vehicles = try VehicleService(service.context).list().map(\.details.plate)
            var values: [String: Any] = [
                "vehicles": vehicles.map { ["plate": $0, "selected": $0 == vehicle] as [String: Any] },
                "hasVehicles": !vehicles.isEmpty, "csrf": session.csrfToken, "message": message,
                "limit": "1 MiB",
            ]
            problem?.apply(to: &values)
            return renderer.page(
                "mileage/import", title: "Import a track file", values, user: user, csrf: session.csrfToken,
                status: problem?.status ?? .ok)
        }
        pages.get("/trips/import") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            try service.access.requireEditor()
            return try page(service, user: user, session: session, message: PageFlow.message(request))
        }
        pages.post("/trips/import") { request, context in
            let (user, session) = try requireLogin(request, context)
            // A reader is refused before the upload is read (403, not a 400 about a malformed form).
            let service = try service(user)
            try service.access.requireEditor()
            guard let boundary = MultipartForm.boundary(request.headers[.contentType]) else {
                throw APIError.badRequest("the import form is sent as multipart/form-data")
            }
            let parts = try MultipartForm.parse(
                Array(try await BodyLimit.collect(request).readableBytesView), boundary: boundary)
            try requireCSRF(FormData(values: parts.fields), session)
            try RequestText.check(form: parts.fields)
            let plate = parts.fields["vehicle"].flatMap { $0.isEmpty ? nil : $0 }
            do {
                let vehicle = try service.vehicle(plate)
                let upload = try Upload(parts)
                let imported = try service.importUpload(
                    upload.bytes, name: upload.name, into: vehicle, engine: engine(environment))
                var message = imported.sentence { metres, unit in
                    String(format: "%.1f", metres / unit.metres) + " " + unit.rawValue
                }
                if !imported.conflicts.isEmpty {
                    message += "; trips that overlap trips of the log wait for an admin (logbook trips conflicts)"
                }
                let clock = environment.clock
                if imported.added > 0, let first = imported.firstStart, let last = imported.lastEnd {
                    return PageRenderer.redirect(
                        PageFlow.withMessage(
                            "/trips?from=\(clock.date(first))&to=\(clock.date(last))", message + "."))
                }
                return PageRenderer.redirect(PageFlow.withMessage("/trips/import", message + "."))
            } catch {
                guard let problem = MileageFormProblem(error, fields: ["file", "vehicle"]) else { throw error }
                return try page(service, user: user, session: session, vehicle: plate, problem: problem)
            }
        }
    }

    /// The engine as `[engine]` configures it (checked when the server started).
    static func engine(_ environment: ServerEnvironment) -> EngineConfiguration {
        (try? environment.configuration.decode(EngineConfiguration.self, table: "engine")) ?? EngineConfiguration()
    }

    /// A file's name as its sender gave it, without folders or control characters, at most 120 characters;
    /// `upload` when it gave none.
    static func name(_ given: String?) -> String {
        let base = (given ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let plain = String(
            String.UnicodeScalarView(
                base.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }
            ).prefix(120)
        ).trimmingCharacters(in: .whitespaces)
        return plain.isEmpty ? "upload" : plain
    }

    /// The file sent, and the vehicle named beside it.
    struct Upload {
        var vehicle: String?
        var name: String
        var bytes: [UInt8]

        init(vehicle: String?, name: String, bytes: [UInt8]) {
            self.vehicle = vehicle
            self.name = name
            self.bytes = bytes
        }

        /// A form's file: a form sent without one (no file chosen) is refused naming the field.
        init(_ parts: MultipartForm) throws {
            guard let file = parts.file, !(file.name.isEmpty && file.bytes.isEmpty) else {
                throw ServiceError(.invalid, field: "file", "choose a track file (GPX, NMEA 0183 or gpsd JSON)")
            }
            self.init(
                vehicle: parts.fields["vehicle"].flatMap { $0.isEmpty ? nil : $0 },
                name: TrackImportRoutes.name(file.name),
                bytes: file.bytes)
        }
    }
}

/// `POST /api/v1/trips/import?vehicle=PLATE&filename=NAME` with the file as the body.
struct ImportQuery: Decodable {
    var vehicle: String?
    var filename: String?
}
