import Foundation
import GRDB
import LogbookStore
import MileageLog
import Testing
import TrackModel
import TripEngine

/// Issue 11 §2: dashboard readings are checked against the odometer chain, corrected and voided with history;
/// the check flags the gap a voided trip leaves; trips can be back-filled into a gap.
@Suite struct OdometerChainTests {
    /// 2026-11-17 08:00 UTC.
    static let eight = Timestamp(secondsSince1970: 1_794_873_600 + 8 * 3_600)

    static func make(_ kind: DatabaseKind) throws -> TestDatabase {
        let test = try kind.make()
        try test.database.addVehicle(VehicleDetails(plate: "123ABC", initialOdometer: 1_000))
        return test
    }

    /// A manual trip `hours` after 08:00, 30 minutes long.
    static func trip(_ hours: Double, _ odometer: OdometerInput) -> NewTrip {
        let start = eight + hours * 3_600
        return NewTrip(vehicle: "123ABC", start: start, end: start + 1_800, odometer: odometer)
    }

    func refusal(_ body: () throws -> Void) -> StoreError? {
        do {
            try body()
            return nil
        } catch let error as StoreError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aReadingIsCheckedAgainstTheChain(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let first = try db.addTrip(Self.trip(0, .end(1_042)))  // 1000 → 1042
        // Below the first trip's end: refused, with both numbers and the trip.
        let backwards = refusal { try db.recordOdometer(vehicle: "123ABC", reading: 1_030, at: Self.eight + 3_600) }
        #expect(backwards?.code == .refused)
        #expect(backwards?.description.contains("1030 km is below 1042 km") == true, "\(String(describing: backwards))")
        #expect(backwards?.description.contains("trip \(first.id)") == true)
        // 1100 is 58 km beyond the 1042 the initial odometer and trip explain; the limit is max(25, 5 % of 42) = 25.
        let beyond = refusal { try db.recordOdometer(vehicle: "123ABC", reading: 1_100, at: Self.eight + 3_600) }
        #expect(
            beyond?.description.contains("1100 km is 58 km beyond the 1042 km") == true, "\(String(describing: beyond))"
        )
        #expect(beyond?.description.contains("--force") == true)
        #expect(try db.odometerReadings().isEmpty)
        // 18 km unlogged is within the limit.
        let fine = try db.recordOdometer(vehicle: "123ABC", reading: 1_060, at: Self.eight + 3_600)
        #expect(!fine.forced)
        #expect(try db.odometerFindings().isEmpty)
        // Forced: stored, marked, and the check lists it — 30 km below the reading of 09:00 and 12 km below trip 1.
        let forced = try db.recordOdometer(vehicle: "123ABC", reading: 1_030, at: Self.eight + 7_200, force: true)
        #expect(forced.forced)
        let findings = try db.odometerFindings().map(\.finding)
        #expect(findings.map(\.kind) == [.readingBackwards, .readingBackwards])
        #expect(findings.map(\.kilometres) == [30, 12])
        #expect(findings.allSatisfy { $0.readingID == String(forced.id) })
        #expect(try db.verifyAudit().isIntact)
    }

    @Test(arguments: DatabaseKind.allCases)
    func readingsAreCorrectedAndVoidedWithHistory(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        _ = try db.addTrip(Self.trip(0, .end(1_042)))
        let reading = try db.recordOdometer(vehicle: "123ABC", reading: 1_060, at: Self.eight + 3_600)
        // A correction is checked like a new reading.
        #expect(refusal { try db.correctOdometer(id: reading.id, reading: 1_040) }?.code == .refused)
        let corrected = try db.correctOdometer(id: reading.id, reading: 1_050, note: "misread")
        #expect(corrected.reading == 1_050 && corrected.note == "misread")
        let voided = try db.voidOdometer(id: reading.id, reason: "photo was of another car")
        #expect(voided.voided && voided.voidReason == "photo was of another car")
        #expect(try db.odometerReadings().isEmpty)
        #expect(try db.odometerReadings(includeVoided: true).map(\.id) == [reading.id])
        #expect(refusal { try db.correctOdometer(id: reading.id, reading: 1_055) }?.code == .refused)
        #expect(refusal { try db.voidOdometer(id: reading.id, reason: "again") }?.code == .refused)
        // The history: created, reading and note edited, voided.
        let history = try db.auditEntries().filter {
            $0.change.entity == "odometer_reading" && $0.change.entityID == String(reading.id)
        }
        #expect(history.map(\.change.action) == [.create, .edit, .edit, .void])
        #expect(history.map(\.change.field) == [nil, "reading", "note", "void_reason"])
        #expect(history[1].change.oldValue == "1060.0" && history[1].change.newValue == "1050.0")
        // A voided reading frees its moment, and the chain no longer uses it.
        let again = try db.recordOdometer(vehicle: "123ABC", reading: 1_045, at: Self.eight + 3_600)
        #expect(again.id != reading.id)
        #expect(try db.verifyAudit().isIntact)
        // The schema refuses deleting a reading and changing a voided one.
        #expect(throws: (any Error).self) {
            try test.writer.write { db in
                try db.execute(sql: "DELETE FROM odometer_reading WHERE id = ?", arguments: [again.id])
            }
        }
        #expect(throws: (any Error).self) {
            try test.writer.write { db in
                try db.execute(sql: "UPDATE odometer_reading SET reading = 1 WHERE id = ?", arguments: [reading.id])
            }
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func theGapAVoidedTripLeavesIsFlagged(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let first = try db.addTrip(Self.trip(0, .end(1_042)))  // 1000 → 1042
        let second = try db.addTrip(Self.trip(1, .end(1_060)))  // 1042 → 1060
        let third = try db.addTrip(Self.trip(2, .end(1_100)))  // 1060 → 1100
        #expect(try db.odometerFindings().isEmpty)
        _ = try db.voidTrip(id: second.id, reason: "entered by mistake")
        // Trip 3 now starts 18 km after trip 1 ended; a voided trip lies between, so any gap counts.
        let findings = try db.odometerFindings().map(\.finding)
        #expect(findings.count == 1)
        #expect(findings.first?.kind == .gap)
        #expect(findings.first?.tripID == String(third.id) && findings.first?.previousTripID == String(first.id))
        #expect(findings.first?.kilometres == 18)
        // A short trip voided leaves a gap below the 1 km tolerance: flagged all the same.
        let fourth = try db.addTrip(Self.trip(3, .distance(metres: 400)))  // 1100 → 1100.4
        let fifth = try db.addTrip(Self.trip(4, .distance(metres: 5_000)))  // 1100.4 → 1105.4
        _ = try db.voidTrip(id: fourth.id, reason: "never happened")
        let all = try db.odometerFindings().map(\.finding)
        #expect(all.map(\.kind) == [.gap, .gap])
        #expect(all.last?.tripID == String(fifth.id) && all.last?.previousTripID == String(third.id))
        #expect(abs((all.last?.kilometres ?? 0) - 0.4) < 1e-9 && all.last?.limitKilometres == 0)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aTripIsBackFilledIntoAGap(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        _ = try db.addTrip(Self.trip(0, .end(1_042)))  // 08:00, 1000 → 1042
        let later = try db.addTrip(Self.trip(4, .range(start: 1_100, end: 1_120)))  // 12:00, 1100 → 1120
        #expect(later.startOdometer == 1_100 && later.distance == 20_000)
        // Between them, explicit readings inside the 1042–1100 gap.
        let middle = try db.addTrip(Self.trip(2, .range(start: 1_050, end: 1_080)))
        #expect(middle.startOdometer == 1_050 && middle.endOdometer == 1_080 && middle.distance == 30_000)
        // One more by distance: starts where the trip before ended (1080), 20 km fits before 1100.
        let byDistance = try db.addTrip(Self.trip(3, .distance(metres: 20_000)))
        #expect(byDistance.startOdometer == 1_080 && byDistance.endOdometer == 1_100)
        #expect(try db.odometerFindings().map(\.finding.kind) == [.gap])  // 1042 → 1050, 8 km
        // What does not fit is refused: below the trip before, past the trip after, overlapping in time.
        #expect(refusal { _ = try db.addTrip(Self.trip(1, .range(start: 1_030, end: 1_040))) }?.code == .refused)
        #expect(refusal { _ = try db.addTrip(Self.trip(1, .range(start: 1_045, end: 1_055))) }?.code == .refused)
        #expect(refusal { _ = try db.addTrip(Self.trip(2.25, .range(start: 1_080, end: 1_080))) }?.code == .refused)
        #expect(try db.verifyAudit().isIntact)
    }

    @Test(arguments: DatabaseKind.allCases)
    func auditVerifyNamesAReadingChangedBehindTheLogsBack(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let reading = try db.recordOdometer(vehicle: "123ABC", reading: 1_010, at: Self.eight)
        _ = try db.correctOdometer(id: reading.id, reading: 1_012)
        #expect(try db.verifyAudit().isIntact)
        // As with the sqlite3 shell: the chain stays valid, the row no longer matches it.
        try test.writer.write { db in
            try db.execute(sql: "UPDATE odometer_reading SET reading = 1500 WHERE id = ?", arguments: [reading.id])
            try db.execute(
                sql: "INSERT INTO odometer_reading (vehicle_id, read_at, reading, created_at) VALUES (1, 99, 900, 1)")
        }
        let report = try db.verifyAudit()
        #expect(report.problems.map(\.kind) == [.readingChanged, .readingWithoutHistory])
        #expect(
            report.problems.first?.message
                == "odometer reading \(reading.id): reading is '1500.0' but the audit history (up to entry 2) says '1012.0'"
        )
    }

    @Test func aVersion3DatabaseUpgradesWithItsReadingsAndImports() throws {
        let directory = try TestDatabase.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path, configuration: AppDatabase.configuration())
        let v3 = try #require(AppDatabase.migrationIdentifiers.firstIndex { $0.hasPrefix("v3 ") })
        try AppDatabase.migrate(queue, upTo: AppDatabase.migrationIdentifiers[v3])
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO vehicle (plate, created_at, initial_odometer) VALUES ('OLD1', 1, 1000)")
            try db.execute(
                sql:
                    "INSERT INTO imported_file (fingerprint, vehicle_id, path, imported_at, trips) VALUES ('f', 1, 'p', 1, 0)"
            )
            try db.execute(
                sql:
                    "INSERT INTO odometer_reading (vehicle_id, read_at, reading, note, created_at) VALUES (1, 500, 1010, 'n', 1)"
            )
        }
        try queue.close()
        let upgraded = try AppDatabase.open(path: path)
        let readings = try upgraded.odometerReadings()
        #expect(readings.map(\.reading) == [1_010] && readings.first?.note == "n" && readings.first?.forced == false)
        let vehicle = try upgraded.vehicle(plate: "OLD1")
        #expect(try upgraded.hasImported(fingerprint: "f", vehicle: vehicle))
        // The old reading now has a history, so it can be voided like any other.
        try upgraded.voidOdometer(id: readings[0].id, reason: "test")
        let report = try upgraded.verifyAudit()
        #expect(report.isIntact)
        #expect(try upgraded.auditEntries().map(\.change.entity) == ["odometer_reading", "odometer_reading"])
        #expect(try upgraded.conflicts().isEmpty)
        try upgraded.reader.read { db in
            let strict = try Row.fetchAll(db, sql: "PRAGMA table_list").filter { ($0["strict"] as Int?) == 1 }
                .map { $0["name"] as String }
            #expect(Set(strict).isSuperset(of: ["vehicle_import", "trip_conflict", "odometer_reading"]))
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
    }
}
