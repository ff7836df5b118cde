import Foundation
import GRDB
import TrackModel

extension AppDatabase {
    /// The vehicle with this plate (compared without regard to ASCII case), created if missing.
    /// Surrounding white space is ignored; an empty plate is refused. Commands never call this: a plate a
    /// user names must exist (`existingVehicle(plate:)`), so no vehicle appears behind their back.
    public func vehicle(plate: String) throws -> Vehicle {
        let plate = plate.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !plate.isEmpty else {
            throw StoreError(.invalidArgument, operation: "vehicle", detail: "empty plate")
        }
        let now = clock().secondsSince1970
        return try write("vehicle") { db in
            try db.execute(
                sql: "INSERT INTO vehicle (plate, created_at) VALUES (?, ?) ON CONFLICT (plate) DO NOTHING",
                arguments: [plate, now])
            guard let vehicle = try Vehicle.filter(Vehicle.Columns.plate == plate).fetchOne(db) else {
                throw StoreError(.other, operation: "vehicle", detail: "vehicle vanished after insertion")
            }
            return vehicle
        }
    }

    /// The stored vehicle with this plate; an unknown plate is `.notFound`, with the command that adds it.
    public func existingVehicle(plate: String) throws -> Vehicle {
        try read("vehicle") { db in
            let id = try Self.requireVehicle(plate, db).id
            guard let vehicle = try Vehicle.filter(Vehicle.Columns.id == id).fetchOne(db) else {
                throw StoreError(.notFound, operation: "vehicle", detail: "there is no vehicle \(id)")
            }
            return vehicle
        }
    }

    /// All vehicles, by plate.
    public func vehicles() throws -> [Vehicle] {
        try read("vehicles") { db in
            try Vehicle.order(Vehicle.Columns.plate).fetchAll(db)
        }
    }
}
