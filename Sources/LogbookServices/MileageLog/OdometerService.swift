import Foundation
public import LogbookStore
public import MileageLog
import TrackModel

/// Dashboard odometer readings, the calibration factor and the check of the odometer chain (`logbook odometer`,
/// `/api/v1/odometer`, the vehicles page).
public struct OdometerService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    var database: AppDatabase { context.database }
    var clock: LocalClock { context.clock }

    /// Records a reading, checked against the odometer chain (refused with the numbers unless `force`).
    public func record(_ input: OdometerReadingInput) throws -> OdometerReadingView {
        try access.requireEditor()
        try access.requireVisibleVehicle(input.vehicle)
        try input.validate()
        let stored = try access.writer.recordOdometer(
            vehicle: input.vehicle, reading: input.reading, at: try moment(input), note: input.note,
            force: input.force ?? false)
        return OdometerReadingView(stored)
    }

    /// When the reading was taken: an ISO 8601 instant, or the local `time` (HH:MM) on `date`; without a time, now
    /// (to the minute) today and 23:59 on an earlier day.
    func moment(_ input: OdometerReadingInput) throws -> Timestamp {
        if let text = input.time, let instant = Timestamp(iso8601: text) { return instant }
        let day =
            try input.date.map { text in
                guard let day = clock.day(parsing: text) else {
                    throw ServiceError(
                        .invalid, field: "date", "\"\(text)\": expected a date YYYY-MM-DD, today or yesterday")
                }
                return day
            } ?? clock.today
        if let text = input.time {
            guard let minute = LocalClock.minute(parsing: text) else {
                throw ServiceError(.invalid, field: "time", "\"\(text)\": expected a time HH:MM or an ISO 8601 time")
            }
            return clock.timestamp(day, minute: minute)
        }
        if day == clock.today {
            return Timestamp(secondsSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
        }
        return clock.timestamp(day, minute: 23 * 60 + 59)
    }

    /// Corrects a reading (the change goes into the history).
    public func correct(_ id: Int64, _ input: OdometerCorrectionInput) throws -> OdometerReadingView {
        try OdometerReadingInput.check(reading: input.reading)
        try TripText.check(input.note, field: "note")
        try access.requireAdmin()
        return OdometerReadingView(
            try access.writer.correctOdometer(
                id: id, reading: input.reading, note: input.note, force: input.force ?? false))
    }

    /// Takes a reading out of the chain; it stays in the history with the reason.
    public func void(_ id: Int64, reason: String) throws -> OdometerReadingView {
        guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ServiceError(.invalid, field: "reason", "reason must not be empty")
        }
        try access.requireAdmin()
        return OdometerReadingView(try access.writer.voidOdometer(id: id, reason: reason))
    }

    /// The readings of the vehicles the caller may see (of one vehicle, when named).
    public func list(vehicle: String? = nil, includeVoided: Bool = false) throws -> [OdometerReadingView] {
        if let vehicle { try access.requireVisibleVehicle(vehicle) }
        return try database.odometerReadings(vehicle: vehicle, includeVoided: includeVoided)
            .filter { access.canSee(plate: $0.vehicle) }.map(OdometerReadingView.init)
    }

    /// The factor between GPS distance and the vehicle's odometer.
    public func calibration(vehicle: String) throws -> CalibrationView {
        try access.requireVisibleVehicle(vehicle)
        return CalibrationView(
            report: try database.calibration(vehicle: vehicle),
            unit: try database.vehicleDetails(plate: vehicle).odometerUnit)
    }

    /// Gaps, jumps and backward steps in the chain: relative tolerance `percent`, and at least `tolerance` in each
    /// vehicle's unit or `km` kilometres for every vehicle.
    public func check(vehicle: String? = nil, percent: Double = 1, tolerance: Double? = nil, km: Double? = nil)
        throws -> [OdometerFindingView]
    {
        if !(percent.isFinite && percent >= 0) { throw ServiceError(.invalid, field: "percent", "must be 0 or more") }
        if let tolerance, !(tolerance.isFinite && tolerance >= 0) {
            throw ServiceError(.invalid, field: "tolerance", "must be 0 or more")
        }
        if let km, !(km.isFinite && km >= 0) { throw ServiceError(.invalid, field: "km", "must be 0 or more") }
        if tolerance != nil, km != nil {
            throw ServiceError(
                .invalid, field: "tolerance", "give a tolerance in the vehicle's unit or in km, not both")
        }
        if let vehicle { try access.requireVisibleVehicle(vehicle) }
        return try database.odometerFindings(vehicle: vehicle) { unit in
            OdometerTolerance(
                relative: percent / 100, absoluteKilometres: km ?? (tolerance ?? 1) * unit.metres / 1_000)
        }
        .filter { access.canSee(plate: $0.vehicle) }
        .map { OdometerFindingView(vehicle: $0.vehicle, unit: $0.unit, finding: $0.finding) }
    }
}

/// A dashboard reading to record: the vehicle, the reading in its unit, when (an ISO 8601 `time`, or a local
/// `time` HH:MM on `date`), a note, and `force` to record it against the odometer chain.
public struct OdometerReadingInput: Decodable, Sendable, Hashable {
    public var vehicle: String
    public var reading: Double
    public var date: String?
    public var time: String?
    public var note: String?
    public var force: Bool?

    public init(
        vehicle: String, reading: Double, date: String? = nil, time: String? = nil, note: String? = nil,
        force: Bool? = nil
    ) {
        self.vehicle = vehicle
        self.reading = reading
        self.date = date
        self.time = time
        self.note = note
        self.force = force
    }

    public func validate() throws {
        try Self.check(reading: reading)
        try TripText.check(note, field: "note")
        if let time, Timestamp(iso8601: time) == nil, LocalClock.minute(parsing: time) == nil {
            throw ServiceError(.invalid, field: "time", "\"\(time)\": expected a time HH:MM or an ISO 8601 time")
        }
    }

    static func check(reading: Double) throws {
        guard reading.isFinite, reading >= 0 else {
            throw ServiceError(.invalid, field: "reading", "reading must be 0 or more")
        }
        guard reading <= 1e9 else {
            throw ServiceError(.invalid, field: "reading", "reading must be at most 1000000000")
        }
    }
}

/// A reading's corrected value (and note: an empty one clears it).
public struct OdometerCorrectionInput: Decodable, Sendable, Hashable {
    public var reading: Double
    public var note: String?
    public var force: Bool?

    public init(reading: Double, note: String? = nil, force: Bool? = nil) {
        self.reading = reading
        self.note = note
        self.force = force
    }
}

/// A reading as `odometer list --format json` and `GET /api/v1/odometer` give it.
public struct OdometerReadingView: Encodable, Sendable {
    public var reading: StoredReading

    public init(_ reading: StoredReading) { self.reading = reading }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case vehicle, time, reading, unit, note, id, forced, voided
        case voidReason = "void_reason"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(reading.vehicle, forKey: .vehicle)
        try c.encode(reading.time.iso8601, forKey: .time)
        try c.encode(ViewNumber.rounded(reading.reading, 1), forKey: .reading)
        try c.encode(reading.unit.rawValue, forKey: .unit)
        try c.encode(reading.note, forKey: .note)
        try c.encode(reading.id, forKey: .id)
        try c.encode(reading.forced, forKey: .forced)
        try c.encode(reading.voided, forKey: .voided)
        try c.encode(reading.voidReason, forKey: .voidReason)
    }
}

/// `{"readings": [...]}`.
public struct OdometerReadingListView: Encodable, Sendable {
    public var readings: [OdometerReadingView]

    public init(readings: [OdometerReadingView]) { self.readings = readings }
}

/// The calibration factor: kilometres for programs (as before), and the distances in the vehicle's unit.
public struct CalibrationView: Encodable, Sendable {
    public var report: CalibrationReport
    public var unit: OdometerUnit

    public init(report: CalibrationReport, unit: OdometerUnit) {
        self.report = report
        self.unit = unit
    }

    /// Kilometres → the vehicle's unit.
    public var perUnit: Double { 1_000 / unit.metres }

    enum CodingKeys: String, CodingKey {
        case vehicle, factor, intervals, unit
        case gpsKM = "gps_km"
        case odometerKM = "odometer_km"
        case gpsDistance = "gps_distance"
        case odometerDistance = "odometer_distance"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(report.vehicle, forKey: .vehicle)
        try c.encode(ViewNumber.rounded(report.factor, 4), forKey: .factor)
        try c.encode(report.intervals, forKey: .intervals)
        try c.encode(ViewNumber.rounded(report.gpsKilometres, 1), forKey: .gpsKM)
        try c.encode(ViewNumber.rounded(report.odometerKilometres, 1), forKey: .odometerKM)
        try c.encode(ViewNumber.rounded(report.gpsKilometres * perUnit, 1), forKey: .gpsDistance)
        try c.encode(ViewNumber.rounded(report.odometerKilometres * perUnit, 1), forKey: .odometerDistance)
        try c.encode(unit.rawValue, forKey: .unit)
    }
}

/// Something wrong in the odometer chain: kilometres (as before) and the figures in the vehicle's unit.
public struct OdometerFindingView: Encodable, Sendable {
    public var vehicle: String
    public var unit: OdometerUnit
    public var finding: OdometerFinding

    public init(vehicle: String, unit: OdometerUnit, finding: OdometerFinding) {
        self.vehicle = vehicle
        self.unit = unit
        self.finding = finding
    }

    public var tripID: Int? { Int(finding.tripID) }
    public var previousTripID: Int? { finding.previousTripID.flatMap { Int($0) } }
    public var readingID: Int? { finding.readingID.flatMap { Int($0) } }
    /// The size and the limit in the vehicle's unit.
    public var distance: Double { finding.kilometres * 1_000 / unit.metres }
    public var limit: Double { finding.limitKilometres * 1_000 / unit.metres }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case vehicle, trip
        case previousTrip = "previous_trip"
        case kind, km
        case limitKM = "limit_km"
        case distance, limit, unit, reading
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(vehicle, forKey: .vehicle)
        try c.encode(tripID, forKey: .trip)
        try c.encode(previousTripID, forKey: .previousTrip)
        try c.encode(finding.kind.rawValue, forKey: .kind)
        try c.encode(ViewNumber.rounded(finding.kilometres, 2), forKey: .km)
        try c.encode(ViewNumber.rounded(finding.limitKilometres, 2), forKey: .limitKM)
        try c.encode(ViewNumber.rounded(distance, 2), forKey: .distance)
        try c.encode(ViewNumber.rounded(limit, 2), forKey: .limit)
        try c.encode(unit.rawValue, forKey: .unit)
        try c.encode(readingID, forKey: .reading)
    }
}
