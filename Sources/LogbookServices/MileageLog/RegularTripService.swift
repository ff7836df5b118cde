public import LogbookStore
import MileageLog

/// Regular trips ("favourites"), made from a stored trip and reused by `trips add --regular NAME`.
public struct RegularTripService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    /// The regular trips of the vehicles the caller may see (and those of no vehicle).
    public func list() throws -> [RegularTripView] {
        let units = try unitsByPlate()
        return try context.database.regulars().filter { $0.vehicle.map(access.canSee(plate:)) ?? true }.map {
            RegularTripView($0, unit: $0.vehicle.flatMap { units[$0] } ?? .km)
        }
    }

    /// Makes a regular trip from a stored one.
    public func add(name: String, fromTrip id: Int64) throws -> RegularTripView {
        _ = try TripService(context).access.editableTrip(id)
        let regular = try access.writer.addRegular(name: name, fromTrip: id)
        return RegularTripView(regular, unit: try regular.vehicle.flatMap { try unitsByPlate()[$0] } ?? .km)
    }

    public func remove(named name: String) throws {
        try access.requireAdmin()
        try access.writer.removeRegular(named: name)
    }

    private func unitsByPlate() throws -> [String: OdometerUnit] {
        var units: [String: OdometerUnit] = [:]
        for vehicle in try context.database.allVehicleDetails() { units[vehicle.plate] = vehicle.odometerUnit }
        return units
    }
}

/// A regular trip as `regular list --format json` and `GET /api/v1/regular-trips` give it: metres and seconds, and
/// the distance in the vehicle's unit.
public struct RegularTripView: Encodable, Sendable {
    public var regular: RegularTrip
    public var unit: OdometerUnit

    public init(_ regular: RegularTrip, unit: OdometerUnit) {
        self.regular = regular
        self.unit = unit
    }

    /// `HH:MM`, the local time it usually starts.
    public var startTime: String {
        TimeWindow(startMinute: regular.startMinute, endMinute: regular.startMinute).map {
            String($0.description.prefix(5))
        } ?? ""
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, vehicle, driver, category, purpose, partner, destination, from, to
        case distanceM = "distance_m"
        case startTime = "start_time"
        case durationS = "duration_s"
        case distance
        case distanceUnit = "distance_unit"
    }

    public func encode(to encoder: any Encoder) throws {
        let r = regular
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(r.name, forKey: .name)
        try c.encode(r.vehicle, forKey: .vehicle)
        try c.encode(r.driver, forKey: .driver)
        try c.encode(r.category.rawValue, forKey: .category)
        try c.encode(r.purpose, forKey: .purpose)
        try c.encode(r.partner, forKey: .partner)
        try c.encode(r.destination, forKey: .destination)
        try c.encode(r.startLabel, forKey: .from)
        try c.encode(r.endLabel, forKey: .to)
        try c.encode(ViewNumber.rounded(r.distance, 1), forKey: .distanceM)
        try c.encode(startTime, forKey: .startTime)
        try c.encode(ViewNumber.rounded(r.duration, 0), forKey: .durationS)
        try c.encode(ViewNumber.rounded(r.distance / unit.metres, 3), forKey: .distance)
        try c.encode(unit.rawValue, forKey: .distanceUnit)
    }
}
