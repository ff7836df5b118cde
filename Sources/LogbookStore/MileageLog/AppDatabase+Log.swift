import Foundation
import TripEngine
public import MileageLog
public import TrackModel

/// Which trips to list.
public struct TripFilter: Sendable, Hashable {
    public var vehicle: String?
    /// Only trips of these vehicles (plates), when given: what a driver may see.
    public var vehicles: [String]?
    public var driver: String?
    public var category: TripCategory?
    /// Only unclassified trips.
    public var unclassified: Bool
    /// Trips that start inside this interval.
    public var interval: UTCInterval?
    public var includeVoided: Bool

    public init(
        vehicle: String? = nil, driver: String? = nil, category: TripCategory? = nil, unclassified: Bool = false,
        interval: UTCInterval? = nil, includeVoided: Bool = false, vehicles: [String]? = nil
    ) {
        self.vehicle = vehicle
        self.vehicles = vehicles
        self.driver = driver
        self.category = category
        self.unclassified = unclassified
        self.interval = interval
        self.includeVoided = includeVoided
    }
}

/// A page of trips, and what the whole filter matches.
public struct TripPage: Sendable {
    public var trips: [StoredTrip]
    /// How many trips match the filter in all.
    public var total: Int
    /// Their distance, voided trips left out, metres.
    public var distance: Double
}

/// How a trip typed in by hand gives its distance.
public enum OdometerInput: Sendable, Hashable {
    /// The odometer at the end, in the vehicle's unit; the start is the odometer after the previous trip.
    case end(Double)
    /// The distance in metres; the odometer, when known, advances by it.
    case distance(metres: Double)
    /// Both odometer readings, in the vehicle's unit: a trip back-filled into a gap of the chain.
    case range(start: Double, end: Double)
}

/// A trip typed in by hand or made from a regular trip.
public struct NewTrip: Sendable, Hashable {
    public var vehicle: String
    public var driver: String?
    public var start: Timestamp
    /// `nil`: estimated from the distance at 60 km/h (at least a minute).
    public var end: Timestamp?
    public var odometer: OdometerInput
    public var category: TripCategory?
    public var purpose: String?
    public var partner: String?
    public var destination: String?
    public var notes: String?
    public var startLabel: String?
    public var endLabel: String?
    public var startCoordinate: Coordinate?
    public var endCoordinate: Coordinate?

    public init(
        vehicle: String, driver: String? = nil, start: Timestamp, end: Timestamp?, odometer: OdometerInput,
        category: TripCategory? = nil, purpose: String? = nil, partner: String? = nil, destination: String? = nil,
        notes: String? = nil, startLabel: String? = nil, endLabel: String? = nil, startCoordinate: Coordinate? = nil,
        endCoordinate: Coordinate? = nil
    ) {
        self.vehicle = vehicle
        self.driver = driver
        self.start = start
        self.end = end
        self.odometer = odometer
        self.category = category
        self.purpose = purpose
        self.partner = partner
        self.destination = destination
        self.notes = notes
        self.startLabel = startLabel
        self.endLabel = endLabel
        self.startCoordinate = startCoordinate
        self.endCoordinate = endCoordinate
    }
}

/// Changes to a trip's classification and description: `nil` keeps a field, an empty text clears it.
public struct TripChanges: Sendable, Hashable {
    public var category: TripCategory?
    public var purpose: String?
    public var partner: String?
    public var destination: String?
    public var notes: String?
    public var startLabel: String?
    public var endLabel: String?
    public var driver: String?

    public init(
        category: TripCategory? = nil, purpose: String? = nil, partner: String? = nil, destination: String? = nil,
        notes: String? = nil, startLabel: String? = nil, endLabel: String? = nil, driver: String? = nil
    ) {
        self.category = category
        self.purpose = purpose
        self.partner = partner
        self.destination = destination
        self.notes = notes
        self.startLabel = startLabel
        self.endLabel = endLabel
        self.driver = driver
    }

    public var isEmpty: Bool { self == TripChanges() }
}

/// What a write of the log does first: the time, the audit writer, and the sweep of due trips.
struct LogContext {
    var now: Timestamp
    var audit: AuditWriter
}

extension AppDatabase {
    // MARK: Reading

    /// The trips that match `filter`, ordered by start (then vehicle).
    public func trips(_ filter: TripFilter, includeTracks: Bool = false) throws -> [StoredTrip] {
        let now = clock()
        return try read("trips") { db in
            let (clause, arguments) = Self.whereClause(filter, db.dialect)
            let sql =
                Self.tripSelect(includeTracks: includeTracks) + clause
                + " ORDER BY trip.started_at, trip.vehicle_id, trip.id"
            return try SQLRow.fetchAll(db, sql: sql, arguments: arguments).map { try storedTrip($0, now: now) }
        }
    }

    /// One page of the trips that match `filter` (ordered as `trips(_:)`), with how many match in all and their
    /// distance (voided trips never count): the page is read from SQLite alone, not cut from every trip.
    public func tripPage(_ filter: TripFilter, limit: Int, offset: Int) throws -> TripPage {
        let now = clock()
        return try read("tripPage") { db in
            let (clause, arguments) = Self.whereClause(filter, db.dialect)
            // Joined only when the filter names a vehicle or a driver: the count then reads the covering index alone.
            var from = " FROM trip"
            if filter.vehicle != nil || filter.vehicles != nil {
                from += " JOIN vehicle ON vehicle.id = trip.vehicle_id"
            }
            if filter.driver != nil { from += " LEFT JOIN driver ON driver.id = trip.driver_id" }
            let totals = try SQLRow.fetchOne(
                db,
                sql: "SELECT count(*) AS n, coalesce(sum(CASE WHEN trip.voided_at IS NULL THEN trip.distance_m END), 0)"
                    + " AS d" + from + clause,
                arguments: arguments)
            var pageArguments = arguments
            pageArguments += [max(0, limit), max(0, offset)]
            let trips = try SQLRow.fetchAll(
                db,
                sql: Self.tripSelect(includeTracks: false) + clause
                    + " ORDER BY trip.started_at, trip.vehicle_id, trip.id LIMIT ? OFFSET ?",
                arguments: pageArguments
            ).map { try storedTrip($0, now: now) }
            let total: Int = try totals?.value("n") ?? 0
            let distance: Double = try totals?.value("d") ?? 0
            return TripPage(trips: trips, total: total, distance: distance)
        }
    }

    /// The WHERE clause (with its leading space) and arguments of a filter.
    static func whereClause(_ filter: TripFilter, _ dialect: SQLDialect) -> (String, SQLArguments) {
        var conditions: [String] = []
        var arguments = SQLArguments()
        if let vehicle = filter.vehicle?.trimmingCharacters(in: .whitespacesAndNewlines) {
            conditions.append(dialect.sameName("vehicle.plate"))
            arguments += [vehicle]
        }
        if let plates = filter.vehicles {
            conditions.append(plates.isEmpty ? "1 = 0" : dialect.sameNameIn("vehicle.plate", count: plates.count))
            for plate in plates { arguments += [plate] }
        }
        if let driver = filter.driver?.trimmingCharacters(in: .whitespacesAndNewlines) {
            conditions.append(dialect.sameName("driver.name"))
            arguments += [driver]
        }
        if let category = filter.category {
            conditions.append("trip.category = ?")
            arguments += [category.rawValue]
        }
        if filter.unclassified { conditions.append("trip.category IS NULL") }
        if let start = filter.interval?.start {
            conditions.append("trip.started_at >= ?")
            arguments += [start.secondsSince1970]
        }
        if let end = filter.interval?.end {
            conditions.append("trip.started_at < ?")
            arguments += [end.secondsSince1970]
        }
        if !filter.includeVoided { conditions.append("trip.voided_at IS NULL") }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// The stored trips, of one vehicle (by plate) or of all, voided ones left out, ordered by start.
    public func trips(vehicle: String? = nil, includeTracks: Bool = true) throws -> [StoredTrip] {
        try trips(TripFilter(vehicle: vehicle), includeTracks: includeTracks)
    }

    /// One trip, voided or not.
    public func trip(id: Int64, includeTrack: Bool = false) throws -> StoredTrip {
        let now = clock()
        return try read("trip") { db in try Self.fetchTrip(id, includeTrack: includeTrack, now: now, policy: policy, db)
        }
    }

    /// The purposes used most (trips not voided, then regular trips), most used first: suggestions for a purpose field.
    /// With `vehicles`, only the purposes of those vehicles' trips and regular trips (and of regular trips of no
    /// vehicle): what a driver may see; an empty list has only the latter.
    public func purposeSuggestions(vehicles: [String]? = nil, limit: Int = 30) throws -> [String] {
        try read("purposeSuggestions") { db in
            var tripCondition = ""
            var regularCondition = ""
            var arguments = SQLArguments()
            if let vehicles {
                let plates = vehicles.isEmpty ? "1 = 0" : db.dialect.sameNameIn("plate", count: vehicles.count)
                let among = "(SELECT id FROM vehicle WHERE \(plates))"
                tripCondition = " AND vehicle_id IN \(among)"
                regularCondition = " AND (vehicle_id IS NULL OR vehicle_id IN \(among))"
                arguments += SQLArguments(vehicles)
                arguments += SQLArguments(vehicles)
            }
            arguments += [limit]
            return try String.fetchAll(
                db,
                sql: """
                    SELECT purpose FROM (
                        SELECT purpose FROM trip
                        WHERE purpose IS NOT NULL AND purpose <> '' AND voided_at IS NULL\(tripCondition)
                        UNION ALL
                        SELECT purpose FROM regular_trip WHERE purpose IS NOT NULL AND purpose <> ''\(regularCondition)
                    ) AS used
                    GROUP BY purpose ORDER BY count(*) DESC, \(db.dialect.binaryOrder("purpose")) LIMIT ?
                    """,
                arguments: arguments)
        }
    }

    /// Which of these trips have edits in their history (a page's worth: one indexed look-up each).
    public func editedTripIDs(among ids: [Int64]) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        return try read("editedTripIDs") { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: "SELECT DISTINCT entity_id FROM audit_entry WHERE entity = 'trip' AND action = 'edit' "
                        + "AND entity_id IN (" + ids.map { _ in "?" }.joined(separator: ", ") + ")",
                    arguments: SQLArguments(ids.map(String.init))
                ).compactMap { Int64($0) })
        }
    }

    /// Whether the trip's history holds edits made after it was entered (shown in reports).
    public func editedTripIDs() throws -> Set<Int64> {
        try read("editedTripIDs") { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT DISTINCT entity_id FROM audit_entry WHERE entity = 'trip' AND action = 'edit'"
                ).compactMap { Int64($0) })
        }
    }

    static func tripSelect(includeTracks: Bool) -> String {
        """
        SELECT trip.*, vehicle.plate, vehicle.odometer_unit, driver.name AS driver_name,
            regular_trip.name AS regular_name, \(includeTracks ? "trip_track.points" : "NULL") AS track
        FROM trip
        JOIN vehicle ON vehicle.id = trip.vehicle_id
        LEFT JOIN driver ON driver.id = trip.driver_id
        LEFT JOIN regular_trip ON regular_trip.id = trip.regular_id
        \(includeTracks ? "LEFT JOIN trip_track ON trip_track.trip_id = trip.id" : "")
        """
    }

    static func fetchTrip(
        _ id: Int64, includeTrack: Bool = false, now: Timestamp, policy: LogPolicy, _ db: any SQLSession
    ) throws -> StoredTrip {
        guard
            let row = try SQLRow.fetchOne(
                db, sql: tripSelect(includeTracks: includeTrack) + " WHERE trip.id = ?", arguments: [id])
        else { throw StoreError(.notFound, operation: "trip", detail: "there is no trip \(id)") }
        return try storedTrip(row, now: now, policy: policy)
    }

    func storedTrip(_ row: SQLRow, now: Timestamp) throws -> StoredTrip {
        try Self.storedTrip(row, now: now, policy: policy)
    }

    static func storedTrip(_ row: SQLRow, now: Timestamp, policy: LogPolicy) throws -> StoredTrip {
        let id: Int64 = try row["id"]
        func decoded<T: RawRepresentable<String>>(_ column: String, as: T.Type) throws -> T? {
            guard let text: String = try row[column] else { return nil }
            guard let value = T(rawValue: text) else {
                throw StoreError(.invalidData, operation: "trips", detail: "trip \(id): unknown \(column) '\(text)'")
            }
            return value
        }
        var track: [TrackPoint] = []
        if let points: Data = try row["track"] {
            do {
                track = try TrackEncoding.decode([UInt8](points))
            } catch {
                throw StoreError(.invalidData, operation: "trips", detail: "\(error) (trip \(id))")
            }
        }
        func coordinate(_ lat: String, _ lon: String) throws -> Coordinate? {
            guard let latitude: Double = try row[lat], let longitude: Double = try row[lon] else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        let end = Timestamp(secondsSince1970: try row["ended_at"])
        let created = Timestamp(secondsSince1970: try row["created_at"])
        let voidedAt = (try row["voided_at"] as Double?).map(Timestamp.init(secondsSince1970:))
        let stored: Bool = try row["locked"]
        return StoredTrip(
            id: id, vehicle: try row["plate"], driver: try row["driver_name"],
            start: Timestamp(secondsSince1970: try row["started_at"]), end: end, distance: try row["distance_m"],
            idleSeconds: try row["idle_s"], idlePeriods: try row["idle_periods"],
            maximumSpeed: try row["max_speed_mps"],
            startCoordinate: try coordinate("start_lat", "start_lon"),
            endCoordinate: try coordinate("end_lat", "end_lon"),
            fixesUsed: try row["fixes_used"], track: track, source: try decoded("source", as: TripSource.self) ?? .gps,
            importKey: try row["import_key"], startOdometer: try row["start_odometer"],
            endOdometer: try row["end_odometer"],
            odometerUnit: try decoded("odometer_unit", as: OdometerUnit.self) ?? .km,
            category: try decoded("category", as: TripCategory.self),
            categoryOrigin: try decoded("category_origin", as: CategoryOrigin.self), purpose: try row["purpose"],
            partner: try row["partner"], destination: try row["destination"], notes: try row["notes"],
            startLabel: try row["start_label"], endLabel: try row["end_label"], regularName: try row["regular_name"],
            locked: stored || (voidedAt == nil && policy.isLocked(end: end, created: created, now: now)),
            voidedAt: voidedAt, voidReason: try row["void_reason"], createdAt: created,
            estimated: EstimatedEnds(column: try row["estimated"]))
    }

    // MARK: Writing

    /// A write of the log: sweeps due trips (unclassified → private, old → locked) first, then runs `body`
    /// with the audit writer, all in one transaction.
    func logWrite<T>(_ operation: String, _ body: (any SQLSession, inout LogContext) throws -> T) throws -> T {
        let now = clock()
        let policy = policy
        return try write(operation) { db in
            var context = LogContext(now: now, audit: try AuditWriter(db, actor: policy.actor, time: now))
            try Self.sweep(db, policy: policy, context: &context)
            return try body(db, &context)
        }
    }

    /// Makes unclassified trips private after the configured days (an audited change by `logbook`), then locks
    /// trips whose time has come.
    static func sweep(_ db: any SQLSession, policy: LogPolicy, context: inout LogContext) throws {
        let now = context.now.secondsSince1970
        if let days = policy.unclassifiedPrivateAfterDays {
            let due = try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM trip WHERE category IS NULL AND voided_at IS NULL AND locked = 0
                    AND ended_at + ? <= ? ORDER BY id
                    """, arguments: [Double(days) * 86_400, now])
            for id in due {
                try db.execute(
                    sql: "UPDATE trip SET category = 'private', category_origin = 'default' WHERE id = ?",
                    arguments: [id])
                try context.audit.record(
                    db, trip: id, action: .edit, field: "category", new: TripCategory.private.rawValue,
                    actor: "logbook (unclassified after \(days) days)")
            }
        }
        if let days = policy.lockAfterDays {
            try db.execute(
                sql: """
                    UPDATE trip SET locked = 1
                    WHERE locked = 0 AND voided_at IS NULL
                    AND \(db.dialect.greatest("ended_at", "created_at")) + ? <= ?
                    """, arguments: [Double(days) * 86_400, now])
        }
    }

    /// Adds a trip typed in by hand. The odometer at its start is the one after the previous trip (or the latest
    /// reading, or the vehicle's initial odometer); refused when the odometer would go backwards, when it would
    /// run past the next trip's, or when the trip overlaps another of the vehicle's.
    public func addTrip(_ new: NewTrip, source: TripSource = .manual, regularID: Int64? = nil) throws -> StoredTrip {
        let policy = policy
        return try logWrite("addTrip") { db, context in
            let vehicle = try Self.requireVehicle(new.vehicle, db)
            let driverID = try new.driver.map { try Self.requireDriver($0, db) } ?? vehicle.driverID
            if let end = new.end, end < new.start {
                throw StoreError(.refused, operation: "addTrip", detail: "the trip ends before it starts")
            }
            let before = try Self.odometer(
                before: new.start, vehicleID: vehicle.id, initial: vehicle.initialOdometer, db)
            let unit = vehicle.unit
            var startOdometer: Double?
            var endOdometer: Double?
            var derived = false
            let distance: Double
            switch new.odometer {
            case .end(let reading):
                guard reading.isFinite, reading >= 0, reading < Self.largestOdometer else {
                    throw StoreError(
                        .refused, operation: "addTrip",
                        detail: "an odometer reading must be from 0 to less than \(Int(Self.largestOdometer))")
                }
                guard let before else {
                    throw StoreError(
                        .refused, operation: "addTrip",
                        detail: "no odometer is known before this trip; give --distance, or set the vehicle's "
                            + "initial odometer or record a reading first")
                }
                guard reading >= before.value else {
                    throw StoreError(
                        .refused, operation: "addTrip",
                        detail: "the odometer would go backwards: \(Self.format(reading)) \(unit.rawValue) is below "
                            + "\(Self.format(before.value)) \(unit.rawValue), \(before.source)")
                }
                startOdometer = before.value
                endOdometer = reading
                distance = (reading - before.value) * unit.metres
            case .distance(let metres):
                guard metres.isFinite, metres >= 0 else {
                    throw StoreError(.refused, operation: "addTrip", detail: "the distance must be 0 or more")
                }
                distance = metres
                derived = true
                if let before {
                    startOdometer = before.value
                    endOdometer = before.value + metres / unit.metres
                }
            case .range(let start, let end):
                guard start.isFinite, end.isFinite, start >= 0, end >= start, end < Self.largestOdometer else {
                    throw StoreError(
                        .refused, operation: "addTrip",
                        detail: "the odometer at the end (\(Self.format(end)) \(unit.rawValue)) must not be below the "
                            + "start (\(Self.format(start)) \(unit.rawValue))")
                }
                if let before, start < before.value {
                    throw StoreError(
                        .refused, operation: "addTrip",
                        detail: "the odometer would go backwards: the start \(Self.format(start)) \(unit.rawValue) is "
                            + "below \(Self.format(before.value)) \(unit.rawValue), \(before.source)")
                }
                startOdometer = start
                endOdometer = end
                distance = (end - start) * unit.metres
            }
            let end = new.end ?? new.start + max(60, (distance / (60_000.0 / 3_600)).rounded())
            if let reason = TripPlausibility.refusal(seconds: end - new.start, metres: distance) {
                throw StoreError(.refused, operation: "addTrip", detail: reason)
            }
            try Self.refuseOverlap(vehicleID: vehicle.id, start: new.start, end: end, excluding: [], db)
            var shift = ChainShift()
            if let endOdometer {
                if derived {
                    shift = try Self.chainShift(
                        vehicleID: vehicle.id, after: new.start, end: endOdometer, unit: unit, db)
                } else {
                    try Self.refuseOdometerPastNext(
                        vehicleID: vehicle.id, after: new.start, end: endOdometer, unit: unit, db)
                }
            }
            let category = new.category
            try Self.validate(
                category: category, purpose: new.purpose, partner: new.partner, destination: new.destination,
                startLabel: new.startLabel, endLabel: new.endLabel, startOdometer: startOdometer,
                endOdometer: endOdometer, distance: distance, plate: vehicle.plate, policy: policy)
            let id = try db.insertReturningID(
                sql: """
                    INSERT INTO trip (
                        vehicle_id, driver_id, started_at, ended_at, distance_m, start_lat, start_lon, end_lat,
                        end_lon, source, created_at, start_odometer, end_odometer, category, category_origin, purpose,
                        partner, destination, notes, start_label, end_label, regular_id, odometer_derived)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    vehicle.id, driverID, new.start.secondsSince1970, end.secondsSince1970, distance,
                    new.startCoordinate?.latitude, new.startCoordinate?.longitude, new.endCoordinate?.latitude,
                    new.endCoordinate?.longitude, source.rawValue, context.now.secondsSince1970, startOdometer,
                    endOdometer, category?.rawValue,
                    category.map { _ in source == .regular ? CategoryOrigin.regular.rawValue : "manual" },
                    Self.clean(new.purpose), Self.clean(new.partner), Self.clean(new.destination),
                    Self.clean(new.notes), Self.clean(new.startLabel), Self.clean(new.endLabel), regularID,
                    derived && startOdometer != nil,
                ])
            try context.audit.recordCreation(db, trip: id)
            try Self.apply(shift, backFilled: id, context: &context, db)
            return try Self.fetchTrip(id, now: context.now, policy: policy, db)
        }
    }

    /// Changes a trip's category, purpose, partner, destination, notes, place labels or driver. A category set
    /// here is a manual one: rules never change it again. Locked and voided trips are refused.
    public func editTrip(id: Int64, _ changes: TripChanges) throws -> StoredTrip {
        let policy = policy
        return try logWrite("editTrip") { db, context in
            let trip = try Self.fetchTrip(id, now: context.now, policy: policy, db)
            try Self.refuseChange(of: trip)
            guard !changes.isEmpty else { return trip }
            func merged(_ change: String?, _ current: String?) -> String? {
                guard let change else { return current }
                return Self.clean(change)
            }
            let category = changes.category ?? trip.category
            let purpose = merged(changes.purpose, trip.purpose)
            let partner = merged(changes.partner, trip.partner)
            let destination = merged(changes.destination, trip.destination)
            let startLabel = merged(changes.startLabel, trip.startLabel)
            let endLabel = merged(changes.endLabel, trip.endLabel)
            try Self.validate(
                category: category, purpose: purpose, partner: partner, destination: destination,
                startLabel: startLabel, endLabel: endLabel, startOdometer: trip.startOdometer,
                endOdometer: trip.endOdometer, distance: trip.distance, plate: trip.vehicle, policy: policy)
            let before = try Self.snapshot(trip: id, db)
            var driverID: Int64?
            if let driver = changes.driver { driverID = try Self.requireDriver(driver, db) }
            try db.execute(
                sql: """
                    UPDATE trip SET category = ?, category_origin = ?, purpose = ?, partner = ?, destination = ?,
                        notes = ?, start_label = ?, end_label = ?, driver_id = coalesce(?, driver_id)
                    WHERE id = ?
                    """,
                arguments: [
                    category?.rawValue,
                    changes.category != nil ? CategoryOrigin.manual.rawValue : trip.categoryOrigin?.rawValue,
                    purpose, partner, destination, merged(changes.notes, trip.notes), startLabel, endLabel, driverID,
                    id,
                ])
            try context.audit.recordEdits(db, trip: id, from: before, to: try Self.snapshot(trip: id, db))
            return try Self.fetchTrip(id, now: context.now, policy: policy, db)
        }
    }

    /// Takes a trip out of totals and reports; it stays in the log and its history, marked void with the reason.
    public func voidTrip(id: Int64, reason: String) throws -> StoredTrip {
        let policy = policy
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else {
            throw StoreError(.refused, operation: "voidTrip", detail: "give a reason for voiding the trip")
        }
        return try logWrite("voidTrip") { db, context in
            let trip = try Self.fetchTrip(id, now: context.now, policy: policy, db)
            try Self.refuseChange(of: trip)
            try Self.void(id, reason: reason, context: &context, db)
            return try Self.fetchTrip(id, now: context.now, policy: policy, db)
        }
    }

    static func void(_ id: Int64, reason: String, context: inout LogContext, _ db: any SQLSession) throws {
        try db.execute(
            sql: "UPDATE trip SET voided_at = ?, void_reason = ? WHERE id = ?",
            arguments: [context.now.secondsSince1970, reason, id])
        try context.audit.record(db, trip: id, action: .void, field: "void_reason", new: reason)
    }

    // MARK: Rules of the log

    struct VehicleRow {
        var id: Int64
        var plate: String
        var unit: OdometerUnit
        var initialOdometer: Double?
        var driverID: Int64?
    }

    static func requireVehicle(_ plate: String, _ db: any SQLSession) throws -> VehicleRow {
        let plate = plate.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let row = try SQLRow.fetchOne(
                db, sql: "SELECT * FROM vehicle WHERE \(db.dialect.sameName("plate"))", arguments: [plate])
        else {
            throw StoreError(
                .notFound, operation: "vehicle",
                detail: "unknown vehicle '\(plate)'; add it with `logbook vehicles add --plate \(plate)`")
        }
        return VehicleRow(
            id: try row["id"], plate: try row["plate"], unit: OdometerUnit(rawValue: try row["odometer_unit"]) ?? .km,
            initialOdometer: try row["initial_odometer"], driverID: try row["driver_id"])
    }

    static func requireDriver(_ name: String, _ db: any SQLSession) throws -> Int64 {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM driver WHERE \(db.dialect.sameName("name"))", arguments: [name])
        else {
            throw StoreError(
                .notFound, operation: "driver",
                detail: "unknown driver '\(name)'; add them with `logbook drivers add \"\(name)\"`")
        }
        return id
    }

    static func refuseChange(of trip: StoredTrip) throws {
        if trip.voided {
            throw StoreError(.refused, operation: "trip", detail: "trip \(trip.id) is voided and cannot be changed")
        }
        if trip.locked {
            throw StoreError(
                .refused, operation: "trip",
                detail: "trip \(trip.id) is locked (trips lock some days after they end) and cannot be changed")
        }
    }

    static func refuseOverlap(
        vehicleID: Int64, start: Timestamp, end: Timestamp, excluding: [Int64], _ db: any SQLSession
    ) throws {
        let excluded = excluding.isEmpty ? "" : " AND id NOT IN (\(excluding.map(String.init).joined(separator: ",")))"
        if let other = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, started_at, ended_at FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND started_at < ? AND ended_at > ?\(excluded)
                ORDER BY started_at LIMIT 1
                """, arguments: [vehicleID, end.secondsSince1970, start.secondsSince1970])
        {
            let from = Timestamp(secondsSince1970: try other["started_at"]).iso8601
            let to = Timestamp(secondsSince1970: try other["ended_at"]).iso8601
            throw StoreError(
                .refused, operation: "addTrip",
                detail: "the trip overlaps trip \(try other["id"] as Int64) (\(from) to \(to))")
        }
    }

    /// The odometer before `time`: the latest of the previous trip's end, a dashboard reading, or the initial
    /// odometer, with a phrase saying where it came from.
    static func odometer(
        before time: Timestamp, vehicleID: Int64, initial: Double?, _ db: any SQLSession
    ) throws -> (value: Double, source: String)? {
        let trip = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, ended_at, end_odometer FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND started_at < ? AND end_odometer IS NOT NULL
                ORDER BY started_at DESC LIMIT 1
                """, arguments: [vehicleID, time.secondsSince1970])
        let reading = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT read_at, reading FROM odometer_reading WHERE vehicle_id = ? AND read_at <= ?
                AND voided_at IS NULL ORDER BY read_at DESC LIMIT 1
                """, arguments: [vehicleID, time.secondsSince1970])
        if let reading, try trip.map({ (try $0["ended_at"] as Double) <= (try reading["read_at"] as Double) }) ?? true {
            let at = Timestamp(secondsSince1970: try reading["read_at"]).iso8601
            return (try reading["reading"], "the reading of \(at)")
        }
        if let trip {
            return (try trip["end_odometer"], "the odometer at the end of trip \(try trip["id"] as Int64)")
        }
        return initial.map { ($0, "the vehicle's initial odometer") }
    }

    static func refuseOdometerPastNext(
        vehicleID: Int64, after time: Timestamp, end: Double, unit: OdometerUnit, _ db: any SQLSession
    ) throws {
        if let next = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, start_odometer FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND started_at > ? AND start_odometer IS NOT NULL
                ORDER BY started_at LIMIT 1
                """, arguments: [vehicleID, time.secondsSince1970]), (try next["start_odometer"] as Double) < end
        {
            throw StoreError(
                .refused, operation: "addTrip",
                detail: "the odometer would end at \(format(end)) \(unit.rawValue), past the start of the next trip "
                    + "\(try next["id"] as Int64) at \(format(try next["start_odometer"])) \(unit.rawValue)")
        }
    }

    static func validate(
        category: TripCategory?, purpose: String?, partner: String?, destination: String?, startLabel: String?,
        endLabel: String?, startOdometer: Double?, endOdometer: Double?, distance: Double, plate: String,
        policy: LogPolicy
    ) throws {
        guard category == .business else { return }
        guard clean(purpose) != nil else {
            throw StoreError(.refused, operation: "trip", detail: "a business trip needs a purpose (--purpose)")
        }
        guard let preset = policy.preset else { return }
        let entry = TripEntry(
            start: Timestamp(secondsSince1970: 0), category: .business, vehiclePlate: plate, purpose: purpose,
            businessPartner: partner, destination: destination, startPlace: startLabel, endPlace: endLabel,
            odometerStart: startOdometer, odometerEnd: endOdometer, distanceMetres: distance)
        let missing = preset.validate(entry)
        if !missing.isEmpty {
            throw StoreError(
                .refused, operation: "trip",
                detail: "a business trip under the \(preset.rawValue) preset also needs "
                    + missing.map(\.description).joined(separator: ", "))
        }
    }

    /// Trimmed text, or nil when nothing is left.
    static func clean(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    static func format(_ value: Double) -> String {
        // Beyond 2^53 (and for infinities) there are no tenths to round to, and `Int` would trap.
        guard value.isFinite, abs(value) < 9e15 else { return String(value) }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
