import Foundation
import LogbookPostgres
import LogbookStore
import Logging
import PostgresNIO
import LogbookTestSupport
import Testing

/// The invariants in the PostgreSQL schema (issue 30 §2), written past any store as raw SQL, as the SQLite tests do
/// (`ConstraintTests`, `HoursStoreTests.lockedInTheSchema`, `RoofingStoreTests.lockedAndVersions`, the checklist
/// archive and the audit chain's triggers): sealed and locked rows refuse changes, audit entries are append-only,
/// checks and foreign keys refuse bad rows — each refusal naming its rule, as on SQLite.
@Suite(.enabled(if: TestCluster.isAvailable, "no test cluster"))
struct PostgresInvariantTests {
    static let zeros = String(repeating: "0", count: 64)
    static let first = String(repeating: "a", count: 64)

    /// A small log with a locked and a voided trip, one audit entry, a voided reading, a locked pay period with a
    /// shift, an ended checklist shift, a submitted roofing account and a value-stream map.
    static let fixture = [
        "INSERT INTO driver (id, name, created_at) VALUES (1, 'anna', 0)",
        "INSERT INTO vehicle (id, plate, created_at, driver_id) VALUES (1, 'A', 0, 1)",
        """
        INSERT INTO trip (id, vehicle_id, started_at, ended_at, distance_m, source, created_at, locked)
        VALUES (1, 1, 1000, 1900, 9000, 'manual', 0, 1), (2, 1, 2000, 2900, 100, 'manual', 0, 0)
        """,
        "UPDATE trip SET voided_at = 3000, void_reason = 'wrong' WHERE id = 2",
        """
        INSERT INTO audit_entry VALUES (1, 0, 'me', 'trip', '1', 'create', NULL, NULL, '{}', '\(zeros)', '\(first)')
        """,
        """
        INSERT INTO odometer_reading (id, vehicle_id, read_at, reading, created_at, voided_at, void_reason)
        VALUES (1, 1, 10, 100, 0, 20, 'typo')
        """,
        """
        INSERT INTO hours_shift (id, uuid, driver_id, day, raw_start, raw_end, start, "end", worked_minutes,
            net_minutes, created_at, updated_at)
        VALUES (1, '\(UUID().uuidString)', 1, '2026-11-02', 1, 2, 1, 2, 480, 480, 0, 0)
        """,
        """
        INSERT INTO hours_period (kind, start_day, end_day, status, at, by)
        VALUES ('monthly', '2026-11-01', '2026-11-30', 'locked', 0, 'test')
        """,
        "INSERT INTO app_user (id, name, role, created_at) VALUES (1, 'boss', 'shift-manager', 0)",
        "INSERT INTO checklist_restaurant (id, name, timezone, created_at) VALUES (1, 'R', 'UTC', 0)",
        """
        INSERT INTO checklist_shift (id, restaurant_id, day_part, manager_id, started_at) VALUES (1, 1, 'day', 1, 0)
        """,
        "INSERT INTO checklist_mark (shift_id, kind, path, state, at) VALUES (1, 'before', 'a', 'ok', 1)",
        "UPDATE checklist_shift SET ended_at = 10 WHERE id = 1",
        "INSERT INTO roofing_project (id, name, name_key, created_at, updated_at) VALUES (1, 'P', 'p', 0, 0)",
        "INSERT INTO roofing_line VALUES (1, 0, '1.1', 'S', 'Tag', 'm2', 1000, 100, '')",
        "INSERT INTO roofing_advance VALUES (1, 0, '2026-11-02', 500, '')",
        "INSERT INTO roofing_version VALUES (1, 1, 'me', 0, 'submitted', '[]', '{}')",
        "UPDATE roofing_project SET status = 'submitted', version = 1 WHERE id = 1",
        """
        INSERT INTO vsm_map (id, name, state, next_sticker, created_at, updated_at) VALUES (1, 'M', 'current', 3, 0, 0)
        """,
        "INSERT INTO vsm_section VALUES (1, 0, 'S')",
        """
        INSERT INTO device (id, name, vehicle_id, token_hash, speed_unit, created_at)
        VALUES (1, 'phone', 1, '\(first)', 'mps', 0)
        """,
    ]

    /// Each statement and the rule its refusal must name.
    static let refusals: [(String, String)] = [
        ("UPDATE trip SET notes = 'x' WHERE id = 1", "trip_locked"),
        ("UPDATE trip SET notes = 'x' WHERE id = 2", "trip_voided"),
        ("DELETE FROM trip WHERE id = 2", "trip_never_deleted"),
        ("UPDATE audit_entry SET actor = 'x'", "audit_entry_append_only"),
        ("DELETE FROM audit_entry", "audit_entry_append_only"),
        ("TRUNCATE audit_entry", "audit_entry_append_only"),
        (
            "INSERT INTO audit_entry VALUES (3, 0, 'me', 'trip', '1', 'edit', 'notes', NULL, 'x', '\(first)', '\(String(repeating: "b", count: 64))')",
            "audit_entry_in_order"
        ),
        (
            "INSERT INTO audit_entry VALUES (2, 0, 'me', 'trip', '1', 'edit', 'notes', NULL, 'x', '\(zeros)', '\(String(repeating: "b", count: 64))')",
            "audit_entry_in_order"
        ),
        ("UPDATE odometer_reading SET note = 'x'", "odometer_reading_voided"),
        ("DELETE FROM odometer_reading", "odometer_reading_never_deleted"),
        ("UPDATE hours_shift SET message = 'x' WHERE id = 1", "hours_period_locked"),
        ("UPDATE hours_shift SET day = '2026-12-02' WHERE id = 1", "hours_period_locked"),
        ("DELETE FROM hours_shift WHERE id = 1", "hours_period_locked"),
        (
            """
            INSERT INTO hours_shift (uuid, driver_id, day, raw_start, start, created_at, updated_at)
            VALUES ('\(UUID().uuidString)', 1, '2026-11-20', 1, 1, 1, 1)
            """, "hours_period_locked"
        ),
        ("DELETE FROM hours_period", "hours_period_locked"),
        ("UPDATE hours_period SET end_day = '2026-11-01'", "hours_period_locked"),
        (
            "INSERT INTO checklist_mark (shift_id, kind, path, state, at) VALUES (1, 'before', 'b', 'ok', 1)",
            "checklist_archive"
        ),
        ("UPDATE checklist_mark SET state = 'not-ok'", "checklist_archive"),
        ("DELETE FROM checklist_mark", "checklist_archive"),
        ("UPDATE checklist_shift SET ended_at = 11", "checklist_archive"),
        ("DELETE FROM checklist_shift", "checklist_archive"),
        ("UPDATE roofing_line SET quantity_milli = 1", "roofing_project_locked"),
        ("DELETE FROM roofing_advance", "roofing_project_locked"),
        ("INSERT INTO roofing_deduction VALUES (1, 5, 'Mere', 100)", "roofing_project_locked"),
        ("UPDATE roofing_project SET address = 'Andet'", "roofing_project_locked"),
        ("UPDATE roofing_project SET status = 'open'", "roofing_project_locked"),
        ("DELETE FROM roofing_project", "roofing_project_kept"),
        ("UPDATE roofing_version SET reason = 'other'", "roofing_version_kept"),
        ("INSERT INTO roofing_version VALUES (1, 3, 'me', 0, 'again', '[]', '{}')", "roofing_version_number"),
        (
            "INSERT INTO vsm_sticker (map_id, number, section_position, position, text, kind, font, size, process_s, wait_s) VALUES (1, 3, 0, 0, 'x', 'value', 'f', 12, 0, 0)",
            "vsm_sticker_number"
        ),
        ("UPDATE vsm_map SET next_sticker = 2", "vsm_map_next"),
        ("INSERT INTO vehicle (plate, created_at) VALUES ('', 1)", "vehicle_plate"),
        ("INSERT INTO vehicle (plate, created_at) VALUES (' B ', 1)", "vehicle_plate"),
        ("INSERT INTO vehicle (plate, created_at) VALUES ('a', 1)", "vehicle_plate_unique"),
        ("INSERT INTO driver (id, name, created_at) VALUES (2, 'ANNA', 1)", "driver_name_unique"),
        (
            "INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at, start_lat, start_lon) VALUES (1, 5000, 5100, 1, 'manual', 0, 91, 0)",
            "trip_latitude"
        ),
        (
            "INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at) VALUES (1, 5000, 4000, 1, 'manual', 0)",
            "trip_times"
        ),
        (
            "INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at) VALUES (1, 5000, 5100, 1, 'bicycle', 0)",
            "trip_source"
        ),
        (
            "INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at, category, category_origin) VALUES (1, 5000, 5100, 1, 'manual', 0, 'business', 'manual')",
            "trip_business_purpose"
        ),
        (
            "INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at, estimated) VALUES (1, 5000, 5100, 1, 'gps', 0, 'middle')",
            "trip_estimated"
        ),
        (
            "INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at) VALUES (999, 5000, 5100, 1, 'manual', 0)",
            "trip_vehicle_id_fkey"
        ),
        ("DELETE FROM vehicle WHERE id = 1", "violates foreign key constraint"),
        (
            "INSERT INTO device_position (device_id, fixed_at, lat, lon, received_at, attributes) VALUES (1, 5, 1, 1, 0, '{bad')",
            "device_position_attributes"
        ),
        (
            "INSERT INTO hours_shift (uuid, driver_id, day, raw_start, start, created_at, updated_at) VALUES ('\(UUID().uuidString)', 1, '2026-1-2', 1, 1, 1, 1)",
            "hours_shift_day"
        ),
        (
            "INSERT INTO roofing_catalogue (name, name_key, currency, created_at) VALUES ('C', 'c', 'dkk', 0)",
            "roofing_catalogue_currency"
        ),
    ]

    /// What the server said when it refused `sql`, or nil when it ran.
    static func refusal(_ sql: String, _ log: PostgresLog) async -> String? {
        do {
            try await log.client.query(PostgresQuery(unsafeSQL: sql), logger: TestCluster.logger)
            return nil
        } catch let error as PSQLError {
            return error.serverInfo?[.message] ?? "\(error.code)"
        } catch {
            return "\(error)"
        }
    }

    @Test("sealed and locked rows, the audit chain, checks and foreign keys refuse bad changes; good ones pass")
    func theSchemaRefuses() async throws {
        try await TestCluster.withDatabase { address, password in
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                try await PostgresMigrator.migrate(log)
                for sql in Self.fixture {
                    let refused = await Self.refusal(sql, log)
                    #expect(refused == nil, "fixture: \(sql)")
                }
                for (sql, rule) in Self.refusals {
                    let refused = await Self.refusal(sql, log)
                    #expect(refused?.contains(rule) == true, "\(sql): \(refused ?? "accepted")")
                }
                // What the rules allow still passes: the next audit entry linked to the last, a shift in December,
                // a sticker below the map's next number, an open trip's change, a device's position.
                let allowed = [
                    "INSERT INTO audit_entry VALUES (2, 0, 'me', 'trip', '1', 'edit', 'notes', NULL, 'x', '\(Self.first)', '\(String(repeating: "b", count: 64))')",
                    """
                    INSERT INTO hours_shift (uuid, driver_id, day, raw_start, start, created_at, updated_at)
                    VALUES ('\(UUID().uuidString)', 1, '2026-12-02', 1, 1, 1, 1)
                    """,
                    "INSERT INTO vsm_sticker (map_id, number, section_position, position, text, kind, font, size, process_s, wait_s) VALUES (1, 2, 0, 0, 'x', 'value', 'f', 12, 0, 0)",
                    """
                    INSERT INTO trip (id, vehicle_id, started_at, ended_at, distance_m, source, created_at)
                    VALUES (3, 1, 5000, 5100, 1, 'manual', 0)
                    """,
                    "UPDATE trip SET notes = 'fine' WHERE id = 3",
                    """
                    INSERT INTO device_position (device_id, fixed_at, lat, lon, received_at, attributes)
                    VALUES (1, 5, 1, 1, 0, '{"motion": ["driving"]}')
                    """,
                ]
                for sql in allowed {
                    let refused = await Self.refusal(sql, log)
                    #expect(refused == nil, "\(sql): \(refused ?? "")")
                }
                // Nothing the refusals touched changed.
                let rows = try await log.client.query(
                    "SELECT (SELECT count(*) FROM audit_entry), (SELECT notes FROM trip WHERE id = 1)",
                    logger: TestCluster.logger)
                for try await (entries, notes) in rows.decode((Int, String?).self) {
                    #expect(entries == 2 && notes == nil)
                }
            }
        }
    }
}
