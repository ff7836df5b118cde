import Foundation
import GRDB
import LogbookStore
import MileageLog
import Testing
import TrackModel
import TripEngine

/// Issue 11 §1: an import never makes two trips of a vehicle overlap. The same drive from another file is the
/// same trip; an overlapping one is kept aside as a conflict until someone chooses which stays.
@Suite struct ImportConflictTests {
    /// 2026-11-17 07:00 UTC.
    static let seven = Timestamp(secondsSince1970: 1_794_873_600 + 7 * 3_600)

    static func make(_ kind: DatabaseKind) throws -> (TestDatabase, Vehicle) {
        let test = try kind.make()
        try test.database.addVehicle(VehicleDetails(plate: "123ABC", initialOdometer: 1_000))
        try test.database.addVehicle(VehicleDetails(plate: "999XYZ", initialOdometer: 5_000))
        return (test, try test.database.vehicle(plate: "123ABC"))
    }

    /// A GPS drive of `km` kilometres between two times (minutes after 07:00), with a three-point track.
    static func drive(_ fromMinute: Double, _ toMinute: Double, km: Double) -> Trip {
        let start = seven + fromMinute * 60
        let end = seven + toMinute * 60
        let a = Coordinate(latitude: 59.40, longitude: 24.70)
        let b = Coordinate(latitude: 59.45, longitude: 24.70)
        return Trip(
            start: start, end: end, distance: km * 1_000, idleSeconds: 0, idlePeriods: 0, maximumSpeed: 20,
            startCoordinate: a, endCoordinate: b, fixesUsed: 3,
            track: [
                TrackPoint(time: start, latitude: 59.40, longitude: 24.70, speed: 10),
                TrackPoint(time: start + 60, latitude: 59.42, longitude: 24.70, speed: 10),
                TrackPoint(time: end, latitude: 59.45, longitude: 24.70, speed: 0),
            ])
    }

    @Test(arguments: DatabaseKind.sqlite)
    func anOverlappingImportedTripIsKeptAsideAsAConflict(kind: DatabaseKind) throws {
        let (test, vehicle) = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        // A manual 07:00–09:00 trip of 40 km, then the GPS drive 07:33–08:23 of 39 km and a later one 10:00–10:30.
        let manual = try db.addTrip(
            NewTrip(vehicle: "123ABC", start: Self.seven, end: Self.seven + 7_200, odometer: .distance(metres: 40_000)))
        let outcome = try db.importFile(
            [Self.drive(33, 83, km: 39), Self.drive(180, 210, km: 12)], vehicle: vehicle, fingerprint: "sha-a",
            path: "/data/commute.nmea")
        #expect(outcome.added == 1 && outcome.duplicates == 0 && outcome.conflicts.count == 1)
        // The log counts 40 + 12 km for the morning, not 40 + 39 + 12.
        let live = try db.trips(TripFilter(vehicle: "123ABC"))
        #expect(live.map(\.distance) == [40_000, 12_000])
        let conflicts = try db.conflicts()
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        #expect(conflict.existingTripID == manual.id)
        #expect(conflict.start == Self.seven + 33 * 60 && conflict.end == Self.seven + 83 * 60)
        #expect(conflict.distance == 39_000)
        #expect(conflict.file == "/data/commute.nmea")
        #expect(!conflict.isResolved)
        // A resolution needs its moment and the trip kept (trip_conflict_resolution).
        #expect(throws: (any Error).self) {
            try test.writer.write { try $0.execute(sql: "UPDATE trip_conflict SET resolution = 'imported'") }
        }
        #expect(try db.verifyAudit().isIntact)
    }

    @Test(arguments: DatabaseKind.allCases)
    func theSameDriveFromAnotherFileIsTheSameTrip(kind: DatabaseKind) throws {
        let (test, vehicle) = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        #expect(try db.importTrips([Self.drive(33, 83, km: 39)], vehicle: vehicle, fingerprint: "nmea", path: "a") == 1)
        // The GPX of the same drive: boundaries 40 s and 55 s off. Not a conflict, not a new trip.
        var gpx = Self.drive(33, 83, km: 38.9)
        gpx.start = gpx.start + 40
        gpx.end = gpx.end + -55
        let outcome = try db.importFile([gpx], vehicle: vehicle, fingerprint: "gpx", path: "b")
        #expect(outcome.added == 0 && outcome.duplicates == 1 && outcome.conflicts.isEmpty)
        #expect(try db.trips(TripFilter()).count == 1)
        // 61 s off at the start is another drive that overlaps: a conflict.
        var shifted = Self.drive(33, 83, km: 39)
        shifted.start = shifted.start + 61
        let other = try db.importFile([shifted], vehicle: vehicle, fingerprint: "shifted", path: "c")
        #expect(other.added == 0 && other.conflicts.count == 1)
        // And that drive from yet another file is the conflict's drive again: nothing new.
        let again = try db.importFile([shifted], vehicle: vehicle, fingerprint: "shifted-2", path: "d")
        #expect(again.added == 0 && again.duplicates == 1 && again.conflicts.isEmpty)
        #expect(try db.conflicts().count == 1)
    }

    @Test(arguments: DatabaseKind.sqlite)
    func keepingTheImportedTripVoidsTheExistingOne(kind: DatabaseKind) throws {
        let (test, vehicle) = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let manual = try db.addTrip(
            NewTrip(vehicle: "123ABC", start: Self.seven, end: Self.seven + 7_200, odometer: .distance(metres: 40_000)))
        let id = try #require(
            try db.importFile([Self.drive(33, 83, km: 39)], vehicle: vehicle, fingerprint: "f", path: "p").conflicts
                .first)
        let resolved = try db.resolveConflict(id: id, keep: .imported)
        #expect(resolved.resolution == .imported)
        let kept = try db.trip(id: try #require(resolved.keptTripID), includeTrack: true)
        #expect(kept.source == .gps && kept.distance == 39_000 && kept.track.count == 3)
        #expect(kept.start == Self.seven + 33 * 60)
        let voided = try db.trip(id: manual.id)
        #expect(voided.voided && voided.voidReason?.contains("conflict \(id)") == true)
        #expect(try db.trips(TripFilter()).map(\.id) == [kept.id])
        let voidEntries = try db.auditEntries(trip: manual.id).filter { $0.change.action == .void }
        #expect(voidEntries.map(\.change.newValue) == [voided.voidReason])
        #expect(try db.conflicts().isEmpty)
        #expect(try db.conflicts(includeResolved: true).count == 1)
        // Once resolved, it stays resolved — also in the schema, which never lets a conflict go.
        #expect(throws: StoreError.self) { try db.resolveConflict(id: id, keep: .existing) }
        for sql in [
            "UPDATE trip_conflict SET resolution = 'existing' WHERE id = \(id)",
            "DELETE FROM trip_conflict WHERE id = \(id)",
        ] {
            #expect(throws: (any Error).self, "\(sql)") { try test.writer.write { try $0.execute(sql: sql) } }
        }
        #expect(try db.verifyAudit().isIntact)
    }

    @Test(arguments: DatabaseKind.allCases)
    func keepingTheExistingTripRecordsTheImportedOneVoided(kind: DatabaseKind) throws {
        let (test, vehicle) = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let manual = try db.addTrip(
            NewTrip(vehicle: "123ABC", start: Self.seven, end: Self.seven + 7_200, odometer: .distance(metres: 40_000)))
        // Starts at the same second as the manual trip.
        let id = try #require(
            try db.importFile([Self.drive(0, 50, km: 39)], vehicle: vehicle, fingerprint: "f", path: "p").conflicts
                .first)
        let resolved = try db.resolveConflict(id: id, keep: .existing)
        #expect(resolved.keptTripID == manual.id)
        #expect(try db.trips(TripFilter()).map(\.id) == [manual.id])
        let all = try db.trips(TripFilter(includeVoided: true))
        #expect(all.count == 2)
        let setAside = try #require(all.first { $0.id != manual.id })
        #expect(setAside.voided && setAside.distance == 39_000)
        #expect(setAside.voidReason == "conflict \(id): overlaps trip \(manual.id), which was kept")
        let history = try db.auditEntries(trip: setAside.id).map(\.change.action)
        #expect(history == [.create, .void])
        #expect(try db.verifyAudit().isIntact)
    }

    @Test(arguments: DatabaseKind.allCases)
    func theDuplicateFileCheckIsPerVehicle(kind: DatabaseKind) throws {
        let (test, wrong) = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let right = try db.vehicle(plate: "999XYZ")
        let file = [Self.drive(33, 83, km: 39), Self.drive(180, 210, km: 12)]
        #expect(try db.importTrips(file, vehicle: wrong, fingerprint: "f", path: "p") == 2)
        for trip in try db.trips(TripFilter(vehicle: "123ABC")) {
            _ = try db.voidTrip(id: trip.id, reason: "imported to the wrong vehicle")
        }
        #expect(try db.hasImported(fingerprint: "f", vehicle: wrong))
        #expect(try !db.hasImported(fingerprint: "f", vehicle: right))
        #expect(try db.importTrips(file, vehicle: right, fingerprint: "f", path: "p") == 2)
        #expect(try db.trips(TripFilter(vehicle: "999XYZ")).map(\.distance) == [39_000, 12_000])
        // Still once per vehicle.
        #expect(try db.importFile(file, vehicle: right, fingerprint: "f", path: "p").alreadyImported)
        #expect(try db.verifyAudit().isIntact)
    }

    @Test(arguments: DatabaseKind.allCases)
    func mergeRefusesOverlappingTripsAndKeepsBothPurposes(kind: DatabaseKind) throws {
        let (test, vehicle) = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        // Two GPS trips stored by the daemon that overlap (07:00–07:50 and 07:40–08:10).
        let a = try #require(try db.insertTrip(Self.drive(0, 50, km: 30), vehicle: vehicle))
        let b = try #require(try db.insertTrip(Self.drive(40, 70, km: 20), vehicle: vehicle))
        #expect(throws: StoreError.self) { try db.mergeTrips(a.id, b.id) }
        #expect(try db.trips(TripFilter()).count == 2)
        // Two consecutive trips with different purposes: both kept.
        let c = try #require(try db.insertTrip(Self.drive(120, 150, km: 10), vehicle: vehicle))
        let d = try #require(try db.insertTrip(Self.drive(160, 190, km: 5), vehicle: vehicle))
        _ = try db.editTrip(id: c.id, TripChanges(category: .business, purpose: "Client visit"))
        _ = try db.editTrip(id: d.id, TripChanges(category: .business, purpose: "Supplier"))
        let merged = try db.mergeTrips(d.id, c.id)
        #expect(merged.purpose == "Client visit; Supplier")
        #expect(merged.distance == 15_000)
        #expect(try db.verifyAudit().isIntact)
    }
}
