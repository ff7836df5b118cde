import Foundation
import TrackModel

extension AppDatabase {
    /// Adds a device for the vehicle with this plate (which must exist). A name already taken (without regard
    /// to ASCII case) is a `.constraint` error.
    public func addDevice(name: String, plate: String, tokenHash: String, speedUnit: String) throws -> Device {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw StoreError(.invalidArgument, operation: "add device", detail: "empty device name")
        }
        let now = clock()
        return try write("add device") { db in
            let vehicle = try Self.requireVehicle(plate, db)
            if try Device.fetch(name: name, db) != nil {
                throw StoreError(.constraint, operation: "add device", detail: "there is already a device '\(name)'")
            }
            return try Device(
                name: name, vehicleID: vehicle.id, tokenHash: tokenHash, speedUnit: speedUnit, createdAt: now
            ).inserted(db)
        }
    }

    /// The device holding a token with this hash, revoked or not; `nil` when there is none.
    public func device(tokenHash: String) throws -> Device? {
        try read("device") { db in
            try SQLRow.fetchOne(
                db, sql: "SELECT \(Device.columns) FROM device WHERE token_hash = ?", arguments: [tokenHash]
            ).map(Device.init(row:))
        }
    }

    /// The device with this name (compared without regard to ASCII case); an unknown name is `.notFound`.
    public func device(name: String) throws -> Device {
        try read("device") { db in try Self.requireDevice(name, db) }
    }

    /// All devices by name, with their vehicle, stored positions and refused fixes.
    public func deviceSummaries() throws -> [DeviceSummary] {
        try read("devices") { db in
            let devices = try SQLRow.fetchAll(
                db, sql: "SELECT \(Device.columns) FROM device ORDER BY \(db.dialect.nameOrder("name"))"
            ).map(Device.init(row:))
            var plates: [Int64: String] = [:]
            for row in try SQLRow.fetchAll(db, sql: "SELECT id, plate FROM vehicle") {
                plates[try row.int("id")] = try row.text("plate")
            }
            // Counted as they are stored (`device.position_count`): a listing never scans the positions.
            var positions: [Int64: Int] = [:]
            for row in try SQLRow.fetchAll(db, sql: "SELECT id, position_count FROM device") {
                positions[try row.int("id")] = try row["position_count"]
            }
            var refused: [Int64: [String: Int]] = [:]
            for row in try SQLRow.fetchAll(db, sql: "SELECT device_id, reason, count FROM device_refusal") {
                refused[try row.int("device_id"), default: [:]][try row.text("reason")] = try row["count"]
            }
            return devices.map { device in
                let id = device.id ?? 0
                return DeviceSummary(
                    device: device, vehicle: plates[device.vehicleID] ?? "", positions: positions[id] ?? 0,
                    refused: refused[id] ?? [:])
            }
        }
    }

    /// Gives the device a new token (the old one stops working at once).
    public func rekeyDevice(name: String, tokenHash: String) throws {
        try write("rekey device") { db in
            let device = try Self.requireDevice(name, db)
            try db.execute(sql: "UPDATE device SET token_hash = ? WHERE id = ?", arguments: [tokenHash, device.id])
        }
    }

    /// Revokes the device's token (its positions stay); revoking twice keeps the first time.
    @discardableResult
    public func revokeDevice(name: String) throws -> Device {
        let now = clock().secondsSince1970
        return try write("revoke device") { db in
            let device = try Self.requireDevice(name, db)
            try db.execute(
                sql: "UPDATE device SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?",
                arguments: [now, device.id])
            return try Self.requireDevice(name, db)
        }
    }

    /// Removes the device with its positions and refusal counts.
    public func removeDevice(name: String) throws {
        try write("remove device") { db in
            let device = try Self.requireDevice(name, db)
            try db.execute(sql: "DELETE FROM device WHERE id = ?", arguments: [device.id])
        }
    }

    /// Stores the positions of one batch for the device: a position already stored for the same fix time is
    /// counted as a duplicate and left as it was. Refused fixes are added to the device's counts by reason;
    /// last seen becomes `receivedAt` and the battery the latest one the batch reported.
    public func storePositions(
        _ positions: [DevicePosition], refused: [String: Int], deviceID: Int64, receivedAt: Timestamp
    ) throws -> StoredPositions {
        try storePositions([
            PositionBatch(positions: positions, refused: refused, deviceID: deviceID, receivedAt: receivedAt)
        ])[0]
    }

    /// Stores several requests' batches in one transaction (one commit, one sync to disk for all of them: the
    /// server's group commit), each as `storePositions` would; the results in the batches' order.
    public func storePositions(_ batches: [PositionBatch]) throws -> [StoredPositions] {
        // Positions are partitioned by month on PostgreSQL: each month's partition is made before its positions come
        // (the default partition would take them, but would then have to give them up to a later partition); the
        // months this process has seen made are not asked again.
        let months = Self.months(batches.flatMap { $0.positions.map(\.fixedAt.secondsSince1970) })
        let unprepared = dialect == .postgresql ? partitionMonths.missing(months) : []
        let results = try write("store positions") { db in
            for month in unprepared {
                try db.execute(sql: "SELECT logbook_position_partition(?)", arguments: [month])
            }
            return try batches.map { try Self.store($0, db) }
        }
        partitionMonths.add(unprepared)
        return results
    }

    /// The most positions one `INSERT` carries (12 values each).
    static let positionsPerInsert = 64

    /// One request's positions, refusals and the device's last contact, as `storePositions` describes.
    static func store(_ batch: PositionBatch, _ db: any SQLSession) throws -> StoredPositions {
        // The positions go in a few multi-row INSERTs, each answering with the fix times it stored (a time already
        // there, or twice in the batch, is stored once: the first one).
        var storedTimes: [Double: Int] = [:]
        var start = 0
        while start < batch.positions.count {
            let chunk = batch.positions[start..<min(start + positionsPerInsert, batch.positions.count)]
            start += chunk.count
            var arguments = SQLArguments()
            for position in chunk {
                arguments += [
                    batch.deviceID, position.fixedAt.secondsSince1970, position.latitude, position.longitude,
                    position.speedMetresPerSecond, position.courseDegrees, position.altitudeMetres,
                    position.accuracyMetres, position.hdop, position.battery, position.attributes,
                    batch.receivedAt.secondsSince1970,
                ]
            }
            let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count)
            for time in try Double.fetchAll(
                db,
                sql: """
                    INSERT INTO device_position (device_id, fixed_at, lat, lon, speed_mps, course_deg,
                        altitude_m, accuracy_m, hdop, battery, attributes, received_at)
                    VALUES \(rows.joined(separator: ", "))
                    ON CONFLICT (device_id, fixed_at) DO NOTHING
                    RETURNING fixed_at
                    """, arguments: arguments)
            {
                storedTimes[time, default: 0] += 1
            }
        }
        var new: [DevicePosition] = []
        var earliest: Timestamp?
        for position in batch.positions {
            let time = position.fixedAt.secondsSince1970
            guard let left = storedTimes[time], left > 0 else { continue }
            storedTimes[time] = left - 1
            new.append(position)
            if earliest.map({ position.fixedAt < $0 }) ?? true { earliest = position.fixedAt }
        }
        for (reason, count) in batch.refused where count > 0 {
            try db.execute(
                sql: """
                    INSERT INTO device_refusal (device_id, reason, count) VALUES (?, ?, ?)
                    ON CONFLICT (device_id, reason) DO UPDATE SET count = device_refusal.count + excluded.count
                    """, arguments: [batch.deviceID, reason, count])
        }
        let battery = batch.positions.filter { $0.battery != nil }.max { $0.fixedAt < $1.fixedAt }?.battery
        let count = try Int64.fetchOne(
            db,
            sql: """
                UPDATE device SET last_seen_at = ?, last_battery = coalesce(?, last_battery),
                    position_count = position_count + ?
                WHERE id = ?
                RETURNING position_count
                """, arguments: [batch.receivedAt.secondsSince1970, battery, new.count, batch.deviceID])
        return StoredPositions(
            stored: new.count, duplicates: batch.positions.count - new.count, earliestStored: earliest, new: new,
            positionCount: count)
    }

    /// The stored positions of a device, by fix time.
    public func devicePositions(deviceID: Int64) throws -> [DevicePosition] {
        try read("device positions") { db in
            try SQLRow.fetchAll(
                db, sql: "SELECT * FROM device_position WHERE device_id = ? ORDER BY fixed_at", arguments: [deviceID]
            ).map { row in
                DevicePosition(
                    fixedAt: Timestamp(secondsSince1970: try row["fixed_at"]), latitude: try row["lat"],
                    longitude: try row["lon"], speedMetresPerSecond: try row["speed_mps"],
                    courseDegrees: try row["course_deg"],
                    altitudeMetres: try row["altitude_m"], accuracyMetres: try row["accuracy_m"], hdop: try row["hdop"],
                    battery: try row["battery"], attributes: try row["attributes"])
            }
        }
    }

    static func requireDevice(_ name: String, _ db: any SQLSession) throws -> Device {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let device = try Device.fetch(name: name, db) else {
            throw StoreError(
                .notFound, operation: "device",
                detail: "unknown device '\(name)'; add it with `logbook devices add \(name) --vehicle PLATE`")
        }
        return device
    }

    /// The first second (UTC) of each month the times fall in, once each, in order.
    static func months(_ times: [Double]) -> [Double] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        var starts: Set<Double> = []
        var last: ClosedRange<Double>?
        for time in times where time.isFinite && time >= 0 && time < 32_503_680_000 {
            if let last, last.contains(time) { continue }
            let date = Date(timeIntervalSince1970: time)
            guard let month = calendar.dateInterval(of: .month, for: date) else { continue }
            starts.insert(month.start.timeIntervalSince1970)
            last = month.start.timeIntervalSince1970...(month.end.timeIntervalSince1970 - 0.001)
        }
        return starts.sorted()
    }
}
