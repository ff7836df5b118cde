import Foundation
import GRDB
import LogbookStore
import MileageLog
import Synchronization
import Testing
import TrackModel
import TripEngine

/// A wall clock the test moves forward.
final class TestClock: Sendable {
    private let value = Mutex(Timestamp(secondsSince1970: 1_795_000_000))  // 2026-11-18
    var now: Timestamp { value.withLock { $0 } }
    func advance(days: Double) { value.withLock { $0 = $0 + days * 86_400 } }
}

/// The mileage log in the store: manual trips and the odometer, edits, voids, locks, the audit chain,
/// regular trips, rules, merge and split — each against a real SQLite database.
@Suite struct MileageLogStoreTests {
    let clock = TestClock()
    let database: AppDatabase
    /// 2026-11-17 08:00 UTC, a Tuesday.
    static let morning = Timestamp(secondsSince1970: 1_794_873_600 + 8 * 3_600)

    init() throws {
        let clock = clock
        database = try AppDatabase.inMemory(policy: LogPolicy(actor: "tester", lockAfterDays: 7)) { clock.now }
        try database.addDriver("Mari")
        try database.addVehicle(VehicleDetails(plate: "123ABC", initialOdometer: 12_864, driver: "Mari"))
    }

    func manual(
        _ hour: Double, _ odometer: OdometerInput, category: TripCategory? = .private, purpose: String? = nil,
        minutes: Double = 30
    ) -> NewTrip {
        let start = Self.morning + hour * 3_600
        return NewTrip(
            vehicle: "123ABC", start: start, end: start + minutes * 60, odometer: odometer, category: category,
            purpose: purpose)
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

    /// The API's page: read in SQL, and the same trips, count and distance as cutting `trips(_:)` by hand.
    @Test func aPageOfTripsAgreesWithTheWholeList() throws {
        try database.addVehicle(VehicleDetails(plate: "OTHER1"))
        for hour in 0..<7 {
            _ = try database.addTrip(manual(Double(hour), .distance(metres: Double(1_000 * (hour + 1)))))
        }
        var other = manual(0.5, .distance(metres: 500))
        other.vehicle = "OTHER1"
        _ = try database.addTrip(other)
        let voided = try database.trips(TripFilter(vehicle: "123ABC"))[3]
        _ = try database.voidTrip(id: voided.id, reason: "entered twice")
        let filters = [
            TripFilter(), TripFilter(vehicles: ["123ABC"]), TripFilter(vehicles: ["OTHER1"]), TripFilter(vehicles: []),
            TripFilter(includeVoided: true), TripFilter(vehicle: "123ABC", vehicles: ["OTHER1"]),
        ]
        for filter in filters {
            let all = try database.trips(filter)
            for (limit, offset) in [(3, 0), (3, 3), (3, 6), (100, 0), (2, 50)] {
                let page = try database.tripPage(filter, limit: limit, offset: offset)
                #expect(page.trips.map(\.id) == Array(all.dropFirst(offset).prefix(limit)).map(\.id))
                #expect(page.total == all.count)
                #expect(page.distance == all.filter { !$0.voided }.reduce(0) { $0 + $1.distance })
            }
        }
        // The hand-checked figures: six trips of 123ABC count (1+2+3+5+6+7 km), OTHER1 alone 0.5 km.
        #expect(try database.tripPage(TripFilter(vehicles: ["123ABC"]), limit: 1, offset: 0).distance == 24_000)
        #expect(try database.tripPage(TripFilter(), limit: 1, offset: 0).total == 7)
        #expect(try database.tripPage(TripFilter(vehicles: []), limit: 10, offset: 0).total == 0)
    }

    @Test func purposesAreSuggestedMostUsedFirst() throws {
        for (hour, purpose) in [(0, "Site visit"), (1, "Bank"), (2, "Site visit"), (3, "Client")] {
            _ = try database.addTrip(manual(Double(hour), .distance(metres: 1_000), purpose: purpose))
        }
        let last = try database.addTrip(manual(4, .distance(metres: 1_000), purpose: "Client"))
        _ = try database.voidTrip(id: last.id, reason: "test")
        #expect(try database.purposeSuggestions() == ["Site visit", "Bank", "Client"])
        #expect(try database.purposeSuggestions(limit: 1) == ["Site visit"])
    }

    /// A driver's suggestions: the purposes of their vehicles' trips and regular trips, not of other vehicles'.
    @Test func purposesOfOtherVehiclesAreNotSuggestedToADriver() throws {
        try database.addVehicle(VehicleDetails(plate: "OTHER1"))
        _ = try database.addTrip(manual(0, .distance(metres: 1_000), purpose: "Site visit"))
        var other = manual(1, .distance(metres: 1_000), purpose: "Tender at Acme")
        other.vehicle = "OTHER1"
        let others = try database.addTrip(other)
        _ = try database.addRegular(name: "Acme again", fromTrip: others.id)
        #expect(try database.purposeSuggestions(vehicles: ["123ABC"]) == ["Site visit"])
        #expect(try database.purposeSuggestions(vehicles: ["OTHER1"]) == ["Tender at Acme"])
        #expect(try database.purposeSuggestions(vehicles: []) == [])
        // Everyone's: the tender twice (its trip and its regular trip), the site visit once.
        #expect(try database.purposeSuggestions() == ["Tender at Acme", "Site visit"])
    }

    @Test func manualTripsChainTheOdometer() throws {
        let first = try database.addTrip(manual(0, .end(12_906)))
        #expect(first.startOdometer == 12_864)
        #expect(first.endOdometer == 12_906)
        #expect(first.distance == 42_000)
        #expect(first.driver == "Mari")  // the vehicle's driver
        #expect(first.source == .manual)
        let second = try database.addTrip(manual(2, .distance(metres: 12_500)))
        #expect(second.startOdometer == 12_906)
        #expect(second.endOdometer == 12_918.5)

        let backwards = refusal { _ = try database.addTrip(manual(4, .end(12_900))) }
        #expect(backwards?.code == .refused)
        #expect(backwards?.description.contains("backwards") == true)
        #expect(backwards?.exitCode == 65)
        let overlapping = refusal { _ = try database.addTrip(manual(0.25, .distance(metres: 1_000))) }
        #expect(overlapping?.description.contains("overlaps trip \(first.id)") == true)
        // Squeezed in between by distance, a trip moves the next trip typed in by distance up the chain.
        let between = try database.addTrip(manual(1, .distance(metres: 5_000)))
        #expect(between.startOdometer == 12_906 && between.endOdometer == 12_911)
        #expect(try database.trip(id: second.id).startOdometer == 12_911)
        #expect(try database.trip(id: second.id).endOdometer == 12_923.5)
        // Given by its odometer, a trip may not run past the next trip's start odometer.
        let pastNext = refusal { _ = try database.addTrip(manual(1.5, .end(12_920))) }
        #expect(pastNext?.description.contains("past the start of the next trip \(second.id)") == true)
        #expect(
            refusal {
                _ = try database.addTrip(
                    NewTrip(vehicle: "NOPE", start: Self.morning, end: nil, odometer: .distance(metres: 1)))
            }?.code == .notFound)
        #expect(try database.trips(TripFilter()).count == 3)
    }

    /// A new trip's snapshot in the history is the text `JSONSerialization` writes for the same fields with
    /// `.sortedKeys` and `.withoutEscapingSlashes` (the store writes it itself, so as not to load ICU for the sort),
    /// with text that needs escaping and text that does not.
    @Test func theCreationSnapshotIsFoundationsSortedJSON() throws {
        let trip = try database.addTrip(
            manual(0, .end(12_900), category: .business, purpose: "Kunde \"Müller\" / Tallinn\\Tartu\n\tzweiter Tag ✓"))
        let created = try #require(try database.auditEntries(trip: trip.id).first)
        #expect(created.change.action.rawValue == "create")
        let text = try #require(created.change.newValue)
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(fields["purpose"] == "Kunde \"Müller\" / Tallinn\\Tartu\n\tzweiter Tag ✓")
        #expect(fields.count >= 8)
        let foundation = try JSONSerialization.data(
            withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(text == String(decoding: foundation, as: UTF8.self))
    }

    @Test func businessNeedsAPurposeAndEditsAreAudited() throws {
        #expect(refusal { _ = try database.addTrip(manual(0, .end(12_900), category: .business)) }?.code == .refused)
        let trip = try database.addTrip(manual(0, .end(12_900)))
        #expect(refusal { _ = try database.editTrip(id: trip.id, TripChanges(category: .business)) } != nil)
        let business = try database.editTrip(id: trip.id, TripChanges(category: .business, purpose: "Client visit"))
        #expect(business.category == .business && business.categoryOrigin == .manual)
        let back = try database.editTrip(id: trip.id, TripChanges(category: .private))
        #expect(back.category == .private)
        let history = try database.auditEntries(trip: trip.id)
        let changes = history.map {
            [$0.change.action.rawValue, $0.change.field, $0.change.oldValue, $0.change.newValue]
        }
        #expect(changes.count == 4)
        #expect(changes[1] == ["edit", "category", "private", "business"])
        #expect(changes[2] == ["edit", "purpose", nil, "Client visit"])
        #expect(changes[3] == ["edit", "category", "business", "private"])
        #expect(history.allSatisfy { $0.change.actor == "tester" })
        #expect(try database.editedTripIDs() == [trip.id])
        #expect(try database.verifyAudit().isIntact)
    }

    @Test func aVoidedTripLeavesTotalsButStaysInTheHistory() throws {
        let trip = try database.addTrip(manual(0, .end(12_900)))
        let voided = try database.voidTrip(id: trip.id, reason: "entered twice")
        #expect(voided.voided && voided.voidReason == "entered twice")
        #expect(try database.trips(TripFilter()).isEmpty)
        #expect(try database.trips(TripFilter(includeVoided: true)).map(\.id) == [trip.id])
        #expect(refusal { _ = try database.editTrip(id: trip.id, TripChanges(notes: "x")) }?.code == .refused)
        // The schema refuses it as well, and never lets a trip be deleted.
        for sql in ["UPDATE trip SET notes = 'x' WHERE id = ?", "DELETE FROM trip WHERE id = ?"] {
            #expect(throws: DatabaseError.self) {
                try database.writer.write { db in try db.execute(sql: sql, arguments: [trip.id]) }
            }
        }
        // Its odometer no longer counts: the next trip starts from the initial odometer again.
        #expect(try database.addTrip(manual(3, .distance(metres: 1_000))).startOdometer == 12_864)
        #expect(try database.verifyAudit().isIntact)
    }

    @Test func tripsLockAfterTheConfiguredDays() throws {
        let trip = try database.addTrip(manual(0, .end(12_900)))
        #expect(!trip.locked)
        clock.advance(days: 8)
        #expect(try database.trip(id: trip.id).locked)
        let refused = refusal { _ = try database.editTrip(id: trip.id, TripChanges(category: .commute)) }
        #expect(refused?.description.contains("locked") == true)
        // After a write the lock is in the row, and the trigger refuses raw SQL too.
        _ = try database.addTrip(manual(48, .distance(metres: 100)))
        let error = #expect(throws: DatabaseError.self) {
            try database.writer.write { db in
                try db.execute(sql: "UPDATE trip SET category = 'business' WHERE id = ?", arguments: [trip.id])
            }
        }
        #expect(error?.message?.contains("trip_locked") == true)
    }

    @Test func unclassifiedTripsBecomePrivateWhenConfigured() throws {
        let clock = clock
        let db = try AppDatabase.inMemory(policy: LogPolicy(lockAfterDays: nil, unclassifiedPrivateAfterDays: 3)) {
            clock.now
        }
        try db.addVehicle(VehicleDetails(plate: "123ABC", initialOdometer: 100))
        let trip = try db.addTrip(manual(0, .distance(metres: 1_000), category: nil))
        #expect(trip.category == nil)
        clock.advance(days: 1)
        _ = try db.addTrip(manual(26, .distance(metres: 1_000), category: nil))
        #expect(try db.trip(id: trip.id).category == nil)  // 2 days after its end: still open
        clock.advance(days: 2)
        _ = try db.addTrip(manual(50, .distance(metres: 1_000), category: .business, purpose: "x"))
        let swept = try db.trip(id: trip.id)
        #expect(swept.category == .private && swept.categoryOrigin == .default)
        #expect(try db.auditEntries(trip: trip.id).last?.change.actor.hasPrefix("logbook") == true)
        #expect(try db.verifyAudit().isIntact)
    }

    @Test func auditVerifyNamesRowsChangedBehindTheLogsBack() throws {
        let a = try database.addTrip(manual(0, .end(12_900)))
        let b = try database.addTrip(manual(2, .end(12_950), category: .business, purpose: "Fair"))
        #expect(try database.verifyAudit().isIntact)
        try database.writer.write { db in
            try db.execute(
                sql: "UPDATE trip SET distance_m = 99000, purpose = 'Holiday' WHERE id = ?", arguments: [b.id])
        }
        let report = try database.verifyAudit()
        #expect(!report.isIntact)
        #expect(report.problems.map(\.tripID) == [b.id, b.id])
        #expect(Set(report.problems.compactMap(\.field)) == ["distance_m", "purpose"])
        #expect(report.problems[0].message.contains("trip \(b.id)"))

        // Rewriting the history itself breaks the chain at that entry.
        try database.writer.write { db in
            try db.execute(sql: "DROP TRIGGER audit_entry_never_updated")
            try db.execute(sql: "UPDATE audit_entry SET new_value = 'x' WHERE sequence = 1")
        }
        let broken = try database.verifyAudit()
        #expect(broken.problems.first?.kind == .brokenChain)
        #expect(broken.problems.first?.sequence == 1)
        #expect(broken.problems.first?.tripID == a.id)

        // A trip slipped in with SQL has no history.
        try database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, source, created_at)
                    VALUES (1, 1794990000, 1794990600, 5000, 'manual', 1794990000)
                    """)
        }
        #expect(try database.verifyAudit().problems.contains { $0.kind == .tripWithoutHistory })
    }

    @Test func regularTripsAreReused() throws {
        let source = try database.addTrip(
            NewTrip(
                vehicle: "123ABC", start: Self.morning, end: Self.morning + 1_500, odometer: .end(12_881),
                category: .commute, startLabel: "Home", endLabel: "Office"))
        let regular = try database.addRegular(name: "Office", fromTrip: source.id)
        #expect(regular.distance == 17_000 && regular.duration == 1_500 && regular.startMinute == 8 * 60)
        #expect(regular.vehicle == "123ABC" && regular.category == .commute && regular.endLabel == "Office")
        let nextDay = Self.morning + 86_400
        let reused = try database.addTrip(regular: "Office", start: nextDay)
        #expect(reused.source == .regular && reused.regularName == "Office")
        #expect(reused.distance == 17_000 && reused.end == nextDay + 1_500)
        #expect(reused.startOdometer == 12_881 && reused.endOdometer == 12_898)
        #expect(reused.category == .commute && reused.startLabel == "Home")
        #expect(refusal { _ = try database.addTrip(regular: "Gym", start: nextDay) }?.code == .notFound)
        #expect(try database.regulars().map(\.name) == ["Office"])
    }

    /// A GPS trip from `from` to `to` (straight, constant speed, a point a minute).
    func gpsTrip(start: Timestamp, from: Coordinate, to: Coordinate, minutes: Int = 10) -> Trip {
        let points = (0...minutes).map { k -> TrackPoint in
            let f = Double(k) / Double(minutes)
            return TrackPoint(
                time: start + Double(k) * 60, latitude: from.latitude + f * (to.latitude - from.latitude),
                longitude: from.longitude + f * (to.longitude - from.longitude), speed: 10)
        }
        let length = from.distance(to: to)
        return Trip(
            start: start, end: start + Double(minutes) * 60, distance: length, idleSeconds: 0, idlePeriods: 0,
            maximumSpeed: 12, startCoordinate: from, endCoordinate: to, fixesUsed: minutes + 1, track: points)
    }

    @Test func rulesClassifyNewGPSTripsButAManualEditWins() throws {
        let home = Coordinate(latitude: 59.4370, longitude: 24.7536)
        let office = Coordinate(latitude: 59.4270, longitude: 24.7436)
        try database.addPlace(Place(name: "Home", centre: home, radiusMetres: 200))
        try database.addPlace(Place(name: "Office", centre: office, radiusMetres: 200))
        try database.addRule(
            name: "Commute", weekdays: Weekday.workdays, timeWindow: TimeWindow(parsing: "06:00-10:00"),
            startPlace: "Home", endPlace: "Office", category: .commute)
        let vehicle = try database.vehicle(plate: "123ABC")
        let tuesday = try #require(
            try database.insertTrip(gpsTrip(start: Self.morning, from: home, to: office), vehicle: vehicle))
        #expect(tuesday.category == .commute && tuesday.categoryOrigin == .rule)
        #expect(tuesday.startOdometer == 12_864)
        #expect(abs((tuesday.endOdometer ?? 0) - (12_864 + tuesday.distance / 1_000)) < 1e-9)
        // Saturday (four days later): no rule matches.
        let saturday = try #require(
            try database.insertTrip(gpsTrip(start: Self.morning + 4 * 86_400, from: home, to: office), vehicle: vehicle)
        )
        #expect(saturday.category == nil)
        // A person's choice stays when rules are applied again.
        _ = try database.editTrip(id: tuesday.id, TripChanges(category: .business, purpose: "Supplier"))
        try database.addRule(name: "Weekend", weekdays: Weekday.weekend, category: .private)
        let dry = try database.applyRules(dryRun: true)
        #expect(dry.map(\.tripID) == [saturday.id])
        #expect(try database.trip(id: saturday.id).category == nil)
        #expect(try database.applyRules(dryRun: false).map(\.category) == [.private])
        #expect(try database.trip(id: saturday.id).category == .private)
        #expect(try database.trip(id: tuesday.id).category == .business)
        #expect(try database.verifyAudit().isIntact)
    }

    @Test func mergeAndSplitKeepDistanceOdometerAndHistory() throws {
        let vehicle = try database.vehicle(plate: "123ABC")
        let a = Coordinate(latitude: 59.40, longitude: 24.70)
        let b = Coordinate(latitude: 59.41, longitude: 24.70)
        let c = Coordinate(latitude: 59.42, longitude: 24.70)
        let first = try #require(
            try database.insertTrip(gpsTrip(start: Self.morning, from: a, to: b), vehicle: vehicle))
        let second = try #require(
            try database.insertTrip(gpsTrip(start: Self.morning + 900, from: b, to: c), vehicle: vehicle))
        let merged = try database.mergeTrips(second.id, first.id)
        #expect(merged.start == first.start && merged.end == second.end)
        #expect(abs(merged.distance - (first.distance + second.distance)) < 1e-9)
        #expect(merged.startOdometer == first.startOdometer && merged.endOdometer == second.endOdometer)
        #expect(try database.trips(TripFilter()).map(\.id) == [merged.id])

        // Split the merged trip where the first part ended: the track puts the cut at b.
        let (one, two) = try database.splitTrip(id: merged.id, at: Self.morning + 600)
        let expectedFirst = a.distance(to: b) / (a.distance(to: b) + b.distance(to: c)) * merged.distance
        #expect(abs(one.distance - expectedFirst) < 0.01)
        #expect(abs(one.distance + two.distance - merged.distance) < 1e-6)
        #expect(one.endOdometer == two.startOdometer)
        #expect(abs((one.endCoordinate?.latitude ?? 0) - b.latitude) < 1e-9)
        #expect(try database.trips(TripFilter()).map(\.id) == [one.id, two.id])
        #expect(try database.trips(TripFilter(includeVoided: true)).filter(\.voided).count == 3)
        let actions = try database.auditEntries().map(\.change.action)
        #expect(actions.filter { $0 == .merge }.count == 1 && actions.filter { $0 == .split }.count == 2)
        #expect(try database.verifyAudit().isIntact)
    }

    @Test func odometerReadingsCalibrateAndCheck() throws {
        let vehicle = try database.vehicle(plate: "123ABC")
        let a = Coordinate(latitude: 59.40, longitude: 24.70)
        let b = Coordinate(latitude: 59.49, longitude: 24.70)  // about 10 km north
        try database.recordOdometer(vehicle: "123ABC", reading: 12_864, at: Self.morning + -60)
        let trip = try #require(try database.insertTrip(gpsTrip(start: Self.morning, from: a, to: b), vehicle: vehicle))
        // The dashboard says 3 % more than GPS.
        let odometerKm = trip.distance / 1_000 * 1.03
        try database.recordOdometer(vehicle: "123ABC", reading: 12_864 + odometerKm, at: Self.morning + 3_600)
        let calibration = try database.calibration(vehicle: "123ABC")
        #expect(calibration.intervals == 1)
        #expect(abs((calibration.factor ?? 0) - 1.03) < 1e-9)
        #expect(
            refusal { try database.recordOdometer(vehicle: "123ABC", reading: 12_000, at: Self.morning + 7_200) }?.code
                == .refused)
        // The next trip starts from the reading, not from the GPS estimate: a 0.3 km gap the check reports when
        // the tolerance is tight, and not at the default (1 km).
        let next = try database.addTrip(manual(2, .distance(metres: 5_000)))
        #expect(abs((next.startOdometer ?? 0) - (12_864 + odometerKm)) < 1e-9)
        #expect(try database.odometerFindings().isEmpty)
        let tight = try database.odometerFindings(tolerance: OdometerTolerance(relative: 0, absoluteKilometres: 0.1))
        #expect(tight.map(\.finding.kind) == [.gap])
        #expect(abs((tight.first?.finding.kilometres ?? 0) - trip.distance / 1_000 * 0.03) < 1e-6)
    }

    @Test func aVersion1DatabaseUpgradesWithItsTripsInTheHistory() throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration())
        try AppDatabase.migrate(queue, upTo: AppDatabase.migrationIdentifiers[0])
        try queue.write { db in
            try db.execute(sql: "INSERT INTO vehicle (plate, created_at) VALUES ('OLD1', 1)")
            try db.execute(
                sql:
                    "INSERT INTO imported_file (fingerprint, vehicle_id, path, imported_at, trips) VALUES ('f', 1, 'p', 1, 1)"
            )
            try db.execute(
                sql: """
                    INSERT INTO trip (vehicle_id, started_at, ended_at, distance_m, idle_s, idle_periods, max_speed_mps,
                        start_lat, start_lon, end_lat, end_lon, fixes_used, source, import_key, created_at)
                    VALUES (1, 1000, 2000, 1234.5, 0, 0, 10, 59, 24, 59.1, 24.1, 100, 'import', 'f', 1)
                    """)
        }
        let upgraded = try AppDatabase(queue)
        let trips = try upgraded.trips(TripFilter())
        #expect(trips.count == 1)
        #expect(trips.first?.source == .gps && trips.first?.importKey == "f" && trips.first?.distance == 1_234.5)
        let report = try upgraded.verifyAudit()
        #expect(report.isIntact && report.entries == 1 && report.trips == 1)
    }

    @Test func theConfiguredCalibrationAdvancesTheOdometerOfNewGPSTrips() throws {
        let clock = clock
        let db = try AppDatabase.inMemory(policy: LogPolicy(applyOdometerCalibration: true)) { clock.now }
        try db.addVehicle(VehicleDetails(plate: "123ABC", initialOdometer: 1_000))
        let vehicle = try db.vehicle(plate: "123ABC")
        let a = Coordinate(latitude: 59.40, longitude: 24.70)
        let b = Coordinate(latitude: 59.45, longitude: 24.70)
        try db.recordOdometer(vehicle: "123ABC", reading: 1_000, at: Self.morning + -60)
        let first = try #require(try db.insertTrip(gpsTrip(start: Self.morning, from: a, to: b), vehicle: vehicle))
        // No factor yet: the odometer advances by the GPS distance.
        #expect(abs((first.endOdometer ?? 0) - (1_000 + first.distance / 1_000)) < 1e-9)
        try db.recordOdometer(
            vehicle: "123ABC", reading: 1_000 + first.distance / 1_000 * 1.02, at: Self.morning + 3_600)
        let second = try #require(
            try db.insertTrip(gpsTrip(start: Self.morning + 7_200, from: b, to: a), vehicle: vehicle))
        let advanced = (second.endOdometer ?? 0) - (second.startOdometer ?? 0)
        #expect(abs(advanced - second.distance / 1_000 * 1.02) < 1e-9)
    }

    @Test func aCountryPresetNamesTheFieldsABusinessTripLacks() throws {
        let clock = clock
        let db = try AppDatabase.inMemory(policy: LogPolicy(preset: .de)) { clock.now }
        try db.addVehicle(VehicleDetails(plate: "123ABC", initialOdometer: 100))
        var trip = manual(0, .end(120), category: .business, purpose: "Fair")
        let refused = refusal { _ = try db.addTrip(trip) }
        #expect(refused?.code == .refused)
        #expect(refused?.description.contains("DE preset") == true)
        #expect(refused?.description.contains("business-partner") == true)
        trip.partner = "Messe GmbH"
        trip.destination = "Hannover"
        trip.startLabel = "Office"
        trip.endLabel = "Fairground"
        let stored = try db.addTrip(trip)
        #expect(stored.category == .business)
        // A private trip needs none of it.
        #expect(try db.addTrip(manual(3, .end(130))).category == .private)
    }
}
