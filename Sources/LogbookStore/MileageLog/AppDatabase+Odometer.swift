import Foundation
import GRDB
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
    /// Records a dashboard reading; refused when it would make the readings go backwards in time.
    @discardableResult
    public func recordOdometer(vehicle plate: String, reading: Double, at time: Timestamp, note: String? = nil)
        throws -> StoredReading
    {
        guard reading.isFinite, reading >= 0 else {
            throw StoreError(.refused, operation: "recordOdometer", detail: "an odometer reading must be 0 or more")
        }
        let now = clock().secondsSince1970
        return try write("recordOdometer") { db in
            let vehicle = try Self.requireVehicle(plate, db)
            if let earlier = try Row.fetchOne(
                db,
                sql: """
                    SELECT read_at, reading FROM odometer_reading WHERE vehicle_id = ? AND read_at < ?
                    ORDER BY read_at DESC LIMIT 1
                    """, arguments: [vehicle.id, time.secondsSince1970]), (earlier["reading"] as Double) > reading
            {
                throw StoreError(
                    .refused, operation: "recordOdometer",
                    detail: "the odometer would go backwards: \(Self.format(reading)) is below the reading "
                        + "\(Self.format(earlier["reading"])) of "
                        + Timestamp(secondsSince1970: earlier["read_at"]).iso8601)
            }
            if let later = try Row.fetchOne(
                db,
                sql: """
                    SELECT read_at, reading FROM odometer_reading WHERE vehicle_id = ? AND read_at > ?
                    ORDER BY read_at LIMIT 1
                    """, arguments: [vehicle.id, time.secondsSince1970]), (later["reading"] as Double) < reading
            {
                throw StoreError(
                    .refused, operation: "recordOdometer",
                    detail: "the odometer would go backwards: \(Self.format(reading)) is above the later reading "
                        + "\(Self.format(later["reading"])) of "
                        + Timestamp(secondsSince1970: later["read_at"]).iso8601)
            }
            try db.execute(
                sql: """
                    INSERT INTO odometer_reading (vehicle_id, read_at, reading, note, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (vehicle_id, read_at) DO UPDATE SET reading = excluded.reading, note = excluded.note
                    """, arguments: [vehicle.id, time.secondsSince1970, reading, Self.clean(note), now])
            return StoredReading(
                id: db.lastInsertedRowID, vehicle: vehicle.plate, time: time, reading: reading, unit: vehicle.unit,
                note: Self.clean(note))
        }
    }

    public func odometerReadings(vehicle plate: String? = nil) throws -> [StoredReading] {
        try read("odometerReadings") { db in
            var sql = """
                SELECT odometer_reading.*, vehicle.plate, vehicle.odometer_unit FROM odometer_reading
                JOIN vehicle ON vehicle.id = odometer_reading.vehicle_id
                """
            var arguments = StatementArguments()
            if let plate {
                _ = try Self.requireVehicle(plate, db)
                sql += " WHERE vehicle.plate = ?"
                arguments += [plate.trimmingCharacters(in: .whitespacesAndNewlines)]
            }
            sql += " ORDER BY vehicle.plate, read_at"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                StoredReading(
                    id: row["id"], vehicle: row["plate"], time: Timestamp(secondsSince1970: row["read_at"]),
                    reading: row["reading"], unit: OdometerUnit(rawValue: row["odometer_unit"]) ?? .km,
                    note: row["note"])
            }
        }
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

    static func calibrationFactor(vehicleID: Int64, _ db: Database) throws -> Double? {
        let unit =
            OdometerUnit(
                rawValue: try String.fetchOne(
                    db, sql: "SELECT odometer_unit FROM vehicle WHERE id = ?", arguments: [vehicleID])
                    ?? "km") ?? .km
        return OdometerCalibration.ratioOfSums(try calibrationSamples(vehicleID: vehicleID, unit: unit, db))
    }

    static func calibrationSamples(vehicleID: Int64, unit: OdometerUnit, _ db: Database) throws -> [DistanceSample] {
        let readings = try Row.fetchAll(
            db, sql: "SELECT read_at, reading FROM odometer_reading WHERE vehicle_id = ? ORDER BY read_at",
            arguments: [vehicleID]
        ).map {
            OdometerReading(
                date: Timestamp(secondsSince1970: $0["read_at"]),
                reading: ($0["reading"] as Double) * unit.metres / 1_000)
        }
        guard readings.count >= 2 else { return [] }
        let trips = try Row.fetchAll(
            db,
            sql: """
                SELECT started_at, ended_at, distance_m FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND source = 'gps' ORDER BY started_at
                """, arguments: [vehicleID]
        ).map {
            TripDistance(
                start: Timestamp(secondsSince1970: $0["started_at"]), end: Timestamp(secondsSince1970: $0["ended_at"]),
                gpsMetres: $0["distance_m"])
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
        let all = try trips(TripFilter(vehicle: plate))
        var result: [(vehicle: String, unit: OdometerUnit, finding: OdometerFinding)] = []
        for vehicle in Set(all.map(\.vehicle)).sorted() {
            let factor = try read("calibration") { db in
                try Self.calibrationFactor(vehicleID: try Self.requireVehicle(vehicle, db).id, db)
            }
            let trips = all.filter { $0.vehicle == vehicle }
            let unit = trips.first?.odometerUnit ?? .km
            let chain = trips.compactMap { trip -> OdometerTrip? in
                guard let start = trip.startOdometer, let end = trip.endOdometer else { return nil }
                let km = trip.odometerUnit.metres / 1_000
                return OdometerTrip(
                    id: String(trip.id), start: trip.start, odometerStart: start * km, odometerEnd: end * km,
                    gpsMetres: trip.source == .gps ? trip.distance : nil)
            }
            let check = OdometerCheck(
                tolerance: tolerance(unit), calibrationFactor: policy.applyOdometerCalibration ? factor ?? 1 : 1)
            result += check.findings(trips: chain).map { (vehicle, unit, $0) }
        }
        return result
    }
}
