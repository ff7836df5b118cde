import Foundation
import HTTPTypes
import Hummingbird
import Ingest
import LogbookServices
import LogbookStore
import Logging
import NIOCore

/// `/ingest/…`: positions from the apps people already use, each in its own protocol (see `docs/ingest.md` for
/// where every request shape comes from). The device's token is the only credential; it opens nothing else, and a
/// wrong or revoked one gets the same 401 whether or not such a device exists. Answers are what each app expects:
/// OsmAnd and GPSLogger an empty 200, OwnTracks `[]`, Overland `{"result": "ok"}` once every position is stored.
enum IngestRoutes {
    static func register(_ group: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        for kind in IngestProtocol.allCases {
            let path = RouterPath(stringLiteral: kind.rawValue)
            for method in methods(kind) {
                group.on(path, method: method) { request, context in
                    try await handle(kind, request, context, environment)
                }
            }
        }
    }

    /// The methods each app uses: OsmAnd, Traccar Client and GPSLogger send GET or POST; OwnTracks and Overland
    /// POST only.
    static func methods(_ kind: IngestProtocol) -> [HTTPRequest.Method] {
        switch kind {
        case .osmand, .gpslogger: [.get, .post]
        case .owntracks, .overland: [.post]
        }
    }

    static func handle(
        _ kind: IngestProtocol, _ request: Request, _ context: AppRequestContext, _ environment: ServerEnvironment
    ) async throws -> Response {
        let body = try await BodyLimit.collect(request)
        let ingestRequest = IngestRequest(
            queryString: request.uri.query ?? "", body: Array(body.readableBytesView),
            contentType: request.headers[.contentType], authorization: request.headers[.authorization])
        let receipt: IngestReceipt
        do {
            receipt = try await environment.ingest.ingest(kind, ingestRequest, now: environment.database.now)
        } catch {
            return failure(error, kind)
        }
        context.logger.debug(
            "Positions received",
            metadata: [
                "device": "\(receipt.device)", "ingest.protocol": "\(kind.rawValue)",
                "positions.received": "\(receipt.received)", "positions.stored": "\(receipt.stored)",
                "positions.duplicates": "\(receipt.duplicates)",
                "positions.refused": "\(receipt.refused.values.reduce(0, +))",
                "trips.stored": "\(receipt.tripsStored)", "trips.recomputed": "\(receipt.recomputed)",
                "trips.voided": "\(receipt.tripsVoided)", "trips.kept": "\(receipt.tripsKept)",
                "engine.elsewhere": "\(receipt.ranElsewhere)",
            ])
        return success(kind)
    }

    /// What each app takes as "stored".
    static func success(_ kind: IngestProtocol) -> Response {
        switch kind {
        case .osmand, .gpslogger: Response(status: .ok)
        case .owntracks: JSONResponse.make("[]")
        case .overland: JSONResponse.make("{\"result\":\"ok\"}")
        }
    }

    static func failure(_ error: IngestFailure, _ kind: IngestProtocol) -> Response {
        switch error {
        case .unauthorized:
            var response = JSONResponse.make(
                APIError(.unauthorized, "unauthorized", "a valid device token is required").jsonBody,
                status: .unauthorized)
            response.headers[.wwwAuthenticate] =
                kind == .owntracks ? "Basic realm=\"logbook\"" : "Bearer realm=\"logbook\""
            return response
        case .invalid(let problem):
            return JSONResponse.make(
                APIError(.badRequest, "invalid-request", problem.message, field: problem.field).jsonBody,
                status: .badRequest)
        case .tooFrequent(let wait):
            var response = JSONResponse.make(
                APIError(.tooManyRequests, "too-frequent", "this device sends too often; wait \(wait) s").jsonBody,
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        case .unavailable:
            var response = JSONResponse.make(
                APIError(.serviceUnavailable, "busy", "the positions could not be stored; send them again").jsonBody,
                status: .serviceUnavailable)
            response.headers[.retryAfter] = "5"
            return response
        }
    }
}
