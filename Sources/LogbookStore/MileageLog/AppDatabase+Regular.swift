import Foundation
public import MileageLog
public import TrackModel

/// A regular trip ("favourite"): a trip driven again and again, made into a template.
public struct RegularTrip: Sendable, Hashable {
    public var name: String
    public var vehicle: String?
    public var driver: String?
    public var category: TripCategory
    public var purpose: String?
    public var partner: String?
    public var destination: String?
    public var notes: String?
    public var startLabel: String?
    public var endLabel: String?
    public var startCoordinate: Coordinate?
    public var endCoordinate: Coordinate?
    /// Metres.
    public var distance: Double
    /// Local minute of the day at which it usually starts.
    public var startMinute: Int
    public var duration: Double
}

extension AppDatabase {
    /// Makes a regular trip from a stored one: its vehicle, driver, classification, places, distance and times.
    @discardableResult
    public func addRegular(name: String, fromTrip id: Int64) throws -> RegularTrip {
        guard let name = Self.clean(name) else {
            throw StoreError(.refused, operation: "addRegular", detail: "a regular trip needs a name")
        }
        let now = clock()
        let policy = policy
        try write("addRegular") { db in
            let trip = try Self.fetchTrip(id, now: now, policy: policy, db)
            guard !trip.voided else {
                throw StoreError(.refused, operation: "addRegular", detail: "trip \(id) is voided")
            }
            guard let category = trip.category else {
                throw StoreError(
                    .refused, operation: "addRegular",
                    detail:
                        "trip \(id) has no category yet; classify it first with `logbook trips edit \(id) --category …`"
                )
            }
            if try Int64.fetchOne(
                db, sql: "SELECT id FROM regular_trip WHERE \(db.dialect.sameName("name"))", arguments: [name]) != nil
            {
                throw StoreError(.refused, operation: "addRegular", detail: "there is already a regular trip '\(name)'")
            }
            let vehicle = try Self.requireVehicle(trip.vehicle, db)
            let driverID = try trip.driver.map { try Self.requireDriver($0, db) }
            let local = trip.start.secondsSince1970 + Double(policy.utcOffset(trip.start))
            let minute = Int(((local - (local / 86_400).rounded(.down) * 86_400) / 60).rounded(.down))
            try db.execute(
                sql: """
                    INSERT INTO regular_trip (
                        name, vehicle_id, driver_id, category, purpose, partner, destination, notes, start_label,
                        end_label, start_lat, start_lon, end_lat, end_lon, distance_m, start_minute, duration_s,
                        created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    name, vehicle.id, driverID, category.rawValue, trip.purpose, trip.partner, trip.destination,
                    trip.notes, trip.startLabel, trip.endLabel, trip.startCoordinate?.latitude,
                    trip.startCoordinate?.longitude, trip.endCoordinate?.latitude, trip.endCoordinate?.longitude,
                    trip.distance, min(1_439, max(0, minute)), trip.duration, now.secondsSince1970,
                ])
        }
        return try regular(named: name)
    }

    public func regular(named name: String) throws -> RegularTrip {
        try read("regular") { db in try Self.regular(named: name, db).trip }
    }

    public func regulars() throws -> [RegularTrip] {
        try read("regulars") { db in
            try SQLRow.fetchAll(db, sql: Self.regularSelect + " ORDER BY \(db.dialect.nameOrder("regular_trip.name"))")
                .map(Self.regularTrip)
        }
    }

    /// Removes a regular trip; trips made from it keep their values.
    public func removeRegular(named name: String) throws {
        try write("removeRegular") { db in
            let id = try Self.regular(named: name, db).id
            try db.execute(sql: "DELETE FROM regular_trip WHERE id = ?", arguments: [id])
        }
    }

    /// Adds a trip made from a regular one on `start` (defaults: its vehicle, its usual start minute on `day`).
    public func addTrip(
        regular name: String, start: Timestamp, vehicle: String? = nil, driver: String? = nil, purpose: String? = nil
    ) throws -> StoredTrip {
        let (id, regular) = try read("regular") { db in try Self.regular(named: name, db) }
        guard let plate = vehicle ?? regular.vehicle else {
            throw StoreError(.refused, operation: "addTrip", detail: "name the vehicle (--vehicle)")
        }
        let new = NewTrip(
            vehicle: plate, driver: driver ?? regular.driver, start: start, end: start + regular.duration,
            odometer: .distance(metres: regular.distance), category: regular.category,
            purpose: purpose ?? regular.purpose, partner: regular.partner, destination: regular.destination,
            notes: regular.notes, startLabel: regular.startLabel, endLabel: regular.endLabel,
            startCoordinate: regular.startCoordinate, endCoordinate: regular.endCoordinate)
        return try addTrip(new, source: .regular, regularID: id)
    }

    static let regularSelect = """
        SELECT regular_trip.*, vehicle.plate, driver.name AS driver_name FROM regular_trip
        LEFT JOIN vehicle ON vehicle.id = regular_trip.vehicle_id
        LEFT JOIN driver ON driver.id = regular_trip.driver_id
        """

    static func regular(named name: String, _ db: any SQLSession) throws -> (id: Int64, trip: RegularTrip) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let row = try SQLRow.fetchOne(
                db, sql: regularSelect + " WHERE \(db.dialect.sameName("regular_trip.name"))", arguments: [name])
        else {
            throw StoreError(
                .notFound, operation: "regular",
                detail: "there is no regular trip '\(name)'; see `logbook regular list`")
        }
        return (try row["id"], try regularTrip(row))
    }

    static func regularTrip(_ row: SQLRow) throws -> RegularTrip {
        func coordinate(_ lat: String, _ lon: String) throws -> Coordinate? {
            guard let latitude: Double = try row[lat], let longitude: Double = try row[lon] else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        guard let category = TripCategory(rawValue: try row["category"]) else {
            throw StoreError(.invalidData, operation: "regular", detail: "unknown category")
        }
        return RegularTrip(
            name: try row["name"], vehicle: try row["plate"], driver: try row["driver_name"], category: category,
            purpose: try row["purpose"], partner: try row["partner"], destination: try row["destination"],
            notes: try row["notes"],
            startLabel: try row["start_label"], endLabel: try row["end_label"],
            startCoordinate: try coordinate("start_lat", "start_lon"),
            endCoordinate: try coordinate("end_lat", "end_lon"),
            distance: try row["distance_m"], startMinute: try row["start_minute"], duration: try row["duration_s"])
    }
}
