import Foundation
import Hours
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel

/// The work hours' use cases on a log on disk, as the command line and the server call them.
@Suite("HoursService")
struct HoursServiceTests {
    /// A log with the drivers anna and ben and anna's vehicle ABC1; `[hours]` in UTC, monthly, no rounding.
    static func makeLog(_ directory: TemporaryDirectory) throws -> AppDatabase {
        let database = try AppDatabase.open(path: directory.path("log.sqlite"))
        try database.addDriver("anna")
        try database.addDriver("ben")
        _ = try database.addVehicle(VehicleDetails(plate: "ABC1", driver: "anna"))
        return database
    }

    static func service(_ database: AppDatabase, _ caller: Caller, trips: (any TripTimes)? = nil) -> HoursService {
        var settings = HoursSettings()
        settings.timezone = "UTC"
        return HoursService(
            context: ServiceContext(database: database, caller: caller, clock: LocalClock(identifier: "UTC")),
            settings: settings, trips: trips)
    }

    static func user(_ name: String, _ role: UserRole, vehicles: [String] = []) -> Caller {
        .user(
            AppUser(
                id: 1, name: name, role: role, vehicles: vehicles, hasPassword: false,
                createdAt: Timestamp(secondsSince1970: 0)))
    }

    /// Trips as another domain would give them, without naming the mileage log's services.
    struct FixedTrips: TripTimes {
        var times: [TripTime]

        func tripTimes(vehicle: String, from start: Timestamp, to end: Timestamp) throws -> [TripTime] {
            times.filter { $0.start >= start && $0.start < end }
        }
    }

    static func trip(_ start: String, _ end: String) -> TripTime {
        TripTime(start: Timestamp(iso8601: start)!, end: Timestamp(iso8601: end)!)
    }

    @Test("a proposal from the day's trips: first start to last end, the stops over 15 minutes as the break")
    func proposalFromTrips() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.makeLog(directory)
        let trips = FixedTrips(times: [
            Self.trip("2026-11-02T08:00:00Z", "2026-11-02T09:00:00Z"),
            // A 30-minute stop (a break), then a 10-minute one (not).
            Self.trip("2026-11-02T09:30:00Z", "2026-11-02T12:00:00Z"),
            Self.trip("2026-11-02T12:10:00Z", "2026-11-02T13:00:00Z"),
            // Another day's trip is not this day's.
            Self.trip("2026-11-03T07:00:00Z", "2026-11-03T18:00:00Z"),
        ])
        let service = Self.service(database, .terminal, trips: trips)
        let day = try #require(RelativeDay(parsing: "2026-11-02"))
        let proposal = try service.propose(HoursProposalInput(day: day, driver: "anna"), save: false)
        #expect(proposal.trips == 3 && proposal.stops == 1 && proposal.stopMinutes == 30 && !proposal.saved)
        #expect(proposal.vehicle == "ABC1")
        #expect(proposal.entry.startClock == "08:00" && proposal.entry.endClock == "13:00")
        #expect(proposal.entry.workedMinutes == 300 && proposal.entry.breakMinutes == 30)
        #expect(proposal.entry.netMinutes == 270)
        #expect(try service.sheet(period: "2026-11-02", driver: "anna").entries.isEmpty, "not saved")

        let saved = try service.propose(HoursProposalInput(day: day, driver: "anna"), save: true)
        #expect(saved.saved && saved.entry.number > 0)
        #expect(try service.sheet(period: "2026-11-02", driver: "anna").entries.map(\.number) == [saved.entry.number])

        let empty = try #require(RelativeDay(parsing: "2026-11-04"))
        do {
            _ = try service.propose(HoursProposalInput(day: empty, driver: "anna"), save: false)
            Issue.record("a day without trips made a proposal")
        } catch let error as ServiceError {
            #expect(error.kind == .notFound)
        }
    }

    @Test("a driver finds only their own entries; an accountant reads but does not add")
    func access() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.makeLog(directory)
        let terminal = Self.service(database, .terminal)
        let annas = try terminal.addEntry(
            HoursEntryInput(
                date: RelativeDay(parsing: "2026-11-02"), start: ClockTime(parsing: "07:00"),
                end: ClockTime(parsing: "15:00"), breakMinutes: 30, driver: "anna"))
        #expect(annas.netMinutes == 450)

        let ben = Self.service(database, Self.user("ben", .driver))
        do {
            _ = try ben.entry(String(annas.number))
            Issue.record("ben saw anna's entry")
        } catch let error as ServiceError {
            #expect(error.kind == .notFound)
        }
        do {
            _ = try ben.sheet(period: "2026-11-02", driver: "anna")
            Issue.record("ben read anna's period")
        } catch let error as ServiceError {
            #expect(error.kind == .forbidden)
        }
        #expect(try ben.sheet(period: "2026-11-02", driver: nil).driver == "ben")

        let accountant = Self.service(database, Self.user("carl", .accountant))
        #expect(try accountant.entry(annas.id).number == annas.number)
        do {
            _ = try accountant.addEntry(
                HoursEntryInput(start: ClockTime(parsing: "07:00"), end: ClockTime(parsing: "08:00"), driver: "anna"))
            Issue.record("an accountant added an entry")
        } catch let error as ServiceError {
            #expect(error.kind == .forbidden)
        }
    }
}
