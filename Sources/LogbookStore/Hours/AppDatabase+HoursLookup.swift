public import Foundation

extension AppDatabase {
    /// The number of the entry with this id (the UUID the API and the payroll system know it by).
    public func hoursEntryNumber(id: UUID) throws -> Int64 {
        try read("hoursEntryNumber") { db in
            guard
                let number = try Int64.fetchOne(
                    db, sql: "SELECT id FROM hours_shift WHERE uuid = ?", arguments: [id.uuidString.lowercased()])
            else {
                throw StoreError(
                    .notFound, operation: "hoursEntry", detail: "there is no shift \(id.uuidString.lowercased())")
            }
            return number
        }
    }
}

extension AppDatabase {
    /// The numbers of the stored entries among these ids (a deleted entry has none).
    public func hoursEntryNumbers(uuids: Set<String>) throws -> [String: Int64] {
        guard !uuids.isEmpty else { return [:] }
        return try read("hoursEntryNumbers") { db in
            var numbers: [String: Int64] = [:]
            let rows = try SQLRow.fetchAll(
                db, sql: "SELECT uuid, id FROM hours_shift WHERE uuid IN (SELECT value FROM \(db.dialect.jsonTexts()))",
                arguments: [String(decoding: try JSONEncoder().encode(Array(uuids)), as: UTF8.self)])
            for row in rows { numbers[try row["uuid"]] = try row["id"] }
            return numbers
        }
    }
}
