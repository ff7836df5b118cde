import Foundation

/// Trips as `logbook replay --format json` and `logbook trips list --format json` print them, and how
/// closely two such lists agree: the measure of "live = replay" and "recording = NMEA".
public struct TripList: Sendable, Hashable, CustomStringConvertible {
    public struct Trip: Sendable, Hashable {
        public var start: Double
        public var end: Double
        public var distance: Double
    }

    public var trips: [Trip]

    public var distance: Double { trips.reduce(0) { $0 + $1.distance } }

    /// Reads the `trips` array of a JSON document.
    public init(json: String) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let list = object["trips"] as? [[String: Any]]
        else { throw CLIRunner.Failure(description: "no trips array in: \(json.prefix(200))") }
        trips = try list.map {
            guard let start = $0["start"] as? String, let end = $0["end"] as? String,
                let distance = $0["distance_m"] as? Double, let s = Self.seconds(start), let e = Self.seconds(end)
            else { throw CLIRunner.Failure(description: "a trip without start, end or distance_m: \($0)") }
            return Trip(start: s, end: e, distance: distance)
        }
    }

    /// `logbook replay --format json` of `files` (extra `arguments` before them).
    public static func replay(_ files: [String], arguments: [String] = []) throws -> TripList {
        let result = try CLIRunner.run(["replay", "--format", "json"] + arguments + files)
        guard result.status == 0 else {
            throw CLIRunner.Failure(description: "replay exited \(result.status): \(result.stderr)")
        }
        return try TripList(json: result.stdout)
    }

    /// The trips stored in `database` (`logbook trips list --format json`).
    public static func stored(database: String) throws -> TripList {
        let result = try CLIRunner.run(["trips", "list", "--format", "json", "--database", database])
        guard result.status == 0 else {
            throw CLIRunner.Failure(description: "trips list exited \(result.status): \(result.stderr)")
        }
        return try TripList(json: result.stdout)
    }

    /// How `other` agrees with this list: whether the counts are equal, the worst difference of a
    /// start or end (seconds, over trips paired in order), and the total distance's difference (%).
    public func agreement(with other: TripList) -> (sameCount: Bool, worstBoundary: Double, distancePercent: Double) {
        var worst = 0.0
        for (a, b) in zip(trips, other.trips) { worst = max(worst, abs(a.start - b.start), abs(a.end - b.end)) }
        let percent =
            distance > 0 ? (other.distance - distance) / distance * 100 : (other.distance == 0 ? 0 : .infinity)
        return (trips.count == other.trips.count, worst, percent)
    }

    public var description: String {
        trips.map { "\(Self.iso($0.start))–\(Self.iso($0.end)) \(Int($0.distance.rounded())) m" }
            .joined(separator: "; ")
    }

    static func seconds(_ iso: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: iso)?.timeIntervalSince1970
    }

    static func iso(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
