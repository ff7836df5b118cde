import GRDB
import LogbookStore
import TrackModel
import TripEngine
import Testing

@Suite struct ImportTests {
    @Test(arguments: DatabaseKind.sqlite)
    func importingTheSameFileTwiceAddsNothing(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let vehicle = try db.vehicle(plate: "A")
        let fileA = [sampleTrip(start: 1_000, trackPoints: 3), sampleTrip(start: 2_000)]
        #expect(try !db.hasImported(fingerprint: "sha256:aaa"))
        #expect(try db.importTrips(fileA, vehicle: vehicle, fingerprint: "sha256:aaa", path: "/data/a.nmea") == 2)
        #expect(try db.hasImported(fingerprint: "sha256:aaa"))
        #expect(try db.importTrips(fileA, vehicle: vehicle, fingerprint: "sha256:aaa", path: "/data/copy.nmea") == 0)
        #expect(try db.count("trip") == 2)

        // Another file overlapping the first: only the new trip is added.
        let fileB = [sampleTrip(start: 2_000), sampleTrip(start: 3_000)]
        #expect(try db.importTrips(fileB, vehicle: vehicle, fingerprint: "sha256:bbb", path: "/data/b.nmea") == 1)
        let trips = try db.trips()
        #expect(trips.map(\.start.secondsSince1970) == [1_000, 2_000, 3_000])
        #expect(trips.allSatisfy { $0.source == .gps && $0.importKey != nil })
        #expect(trips[0].trip == fileA[0])

        // The files and which trips came from which.
        let files = try test.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT fingerprint, path, trips, imported_at FROM imported_file ORDER BY path")
        }
        #expect(files.map { $0["fingerprint"] as String } == ["sha256:aaa", "sha256:bbb"])
        #expect(files.map { $0["path"] as String } == ["/data/a.nmea", "/data/b.nmea"])
        #expect(files.map { $0["trips"] as Int } == [2, 1])
        #expect(files.allSatisfy { ($0["imported_at"] as Double) == DatabaseKind.now.secondsSince1970 })
        let keys = try test.writer.read { db in
            try String?.fetchAll(db, sql: "SELECT import_key FROM trip ORDER BY started_at")
        }
        #expect(keys == ["sha256:aaa", "sha256:aaa", "sha256:bbb"])
    }

    @Test(arguments: DatabaseKind.allCases)
    func aFileWithALiveTripAndDuplicatesInsideItself(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let vehicle = try db.vehicle(plate: "A")
        try db.insertTrip(sampleTrip(start: 1_000), vehicle: vehicle, source: .gps)
        let file = [sampleTrip(start: 1_000), sampleTrip(start: 2_000), sampleTrip(start: 2_000)]
        #expect(try db.importTrips(file, vehicle: vehicle, fingerprint: "f", path: "p") == 1)
        #expect(try db.trips().map(\.importKey) == [nil, "f"])
        // An empty file is recorded too, so it is not read again.
        #expect(try db.importTrips([], vehicle: vehicle, fingerprint: "empty", path: "e") == 0)
        #expect(try db.hasImported(fingerprint: "empty"))
    }

    @Test(arguments: DatabaseKind.allCases)
    func aBadTripFailsTheWholeFile(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let vehicle = try db.vehicle(plate: "A")
        var bad = sampleTrip(start: 2_000)
        bad.distance = -5
        #expect(throws: StoreError.self) {
            try db.importTrips([sampleTrip(start: 1_000), bad], vehicle: vehicle, fingerprint: "f", path: "p")
        }
        #expect(try db.count("trip") == 0)
        #expect(try !db.hasImported(fingerprint: "f"))
        #expect(throws: StoreError.self) {
            try db.importTrips([sampleTrip()], vehicle: vehicle, fingerprint: "", path: "p")
        }
    }
}
