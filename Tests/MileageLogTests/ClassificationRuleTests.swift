import MileageLog
import Testing
import TrackModel

private func t(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

private let home = Place(name: "Home", centre: Coordinate(latitude: 59.4370, longitude: 24.7536), radiusMetres: 150)
private let office = Place(name: "Office", centre: Coordinate(latitude: 59.4000, longitude: 24.7000), radiusMetres: 150)
/// 0.001° of latitude north of each centre: 111 m away, inside the 150 m radius.
private let nearHome = Coordinate(latitude: 59.4380, longitude: 24.7536)
private let nearOffice = Coordinate(latitude: 59.4010, longitude: 24.7000)

private let rules = RuleSet([
    ClassificationRule(name: "night", timeWindow: TimeWindow(parsing: "22:00-06:00"), category: .private),
    ClassificationRule(
        name: "company car", priority: 5, vehiclePlates: ["123 ABC"], category: .business, purpose: "Service visit"),
    ClassificationRule(
        name: "to work", priority: 10, weekdays: Weekday.workdays, timeWindow: TimeWindow(parsing: "06:00-10:00"),
        startPlace: home, endPlace: office, category: .commute),
])

struct GeometryTests {
    /// Hand computation: R · Δ in radians = 6 371 008.8 m × 0.001 × π/180 = 111.19508 m; at 60° N the
    /// longitude step is doubled to cover the same distance (cos 60° = ½).
    @Test func haversineDistances() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        #expect(abs(origin.distance(to: Coordinate(latitude: 0, longitude: 0.001)) - 111.19508) < 0.0005)
        #expect(abs(origin.distance(to: Coordinate(latitude: 1, longitude: 0)) - 111_195.08) < 0.005)
        let north = Coordinate(latitude: 60, longitude: 10)
        #expect(abs(north.distance(to: Coordinate(latitude: 60, longitude: 10.002)) - 111.19508) < 0.001)
        #expect(origin.distance(to: origin) == 0)
    }

    @Test func placeRadius() {
        let place = Place(name: "p", centre: Coordinate(latitude: 0, longitude: 0), radiusMetres: 111)
        #expect(!place.contains(Coordinate(latitude: 0.001, longitude: 0)))
        #expect(place.contains(Coordinate(latitude: 0.00099, longitude: 0)))
    }
}

struct TimeWindowTests {
    @Test func windowAcrossMidnight() throws {
        let window = try #require(TimeWindow(parsing: "22:00-06:00"))
        #expect(window == TimeWindow(startMinute: 1_320, endMinute: 360))
        #expect(window.contains(secondOfDay: 22 * 3_600))
        #expect(window.contains(secondOfDay: 0))
        #expect(window.contains(secondOfDay: 6 * 3_600 - 1))
        #expect(!window.contains(secondOfDay: 6 * 3_600))
        #expect(!window.contains(secondOfDay: 22 * 3_600 - 1))
        #expect(window.description == "22:00-06:00")
    }

    @Test func dayWindowsAndWholeDay() throws {
        let morning = try #require(TimeWindow(parsing: "06:00-10:00"))
        #expect(morning.contains(secondOfDay: 6 * 3_600))
        #expect(!morning.contains(secondOfDay: 10 * 3_600))
        let evening = try #require(TimeWindow(parsing: "18:30-24:00"))
        #expect(evening.contains(secondOfDay: 86_399))
        #expect(!evening.contains(secondOfDay: 0))
        let allDay = try #require(TimeWindow(parsing: "00:00-24:00"))
        #expect(allDay.contains(secondOfDay: 12_345))
    }

    @Test(arguments: ["7:00-9:00", "25:00-01:00", "06:60-07:00", "24:00-01:00", "06:00 07:00", "24:30-01:00", ""])
    func rejectsBadWindows(text: String) {
        #expect(TimeWindow(parsing: text) == nil)
    }
}

struct RuleSetTests {
    /// Wednesday 2026-03-18, 07:30 at UTC+2 (05:30Z), home to office in the company car: the commute rule has
    /// the higher priority.
    @Test func highestPriorityMatchWins() {
        let trip = TripFacts(
            start: t("2026-03-18T05:30:00Z"), utcOffsetSeconds: 7_200, startCoordinate: nearHome,
            endCoordinate: nearOffice, vehiclePlate: "123ABC")
        #expect(rules.classify(trip) == Classification(category: .commute, ruleName: "to work"))
    }

    @Test func weekendFallsThroughToThePlateRule() {
        // Saturday 2026-03-21, 07:30 local.
        let trip = TripFacts(
            start: t("2026-03-21T05:30:00Z"), utcOffsetSeconds: 7_200, startCoordinate: nearHome,
            endCoordinate: nearOffice, vehiclePlate: "123-abc")
        #expect(
            rules.classify(trip)
                == Classification(category: .business, purpose: "Service visit", ruleName: "company car"))
    }

    @Test func weekdayAndTimeAreLocal() {
        // 2026-03-16T23:30Z is Tuesday 01:30 at UTC+2 but Monday 23:30 in UTC.
        let trip = TripFacts(start: t("2026-03-16T23:30:00Z"), utcOffsetSeconds: 7_200)
        let tuesday = ClassificationRule(name: "tue", weekdays: [.tuesday], category: .business)
        let monday = ClassificationRule(name: "mon", weekdays: [.monday], category: .business)
        #expect(tuesday.matches(trip))
        #expect(!monday.matches(trip))
        #expect(rules.classify(trip)?.ruleName == "night")
        // At 06:00 local, the morning window of `to work` would open but the trip has no places.
        #expect(rules.classify(TripFacts(start: t("2026-03-17T04:00:00Z"), utcOffsetSeconds: 7_200)) == nil)
    }

    @Test func placeRulesNeedCoordinates() {
        let trip = TripFacts(start: t("2026-03-18T05:30:00Z"), utcOffsetSeconds: 7_200, startCoordinate: nearHome)
        #expect(rules.classify(trip) == nil)
        var elsewhere = trip
        elsewhere.endCoordinate = Coordinate(latitude: 59.4020, longitude: 24.7000)  // 222 m from the office
        #expect(rules.classify(elsewhere) == nil)
    }

    @Test func manualCategoryAlwaysWins() {
        var trip = TripFacts(
            start: t("2026-03-18T05:30:00Z"), utcOffsetSeconds: 7_200, startCoordinate: nearHome,
            endCoordinate: nearOffice, category: .private, categoryIsManual: true)
        #expect(rules.classify(trip) == Classification(category: .private, isManual: true))
        trip.categoryIsManual = false
        #expect(rules.classify(trip) == Classification(category: .commute, ruleName: "to work"))
    }

    @Test func equalPrioritiesKeepTheirOrder() {
        let a = ClassificationRule(name: "a", category: .business)
        let b = ClassificationRule(name: "b", category: .private)
        let trip = TripFacts(start: t("2026-03-18T12:00:00Z"))
        #expect(RuleSet([a, b]).classify(trip)?.ruleName == "a")
        #expect(RuleSet([b, a]).classify(trip)?.ruleName == "b")
        #expect(RuleSet([]).classify(trip) == nil)
    }
}
