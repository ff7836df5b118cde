import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookStore
import MileageLog
import TrackModel
import TripEngine
import LogbookServices

/// `/api/v1/trips`: list (the CLI's filters, paged), show (history and track), change, void, merge, split
/// and add by hand. The same refusals as the CLI: 409 for what the log's rules refuse, 422 for bad values.
enum TripAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        api.get("/trips") { request, context in
            let access = try TripAccess(database: environment.database, user: try context.requireUser())
            let query = RequestText.query(request)
            let paging = try Paging(query)
            var filter = try tripFilter(query, access: access, environment: environment)
            filter.vehicles = access.visibleVehicles
            let page = try environment.database.tripPage(filter, limit: paging.limit, offset: paging.offset)
            let edited = try environment.database.editedTripIDs(among: page.trips.map(\.id))
            var j = JSONText()
            j.beginObject()
            j.field("distance_m", page.distance, decimals: 1)
            j.field("total", page.total)
            j.field("offset", paging.offset)
            j.field("limit", paging.limit)
            j.key("trips")
            TripRendering.listing(page.trips, edited: edited).objects(into: &j)
            j.endObject()
            return JSONResponse.make(j.text)
        }
        api.post("/trips") { request, context in
            let access = try TripAccess(database: environment.database, user: try context.requireUser())
            try access.requireEditor()
            let body = try await request.decode(as: NewTripBody.self, context: context)
            try access.requireVehicle(body.vehicle)
            let trip = try access.writer.addTrip(try body.newTrip())
            return JSONResponse.make(try tripJSON(trip, access: access), status: .created)
        }
        api.get("/trips/{id}") { request, context in
            let access = try TripAccess(database: environment.database, user: try context.requireUser())
            let id = try tripID(context)
            let trip = try access.trip(id, includeTrack: true)
            return JSONResponse.make(try tripJSON(trip, access: access, history: true, track: true))
        }
        api.patch("/trips/{id}") { request, context in
            let access = try TripAccess(database: environment.database, user: try context.requireUser())
            let id = try tripID(context)
            _ = try access.editableTrip(id)
            let body = try await request.decode(as: TripPatch.self, context: context)
            let changes = try body.changes()
            guard !changes.isEmpty else { throw APIError.invalid("give at least one field to change") }
            let trip = try access.writer.editTrip(id: id, changes)
            return JSONResponse.make(try tripJSON(trip, access: access))
        }
        api.post("/trips/{id}/void") { request, context in
            let access = try TripAccess(database: environment.database, user: try context.requireUser())
            let id = try tripID(context)
            _ = try access.editableTrip(id)
            let body = try await request.decode(as: VoidBody.self, context: context)
            guard let reason = body.reason?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else {
                throw APIError.invalid("a void needs a reason")
            }
            let trip = try access.writer.voidTrip(id: id, reason: reason)
            return JSONResponse.make(try tripJSON(trip, access: access))
        }
        api.post("/trips/merge") { request, context in
            let access = try TripAccess(database: environment.database, user: try context.requireUser())
            try access.requireEditor()
            let body = try await request.decode(as: MergeBody.self, context: context)
            _ = try access.editableTrip(body.first)
            _ = try access.editableTrip(body.second)
            let trip = try access.writer.mergeTrips(body.first, body.second)
            return JSONResponse.make(try tripJSON(trip, access: access))
        }
        api.post("/trips/{id}/split") { request, context in
            let access = try TripAccess(database: environment.database, user: try context.requireUser())
            let id = try tripID(context)
            _ = try access.editableTrip(id)
            let body = try await request.decode(as: SplitBody.self, context: context)
            guard let at = Timestamp(iso8601: body.at) else {
                throw APIError.invalid("'at' must be an ISO 8601 time such as 2026-05-04T08:30:00Z")
            }
            let (first, second) = try access.writer.splitTrip(id: id, at: at)
            var j = JSONText()
            j.beginObject()
            j.key("trips")
            TripRendering.listing(
                [first, second], edited: try environment.database.editedTripIDs(among: [first.id, second.id])
            ).objects(into: &j)
            j.endObject()
            return JSONResponse.make(j.text)
        }
    }

    static func tripID(_ context: AppRequestContext) throws -> Int64 {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
            throw APIError.notFound("there is no such trip")
        }
        return id
    }

    /// The CLI's filters (`trips list`) from query parameters.
    static func tripFilter(
        _ query: Parameters, access: TripAccess, environment: ServerEnvironment
    ) throws -> TripFilter {
        let vehicle = query["vehicle"].map(String.init)
        if let vehicle { try access.requireVehicle(vehicle) }
        let period = try TripArguments.period(
            query["period"].map(String.init), from: query["from"].map(String.init), to: query["to"].map(String.init))
        let chosen = try TripArguments.category(query["category"].map(String.init), allowUnclassified: true)
        let includeVoided = try flag(query["include_voided"], name: "include_voided")
        return TripFilter(
            vehicle: vehicle, driver: query["driver"].map(String.init), category: chosen.category,
            unclassified: chosen.unclassified, interval: environment.clock.interval(period),
            includeVoided: includeVoided)
    }

    static func flag(_ value: Substring?, name: String) throws -> Bool {
        switch value?.lowercased() {
        case nil, "false", "0": return false
        case "true", "1", "": return true
        default: throw APIError.invalid("'\(name)' must be true or false")
        }
    }

    /// One trip as JSON: the list's fields, plus its history and track when asked.
    static func tripJSON(_ trip: StoredTrip, access: TripAccess, history: Bool = false, track: Bool = false) throws
        -> String
    {
        let edited = try access.database.editedTripIDs(among: [trip.id])
        let listing = TripRendering.listing([trip], edited: edited)
        var j = JSONText()
        j.beginObject()
        j.key("trip")
        listing.object(listing.rows[0], into: &j)
        if history {
            j.key("history")
            j.beginArray()
            for entry in try access.database.auditEntries(trip: trip.id) {
                j.beginObject()
                j.field("sequence", Int(entry.sequence))
                j.field("time", entry.change.time.iso8601)
                j.field("actor", entry.change.actor)
                j.field("action", entry.change.action.rawValue)
                if let field = entry.change.field { j.field("field", field) }
                if let old = entry.change.oldValue { j.field("old", old) }
                if let new = entry.change.newValue { j.field("new", new) }
                j.endObject()
            }
            j.endArray()
        }
        if track {
            j.key("track")
            j.beginArray()
            for point in trip.track {
                j.beginArray()
                j.value(point.time.iso8601)
                j.value(point.latitude, decimals: 7)
                j.value(point.longitude, decimals: 7)
                if let speed = point.speed { j.value(speed, decimals: 2) } else { j.null() }
                j.endArray()
            }
            j.endArray()
        }
        j.endObject()
        return j.text
    }
}

/// `limit` (1–1000, default 100) and `offset` query parameters.
struct Paging {
    var limit = 100
    var offset = 0

    init(_ query: Parameters) throws {
        if let text = query["limit"] {
            guard let value = Int(text), (1...1_000).contains(value) else {
                throw APIError.invalid("'limit' must be a whole number from 1 to 1000")
            }
            limit = value
        }
        if let text = query["offset"] {
            guard let value = Int(text), value >= 0, value <= 10_000_000 else {
                throw APIError.invalid("'offset' must be a whole number, 0 or more")
            }
            offset = value
        }
    }
}

/// `PATCH /api/v1/trips/{id}`: the fields to change.
struct TripPatch: Decodable {
    var category: String?
    var purpose: String?
    var partner: String?
    var destination: String?
    var notes: String?

    func changes() throws -> TripChanges {
        var changes = TripChanges()
        if let category { changes.category = try TripArguments.category(category).category }
        changes.purpose = try Self.text(purpose, "purpose")
        changes.partner = try Self.text(partner, "partner")
        changes.destination = try Self.text(destination, "destination")
        changes.notes = try Self.text(notes, "notes", limit: 2_000)
        return changes
    }

    static func text(_ value: String?, _ name: String, limit: Int = 500) throws -> String? {
        guard let value else { return nil }
        if value.count > limit { throw APIError.invalid("'\(name)' may have at most \(limit) characters") }
        try RequestText.check(value, field: name)
        return value
    }
}

struct VoidBody: Decodable { var reason: String? }
struct MergeBody: Decodable {
    var first: Int64
    var second: Int64
}
struct SplitBody: Decodable { var at: String }

/// `POST /api/v1/trips`: a trip typed in by hand.
struct NewTripBody: Decodable {
    var vehicle: String
    var driver: String?
    var start: String
    var end: String?
    var distanceM: Double?
    var endOdometer: Double?
    var category: String?
    var purpose: String?
    var partner: String?
    var destination: String?
    var notes: String?

    enum CodingKeys: String, CodingKey {
        case vehicle, driver, start, end, category, purpose, partner, destination, notes
        case distanceM = "distance_m"
        case endOdometer = "end_odometer"
    }

    func newTrip() throws -> NewTrip {
        guard let start = Timestamp(iso8601: start) else { throw APIError.invalid("'start' must be an ISO 8601 time") }
        var endTime: Timestamp?
        if let end {
            guard let parsed = Timestamp(iso8601: end) else { throw APIError.invalid("'end' must be an ISO 8601 time") }
            endTime = parsed
        }
        let odometer: OdometerInput
        switch (distanceM, endOdometer) {
        case (let distance?, nil):
            guard distance.isFinite, distance > 0, distance < 5_000_000 else {
                throw APIError.invalid("'distance_m' must be more than 0 and less than 5000 km")
            }
            odometer = .distance(metres: distance)
        case (nil, let reading?):
            guard reading.isFinite, reading >= 0 else { throw APIError.invalid("'end_odometer' must be 0 or more") }
            odometer = .end(reading)
        default:
            throw APIError.invalid("give either 'distance_m' or 'end_odometer'")
        }
        return NewTrip(
            vehicle: vehicle, driver: driver, start: start, end: endTime, odometer: odometer,
            category: try category.map { try TripArguments.category($0).category } ?? nil,
            purpose: try TripPatch.text(purpose, "purpose"), partner: try TripPatch.text(partner, "partner"),
            destination: try TripPatch.text(destination, "destination"), notes: try TripPatch.text(notes, "notes"))
    }
}
