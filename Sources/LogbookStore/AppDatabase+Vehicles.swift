import Foundation
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
            // PostgreSQL's unique index is on the folded plate (`logbook_fold`), as SQLite's `NOCASE` column compares.
            let target = db.dialect == .sqlite ? "plate" : db.dialect.fold("plate")
            try db.execute(
                sql: "INSERT INTO vehicle (plate, created_at) VALUES (?, ?) ON CONFLICT (\(target)) DO NOTHING",
                arguments: [plate, now])
            guard
                let vehicle = try SQLRow.fetchOne(
                    db, sql: "SELECT * FROM vehicle WHERE \(db.dialect.sameName("plate"))", arguments: [plate]
                ).map(Vehicle.init(row:))
            else {
                throw StoreError(.other, operation: "vehicle", detail: "vehicle vanished after insertion")
            }
            return vehicle
        }
    }

    /// The stored vehicle with this plate; an unknown plate is `.notFound`, with the command that adds it.
    public func existingVehicle(plate: String) throws -> Vehicle {
        try read("vehicle") { db in
            let id = try Self.requireVehicle(plate, db).id
            guard
                let vehicle = try SQLRow.fetchOne(db, sql: "SELECT * FROM vehicle WHERE id = ?", arguments: [id])
                    .map(Vehicle.init(row:))
            else {
                throw StoreError(.notFound, operation: "vehicle", detail: "there is no vehicle \(id)")
            }
            return vehicle
        }
    }

    /// All vehicles, by plate.
    public func vehicles() throws -> [Vehicle] {
        try read("vehicles") { db in
            try SQLRow.fetchAll(db, sql: "SELECT * FROM vehicle ORDER BY \(db.dialect.nameOrder("plate"))")
                .map(Vehicle.init(row:))
        }
    }
}
