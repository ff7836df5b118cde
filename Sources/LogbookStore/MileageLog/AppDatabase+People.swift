import Foundation
import TrackModel

/// The person keeping the log, as reports print it.
public struct Profile: Sendable, Hashable, Codable {
    public var name: String
    public var company: String
    public var employeeID: String

    public init(name: String = "", company: String = "", employeeID: String = "") {
        self.name = name
        self.company = company
        self.employeeID = employeeID
    }
}

/// A vehicle's log details.
public struct VehicleDetails: Sendable, Hashable {
    public var plate: String
    public var makeModel: String?
    public var odometerUnit: OdometerUnit
    public var initialOdometer: Double?
    public var driver: String?

    public init(
        plate: String, makeModel: String? = nil, odometerUnit: OdometerUnit = .km, initialOdometer: Double? = nil,
        driver: String? = nil
    ) {
        self.plate = plate
        self.makeModel = makeModel
        self.odometerUnit = odometerUnit
        self.initialOdometer = initialOdometer
        self.driver = driver
    }
}

extension AppDatabase {
    // MARK: Profile

    public func profile() throws -> Profile {
        try read("profile") { db in
            guard let row = try SQLRow.fetchOne(db, sql: "SELECT * FROM profile WHERE id = 1") else { return Profile() }
            return Profile(name: try row["name"], company: try row["company"], employeeID: try row["employee_id"])
        }
    }

    /// Sets the given fields (nil keeps a field).
    @discardableResult
    public func setProfile(name: String? = nil, company: String? = nil, employeeID: String? = nil) throws -> Profile {
        let now = clock().secondsSince1970
        try write("setProfile") { db in
            try db.execute(
                sql: """
                    INSERT INTO profile (id, name, company, employee_id, updated_at)
                    VALUES (1, coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), ?)
                    ON CONFLICT (id) DO UPDATE SET name = coalesce(?, profile.name),
                        company = coalesce(?, profile.company), employee_id = coalesce(?, profile.employee_id),
                        updated_at = excluded.updated_at
                    """,
                arguments: [name, company, employeeID, now, name, company, employeeID])
        }
        return try profile()
    }

    // MARK: Drivers

    /// Adds a driver; refused when the name is taken (ignoring ASCII case).
    public func addDriver(_ name: String) throws {
        guard let name = Self.clean(name) else {
            throw StoreError(.refused, operation: "addDriver", detail: "a driver needs a name")
        }
        let now = clock().secondsSince1970
        try write("addDriver") { db in
            if try Int64.fetchOne(
                db, sql: "SELECT id FROM driver WHERE \(db.dialect.sameName("name"))", arguments: [name])
                != nil
            {
                throw StoreError(.refused, operation: "addDriver", detail: "there is already a driver '\(name)'")
            }
            try db.execute(sql: "INSERT INTO driver (name, created_at) VALUES (?, ?)", arguments: [name, now])
        }
    }

    public func drivers() throws -> [String] {
        try read("drivers") { db in
            try String.fetchAll(db, sql: "SELECT name FROM driver ORDER BY \(db.dialect.nameOrder("name"))")
        }
    }

    // MARK: Vehicles

    /// Adds a vehicle with its details; refused when the plate is taken.
    @discardableResult
    public func addVehicle(_ details: VehicleDetails) throws -> VehicleDetails {
        guard let plate = Self.clean(details.plate) else {
            throw StoreError(.refused, operation: "addVehicle", detail: "a vehicle needs a plate")
        }
        // The schema's CHECK (vehicle_initial_odometer) allows 0 to 1e9; NaN and infinities are refused here too.
        if let odometer = details.initialOdometer, !(odometer.isFinite && (0...1e9).contains(odometer)) {
            throw StoreError(
                .invalidArgument, operation: "addVehicle", detail: "initial_odometer must be between 0 and 1000000000",
                field: "initial_odometer", rule: "vehicle_initial_odometer")
        }
        let now = clock().secondsSince1970
        try write("addVehicle") { db in
            if try Int64.fetchOne(
                db, sql: "SELECT id FROM vehicle WHERE \(db.dialect.sameName("plate"))", arguments: [plate]) != nil
            {
                throw StoreError(.refused, operation: "addVehicle", detail: "there is already a vehicle '\(plate)'")
            }
            let driverID = try details.driver.map { try Self.requireDriver($0, db) }
            try db.execute(
                sql: """
                    INSERT INTO vehicle (plate, created_at, make_model, odometer_unit, initial_odometer, driver_id)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    plate, now, Self.clean(details.makeModel), details.odometerUnit.rawValue, details.initialOdometer,
                    driverID,
                ])
        }
        return try vehicleDetails(plate: plate)
    }

    public func vehicleDetails(plate: String) throws -> VehicleDetails {
        try read("vehicle") { db in
            let vehicle = try Self.requireVehicle(plate, db)
            return try Self.details(vehicle.id, db)
        }
    }

    public func allVehicleDetails() throws -> [VehicleDetails] {
        try read("vehicles") { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM vehicle ORDER BY \(db.dialect.nameOrder("plate"))").map {
                try Self.details($0, db)
            }
        }
    }

    static func details(_ id: Int64, _ db: any SQLSession) throws -> VehicleDetails {
        guard
            let row = try SQLRow.fetchOne(
                db,
                sql: """
                    SELECT vehicle.*, driver.name AS driver_name FROM vehicle
                    LEFT JOIN driver ON driver.id = vehicle.driver_id WHERE vehicle.id = ?
                    """, arguments: [id])
        else { throw StoreError(.notFound, operation: "vehicle", detail: "there is no vehicle \(id)") }
        return VehicleDetails(
            plate: try row["plate"], makeModel: try row["make_model"],
            odometerUnit: OdometerUnit(rawValue: try row["odometer_unit"]) ?? .km,
            initialOdometer: try row["initial_odometer"], driver: try row["driver_name"])
    }
}
