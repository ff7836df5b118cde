import Foundation
import Logging
public import PostgresNIO

/// Positions at fleet scale (issue 30 §5): `device_position` is partitioned by month of its fix time (UTC), with a
/// default partition that takes any position whose month has no partition yet, so that no insert is ever lost.
public enum PostgresPositions {
    /// The first second (since 1970, UTC) of each month the times fall in, once each, in order.
    public static func months(_ times: some Sequence<Double>) -> [Double] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var starts: Set<Double> = []
        for time in times where time.isFinite && time >= 0 && time < 32_503_680_000 {
            let date = Date(timeIntervalSince1970: time)
            let parts = calendar.dateComponents([.year, .month], from: date)
            if let start = calendar.date(from: parts) { starts.insert(start.timeIntervalSince1970) }
        }
        return starts.sorted()
    }

    /// Makes the partitions of the months these fix times fall in (those not made yet), before positions of those
    /// months are stored; what the default partition held of a month moves into the month's new partition.
    /// Returns the partitions' names.
    @discardableResult
    public static func preparePartitions(
        _ connection: PostgresConnection, for times: some Sequence<Double>, logger: Logger
    ) async throws -> [String] {
        var names: [String] = []
        for month in months(times) {
            let rows = try await connection.query("SELECT logbook_position_partition(\(month))", logger: logger)
            for try await name in rows.decode(String.self) { names.append(name) }
        }
        return names
    }

    /// Drops the positions of every whole month that ended before `before`'s month began (their partitions, and
    /// what the default partition holds of them); returns how many positions went.
    public static func dropPositions(_ log: PostgresLog, before: Double) async throws -> Int {
        do {
            return try await log.client.withTransaction(logger: log.logger) { connection in
                let rows = try await connection.query("SELECT logbook_drop_positions(\(before))", logger: log.logger)
                var removed = 0
                for try await count in rows.decode(Int.self) { removed = count }
                return removed
            }
        } catch {
            throw PostgresLogError(error, address: log.address)
        }
    }
}
