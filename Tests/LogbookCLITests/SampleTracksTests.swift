import Foundation
import LogbookTestSupport
import Testing

/// `SampleTracks/`: drives dated in the past that do not overlap, so that a new user who imports all of them into one
/// vehicle gets every trip and no conflict.
@Suite("The sample tracks")
struct SampleTracksTests {
    /// Every track file of `SampleTracks/` (everything but its README), by name.
    static func files() throws -> [String] {
        let folder = Fixtures.packageRoot.appendingPathComponent("SampleTracks")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// An ISO 8601 time with fractional seconds, as `replay` and `trips list` print them.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// The trips `logbook replay` finds in one file: start and end.
    static func replayed(_ path: String) throws -> [(start: Date, end: Date)] {
        let result = try CLIRunner.run(["replay", "--format", "json", path])
        #expect(result.status == 0, "\(path): \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        return try trips.map { trip in
            let start = try #require((trip["start"] as? String).flatMap(Self.date))
            let end = try #require((trip["end"] as? String).flatMap(Self.date))
            return (start, end)
        }
    }

    @Test("every sample drive lies in the past and overlaps no other; imported into one vehicle they give every trip")
    func importAllIntoOneVehicle() throws {
        let files = try Self.files()
        #expect(files.count >= 3, "\(files)")
        // The trips each file holds on its own, replayed one file at a time.
        var expected: [(file: String, start: Date, end: Date)] = []
        for file in files {
            let trips = try Self.replayed(file)
            #expect(!trips.isEmpty, "\(file) replays to no trip")
            expected += trips.map { (file, $0.start, $0.end) }
        }
        let now = Date()
        for trip in expected {
            #expect(trip.end < now, "\(trip.file) has a trip ending \(trip.end), in the future")
        }
        let sorted = expected.sorted { $0.start < $1.start }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(a.end < b.start, "\(a.file) (\(a.start)–\(a.end)) overlaps \(b.file) (\(b.start)–\(b.end))")
        }

        // A fresh log, one vehicle, every file in one import: no conflict, every trip.
        let log = try IsolatedLog()
        try log.run(["vehicles", "add", "--plate", "ABC1"])
        let imported = try log.run(["import", "--vehicle", "ABC1"] + files)
        #expect(!imported.stdout.contains("conflict") && !imported.stderr.contains("conflict"), "\(imported.stdout)")
        let conflicts = try #require(try log.json(["trips", "conflicts", "list", "--include-resolved"]) as? [Any])
        #expect(conflicts.isEmpty)
        let listing = try #require(try log.json(["trips", "list", "--period", "all"]) as? [String: Any])
        let trips = try #require(listing["trips"] as? [[String: Any]])
        #expect(trips.count == expected.count)
        let starts = Set(trips.compactMap { ($0["start"] as? String).flatMap(Self.date) })
        #expect(starts == Set(expected.map(\.start)))
    }
}
