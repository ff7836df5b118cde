import CalendarDays
import Foundation
import TrackModel
public import Hours

extension AppDatabase {
    // MARK: Shifts

    /// Stores an entry (closed or running) after checking that the driver and vehicle exist, that it overlaps none
    /// of the driver's entries and that its pay period is neither submitted nor locked; a closed entry is queued for
    /// the payroll system in the same transaction.
    @discardableResult
    public func addHoursEntry(_ entry: HoursEntry, zone: WorkZone, pausedAt: Moment? = nil) throws -> Int64 {
        let now = clock().secondsSince1970
        return try hoursWrite("addHoursEntry") { db in
            let driverID = try Self.requireDriver(entry.driver, db)
            let vehicleID = try entry.vehicle.map { try Self.requireVehicle($0, db).id }
            try Self.refuseOverlap(entry, driverID: driverID, excluding: nil, now: now, db)
            try Self.refuseSubmitted(driverID: driverID, day: entry.day, db)
            var arguments = Self.entryArguments(entry, driverID: driverID, vehicleID: vehicleID)
            arguments += [pausedAt?.seconds, now, now]
            let number = try db.insertReturningID(
                sql: """
                    INSERT INTO hours_shift (
                        uuid, driver_id, day, raw_start, raw_end, start, "end", entered_break_minutes, break_minutes,
                        worked_minutes, net_minutes, message, vehicle_id, paused_at, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: arguments)
            if let submission = HoursPayrollEntry(entry, zone: zone) {
                try Self.queue(.put, entry: entry.id, body: submission.json, now: now, db)
            }
            return number
        }
    }

    /// Replaces a stored entry by a changed version of it (same id): the same checks as `addHoursEntry`, and the change
    /// queued. `pausedAt` is for a running clock.
    public func replaceHoursEntry(_ number: Int64, with entry: HoursEntry, zone: WorkZone, pausedAt: Moment? = nil)
        throws
    {
        let now = clock().secondsSince1970
        try hoursWrite("replaceHoursEntry") { db in
            let old = try Self.requireHoursEntry(number, db)
            guard old.entry.id == entry.id else {
                throw StoreError(.invalidArgument, operation: "replaceHoursEntry", detail: "an entry keeps its id")
            }
            let driverID = try Self.requireDriver(entry.driver, db)
            let vehicleID = try entry.vehicle.map { try Self.requireVehicle($0, db).id }
            try Self.refuseOverlap(entry, driverID: driverID, excluding: number, now: now, db)
            try Self.refuseSubmitted(driverID: try Self.requireDriver(old.entry.driver, db), day: old.entry.day, db)
            try Self.refuseSubmitted(driverID: driverID, day: entry.day, db)
            var arguments = Self.entryArguments(entry, driverID: driverID, vehicleID: vehicleID)
            arguments += [pausedAt?.seconds, now, number]
            try db.execute(
                sql: """
                    UPDATE hours_shift SET uuid = ?, driver_id = ?, day = ?, raw_start = ?, raw_end = ?, start = ?,
                        "end" = ?, entered_break_minutes = ?, break_minutes = ?, worked_minutes = ?, net_minutes = ?,
                        message = ?, vehicle_id = ?, paused_at = ?, updated_at = ?
                    WHERE id = ?
                    """,
                arguments: arguments)
            if let submission = HoursPayrollEntry(entry, zone: zone) {
                try Self.queue(.put, entry: entry.id, body: submission.json, now: now, db)
            }
        }
    }

    /// Deletes an entry; the payroll system is told if it had been told of the entry.
    public func deleteHoursEntry(_ number: Int64) throws {
        let now = clock().secondsSince1970
        try hoursWrite("deleteHoursEntry") { db in
            let old = try Self.requireHoursEntry(number, db)
            try Self.refuseSubmitted(driverID: try Self.requireDriver(old.entry.driver, db), day: old.entry.day, db)
            try db.execute(sql: "DELETE FROM hours_shift WHERE id = ?", arguments: [number])
            let known =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM hours_outbox WHERE shift_uuid = ?)",
                    arguments: [old.entry.id.uuidString.lowercased()]) ?? false
            if known { try Self.queue(.delete, entry: old.entry.id, body: nil, now: now, db) }
        }
    }

    public func hoursEntry(_ number: Int64) throws -> StoredHoursEntry {
        try read("hoursEntry") { db in try Self.requireHoursEntry(number, db) }
    }

    /// The entries of the days from `first` to `last` (both included), of one driver or all, in time order.
    public func hoursEntries(driver: String?, from first: CalendarDay, through last: CalendarDay) throws
        -> [StoredHoursEntry]
    {
        try read("hoursEntries") { db in
            var sql = Self.entrySelect + " WHERE s.day BETWEEN ? AND ?"
            var arguments: SQLArguments = [first.description, last.description]
            if let driver {
                sql += " AND s.driver_id = ?"
                arguments += [try Self.requireDriver(driver, db)]
            }
            sql += " ORDER BY s.start, s.id"
            return try SQLRow.fetchAll(db, sql: sql, arguments: arguments).map(Self.storedEntry)
        }
    }

    /// The driver's running clock, if any.
    public func runningHoursEntry(driver: String) throws -> StoredHoursEntry? {
        try read("runningHoursEntry") { db in
            let driverID = try Self.requireDriver(driver, db)
            return try SQLRow.fetchOne(
                db, sql: Self.entrySelect + " WHERE s.driver_id = ? AND s.\"end\" IS NULL", arguments: [driverID]
            ).map(Self.storedEntry)
        }
    }

    // MARK: Pay periods

    /// The state of a driver's pay period (a lock counts for every driver).
    public func periodStatus(_ period: PayPeriod, driver: String?) throws -> PayPeriodStatus {
        try read("periodStatus") { db in
            let driverID = try driver.map { try Self.requireDriver($0, db) }
            return try Self.status(period, driverID: driverID, db)
        }
    }

    /// Marks the driver's period submitted: from now on the driver cannot change it (until an admin reopens it).
    public func submitPeriod(_ period: PayPeriod, driver: String, by actor: String) throws {
        let now = clock().secondsSince1970
        try hoursWrite("submitPeriod") { db in
            let driverID = try Self.requireDriver(driver, db)
            let status = try Self.status(period, driverID: driverID, db)
            guard !status.isSubmitted, !status.isLocked else {
                throw StoreError(
                    .refused, operation: "submitPeriod",
                    detail:
                        "the pay period \(period) of \(driver) is \(status.isLocked ? "locked" : "submitted") already")
            }
            try Self.refuseRunning(in: period, driverID: driverID, db)
            try db.execute(
                sql: """
                    INSERT INTO hours_period (driver_id, kind, start_day, end_day, status, at, by)
                    VALUES (?, ?, ?, ?, 'submitted', ?, ?)
                    """,
                arguments: [
                    driverID, period.kind.rawValue, period.start.description, period.end.description, now, actor,
                ])
        }
    }

    /// Takes a submission back (an admin's decision), unless the period is locked.
    public func reopenPeriod(_ period: PayPeriod, driver: String) throws {
        try hoursWrite("reopenPeriod") { db in
            let driverID = try Self.requireDriver(driver, db)
            let status = try Self.status(period, driverID: driverID, db)
            guard !status.isLocked else {
                throw StoreError(.refused, operation: "reopenPeriod", detail: "the pay period \(period) is locked")
            }
            guard status.isSubmitted else {
                throw StoreError(
                    .refused, operation: "reopenPeriod",
                    detail: "the pay period \(period) of \(driver) is not submitted")
            }
            try db.execute(
                sql: "DELETE FROM hours_period WHERE driver_id = ? AND status = 'submitted' AND start_day = ?",
                arguments: [driverID, period.start.description])
        }
    }

    /// Locks a period for every driver, for good: the schema refuses every change of its entries from now on.
    public func lockPeriod(_ period: PayPeriod, by actor: String) throws {
        let now = clock().secondsSince1970
        try hoursWrite("lockPeriod") { db in
            guard try !Self.status(period, driverID: nil, db).isLocked else {
                throw StoreError(
                    .refused, operation: "lockPeriod", detail: "the pay period \(period) is locked already")
            }
            try Self.refuseRunning(in: period, driverID: nil, db)
            try db.execute(
                sql: """
                    INSERT INTO hours_period (driver_id, kind, start_day, end_day, status, at, by)
                    VALUES (NULL, ?, ?, ?, 'locked', ?, ?)
                    """,
                arguments: [period.kind.rawValue, period.start.description, period.end.description, now, actor])
        }
    }

    // MARK: Links

    public func addLink(_ link: WebLink, driver: String?) throws -> Int64 {
        let now = clock().secondsSince1970
        return try hoursWrite("addLink") { db in
            let driverID = try driver.map { try Self.requireDriver($0, db) }
            let taken =
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (
                            SELECT 1 FROM hours_link WHERE COALESCE(driver_id, 0) = ? AND \(db.dialect.equalIgnoringCase("name")))
                        """,
                    arguments: [driverID ?? 0, link.name]) ?? false
            guard !taken else {
                throw StoreError(.refused, operation: "addLink", detail: "there is a link named '\(link.name)' already")
            }
            return try db.insertReturningID(
                sql: "INSERT INTO hours_link (driver_id, name, url, created_at) VALUES (?, ?, ?, ?)",
                arguments: [driverID, link.name, link.url.absoluteString, now])
        }
    }

    /// The links everyone sees and, with a driver, the driver's own.
    public func links(driver: String?) throws -> [StoredLink] {
        try read("links") { db in
            let driverID = try driver.map { try Self.requireDriver($0, db) }
            return try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT l.*, d.name AS driver_name FROM hours_link l LEFT JOIN driver d ON d.id = l.driver_id
                    WHERE l.driver_id IS NULL OR l.driver_id = ?
                    ORDER BY CASE WHEN l.driver_id IS NULL THEN 0 ELSE 1 END, l.id
                    """, arguments: [driverID ?? -1]
            ).compactMap { row in
                guard let link = try? WebLink(name: row["name"], url: row["url"]) else { return nil }
                return StoredLink(id: try row["id"], link: link, driver: try row["driver_name"])
            }
        }
    }

    public func removeLink(named name: String, driver: String?) throws {
        try hoursWrite("removeLink") { db in
            let driverID = try driver.map { try Self.requireDriver($0, db) }
            let removed = try db.executeCounting(
                sql:
                    "DELETE FROM hours_link WHERE COALESCE(driver_id, 0) = ? AND \(db.dialect.equalIgnoringCase("name"))",
                arguments: [driverID ?? 0, name])
            guard removed > 0 else {
                throw StoreError(.notFound, operation: "removeLink", detail: "there is no link named '\(name)'")
            }
        }
    }

    // MARK: Helpers

    /// A write whose trigger refusals (a locked period) read as the log's own refusals.
    func hoursWrite<T>(_ operation: String, _ updates: (any SQLSession) throws -> T) throws -> T {
        do {
            return try write(operation, updates)
        } catch let error as StoreError where error.rule == "hours_period_locked" {
            throw StoreError(.refused, operation: operation, detail: error.detail)
        } catch let error as StoreError where error.detail.hasPrefix("hours_period_locked: ") {
            throw StoreError(
                .refused, operation: operation, detail: String(error.detail.dropFirst("hours_period_locked: ".count)))
        }
    }

    static let entrySelect = """
        SELECT s.*, d.name AS driver_name, v.plate AS vehicle_plate,
            CASE WHEN s."end" IS NULL THEN 'pending' ELSE
            (SELECT CASE WHEN count(*) = 0 THEN 'pending'
                WHEN max(CASE WHEN o.status = 'failed' THEN 1 ELSE 0 END) = 1 THEN 'failed'
                WHEN max(CASE WHEN o.status = 'pending' THEN 1 ELSE 0 END) = 1 THEN 'pending' ELSE 'sent' END
             FROM hours_outbox o WHERE o.shift_uuid = s.uuid) END AS sync,
            (SELECT o.last_error FROM hours_outbox o
             WHERE o.shift_uuid = s.uuid AND o.status != 'sent' AND o.last_error IS NOT NULL
             ORDER BY CASE WHEN o.status = 'failed' THEN 1 ELSE 0 END DESC, o.id LIMIT 1) AS sync_error
        FROM hours_shift s JOIN driver d ON d.id = s.driver_id LEFT JOIN vehicle v ON v.id = s.vehicle_id
        """

    static func entryArguments(_ entry: HoursEntry, driverID: Int64, vehicleID: Int64?) -> SQLArguments {
        [
            entry.id.uuidString.lowercased(), driverID, entry.day.description, entry.rawStart.seconds,
            entry.rawEnd?.seconds, entry.start.seconds, entry.end?.seconds, entry.enteredBreakMinutes,
            entry.breakMinutes, entry.workedMinutes, entry.netMinutes, entry.message, vehicleID,
        ]
    }

    static func storedEntry(_ row: SQLRow) throws -> StoredHoursEntry {
        let entry = HoursEntry(
            id: UUID(uuidString: try row["uuid"]) ?? UUID(), driver: try row["driver_name"],
            day: CalendarDay(parsing: try row["day"] as String) ?? CalendarDay(dayNumber: 0),
            rawStart: Moment(seconds: try row["raw_start"]),
            rawEnd: (try row["raw_end"] as Double?).map(Moment.init(seconds:)),
            start: Moment(seconds: try row["start"]), end: (try row["end"] as Double?).map(Moment.init(seconds:)),
            enteredBreakMinutes: try row["entered_break_minutes"], breakMinutes: try row["break_minutes"],
            workedMinutes: try row["worked_minutes"], netMinutes: try row["net_minutes"], message: try row["message"],
            vehicle: try row["vehicle_plate"])
        let sync = (try row["sync"] as String?).flatMap(HoursSyncState.init(rawValue:)) ?? .pending
        return StoredHoursEntry(
            number: try row["id"], entry: entry, pausedAt: (try row["paused_at"] as Double?).map(Moment.init(seconds:)),
            sync: sync, updatedAt: Moment(seconds: try row["updated_at"]), syncError: try row["sync_error"])
    }

    static func requireHoursEntry(_ number: Int64, _ db: any SQLSession) throws -> StoredHoursEntry {
        guard let row = try SQLRow.fetchOne(db, sql: entrySelect + " WHERE s.id = ?", arguments: [number]) else {
            throw StoreError(.notFound, operation: "hoursEntry", detail: "there is no shift \(number)")
        }
        return try storedEntry(row)
    }

    static func refuseOverlap(
        _ entry: HoursEntry, driverID: Int64, excluding: Int64?, now: Double, _ db: any SQLSession
    ) throws {
        let end = entry.end?.seconds ?? max(now, entry.start.seconds + 1)
        // A running shift ends, for the comparison, at the later of now and a second after its start (the scalar
        // `max` of SQLite, `GREATEST` of PostgreSQL: neither value is NULL here).
        let runningEnd = db.dialect == .sqlite ? "max(?, start + 1)" : "GREATEST(?, start + 1)"
        if let other = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT id, start, "end" FROM hours_shift
                WHERE driver_id = ? AND id != ? AND start < ? AND ? < COALESCE("end", \(runningEnd))
                ORDER BY start LIMIT 1
                """,
            arguments: [driverID, excluding ?? -1, end, entry.start.seconds, now])
        {
            let number: Int64 = try other["id"]
            let running = (try other["end"] as Double?) == nil
            throw StoreError(
                .refused, operation: "hoursEntry",
                detail: "the shift overlaps shift \(number) of \(entry.driver)"
                    + (running ? " (the running clock; `hours stop` first)" : ""))
        }
    }

    static func refuseSubmitted(driverID: Int64, day: CalendarDay, _ db: any SQLSession) throws {
        if let row = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT start_day, end_day, status FROM hours_period
                WHERE (driver_id = ? OR driver_id IS NULL) AND ? BETWEEN start_day AND end_day
                ORDER BY CASE WHEN status = 'locked' THEN 1 ELSE 0 END DESC LIMIT 1
                """, arguments: [driverID, day.description])
        {
            let status: String = try row["status"]
            let range = "\(try row["start_day"] as String)..\(try row["end_day"] as String)"
            throw StoreError(
                .refused, operation: "hoursEntry",
                detail: status == "locked"
                    ? "the pay period \(range) is locked"
                    : "the pay period \(range) was submitted; an admin can reopen it (`logbook hours reopen`)")
        }
    }

    static func refuseRunning(in period: PayPeriod, driverID: Int64?, _ db: any SQLSession) throws {
        if let number = try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM hours_shift WHERE "end" IS NULL AND day BETWEEN ? AND ?
                AND (? IS NULL OR driver_id = ?) LIMIT 1
                """, arguments: [period.start.description, period.end.description, driverID, driverID])
        {
            throw StoreError(
                .refused, operation: "period", detail: "shift \(number) of the period is still running; stop it first")
        }
    }

    static func status(_ period: PayPeriod, driverID: Int64?, _ db: any SQLSession) throws -> PayPeriodStatus {
        var status = PayPeriodStatus()
        for row in try SQLRow.fetchAll(
            db,
            sql: """
                SELECT status, at, by FROM hours_period
                WHERE start_day <= ? AND end_day >= ? AND (driver_id IS NULL OR driver_id = ?)
                """, arguments: [period.end.description, period.start.description, driverID ?? -1])
        {
            if (try row["status"] as String) == "locked" {
                status.lockedAt = Moment(seconds: try row["at"])
                status.lockedBy = try row["by"]
            } else {
                status.submittedAt = Moment(seconds: try row["at"])
                status.submittedBy = try row["by"]
            }
        }
        return status
    }

    static func queue(_ method: HoursChange.Method, entry: UUID, body: Data?, now: Double, _ db: any SQLSession) throws
    {
        try db.execute(
            sql: """
                INSERT INTO hours_outbox (change_uuid, shift_uuid, method, body, created_at, next_attempt_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [UUID().uuidString.lowercased(), entry.uuidString.lowercased(), method.rawValue, body, now, now])
    }
}
