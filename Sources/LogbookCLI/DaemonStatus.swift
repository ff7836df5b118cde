import Foundation
import TrackModel
import TripEngine

/// What the daemon reports about itself, written atomically beside the database every few seconds
/// and read by `logbook status`. It holds no coordinates.
struct DaemonStatus: Codable, Sendable {
    var pid: Int32
    var vehicle: String
    var updatedAt: Double
    var gpsdEndpoint: String
    var connected: Bool
    var reconnects: Int
    var lastError: String?
    /// Time of the last fix (from the fix itself) and when it arrived (wall clock).
    var lastFixTime: Double?
    var lastFixReceivedAt: Double?
    var trip: TripStatus?

    struct TripStatus: Codable, Sendable {
        var start: Double
        var distance: Double
        var standingSince: Double?
    }

    enum CodingKeys: String, CodingKey {
        case pid, vehicle, connected, reconnects, trip
        case updatedAt = "updated_at"
        case gpsdEndpoint = "gpsd"
        case lastError = "last_error"
        case lastFixTime = "last_fix_time"
        case lastFixReceivedAt = "last_fix_received_at"
    }

    static func path(forDatabase database: String) -> String { database + ".status.json" }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    static func read(from path: String) -> DaemonStatus? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(DaemonStatus.self, from: data)
    }
}
