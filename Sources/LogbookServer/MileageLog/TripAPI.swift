import Foundation
import Hummingbird
import LogbookServices
import LogbookStore

/// `/api/v1/trips`: list (the CLI's filters, paged), show (history and track), change, void, merge, split
/// and add by hand — `TripService`'s use cases, with the CLI's refusals: 409 for what the log's rules refuse, 422
/// for bad values.
enum TripAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        api.get("/trips") { request, context in
            let service = try TripService(try context.mileageLog(environment))
            return try MileageLogJSON.response(
                try service.page(try RequestInput.query(TripListQuery.self, from: request)))
        }
        api.post("/trips") { request, context in
            let service = try TripService(try context.mileageLog(environment))
            try service.access.requireEditor()
            let input = try await RequestInput.decode(NewTripInput.self, from: request, context: context)
            let added = try service.add(input)
            return try MileageLogJSON.response(TripDetailView(trip: added.trip), status: .created)
        }
        api.get("/trips/{id}") { _, context in
            let service = try TripService(try context.mileageLog(environment))
            return try MileageLogJSON.response(try service.show(try tripID(context), includeTrack: true))
        }
        api.patch("/trips/{id}") { request, context in
            let service = try TripService(try context.mileageLog(environment))
            let id = try tripID(context)
            _ = try service.access.editableTrip(id)
            let input = try await RequestInput.decode(TripChangesInput.self, from: request, context: context)
            return try MileageLogJSON.response(TripDetailView(trip: try service.edit(id, input)))
        }
        api.post("/trips/{id}/void") { request, context in
            let service = try TripService(try context.mileageLog(environment))
            let id = try tripID(context)
            _ = try service.access.editableTrip(id)
            let input = try await RequestInput.decode(TripVoidInput.self, from: request, context: context)
            return try MileageLogJSON.response(TripDetailView(trip: try service.void(id, input)))
        }
        api.post("/trips/merge") { request, context in
            let service = try TripService(try context.mileageLog(environment))
            try service.access.requireEditor()
            let input = try await RequestInput.decode(TripMergeInput.self, from: request, context: context)
            return try MileageLogJSON.response(TripDetailView(trip: try service.merge(input)))
        }
        api.post("/trips/{id}/split") { request, context in
            let service = try TripService(try context.mileageLog(environment))
            let id = try tripID(context)
            _ = try service.access.editableTrip(id)
            let input = try await RequestInput.decode(TripSplitInput.self, from: request, context: context)
            return try MileageLogJSON.response(TripsView(trips: try service.split(id, input)))
        }
    }

    /// The trip's id in the path; anything else is a trip that does not exist.
    static func tripID(_ context: AppRequestContext) throws -> Int64 {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
            throw APIError.notFound("there is no such trip")
        }
        return id
    }
}

extension AppRequestContext {
    /// The mileage log's use cases for the signed-in user (401 without one), in the server's time zone.
    func mileageLog(_ environment: ServerEnvironment) throws -> ServiceContext {
        ServiceContext(database: environment.database, caller: .user(try requireUser()), clock: environment.clock)
    }
}

/// The mileage log's answers: its views in the one JSON of views (`ServiceJSON`), as `--format json` prints them.
enum MileageLogJSON {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        JSONResponse.make(try ServiceJSON.encode(value), status: status)
    }
}
