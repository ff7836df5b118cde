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

    /// 2027-01-13 08:00 UTC, two days before the test databases' clock: trips lock 7 days after they end, and a
    /// locked trip's odometer never moves.
    static let recentEight = Timestamp(secondsSince1970: 1_799_827_200)

    /// A manual trip `hours` after that 08:00, 30 minutes long.
    static func recent(_ hours: Double, _ odometer: OdometerInput) -> NewTrip {
        let start = recentEight + hours * 3_600
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

    /// Found by schemathesis against `logbook serve`: a reading of 1e308 made the refusal's own message trap.
    @Test(arguments: [1e308, 1e20, 100_000_000, .infinity, -1])
    func anAbsurdReadingIsRefusedWithoutATrap(reading: Double) throws {
        let test = try Self.make(.walPool)
        defer { test.remove() }
        let db = test.database
        _ = try db.addTrip(Self.trip(0, .end(1_042)))
        #expect(
            refusal { try db.recordOdometer(vehicle: "123ABC", reading: reading, at: Self.eight + 3_600) }?.code
                == .refused)
        let stored = try db.recordOdometer(vehicle: "123ABC", reading: 1_060, at: Self.eight + 3_600)
        #expect(refusal { try db.correctOdometer(id: stored.id, reading: reading) }?.code == .refused)
        #expect(refusal { _ = try db.addTrip(Self.trip(1, .end(reading))) } != nil)
    }

    @Test(arguments: DatabaseKind.sqlite)
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

    /// Trips typed in by distance arrive out of time order: each later trip whose odometer was derived from the
    /// chain moves up by the new trip's distance, with the change in its history.
    @Test(arguments: DatabaseKind.allCases)
    func tripsTypedInOutOfOrderShiftTheDerivedChain(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let noon = try db.addTrip(Self.recent(4, .distance(metres: 30_000)))  // 12:00, 1000 → 1030
        #expect(noon.startOdometer == 1_000 && noon.endOdometer == 1_030)
        let eight = try db.addTrip(Self.recent(0, .distance(metres: 10_000)))  // 08:00, 1000 → 1010; noon 1010 → 1040
        #expect(eight.startOdometer == 1_000 && eight.endOdometer == 1_010)
        #expect(try db.trip(id: noon.id).startOdometer == 1_010 && db.trip(id: noon.id).endOdometer == 1_040)
        // 10:00, after 08:00: 1010 → 1030; noon moves up by 20 to 1030 → 1060.
        let ten = try db.addTrip(Self.recent(2, .distance(metres: 20_000)))
        #expect(ten.startOdometer == 1_010 && ten.endOdometer == 1_030)
        let chain = try db.trips(vehicle: "123ABC", includeTracks: false)
        #expect(chain.map(\.id) == [eight.id, ten.id, noon.id])
        #expect(
            chain.map { [$0.startOdometer, $0.endOdometer] } == [[1_000, 1_010], [1_010, 1_030], [1_030, 1_060]])
        #expect(chain.map(\.distance) == [10_000, 20_000, 30_000])
        // The earlier trips were not touched; the noon trip's history holds both moves, each naming the trip
        // that was back-filled.
        let edits = try db.auditEntries(trip: noon.id).filter { $0.change.action == .edit }.map(\.change)
        #expect(edits.map(\.field) == ["start_odometer", "end_odometer", "start_odometer", "end_odometer"])
        #expect(edits.map(\.oldValue) == ["1000.0", "1030.0", "1010.0", "1040.0"])
        #expect(edits.map(\.newValue) == ["1010.0", "1040.0", "1030.0", "1060.0"])
        #expect(
            edits.map(\.actor) == [
                "logbook (back-filled trip \(eight.id))", "logbook (back-filled trip \(eight.id))",
                "logbook (back-filled trip \(ten.id))", "logbook (back-filled trip \(ten.id))",
            ])
        #expect(try db.auditEntries(trip: eight.id).allSatisfy { $0.change.action == .create })
        #expect(try db.auditEntries(trip: ten.id).allSatisfy { $0.change.action == .create })
        #expect(try db.verifyAudit().isIntact)
        #expect(try db.odometerFindings().isEmpty)
    }

    /// A later trip whose odometer was given is an anchor: nothing moves it or past it, and what does not fit
    /// before it is refused with the numbers.
    @Test(arguments: DatabaseKind.allCases)
    func anAnchoredLaterTripIsNotShifted(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        _ = try db.addTrip(Self.recent(0, .end(1_010)))  // 08:00, 1000 → 1010
        let anchor = try db.addTrip(Self.recent(4, .range(start: 1_040, end: 1_050)))  // 12:00, 1040 → 1050
        // Right before the anchor: 40 km from 1010 would end at 1050, past its start at 1040.
        let tooLong = refusal { _ = try db.addTrip(Self.recent(3, .distance(metres: 40_000))) }
        #expect(tooLong?.code == .refused)
        #expect(
            tooLong?.description.contains(
                "the odometer would end at 1050 km, past the start of the next trip \(anchor.id) at 1040 km") == true,
            "\(String(describing: tooLong))")
        // 11:00, 10 km fits the gap: 1010 → 1020.
        let eleven = try db.addTrip(Self.recent(3, .distance(metres: 10_000)))
        #expect(eleven.startOdometer == 1_010 && eleven.endOdometer == 1_020)
        // 10:00, 15 km: 1010 → 1025, the 11:00 trip moves to 1025 → 1035, still before the anchor's 1040.
        let ten = try db.addTrip(Self.recent(2, .distance(metres: 15_000)))
        #expect(ten.startOdometer == 1_010 && ten.endOdometer == 1_025)
        #expect(try db.trip(id: eleven.id).startOdometer == 1_025 && db.trip(id: eleven.id).endOdometer == 1_035)
        // 10:30, 10 km: 1025 → 1035 would move the 11:00 trip to 1035 → 1045, past the anchor: refused.
        let pastAnchor = refusal { _ = try db.addTrip(Self.recent(2.5, .distance(metres: 10_000))) }
        #expect(pastAnchor?.code == .refused)
        #expect(
            pastAnchor?.description.contains(
                "moving trip \(eleven.id) to end at 1045 km, past the start of the next trip \(anchor.id) at 1040 km")
                == true, "\(String(describing: pastAnchor))")
        #expect(try db.trip(id: eleven.id).startOdometer == 1_025)
        // 5 km fits exactly: the 11:00 trip ends at 1040, where the anchor starts.
        let halfPast = try db.addTrip(Self.recent(2.5, .distance(metres: 5_000)))
        #expect(halfPast.startOdometer == 1_025 && halfPast.endOdometer == 1_030)
        let chain = try db.trips(vehicle: "123ABC", includeTracks: false)
        #expect(
            chain.map { [$0.startOdometer, $0.endOdometer] } == [
                [1_000, 1_010], [1_010, 1_025], [1_025, 1_030], [1_030, 1_040], [1_040, 1_050],
            ])
        #expect(try db.auditEntries(trip: anchor.id).allSatisfy { $0.change.action == .create })
        #expect(try db.verifyAudit().isIntact)
        #expect(try db.odometerFindings().isEmpty)
    }

    /// A dashboard reading between the new trip and a later one anchors the chain as an explicit odometer does.
    @Test(arguments: DatabaseKind.allCases)
    func aReadingAnchorsTheChain(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        _ = try db.recordOdometer(vehicle: "123ABC", reading: 1_000, at: Self.recentEight + 3 * 3_600)  // 11:00
        let noon = try db.addTrip(Self.recent(4, .distance(metres: 10_000)))  // 12:00, 1000 → 1010
        #expect(noon.startOdometer == 1_000)
        // 09:00, 5 km from the initial 1000 would move the noon trip past the 11:00 reading of 1000: refused.
        let refused = refusal { _ = try db.addTrip(Self.recent(1, .distance(metres: 5_000))) }
        #expect(refused?.code == .refused)
        #expect(refused?.description.contains("past the start of the next trip \(noon.id) at 1000 km") == true)
        #expect(try db.trip(id: noon.id).startOdometer == 1_000)
    }

    @Test(arguments: DatabaseKind.sqlite)
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

    /// Trips stored before the log recorded whether their odometer was derived count as anchored: nothing moves them.
    @Test func tripsFromBeforeVersion5AreAnchored() throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration())
        let v4 = try #require(AppDatabase.migrationIdentifiers.firstIndex { $0.hasPrefix("v4 ") })
        try AppDatabase.migrate(queue, upTo: AppDatabase.migrationIdentifiers[v4])
        let noon = Self.recentEight.secondsSince1970 + 4 * 3_600
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO vehicle (plate, created_at, initial_odometer) VALUES ('123ABC', 1, 1000)")
            // 12:00, typed in by distance (30 km) before v5: 1000 → 1030.
            try db.execute(
                sql: """
                    INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at, start_odometer,
                        end_odometer) VALUES (1, ?, ?, 30000, 'manual', 1, 1000, 1030)
                    """, arguments: [noon, noon + 1_800])
        }
        let upgraded = try AppDatabase(queue, clock: { DatabaseKind.now })
        let refused = refusal { _ = try upgraded.addTrip(Self.recent(0, .distance(metres: 10_000))) }
        #expect(refused?.code == .refused)
        #expect(refused?.description.contains("past the start of the next trip 1 at 1000 km") == true)
        #expect(try upgraded.trip(id: 1).startOdometer == 1_000)
        // A trip of 0 km fits.
        #expect(try upgraded.addTrip(Self.recent(0, .distance(metres: 0))).endOdometer == 1_000)
    }
}
