import Foundation
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel

/// `logbook database prune-positions` and `[database] position_retention_days` (issue 30 §5) at the terminal.
@Suite struct PrunePositionsCommandTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    @Test("SQLite: positions older than the setting go, newer ones stay; 0 keeps all; a negative setting is refused")
    func sqlite() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("log.sqlite")
        let now = Date().timeIntervalSince1970
        do {
            let database = try AppDatabase.open(path: path)
            _ = try database.vehicle(plate: "A")
            let device = try database.addDevice(
                name: "phone", plate: "A", tokenHash: String(repeating: "ab", count: 32), speedUnit: "mps")
            let positions = [now - 40 * 86_400, now - 31 * 86_400, now - 29 * 86_400, now - 3_600].map {
                DevicePosition(fixedAt: Timestamp(secondsSince1970: $0), latitude: 48.1, longitude: 11.5)
            }
            _ = try database.storePositions(
                positions, refused: [:], deviceID: device.id!, receivedAt: Timestamp(secondsSince1970: now))
        }
        func run(_ settings: String, _ extra: [String] = []) throws -> CLIRunner.Result {
            let config = dir.path("logbook.toml")
            try "[database]\n\(settings)\n".write(toFile: config, atomically: true, encoding: .utf8)
            return try CLIRunner.run(
                ["database", "prune-positions", "--database", path, "--config", config, "--format", "json"] + extra)
        }
        let forever = try run("position_retention_days = 0")
        #expect(forever.status == 0, "\(forever.stderr)")
        #expect(Self.json(forever.stdout)["removed"] as? Int == 0)
        let refused = try run("position_retention_days = -1")
        #expect(refused.status == 78 && refused.stderr.contains("position_retention_days"), "\(refused.stderr)")
        let pruned = try run("position_retention_days = 30")
        #expect(pruned.status == 0, "\(pruned.stderr)")
        let view = Self.json(pruned.stdout)
        #expect(view["removed"] as? Int == 2 && view["retention_days"] as? Int == 30, "\(view)")
        let left = try AppDatabase.openForReading(path: path).deviceSummaries().first?.positions
        #expect(left == 2)
        let option = try run("", ["--days", "0"])
        #expect(option.status == 0 && Self.json(option.stdout)["removed"] as? Int == 0)
        let bad = try run("", ["--days", "-3"])
        #expect(bad.status == 64 && bad.stderr.contains("--days"), "\(bad.stderr)")
    }
}
