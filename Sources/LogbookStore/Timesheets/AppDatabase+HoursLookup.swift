public import Foundation
import GRDB

extension AppDatabase {
    /// The number of the shift with this id (the UUID the API and the payroll system know it by).
    public func shiftNumber(id: UUID) throws -> Int64 {
        try read("shiftNumber") { db in
            guard
                let number = try Int64.fetchOne(
                    db, sql: "SELECT id FROM hours_shift WHERE uuid = ?", arguments: [id.uuidString.lowercased()])
            else {
                throw StoreError(
                    .notFound, operation: "shift", detail: "there is no shift \(id.uuidString.lowercased())")
            }
            return number
        }
    }
}
