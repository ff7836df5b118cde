public import LogbookStore
import Foundation

/// The log's vehicles and drivers (`logbook vehicles`, `logbook drivers`, `/api/v1/vehicles`, the vehicles page).
public struct VehicleService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    /// The vehicles the caller may see, by plate.
    public func list() throws -> [VehicleView] {
        try context.database.allVehicleDetails().filter { access.canSee(plate: $0.plate) }.map(VehicleView.init)
    }

    /// Adds a vehicle (an admin's on the web).
    public func add(_ input: NewVehicleInput) throws -> VehicleView {
        try access.requireAdmin()
        let details = try input.validated()
        return VehicleView(try access.writer.addVehicle(details))
    }

    /// The vehicle's details, if the caller may see it.
    public func vehicle(_ plate: String) throws -> VehicleView {
        try access.requireVisibleVehicle(plate)
        return VehicleView(try context.database.vehicleDetails(plate: plate))
    }

    public func drivers() throws -> [DriverView] {
        try context.database.drivers().map(DriverView.init)
    }

    /// Adds a driver; returns the name as stored (trimmed).
    @discardableResult
    public func addDriver(_ name: String) throws -> DriverView {
        try access.requireAdmin()
        try access.writer.addDriver(name)
        return DriverView(name: name.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A vehicle to add: its plate, make and model, odometer unit (`km`, `mi`), the odometer when the log starts, and
/// its usual driver.
public struct NewVehicleInput: Decodable, Sendable, Hashable {
    public var plate: String
    public var makeModel: String?
    public var odometerUnit: String?
    public var initialOdometer: Double?
    public var driver: String?

    public init(
        plate: String, makeModel: String? = nil, odometerUnit: String? = nil, initialOdometer: Double? = nil,
        driver: String? = nil
    ) {
        self.plate = plate
        self.makeModel = makeModel
        self.odometerUnit = odometerUnit
        self.initialOdometer = initialOdometer
        self.driver = driver
    }

    enum CodingKeys: String, CodingKey {
        case plate, driver
        case makeModel = "make_model"
        case odometerUnit = "odometer_unit"
        case initialOdometer = "initial_odometer"
    }

    public func validated() throws -> VehicleDetails {
        let plate = plate.trimmingCharacters(in: .whitespaces)
        guard !plate.isEmpty, plate.count <= 20 else {
            throw ServiceError(.invalid, field: "plate", "must have 1 to 20 characters")
        }
        var unit = OdometerUnit.km
        if let text = odometerUnit {
            guard let chosen = OdometerUnit(rawValue: text.lowercased()) else {
                throw ServiceError(.invalid, field: "odometer_unit", "must be km or mi")
            }
            unit = chosen
        }
        if let initialOdometer, !(initialOdometer.isFinite && (0...1e9).contains(initialOdometer)) {
            throw ServiceError(
                .invalid, field: "initial_odometer", "initial_odometer must be between 0 and 1000000000")
        }
        try TripText.check(makeModel, field: "make_model")
        return VehicleDetails(
            plate: plate, makeModel: makeModel, odometerUnit: unit, initialOdometer: initialOdometer, driver: driver)
    }
}

/// A vehicle as `vehicles list --format json` and `GET /api/v1/vehicles` give it.
public struct VehicleView: Encodable, Sendable, Hashable {
    public var details: VehicleDetails

    public init(_ details: VehicleDetails) { self.details = details }

    enum CodingKeys: String, CodingKey {
        case plate, driver
        case makeModel = "make_model"
        case odometerUnit = "odometer_unit"
        case initialOdometer = "initial_odometer"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(details.plate, forKey: .plate)
        try c.encode(details.makeModel, forKey: .makeModel)
        try c.encode(details.odometerUnit.rawValue, forKey: .odometerUnit)
        try c.encode(ViewNumber.rounded(details.initialOdometer, 1), forKey: .initialOdometer)
        try c.encode(details.driver, forKey: .driver)
    }
}

/// A driver (`drivers list`).
public struct DriverView: Encodable, Sendable, Hashable {
    public var name: String

    public init(name: String) { self.name = name }
}

/// `vehicles list` and the API's `{"vehicles": [...]}`.
public struct VehicleListView: Encodable, Sendable {
    public var vehicles: [VehicleView]

    public init(vehicles: [VehicleView]) { self.vehicles = vehicles }
}
