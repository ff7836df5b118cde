import Foundation
import GRDB
import LogbookPostgres
import LogbookStore
import Logging
import LogbookTestSupport
import Testing
import TrackModel

/// Where a store suite runs: the same tests on each of the log's implementations — SQLite in memory, on disk with
/// a rollback journal, on disk in WAL mode (as `logbook` opens it), and PostgreSQL (the throwaway cluster of
/// `scripts/test-postgres`; without it that backend is skipped, unless `LOGBOOK_REQUIRE_POSTGRES=1`).
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, disk, wal, postgres

    var testDescription: String { rawValue }

    /// The backends this run has: PostgreSQL only where its cluster is.
    static var available: [StoreBackend] {
        allCases.filter { $0 != .postgres || TestCluster.isAvailable || TestCluster.isRequired }
    }

    /// Runs `body` on a new, empty log of this kind, with the clock the test moves.
    func withLog(clock: TestClock, _ body: @Sendable (TestLog) throws -> Void) async throws {
        let now: @Sendable () -> Timestamp = { Timestamp(secondsSince1970: clock.value) }
        switch self {
        case .memory:
            try body(
                TestLog(try AppDatabase(DatabaseQueue(configuration: AppDatabase.configuration()), clock: now)))
        case .disk, .wal:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("logbook-store-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("log.sqlite").path
            let writer: any DatabaseWriter =
                self == .wal
                ? try DatabasePool(path: path, configuration: AppDatabase.configuration())
                : try DatabaseQueue(path: path, configuration: AppDatabase.configuration())
            try body(TestLog(try AppDatabase(writer, clock: now)))
        case .postgres:
            let log = try TestCluster.makeLog(clock: now)
            defer {
                log.pool.close()
                try? TestCluster.dropDatabase(log.name)
            }
            try body(TestLog(log.database))
        }
    }
}

/// One log under test, seen through the store interfaces, plus what the suites need to set it up.
struct TestLog {
    var users: any UserStore
    var loginFailures: any LoginFailureStore
    var requestKeys: any RequestKeyStore
    var deviceLeases: any DeviceLeaseStore
    var mailDelivery: any MailDeliveryStore
    var hoursDelivery: any HoursDeliveryStore
    /// Queues a change of an entry (`shift` a UUID) for the payroll system, due at `due`; its id.
    var addHoursChange: (_ shift: String, _ due: Double) throws -> Int64
    /// Queues a message with this subject, due at `due`; its id.
    var addMail: (String, Double) throws -> Int64
    /// Adds a device of a new vehicle; its id.
    var addDevice: (String) throws -> Int64
    /// Adds a vehicle (the mileage log's store is not shared yet: raw rows on PostgreSQL).
    var addVehicle: (String) throws -> Void
    /// Adds a restaurant of the checklists.
    var addRestaurant: (String) throws -> Void

    /// The log's stores, on whichever database `database` is (the same store code runs on both).
    init(_ database: AppDatabase) {
        users = database
        loginFailures = database
        requestKeys = database
        deviceLeases = database
        mailDelivery = database
        hoursDelivery = database
        addHoursChange = { shift, due in
            try database.backend.write("addHoursChange") { db in
                try db.insertReturningID(
                    sql: """
                        INSERT INTO hours_outbox (change_uuid, shift_uuid, method, body, created_at, next_attempt_at)
                        VALUES (?, ?, 'PUT', ?, 0, ?)
                        """, arguments: [UUID().uuidString.lowercased(), shift, Array("{}".utf8), due])
            }
        }
        addMail = { subject, due in
            let id = try database.enqueueMail(
                sender: "log@example.org", recipients: ["a@example.org", "b@example.org"], subject: subject,
                message: Array("Subject: \(subject)\r\n\r\nbody".utf8))!
            try database.backend.write("addMail") { db in
                try db.execute(sql: "UPDATE mail_outbox SET next_attempt_at = ? WHERE id = ?", arguments: [due, id])
            }
            return id
        }
        addDevice = { name in
            try database.addVehicle(VehicleDetails(plate: "V-" + name))
            let hash = String(repeating: "0", count: 56) + String(format: "%08x", abs(name.hashValue) % 0x7fff_ffff)
            return try database.addDevice(name: name, plate: "V-" + name, tokenHash: hash, speedUnit: "km/h").id!
        }
        addVehicle = { plate in try database.addVehicle(VehicleDetails(plate: plate)) }
        addRestaurant = { name in _ = try database.addRestaurant(name: name, email: nil, timezone: "Europe/Berlin") }
    }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double
    init(_ seconds: Double) { self.seconds = seconds }
    var value: Double {
        get { lock.withLock { seconds } }
        set { lock.withLock { seconds = newValue } }
    }
}
