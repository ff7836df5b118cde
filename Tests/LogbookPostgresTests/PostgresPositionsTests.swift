import Foundation
import LogbookPostgres
import LogbookStore
import Logging
import PostgresNIO
import LogbookTestSupport
import Testing

/// Positions at fleet scale (issue 30 §5): partitioned by month, nothing lost before a month's partition exists,
/// and retention that drops whole old months only.
@Suite struct PostgresPositionsTests {
    // 2026-01-01, 2026-02-01, 2026-03-01 00:00 UTC (computed apart: calendar.timegm).
    static let january = 1_767_225_600.0
    static let february = 1_769_904_000.0
    static let march = 1_772_323_200.0

    @Test("months: the first second of each month the times fall in, once, in order")
    func months() {
        #expect(
            PostgresPositions.months([Self.february - 1, Self.february, Self.january + 5, Self.february + 86_400])
                == [Self.january, Self.february])
        #expect(PostgresPositions.months([-5, .nan, .infinity]) == [])
    }

    static func partitions(_ log: PostgresLog) async throws -> [Double: String] {
        var found: [Double: String] = [:]
        let rows = try await log.client.query(
            "SELECT fixed_at, tableoid::regclass::text FROM device_position", logger: TestCluster.logger)
        for try await (time, partition) in rows.decode((Double, String).self) { found[time] = partition }
        return found
    }

    @Test(
        "positions land in their month's partition or the default one; retention drops whole old months",
        .enabled(if: TestCluster.isAvailable, "no test cluster"))
    func partitionedByMonth() async throws {
        try await TestCluster.withDatabase { address, password in
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                try await PostgresMigrator.migrate(log)
                let logger = TestCluster.logger
                try await log.client.query(
                    "INSERT INTO vehicle (id, plate, created_at) VALUES (1, 'A', 0)", logger: logger)
                try await log.client.query(
                    """
                    INSERT INTO device (id, name, vehicle_id, token_hash, speed_unit, created_at, position_count)
                    VALUES (1, 'phone', 1, \(String(repeating: "a", count: 64)), 'mps', 0, 4)
                    """, logger: logger)
                let made = try await log.client.withConnection { connection in
                    try await PostgresPositions.preparePartitions(
                        connection, for: [Self.january + 100, Self.january + 200], logger: logger)
                }
                #expect(made == ["device_position_2026_01"])
                for time in [Self.january + 100, Self.february + 100, Self.march + 5, -5] {
                    try await log.client.query(
                        """
                        INSERT INTO device_position (device_id, fixed_at, lat, lon, received_at)
                        VALUES (1, \(time), 48.1, 11.5, 0)
                        """, logger: logger)
                }
                #expect(
                    try await Self.partitions(log) == [
                        Self.january + 100: "device_position_2026_01", Self.february + 100: "device_position_default",
                        Self.march + 5: "device_position_default", -5: "device_position_default",
                    ])
                // February's partition, made late, takes what the default partition held of February.
                _ = try await log.client.withConnection { connection in
                    try await PostgresPositions.preparePartitions(connection, for: [Self.february + 1], logger: logger)
                }
                #expect(try await Self.partitions(log)[Self.february + 100] == "device_position_2026_02")
                // Keep from 10 March: January and February go whole, with the position before 1970 in the default
                // partition; March stays.
                let removed = try await PostgresPositions.dropPositions(log, before: Self.march + 9 * 86_400)
                #expect(removed == 3)
                #expect(try await Self.partitions(log) == [Self.march + 5: "device_position_default"])
                let rows = try await log.client.query(
                    """
                    SELECT (SELECT position_count FROM device WHERE id = 1),
                        (SELECT count(*) FROM pg_inherits WHERE inhparent = 'device_position'::regclass)
                    """, logger: logger)
                for try await (count, partitions) in rows.decode((Int, Int).self) {
                    #expect(count == 1)
                    #expect(partitions == 1, "only the default partition is left")
                }
                #expect(try await PostgresPositions.dropPositions(log, before: Self.march + 9 * 86_400) == 0)
            }
        }
    }
}
