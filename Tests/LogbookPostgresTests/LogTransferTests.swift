import Foundation
import GRDB
import LogbookPostgres
import LogbookStore
import LogbookTestSupport
import MileageLog
import PostgresNIO
import Testing

/// `logbook database export|import` (issue 30 §5) at the terminal: a log with rows in every table goes from SQLite
/// to PostgreSQL and back into a new SQLite file unchanged, row by row, with its audit history verifying on both
/// sides; a destination with data, a source whose history does not verify and an unreachable server are refused.
@Suite(.enabled(if: TestCluster.isAvailable, "no test cluster"))
struct LogTransferTests {
    static func hex(_ digit: String) -> String { String(repeating: digit, count: 64) }

    /// What the CLI does not write (or not easily): rows for every other table, as the stores would hold them.
    static let rows = [
        "INSERT INTO profile (id, name, company, employee_id, updated_at) VALUES (1, 'Anna', 'Firma', 'E1', 10)",
        "INSERT INTO place (id, name, lat, lon, radius_m, created_at) VALUES (1, 'Office', 48.1, 11.5, 100, 10)",
        """
        INSERT INTO rule (name, priority, weekdays, start_place_id, vehicle_id, category, purpose, created_at)
        VALUES ('Office trips', 1, 'mon', 1, 1, 'business', 'Office', 10)
        """,
        """
        INSERT INTO regular_trip (name, vehicle_id, driver_id, category, purpose, distance_m, start_minute,
            duration_s, created_at)
        VALUES ('Customer', 1, 1, 'business', 'Visit', 12000, 480, 1800, 10.5)
        """,
        "INSERT INTO engine_checkpoint (vehicle_id, saved_at, last_fix_time, state) VALUES (1, 10, 9, x'7b7d')",
        "INSERT INTO imported_file VALUES ('\(hex("f"))', 1, '/tmp/a.gpx', 10, 1)",
        "INSERT INTO vehicle_import VALUES ('\(hex("f"))', 1, '/tmp/a.gpx', 10, 1, 1)",
        "INSERT INTO trip_track VALUES (1, 2, x'0102030405060708')",
        """
        INSERT INTO trip_conflict (vehicle_id, existing_trip_id, import_key, started_at, ended_at, distance_m,
            idle_s, idle_periods, max_speed_mps, start_lat, start_lon, end_lat, end_lon, fixes_used, point_count,
            points, created_at, resolution, resolved_at, kept_trip_id)
        VALUES (1, 1, '\(hex("f"))', 1, 2, 3, 0, 0, 1, 48.1, 11.5, 48.2, 11.6, 4, 1, x'01', 10, 'existing', 11, 1)
        """,
        """
        INSERT INTO mail_outbox (id, created_at, sender, recipients, message_id, subject, message, status, attempts,
            next_attempt_at, sent_at)
        VALUES (1, 10, 'a@example.org', 'c@example.org', '<m1>', 'Report', x'48656c6c6f', 'sent', 1, 10, 11)
        """,
        "INSERT INTO report_delivery (vehicle_id, period, mail_id, created_at) VALUES (1, '2026-10', 1, 11)",
        """
        INSERT INTO app_user (id, name, role, password_hash, created_at)
        VALUES (1, 'boss', 'shift-manager', '$2b$12$abcdefghijklmnopqrstuv', 10), (2, 'Rita', 'roofer', NULL, 10)
        """,
        "INSERT INTO app_user_vehicle VALUES (1, 1)",
        "INSERT INTO api_token (user_id, token_hash, created_at, expires_at) VALUES (1, '\(hex("1"))', 10, 99)",
        "INSERT INTO web_session VALUES ('\(hex("2"))', 1, 'csrf', 10, 20)",
        """
        INSERT INTO request_key (user_id, key, method, path, status, body, created_at)
        VALUES (1, 'key-00001', 'POST', '/api/trips', 201, x'7b7d', 10)
        """,
        "INSERT INTO login_failure VALUES ('\(hex("3"))', 10.25)",
        """
        INSERT INTO device (id, name, vehicle_id, token_hash, speed_unit, created_at, position_count)
        VALUES (1, 'phone', 1, '\(hex("4"))', 'mps', 10, 3)
        """,
        """
        INSERT INTO device_position (device_id, fixed_at, lat, lon, speed_mps, attributes, received_at)
        VALUES (1, 1767225700, 48.1, 11.5, 3.5, '{"motion":["driving"]}', 1767225800),
            (1, 1769904100, 48.2, 11.6, NULL, NULL, 1769904200), (1, 1772323205.25, 48.3, 11.7, 0, NULL, 1772323300)
        """,
        "INSERT INTO device_refusal VALUES (1, 'null-island', 2)",
        "INSERT INTO device_trip VALUES (1, 1)",
        "INSERT INTO device_engine VALUES (1, 5, NULL, 6, x'00ff')",
        "INSERT INTO device_lease VALUES (1, 'server-a:12:abcd0123', 3, 1767225900.5)",
        "INSERT INTO device_snapshot VALUES (1, 5, 4, x'0102')",
        "INSERT INTO upload_queue (fixed_at, lat, lon, speed_mps, eph_m) VALUES (1767225700.5, 48.1, 11.5, 2, 3.5)",
        """
        INSERT INTO hours_shift (uuid, driver_id, day, raw_start, raw_end, start, "end", worked_minutes, net_minutes,
            break_minutes, message, vehicle_id, created_at, updated_at)
        VALUES ('00000000-0000-0000-0000-000000000001', 1, '2026-11-02', 1, 2, 1, 2, 480, 450, 30, 'Tour', 1, 0, 0)
        """,
        """
        INSERT INTO hours_period (driver_id, kind, start_day, end_day, status, at, by)
        VALUES (NULL, 'monthly', '2026-11-01', '2026-11-30', 'locked', 10, 'boss'),
            (1, 'monthly', '2026-12-01', '2026-12-31', 'submitted', 11, 'anna')
        """,
        """
        INSERT INTO hours_outbox (change_uuid, shift_uuid, method, body, created_at, status, attempts,
            next_attempt_at, sent_at)
        VALUES ('00000000-0000-0000-0000-000000000002', '00000000-0000-0000-0000-000000000001', 'PUT', x'7b7d', 10,
            'sent', 1, 10, 11)
        """,
        "INSERT INTO hours_link (driver_id, name, url, created_at) VALUES (NULL, 'Intranet', 'https://example.org', 10)",
        """
        INSERT INTO checklist_restaurant (id, name, email, timezone, created_at)
        VALUES (1, 'Main Street', 'r@example.org', 'Europe/Copenhagen', 10)
        """,
        "INSERT INTO app_user_restaurant VALUES (1, 1)",
        "INSERT INTO checklist_template VALUES (1, 1, 'day', 'before', 1, x'7b7d', 10, 'boss')",
        """
        INSERT INTO checklist_shift (id, restaurant_id, day_part, manager_id, started_at)
        VALUES (1, 1, 'day', 1, 100), (2, 1, 'evening', 1, 200)
        """,
        "INSERT INTO checklist_shift_template VALUES (1, 'before', 1)",
        "INSERT INTO checklist_mark VALUES (1, 'before', 'a/b', 'not-ok', 'broken', 110)",
        """
        INSERT INTO checklist_todo (shift_id, task, section, area, priority, done, source, path, created_at, done_at)
        VALUES (1, 'Fix', 'Bar', 'kitchen', 2, 1, 'not-ok', 'a/b', 110, 120)
        """,
        "INSERT INTO checklist_reminder (shift_id, name, due_at, notifications) VALUES (1, 'Temp', 150, 1)",
        "UPDATE checklist_shift SET ended_at = 300 WHERE id = 1",
        // The future map has the lower id: it refers to a map written after it.
        """
        INSERT INTO vsm_map (id, name, state, next_sticker, created_at, updated_at)
        VALUES (1, 'Line future', 'future', 1, 11, 11), (2, 'Line', 'current', 3, 10, 10)
        """,
        "UPDATE vsm_map SET future_of = 2 WHERE id = 1",
        "INSERT INTO vsm_section VALUES (2, 0, 'Press')",
        """
        INSERT INTO vsm_sticker (map_id, number, section_position, position, text, kind, background, font, size,
            process_s, wait_s, ca, inventory)
        VALUES (2, 1, 0, 0, 'Stamp', 'value', '#aabbcc', 'Sans', 12, 30, 60, 95.5, 10)
        """,
        "INSERT INTO roofing_catalogue (id, name, name_key, currency, created_at) VALUES (1, 'Tag', 'tag', 'DKK', 10)",
        """
        INSERT INTO roofing_activity VALUES (1, '1.1', 0, 'Tag', 'Lægte', 'm2', 14715, NULL, NULL),
            (1, '9', 1, 'Tillæg', 'Tillæg', '%', NULL, 5000, 'account')
        """,
        "INSERT INTO roofing_indexing VALUES (1, 0, '2026-01-01', 2500)",
        """
        INSERT INTO roofing_project (id, name, name_key, created_at, updated_at)
        VALUES (1, 'Hovedgaden 3', 'hovedgaden 3', 10, 10), (2, 'Byvej 1', 'byvej 1', 10, 10), (3, 'Åben', 'åben', 10, 10)
        """,
        "INSERT INTO roofing_roofer VALUES (1, 0, 'Rita', 8000)",
        "INSERT INTO roofing_line VALUES (1, 0, '1.1', 'Tag', 'Lægte', 'm2', 10000, 14715, '')",
        "INSERT INTO roofing_supplement VALUES (1, 0, '9', 'Tillæg', 'Tillæg', 5000, 'account')",
        "INSERT INTO roofing_extra_work VALUES (1, 0, 'Stillads', 2000, 40000, NULL)",
        "INSERT INTO roofing_deduction VALUES (1, 0, 'Materiale', 10000)",
        "INSERT INTO roofing_advance VALUES (1, 0, '2026-11-02', 50000, 'a conto')",
        "INSERT INTO roofing_split VALUES (1, 'Rita', 100000, NULL)",
        "INSERT INTO roofing_photo_blob VALUES ('\(hex("e"))', 'jpeg', x'ffd8ffe0', 10)",
        """
        INSERT INTO roofing_project_photo (project_id, hash, caption, original_name, orientation, added_at)
        VALUES (1, '\(hex("e"))', 'Roof', 'a.jpg', 1, 10)
        """,
        """
        INSERT INTO roofing_version VALUES (1, 1, 'boss', 20, 'submitted', '[]', '{}'),
            (2, 1, 'boss', 20, 'submitted', '["a"]', '{"b":1}')
        """,
        "UPDATE roofing_project SET status = 'submitted', version = 1 WHERE id IN (1, 2)",
        "UPDATE roofing_project SET status = 'settled' WHERE id = 2",
        "INSERT INTO roofing_selection VALUES (1, 3)",
        "UPDATE trip SET locked = 1 WHERE id = 1",
    ]

    /// The temporary folder lives as long as the setup (a class that removes it when released).
    struct Setup: @unchecked Sendable {
        let dir: TemporaryDirectory
        let config: String
        let password: String

        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments + ["--config", config])
        }
    }

    static func setup(password: String) throws -> Setup {
        let dir = try TemporaryDirectory()
        let secret = dir.path("pg-password")
        try (password + "\n").write(toFile: secret, atomically: true, encoding: .utf8)
        chmod(secret, 0o600)
        let config = dir.path("logbook.toml")
        try "[database]\npassword_file = \"\(secret)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        return Setup(dir: dir, config: config, password: password)
    }

    /// A log filled through the CLI (trips, edits, a void, odometer readings: the audit history) and the rest
    /// written as the stores would.
    static func filledLog(_ setup: Setup) throws -> String {
        let path = setup.dir.path("source.sqlite")
        let log = ["--database", path, "--timezone", "UTC"]
        for arguments in [
            ["drivers", "add", "anna"],
            ["vehicles", "add", "--plate", "M-LB 42", "--odometer", "1000", "--driver", "anna"],
            [
                "trips", "add", "--vehicle", "M-LB 42", "--date", "2026-10-05", "--start", "08:00", "--end", "09:00",
                "--distance", "40", "--category", "business", "--purpose", "Kunde",
            ],
            [
                "trips", "add", "--vehicle", "M-LB 42", "--date", "2026-10-06", "--start", "08:00", "--end", "08:30",
                "--distance", "12.5", "--category", "private",
            ],
            [
                "trips", "add", "--vehicle", "M-LB 42", "--date", "2026-10-07", "--start", "17:00", "--end", "17:20",
                "--distance", "8", "--category", "commute",
            ],
            ["trips", "edit", "2", "--notes", "Bäckerei", "--destination", "Stadt"],
            ["trips", "void", "3", "--reason", "entered twice"],
            ["odometer", "record", "--vehicle", "M-LB 42", "--reading", "1060", "--date", "2026-10-08"],
            ["odometer", "record", "--vehicle", "M-LB 42", "--reading", "1999", "--date", "2026-10-09", "--force"],
            ["odometer", "void", "2", "--reason", "typo"],
        ] {
            let result = try setup.run(arguments + log)
            guard result.status == 0 else {
                throw TestClusterError("\(arguments.joined(separator: " ")): \(result.status) \(result.stderr)")
            }
        }
        let database = try AppDatabase.open(path: path)
        try database.writer.write { db in
            for sql in rows { try db.execute(sql: sql) }
        }
        return path
    }

    /// Every table's rows, all columns, in a fixed order; and the AUTOINCREMENT counters.
    static func dump(_ path: String) throws -> [String: [[DatabaseValue]]] {
        try AppDatabase.openForReading(path: path).reader.read { db in
            var tables: [String: [[DatabaseValue]]] = [:]
            let names = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('grdb_migrations') ORDER BY 1"
            )
            for name in names {
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_xinfo(?)", arguments: [name])!
                let order = (1...count).map(String.init).joined(separator: ", ")
                tables[name] = try Row.fetchAll(db, sql: "SELECT * FROM \"\(name)\" ORDER BY \(order)").map {
                    Array($0.databaseValues)
                }
            }
            return tables
        }
    }

    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    @Test("SQLite → PostgreSQL → SQLite: every table identical row by row, the audit history verifying throughout")
    func roundTrip() async throws {
        let (admin, password) = try TestCluster.admin()
        _ = admin
        let setup = try Self.setup(password: password)
        let source = try Self.filledLog(setup)
        // Enough positions, over three months, to be read and written in several chunks.
        try await AppDatabase.open(path: source).writer.write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12001)
                    INSERT INTO device_position (device_id, fixed_at, lat, lon, speed_mps, received_at)
                    SELECT 1, 1767225600 + i * 600.5, 48.0 + i / 100000.0, 11.0, i % 7, 1767225600 + i * 600.5 + 1
                    FROM n
                    """)
        }
        let before = try Self.dump(source)
        #expect(before["device_position"]?.count == 12_004)
        let empty = before.filter { $0.key != "grdb_migrations" && $0.value.isEmpty }.map(\.key).sorted()
        #expect(empty == [], "tables without rows in the test log")
        let sourceAudit = try AppDatabase.openForReading(path: source).verifyAudit()
        #expect(sourceAudit.isIntact && sourceAudit.entries >= 7, "\(sourceAudit.problems)")
        let copy = setup.dir.path("copy.sqlite")
        try await TestCluster.withDatabase { address, _ in
            let exported = try setup.run(
                ["database", "export", "--to", address.description, "--database", source, "--format", "json"])
            #expect(exported.status == 0, "\(exported.stderr)")
            let view = Self.json(exported.stdout)
            // The counts as SQLite counts them, table by table.
            let counted = (view["tables"] as? [[String: Any]] ?? []).reduce(into: [String: Int]()) {
                $0[$1["table"] as? String ?? ""] = $1["rows"] as? Int
            }
            let expected = before.filter { $0.key != "sqlite_sequence" }.mapValues(\.count)
            #expect(counted == expected)
            let audit = view["audit"] as? [String: Any] ?? [:]
            #expect(audit["entries"] as? Int == sourceAudit.entries)
            #expect(audit["last_hash"] as? String == sourceAudit.head.hash)
            #expect(audit["last_sequence"] as? Int == Int(sourceAudit.head.sequence))
            #expect(audit["destination_intact"] as? Bool == true)
            #expect(!exported.stdout.contains(password) && !exported.stderr.contains(password))

            // The text form names every table with its count and the audit head.
            let imported = try setup.run(["database", "import", "--from", address.description, "--database", copy])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(
                imported.stdout.contains("roofing_project_photo") && imported.stdout.contains(sourceAudit.head.hash))

            // A destination with data is refused, and left as it was.
            let again = try setup.run(["database", "export", "--to", address.description, "--database", source])
            #expect(again.status == 65, "\(again.stderr)")
            #expect(again.stderr.contains("already holds data"), "\(again.stderr)")
            #expect(!again.stderr.contains(password) && !again.stderr.contains("INSERT"))
            let intoCopy = try setup.run(["database", "import", "--from", address.description, "--database", copy])
            #expect(intoCopy.status == 65 && intoCopy.stderr.contains("already holds data"), "\(intoCopy.stderr)")
            // The identity sequences go on after the copied ids: a new row gets the next one.
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                let rows = try await log.client.query(
                    "INSERT INTO driver (name, created_at) VALUES ('neu', 0) RETURNING id", logger: TestCluster.logger)
                for try await id in rows.decode(Int.self) { #expect(id == 2) }
            }
        }
        #expect(try Self.dump(copy) == before)
        let copyAudit = try AppDatabase.openForReading(path: copy).verifyAudit()
        #expect(copyAudit.isIntact && copyAudit.head == sourceAudit.head && copyAudit.entries == sourceAudit.entries)
    }

    @Test("a source whose audit history does not verify is refused before anything is copied")
    func brokenSource() async throws {
        let (_, password) = try TestCluster.admin()
        let setup = try Self.setup(password: password)
        let source = try Self.filledLog(setup)
        // Behind the log's back: the trigger that keeps entries unchanged is dropped and an entry rewritten.
        try await AppDatabase.open(path: source).writer.write { db in
            try db.execute(sql: "DROP TRIGGER audit_entry_never_updated")
            try db.execute(sql: "UPDATE audit_entry SET actor = 'mallory' WHERE sequence = 2")
        }
        let target = setup.dir.path("copy.sqlite")
        let toFile = try setup.run(["database", "export", "--to", target, "--database", source])
        #expect(toFile.status == 65, "\(toFile.stderr)")
        #expect(toFile.stderr.contains("audit history does not verify") && toFile.stderr.contains("entry 2"))
        #expect(!FileManager.default.fileExists(atPath: target), "a refused copy left a file")
        try await TestCluster.withDatabase { address, password in
            let toPostgres = try setup.run(["database", "export", "--to", address.description, "--database", source])
            #expect(toPostgres.status == 65, "\(toPostgres.stderr)")
            #expect(!toPostgres.stderr.contains(password) && !toPostgres.stderr.contains("SELECT"))
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                // Refused before the destination was touched: not even migrated.
                let rows = try await log.client.query(
                    "SELECT to_regclass('logbook_migration') IS NULL", logger: TestCluster.logger)
                for try await untouched in rows.decode(Bool.self) { #expect(untouched) }
            }
        }
        // A trip changed behind the log's back (its row no longer what its history says) is refused too.
        let other = try Self.setup(password: password)
        let changed = try Self.filledLog(other)
        try await AppDatabase.open(path: changed).writer.write { db in
            try db.execute(sql: "UPDATE trip SET distance_m = 1 WHERE id = 2")
        }
        let refused = try other.run(["database", "export", "--to", other.dir.path("x.sqlite"), "--database", changed])
        #expect(refused.status == 65 && refused.stderr.contains("trip 2: distance_m"), "\(refused.stderr)")
    }

    @Test("an unreachable server is 69, a wrong password 77, neither message has the password")
    func unavailable() async throws {
        let (admin, password) = try TestCluster.admin()
        let setup = try Self.setup(password: password)
        let source = try Self.filledLog(setup)
        let closed = try setup.run(
            ["database", "export", "--to", "postgresql://logbook@127.0.0.1:1/nowhere", "--database", source])
        #expect(closed.status == 69, "\(closed.stderr)")
        #expect(!closed.stderr.contains(password))
        let wrong = setup.dir.path("wrong-password")
        try "not-the-password\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        chmod(wrong, 0o600)
        let refused = try setup.run([
            "database", "import", "--from", admin.description, "--password-file", wrong, "--database",
            setup.dir.path("new.sqlite"),
        ])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(!refused.stderr.contains("not-the-password") && !refused.stderr.contains(password))
        #expect(!FileManager.default.fileExists(atPath: setup.dir.path("new.sqlite")))
        // A destination file that cannot be made is 73; a source that is not there 66.
        let cannot = try setup.run([
            "database", "export", "--to", "/proc/logbook-none/copy.sqlite", "--database", source,
        ])
        #expect(cannot.status == 73 && cannot.stderr.contains("/proc/logbook-none"), "\(cannot.stderr)")
        let missing = try setup.run([
            "database", "import", "--from", setup.dir.path("none.sqlite"), "--database", setup.dir.path("new.sqlite"),
        ])
        #expect(missing.status == 66 && missing.stderr.contains("there is no log there"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.dir.path("new.sqlite")))
    }
}
