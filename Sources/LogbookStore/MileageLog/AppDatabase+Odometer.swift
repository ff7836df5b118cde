import Foundation
public import MileageLog
public import TrackModel

/// A dashboard odometer reading as stored.
public struct StoredReading: Sendable, Hashable {
    public var id: Int64
    public var vehicle: String
    public var time: Timestamp
    /// In the vehicle's unit.
    public var reading: Double
    public var unit: OdometerUnit
    public var note: String?
    /// Recorded with --force against the odometer chain.
    public var forced: Bool = false
    public var voidedAt: Timestamp?
    public var voidReason: String?

    public var voided: Bool { voidedAt != nil }
}

/// The factor between GPS distance and a vehicle's odometer, from its dashboard readings.
public struct CalibrationReport: Sendable, Hashable {
    public var vehicle: String
    /// Odometer distance per GPS distance; nil until two readings enclose GPS trips.
    public var factor: Double?
    /// Reading intervals used (each enclosing whole GPS trips only).
    public var intervals: Int
    public var gpsKilometres: Double
    public var odometerKilometres: Double
}

extension AppDatabase {
    /// Records a dashboard reading, checked against the odometer chain: refused (with the numbers) when it is
    /// below an earlier reading or an earlier trip's end odometer, above a later one, or far beyond what the trips
    /// since the previous reading explain (`ReadingTolerance`) — unless `force`, which records it marked, so that
    /// `odometerFindings` lists it. Its creation goes into the audit history.
    /// No odometer shows more digits: a larger reading is a typing or data error.
    public static let largestOdometer: Double = 100_000_000

    @discardableResult
    public func recordOdometer(
        vehicle plate: String, reading: Double, at time: Timestamp, note: String? = nil, force: Bool = false
    ) throws -> StoredReading {
        guard reading.isFinite, reading >= 0, reading < Self.largestOdometer else {
            throw StoreError(
                .refused, operation: "recordOdometer",
                detail: "an odometer reading must be from 0 to less than \(Int(Self.largestOdometer))")
        }
        return try logWrite("recordOdometer") { db, context in
            let vehicle = try Self.requireVehicle(plate, db)
            if let same = try Int64.fetchOne(
                db,
                sql: "SELECT id FROM odometer_reading WHERE vehicle_id = ? AND read_at = ? AND voided_at IS NULL",
                arguments: [vehicle.id, time.secondsSince1970])
            {
                throw StoreError(
                    .refused, operation: "recordOdometer",
                    detail: "there is a reading at \(time.iso8601) already (reading \(same)); correct it with "
                        + "`logbook odometer correct \(same) --reading N` or void it")
            }
            let problems = try Self.readingProblems(reading, at: time, vehicle: vehicle, excluding: nil, db)
            if !problems.isEmpty, !force {
                throw StoreError(
                    .refused, operation: "recordOdometer",
                    detail: problems.map(\.message).joined(separator: "; ") + "; record it anyway with --force")
            }
            let id = try db.insertReturningID(
                sql: """
                    INSERT INTO odometer_reading (vehicle_id, read_at, reading, note, created_at, forced)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    vehicle.id, time.secondsSince1970, reading, Self.clean(note), context.now.secondsSince1970,
                    problems.isEmpty ? 0 : 1,
                ])
            try context.audit.recordReadingCreation(db, reading: id)
            return try Self.fetchReading(id, db)
        }
    }

    /// Corrects a reading's value (and note, when given), checked against the chain like a new one; the change
    /// goes into the audit history. Voided readings are refused.
    @discardableResult
    public func correctOdometer(id: Int64, reading: Double, note: String? = nil, force: Bool = false) throws
        -> StoredReading
    {
        guard reading.isFinite, reading >= 0, reading < Self.largestOdometer else {
            throw StoreError(
                .refused, operation: "correctOdometer",
                detail: "an odometer reading must be from 0 to less than \(Int(Self.largestOdometer))")
        }
        return try logWrite("correctOdometer") { db, context in
            let old = try Self.fetchReading(id, db)
            if old.voided {
                throw StoreError(
                    .refused, operation: "correctOdometer", detail: "reading \(id) is voided and cannot be changed")
            }
            let vehicle = try Self.requireVehicle(old.vehicle, db)
            let problems = try Self.readingProblems(reading, at: old.time, vehicle: vehicle, excluding: id, db)
            if !problems.isEmpty, !force {
                throw StoreError(
                    .refused, operation: "correctOdometer",
                    detail: problems.map(\.message).joined(separator: "; ") + "; correct it anyway with --force")
            }
            let newNote = note.map { Self.clean($0) } ?? old.note
            try db.execute(
                sql: "UPDATE odometer_reading SET reading = ?, note = ?, forced = ? WHERE id = ?",
                arguments: [reading, newNote, problems.isEmpty ? 0 : 1, id])
            if old.reading != reading {
                try context.audit.record(
                    db, entity: "odometer_reading", id: id, action: .edit, field: "reading",
                    old: AuditSnapshot.number(old.reading), new: AuditSnapshot.number(reading))
            }
            if old.note != newNote {
                try context.audit.record(
                    db, entity: "odometer_reading", id: id, action: .edit, field: "note", old: old.note, new: newNote)
            }
            return try Self.fetchReading(id, db)
        }
    }

    /// Takes a reading out of the chain; it stays listed (with --include-voided) and in the history, with the reason.
    @discardableResult
    public func voidOdometer(id: Int64, reason: String) throws -> StoredReading {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else {
            throw StoreError(.refused, operation: "voidOdometer", detail: "give a reason for voiding the reading")
        }
        return try logWrite("voidOdometer") { db, context in
            let old = try Self.fetchReading(id, db)
            if old.voided {
                throw StoreError(.refused, operation: "voidOdometer", detail: "reading \(id) is voided already")
            }
            try db.execute(
                sql: "UPDATE odometer_reading SET voided_at = ?, void_reason = ? WHERE id = ?",
                arguments: [context.now.secondsSince1970, reason, id])
            try context.audit.record(
                db, entity: "odometer_reading", id: id, action: .void, field: "void_reason", new: reason)
            return try Self.fetchReading(id, db)
        }
    }

    public func odometerReadings(vehicle plate: String? = nil, includeVoided: Bool = false) throws -> [StoredReading] {
        try read("odometerReadings") { db in
            var sql = Self.readingSelect
            var conditions: [String] = []
            var arguments = SQLArguments()
            if let plate {
                _ = try Self.requireVehicle(plate, db)
                conditions.append(db.dialect.sameName("vehicle.plate"))
                arguments += [plate.trimmingCharacters(in: .whitespacesAndNewlines)]
            }
            if !includeVoided { conditions.append("odometer_reading.voided_at IS NULL") }
            if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
            sql += " ORDER BY \(db.dialect.nameOrder("vehicle.plate")), read_at, odometer_reading.id"
            return try SQLRow.fetchAll(db, sql: sql, arguments: arguments).map(Self.reading)
        }
    }

    public func odometerReading(id: Int64) throws -> StoredReading {
        try read("odometerReading") { db in try Self.fetchReading(id, db) }
    }

    static let readingSelect = """
        SELECT odometer_reading.*, vehicle.plate, vehicle.odometer_unit FROM odometer_reading
        JOIN vehicle ON vehicle.id = odometer_reading.vehicle_id
        """

    static func fetchReading(_ id: Int64, _ db: any SQLSession) throws -> StoredReading {
        guard let row = try SQLRow.fetchOne(db, sql: readingSelect + " WHERE odometer_reading.id = ?", arguments: [id])
        else {
            throw StoreError(
                .notFound, operation: "odometer",
                detail: "there is no odometer reading \(id); see `logbook odometer list`")
        }
        return try reading(row)
    }

    static func reading(_ row: SQLRow) throws -> StoredReading {
        StoredReading(
            id: try row["id"], vehicle: try row["plate"], time: Timestamp(secondsSince1970: try row["read_at"]),
            reading: try row["reading"], unit: OdometerUnit(rawValue: try row["odometer_unit"]) ?? .km,
            note: try row["note"],
            forced: (try row["forced"] as Int?) == 1,
            voidedAt: (try row["voided_at"] as Double?).map(Timestamp.init(secondsSince1970:)),
            voidReason: try row["void_reason"])
    }

    /// What is wrong with a reading at `time` against the vehicle's chain (live trips and readings), in the
    /// vehicle's unit.
    struct ReadingProblem {
        var kind: OdometerFinding.Kind
        /// By how much (vehicle's unit).
        var amount: Double
        var limit: Double
        var tripID: Int64?
        var message: String
    }

    static func readingProblems(
        _ reading: Double, at time: Timestamp, vehicle: VehicleRow, excluding: Int64?, _ db: any SQLSession
    ) throws -> [ReadingProblem] {
        let unit = vehicle.unit.rawValue
        let t = time.secondsSince1970
        let other = excluding.map { " AND id <> \($0)" } ?? ""
        var problems: [ReadingProblem] = []
        func at(_ seconds: Double) -> String { Timestamp(secondsSince1970: seconds).iso8601 }
        if let earlier = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, read_at, reading FROM odometer_reading
                WHERE vehicle_id = ? AND voided_at IS NULL AND read_at < ?\(other) ORDER BY read_at DESC LIMIT 1
                """, arguments: [vehicle.id, t]), (try earlier["reading"] as Double) > reading
        {
            let value: Double = try earlier["reading"]
            problems.append(
                ReadingProblem(
                    kind: .readingBackwards, amount: value - reading, limit: 0, tripID: nil,
                    message: "the odometer would go backwards: \(format(reading)) \(unit) is below the reading "
                        + "\(format(value)) \(unit) of \(at(try earlier["read_at"]))"))
        }
        if let later = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, read_at, reading FROM odometer_reading
                WHERE vehicle_id = ? AND voided_at IS NULL AND read_at > ?\(other) ORDER BY read_at LIMIT 1
                """, arguments: [vehicle.id, t]), (try later["reading"] as Double) < reading
        {
            let value: Double = try later["reading"]
            problems.append(
                ReadingProblem(
                    kind: .readingBackwards, amount: reading - value, limit: 0, tripID: nil,
                    message: "the odometer would go backwards: \(format(reading)) \(unit) is above the later reading "
                        + "\(format(value)) \(unit) of \(at(try later["read_at"]))"))
        }
        if let trip = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, ended_at, end_odometer FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND ended_at <= ? AND end_odometer IS NOT NULL
                ORDER BY end_odometer DESC LIMIT 1
                """, arguments: [vehicle.id, t]), (try trip["end_odometer"] as Double) > reading
        {
            let value: Double = try trip["end_odometer"]
            problems.append(
                ReadingProblem(
                    kind: .readingBackwards, amount: value - reading, limit: 0, tripID: try trip["id"],
                    message: "the odometer would go backwards: \(format(reading)) \(unit) is below "
                        + "\(format(value)) \(unit), the odometer at the end of trip \(try trip["id"] as Int64) "
                        + "(\(at(try trip["ended_at"])))"))
        }
        if let trip = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, started_at, start_odometer FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND started_at >= ? AND start_odometer IS NOT NULL
                ORDER BY start_odometer LIMIT 1
                """, arguments: [vehicle.id, t]), (try trip["start_odometer"] as Double) < reading
        {
            let value: Double = try trip["start_odometer"]
            problems.append(
                ReadingProblem(
                    kind: .readingBackwards, amount: reading - value, limit: 0, tripID: try trip["id"],
                    message: "the odometer would go backwards: \(format(reading)) \(unit) is above "
                        + "\(format(value)) \(unit), the odometer at the start of the later trip "
                        + "\(try trip["id"] as Int64) (\(at(try trip["started_at"])))"))
        }
        guard problems.isEmpty else { return problems }
        // Far beyond what the trips since the previous reading (or the initial odometer) explain?
        let anchor = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT read_at, reading FROM odometer_reading
                WHERE vehicle_id = ? AND voided_at IS NULL AND read_at < ?\(other) ORDER BY read_at DESC LIMIT 1
                """, arguments: [vehicle.id, t])
        let base: (value: Double, since: Double, phrase: String)?
        if let anchor {
            base = (try anchor["reading"], try anchor["read_at"], "the reading of \(at(try anchor["read_at"]))")
        } else if let initial = vehicle.initialOdometer {
            base = (initial, -1e12, "the vehicle's initial odometer")
        } else {
            base = nil
        }
        guard let base else { return [] }
        let latest = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, end_odometer FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND started_at >= ? AND ended_at <= ?
                AND end_odometer IS NOT NULL ORDER BY ended_at DESC LIMIT 1
                """, arguments: [vehicle.id, base.since, t])
        let explained = max(base.value, try latest.map { try $0["end_odometer"] as Double } ?? base.value)
        let tolerance = ReadingTolerance()
        let limit = tolerance.limit(explained: explained - base.value)
        if reading - explained > limit {
            let trips = try latest.map { " and the trips since, up to trip \(try $0["id"] as Int64)," } ?? ""
            problems.append(
                ReadingProblem(
                    kind: .readingBeyond, amount: reading - explained, limit: limit, tripID: try latest?["id"],
                    message: "\(format(reading)) \(unit) is \(format(reading - explained)) \(unit) beyond the "
                        + "\(format(explained)) \(unit) that \(base.phrase)\(trips) explain (more than "
                        + "\(format(limit)) \(unit) nobody logged)"))
        }
        return problems
    }

    /// The calibration factor of a vehicle from its readings and the GPS trips between them.
    public func calibration(vehicle plate: String) throws -> CalibrationReport {
        try read("calibration") { db in
            let vehicle = try Self.requireVehicle(plate, db)
            let samples = try Self.calibrationSamples(vehicleID: vehicle.id, unit: vehicle.unit, db)
            return CalibrationReport(
                vehicle: vehicle.plate, factor: OdometerCalibration.ratioOfSums(samples), intervals: samples.count,
                gpsKilometres: samples.reduce(0) { $0 + $1.gpsMetres } / 1_000,
                odometerKilometres: samples.reduce(0) { $0 + $1.odometerKilometres })
        }
    }

    static func calibrationFactor(vehicleID: Int64, _ db: any SQLSession) throws -> Double? {
        let unit =
            OdometerUnit(
                rawValue: try String.fetchOne(
                    db, sql: "SELECT odometer_unit FROM vehicle WHERE id = ?", arguments: [vehicleID])
                    ?? "km") ?? .km
        return OdometerCalibration.ratioOfSums(try calibrationSamples(vehicleID: vehicleID, unit: unit, db))
    }

    static func calibrationSamples(vehicleID: Int64, unit: OdometerUnit, _ db: any SQLSession) throws
        -> [DistanceSample]
    {
        let readings = try SQLRow.fetchAll(
            db,
            sql: """
                SELECT read_at, reading FROM odometer_reading WHERE vehicle_id = ? AND voided_at IS NULL
                ORDER BY read_at
                """,
            arguments: [vehicleID]
        ).map {
            OdometerReading(
                date: Timestamp(secondsSince1970: try $0["read_at"]),
                reading: (try $0["reading"] as Double) * unit.metres / 1_000)
        }
        guard readings.count >= 2 else { return [] }
        let trips = try SQLRow.fetchAll(
            db,
            sql: """
                SELECT started_at, ended_at, distance_m FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND source = 'gps' ORDER BY started_at
                """, arguments: [vehicleID]
        ).map {
            TripDistance(
                start: Timestamp(secondsSince1970: try $0["started_at"]),
                end: Timestamp(secondsSince1970: try $0["ended_at"]),
                gpsMetres: try $0["distance_m"])
        }
        return OdometerCalibration.samples(readings: readings, trips: trips)
    }

    /// Gaps, jumps and backward steps in the odometer chain of each vehicle's trips (in kilometres).
    public func odometerFindings(vehicle plate: String? = nil, tolerance: OdometerTolerance = OdometerTolerance())
        throws -> [(vehicle: String, finding: OdometerFinding)]
    {
        try odometerFindings(vehicle: plate) { _ in tolerance }.map { ($0.vehicle, $0.finding) }
    }

    /// Gaps, jumps and backward steps in the odometer chain of each vehicle's trips, with each vehicle's odometer
    /// unit. The findings are in kilometres; `tolerance` gives a vehicle's tolerance (in kilometres) from its unit,
    /// so a tolerance can be meant in the vehicle's own unit.
    public func odometerFindings(
        vehicle plate: String? = nil, tolerance: (OdometerUnit) -> OdometerTolerance
    ) throws -> [(vehicle: String, unit: OdometerUnit, finding: OdometerFinding)] {
        let everything = try trips(TripFilter(vehicle: plate, includeVoided: true))
        let all = everything.filter { !$0.voided }
        var result: [(vehicle: String, unit: OdometerUnit, finding: OdometerFinding)] = []
        for vehicle in Set(all.map(\.vehicle)).sorted() {
            let factor = try read("calibration") { db in
                try Self.calibrationFactor(vehicleID: try Self.requireVehicle(vehicle, db).id, db)
            }
            let trips = all.filter { $0.vehicle == vehicle }
            let unit = trips.first?.odometerUnit ?? .km
            let voidedStarts = everything.filter { $0.vehicle == vehicle && $0.voided }.map(\.start)
            var previousStart: Timestamp?
            let chain = trips.compactMap { trip -> OdometerTrip? in
                guard let start = trip.startOdometer, let end = trip.endOdometer else { return nil }
                defer { previousStart = trip.start }
                let km = trip.odometerUnit.metres / 1_000
                let afterVoided =
                    previousStart.map { before in
                        voidedStarts.contains { $0 > before && $0 < trip.start }
                    } ?? false
                return OdometerTrip(
                    id: String(trip.id), start: trip.start, odometerStart: start * km, odometerEnd: end * km,
                    gpsMetres: trip.source == .gps ? trip.distance : nil, followsVoidedTrip: afterVoided)
            }
            let check = OdometerCheck(
                tolerance: tolerance(unit), calibrationFactor: policy.applyOdometerCalibration ? factor ?? 1 : 1)
            result += check.findings(trips: chain).map { (vehicle, unit, $0) }
        }
        // Readings recorded against the chain (--force), with what is still wrong with them.
        let readings = try read("odometerFindings") { db -> [(String, OdometerUnit, OdometerFinding)] in
            var found: [(String, OdometerUnit, OdometerFinding)] = []
            let forced = try SQLRow.fetchAll(
                db,
                sql: Self.readingSelect + """
                     WHERE odometer_reading.voided_at IS NULL AND odometer_reading.forced = 1
                    ORDER BY \(db.dialect.nameOrder("vehicle.plate")), read_at
                    """)
            for row in forced {
                let reading = try Self.reading(row)
                if let plate, reading.vehicle.caseInsensitiveCompare(plate) != .orderedSame { continue }
                let vehicle = try Self.requireVehicle(reading.vehicle, db)
                let km = vehicle.unit.metres / 1_000
                for problem in try Self.readingProblems(
                    reading.reading, at: reading.time, vehicle: vehicle, excluding: reading.id, db)
                {
                    found.append(
                        (
                            reading.vehicle, vehicle.unit,
                            OdometerFinding(
                                kind: problem.kind, tripID: problem.tripID.map(String.init) ?? "",
                                kilometres: problem.amount * km, limitKilometres: problem.limit * km,
                                readingID: String(reading.id))
                        ))
                }
            }
            return found
        }
        return result + readings
    }
}
