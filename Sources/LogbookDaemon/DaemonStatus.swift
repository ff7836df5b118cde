import Foundation
import TrackModel
import TripEngine

/// What the daemon reports about itself, written atomically beside the database every few seconds
/// and read by `logbook status`. It holds no coordinates.
package struct DaemonStatus: Codable, Sendable {
    package var pid: Int32
    package var vehicle: String
    package var updatedAt: Double
    package var gpsdEndpoint: String
    package var connected: Bool
    package var reconnects: Int
    package var lastError: String?
    /// Time of the last fix (from the fix itself) and when it arrived (wall clock).
    package var lastFixTime: Double?
    package var lastFixReceivedAt: Double?
    /// The last fix's speed over ground, m/s (absent when it had none).
    package var speed: Double?
    package var trip: TripStatus?

    package struct TripStatus: Codable, Sendable {
        package var start: Double
        package var distance: Double
        package var standingSince: Double?
    }

    enum CodingKeys: String, CodingKey {
        case pid, vehicle, connected, reconnects, trip
        case updatedAt = "updated_at"
        case gpsdEndpoint = "gpsd"
        case lastError = "last_error"
        case lastFixTime = "last_fix_time"
        case lastFixReceivedAt = "last_fix_received_at"
        case speed = "speed_mps"
    }

    package static func path(forDatabase database: String) -> String { database + ".status.json" }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    package static func read(from path: String) -> DaemonStatus? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(DaemonStatus.self, from: data)
    }
}
