import Foundation
import GRDB
import LogbookStore
import Testing
import TrackModel
import TripEngine

@Suite struct TripStoreTests {
    @Test(arguments: DatabaseKind.sqlite)
    func vehiclesAreFoundOrCreated(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let a = try test.database.vehicle(plate: "  M-LB 42 ")
        #expect(a.plate == "M-LB 42")
        #expect(a.id != nil)
        #expect(a.createdAt == DatabaseKind.now)
        #expect(try test.database.vehicle(plate: "m-lb 42") == a)  // ASCII case does not matter
        let b = try test.database.vehicle(plate: "B-XY 7")
        #expect(b.id != a.id)
        #expect(try test.database.vehicles() == [b, a])  // by plate
        let error = #expect(throws: StoreError.self) { try test.database.vehicle(plate: " \t") }
        #expect(error?.code == .invalidArgument)
        // created_at is stored as a number.
        let type = try test.writer.read { db in try String.fetchOne(db, sql: "SELECT typeof(created_at) FROM vehicle") }
        #expect(type == "real")
    }

    @Test(arguments: DatabaseKind.sqlite)
    func everyFieldRoundTrips(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "M-LB 42")
        let trip = sampleTrip(trackPoints: 12)
        let stored = try #require(try test.database.insertTrip(trip, vehicle: vehicle, source: .gps))
        #expect(stored.trip == trip)
        #expect(stored.vehicle == "M-LB 42")
        #expect(stored.source == .gps)

        let fetched = try test.database.trips()
        #expect(fetched == [stored])
        #expect(fetched.first?.track.count == 12)
        #expect(fetched.first?.track[4].speed == nil)

        // The raw row: REAL timestamps, the derived figures `logbook replay` reports, computed by hand.
        let row = try test.writer.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT typeof(started_at) AS type, started_at, ended_at, duration_s, moving_s, avg_speed_mps,
                        source, import_key, created_at, point_count
                    FROM trip JOIN trip_track ON trip_id = trip.id
                    """)!
        }
        #expect(row["type"] == "real")
        #expect(row["started_at"] == 1_763_710_200.25)
        #expect(row["ended_at"] == 1_763_711_101.0)
        #expect(row["duration_s"] == 900.75)
        #expect(row["moving_s"] == 780.25)
        #expect(abs((row["avg_speed_mps"] as Double) - 9_876.5 / 900.75) < 1e-12)
        #expect(row["source"] == "gps")
        #expect(row["import_key"] == nil as String?)
        #expect(row["created_at"] == DatabaseKind.now.secondsSince1970)
        #expect(row["point_count"] == 12)

        // Without tracks.
        var bare = stored
        bare.track = []
        #expect(try test.database.trips(includeTracks: false) == [bare])
    }

    @Test(arguments: DatabaseKind.allCases)
    func theSameTripIsStoredOnce(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        let trip = sampleTrip(trackPoints: 3)
        #expect(try test.database.insertTrip(trip, vehicle: vehicle, source: .gps) != nil)
        #expect(try test.database.insertTrip(trip, vehicle: vehicle, source: .gps) == nil)
        // Same start, other figures (e.g. a re-measured replay): still the same trip.
        var changed = trip
        changed.distance += 100
        #expect(try test.database.insertTrip(changed, vehicle: vehicle, source: .gps) == nil)
        #expect(try test.database.count("trip") == 1)
        #expect(try test.database.count("trip_track") == 1)
        #expect(try test.database.trips().map(\.trip) == [trip])
        // Another vehicle may start at the same moment.
        let other = try test.database.vehicle(plate: "B")
        #expect(try test.database.insertTrip(trip, vehicle: other, source: .gps) != nil)
        #expect(try test.database.count("trip") == 2)
    }

    @Test(arguments: DatabaseKind.allCases)
    func tripsAreOrderedByStartAndFilteredByVehicle(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let a = try test.database.vehicle(plate: "A-1")
        let b = try test.database.vehicle(plate: "B-2")
        for (start, vehicle) in [(5_000.0, a), (1_000.0, b), (3_000.0, a), (2_000.0, b), (4_000.0, a)] {
            try test.database.insertTrip(sampleTrip(start: start), vehicle: vehicle, source: .gps)
        }
        #expect(try test.database.trips().map(\.start.secondsSince1970) == [1_000, 2_000, 3_000, 4_000, 5_000])
        #expect(try test.database.trips().map(\.vehicle) == ["B-2", "B-2", "A-1", "A-1", "A-1"])
        #expect(try test.database.trips(vehicle: "A-1").map(\.start.secondsSince1970) == [3_000, 4_000, 5_000])
        #expect(try test.database.trips(vehicle: "b-2").count == 2)
        #expect(try test.database.trips(vehicle: "C-3").isEmpty)
    }

    @Test(arguments: DatabaseKind.allCases)
    func badTripsAreRefusedWithoutQuotingCoordinates(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        var trip = sampleTrip(trackPoints: 2)
        trip.endCoordinate.latitude = 91.4321987
        let error = #expect(throws: StoreError.self) {
            try test.database.insertTrip(trip, vehicle: vehicle, source: .gps)
        }
        #expect(error?.code == .constraint)
        #expect(error?.operation == "insertTrip")
        // The schema's rule is named for programs; the text is in plain words, not SQLite's.
        #expect(error?.rule == "trip_latitude")
        #expect(error?.detail.contains("CHECK constraint") == false)
        let text = error.map { "\($0)" } ?? ""
        #expect(!text.contains("91.43") && !text.contains("48.12"))

        var backwards = sampleTrip()
        backwards.end = backwards.start + -1
        #expect(throws: StoreError.self) { try test.database.insertTrip(backwards, vehicle: vehicle, source: .gps) }

        // A track that cannot be encoded (NaN time) is refused before anything is written.
        var broken = sampleTrip(trackPoints: 3)
        broken.track[1].time = Timestamp(secondsSince1970: .nan)
        let encoding = #expect(throws: StoreError.self) {
            try test.database.insertTrip(broken, vehicle: vehicle, source: .gps)
        }
        #expect(encoding?.code == .invalidData)
        #expect(try test.database.count("trip") == 0)

        // A vehicle that was never stored.
        let ghost = Vehicle(plate: "X", createdAt: DatabaseKind.now)
        let argument = #expect(throws: StoreError.self) {
            try test.database.insertTrip(sampleTrip(), vehicle: ghost, source: .gps)
        }
        #expect(argument?.code == .invalidArgument)
    }
}
