import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

/// `logbook profile`: the person keeping the log, asked once and printed on every report.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Your name, company and employee id, as reports print them.",
        subcommands: [SetFields.self, Show.self], defaultSubcommand: Show.self)

    struct SetFields: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the given fields.")

        @Option(name: .long, help: "Your name.") var name: String?
        @Option(name: .long, help: "The company's name.") var company: String?
        @Option(name: .long, help: "Your employee id.") var employeeId: String?
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func validate() throws {
            if name == nil, company == nil, employeeId == nil {
                throw ValidationError("Give --name, --company or --employee-id.")
            }
        }

        func run() throws {
            let context = try log.context()
            let profile = try ProfileService(context).set(
                ProfileInput(name: name, company: company, employeeID: employeeId))
            try Show.print(profile, format: format, clock: context.clock)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the profile.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            try Self.print(try ProfileService(context).show(), format: format, clock: context.clock)
        }

        static func print(_ view: ProfileView, format: OutputFormat, clock: LocalClock) throws {
            if format == .json { return try JSONOutput.print(view) }
            let profile = view.profile
            var listing = Listing([("name", "Name"), ("company", "Company"), ("employee_id", "Employee id")])
            listing.append([.text(profile.name), .text(profile.company), .text(profile.employeeID)])
            listing.print(format, clock: clock, single: true)
        }
    }
}

/// `logbook vehicles`: the vehicles of the log.
struct VehiclesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vehicles", abstract: "The log's vehicles.", subcommands: [Add.self, List.self],
        defaultSubcommand: List.self)

    struct Add: ParsableCommand, CommandFieldNames {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a vehicle.")
        static let fieldNames = ["odometer_unit": "--unit", "initial_odometer": "--odometer"]

        @Option(name: .long, help: "The number plate (car number).") var plate: String
        @Option(name: .long, help: "Make and model.") var makeModel: String?
        @Option(name: .long, help: "The odometer's unit: km or mi.") var unit: OdometerUnit = .km
        @Option(name: .long, help: "The odometer reading when the log starts.") var odometer: Double?
        @Option(name: .long, help: "The usual driver (see `logbook drivers`).") var driver: String?
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.context()
            let added = try VehicleService(context).add(
                NewVehicleInput(
                    plate: plate, makeModel: makeModel, odometerUnit: unit.rawValue, initialOdometer: odometer,
                    driver: driver))
            try List.print([added], format: format, clock: context.clock)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the vehicles.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            try Self.print(try VehicleService(context).list(), format: format, clock: context.clock)
        }

        static func print(_ views: [VehicleView], format: OutputFormat, clock: LocalClock) throws {
            if format == .json { return try JSONOutput.print(views) }
            let vehicles = views.map(\.details)
            var listing = Listing([
                ("plate", "Plate"), ("make_model", "Make/model"), ("odometer_unit", "Unit"),
                ("initial_odometer", "Initial odometer"), ("driver", "Driver"),
            ])
            for v in vehicles {
                listing.append([
                    .text(v.plate), .text(v.makeModel), .text(v.odometerUnit.rawValue),
                    .number(v.initialOdometer, decimals: 1), .text(v.driver),
                ])
            }
            listing.print(format, clock: clock)
        }
    }
}

/// `logbook drivers`: the people who drive.
struct DriversCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drivers", abstract: "The log's drivers.", subcommands: [Add.self, List.self],
        defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a driver.")

        @Argument(help: "The driver's name.") var name: String
        @OptionGroup var log: LogOptions

        func run() throws {
            let added = try VehicleService(try log.context()).addDriver(name)
            print("Added driver \(added.name)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the drivers.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let drivers = try VehicleService(context).drivers()
            if format == .json { return try JSONOutput.print(drivers) }
            var listing = Listing([("name", "Name")])
            for driver in drivers { listing.append([.text(driver.name)]) }
            listing.print(format, clock: context.clock)
        }
    }
}

/// `logbook odometer`: dashboard readings, the calibration factor, and the check of the odometer chain.
struct OdometerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "odometer", abstract: "Odometer readings, calibration and checks.",
        subcommands: [Record.self, Correct.self, VoidReading.self, List.self, Calibration.self, Check.self])

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record", abstract: "Record a reading from the dashboard.",
            discussion: """
                The reading is checked against the odometer chain: one below an earlier reading or an earlier \
                trip's end odometer, above a later one, or more than 25 (km or mi) or 5 % beyond what the trips \
                since the previous reading explain is refused with the numbers. --force records it anyway, marked, \
                and `logbook odometer check` lists it.
                """)

        @Option(name: .long, help: "The vehicle's plate.") var vehicle: String
        @Option(name: .long, help: "The reading, in the vehicle's unit.") var reading: Double
        @Option(name: .long, help: "The day: YYYY-MM-DD, today or yesterday (default today).") var date: String?
        @Option(name: .long, help: "Local time HH:MM (default now, or 23:59 for an earlier day).") var time: String?
        @Option(name: .long, help: "A note.") var note: String?
        @Flag(name: .long, help: "Record it even though it disagrees with the odometer chain.") var force = false
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.context()
            let stored = try OdometerService(context).record(
                OdometerReadingInput(
                    vehicle: vehicle, reading: reading, date: date, time: time, note: note, force: force))
            try List.print([stored], format: format, clock: context.clock)
        }
    }

    struct Correct: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "correct", abstract: "Correct a reading (recorded in the history).",
            discussion: "Checked against the odometer chain like a new reading; --force takes it anyway, marked.")

        @Argument(help: "The reading's id (see `logbook odometer list`).") var id: Int64
        @Option(name: .long, help: "The corrected reading, in the vehicle's unit.") var reading: Double
        @Option(name: .long, help: "A note (an empty one clears it).") var note: String?
        @Flag(name: .long, help: "Take it even though it disagrees with the odometer chain.") var force = false
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.context()
            let stored = try OdometerService(context).correct(
                id, OdometerCorrectionInput(reading: reading, note: note, force: force))
            try List.print([stored], format: format, clock: context.clock)
        }
    }

    struct VoidReading: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "void", abstract: "Take a reading out of the chain; it stays in the history with the reason.")

        @Argument(help: "The reading's id (see `logbook odometer list`).") var id: Int64
        @Option(name: .long, help: "Why it is voided.") var reason: String
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.context()
            let stored = try OdometerService(context).void(id, reason: reason)
            try List.print([stored], format: format, clock: context.clock)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the readings.")

        @Option(name: .long, help: "Only this vehicle's readings.") var vehicle: String?
        @Flag(name: .long, help: "Show voided readings too.") var includeVoided = false
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            try Self.print(
                try OdometerService(context).list(vehicle: vehicle, includeVoided: includeVoided), format: format,
                clock: context.clock)
        }

        static func print(_ views: [OdometerReadingView], format: OutputFormat, clock: LocalClock) throws {
            if format == .json { return try JSONOutput.print(views) }
            let readings = views.map(\.reading)
            var listing = Listing([
                ("vehicle", "Vehicle"), ("time", "Time"), ("reading", "Reading"), ("unit", "Unit"), ("note", "Note"),
                ("id", "Id"), ("forced", "Forced"), ("voided", "Voided"), ("void_reason", "Void reason"),
            ])
            for r in readings {
                listing.append([
                    .text(r.vehicle), .time(r.time), .number(r.reading, decimals: 1), .text(r.unit.rawValue),
                    .text(r.note), .integer(Int(r.id)), .flag(r.forced), .flag(r.voided), .text(r.voidReason),
                ])
            }
            listing.print(format, clock: clock)
        }
    }

    struct Calibration: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calibration",
            abstract: "The factor between GPS distance and the odometer, from the readings.",
            discussion: """
                Readings enclosing whole GPS trips give odometer and GPS distances; the factor is their ratio. \
                With `apply_odometer_calibration = true` in [log], new GPS trips advance the odometer by GPS \
                distance × factor.
                """)

        @Option(name: .long, help: "The vehicle's plate.") var vehicle: String
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let view = try OdometerService(context).calibration(vehicle: vehicle)
            // Programs keep kilometres and get the vehicle's unit too; people read the vehicle's unit.
            if format == .json { return try JSONOutput.print(view) }
            let (report, unit, perUnit) = (view.report, view.unit, view.perUnit)
            let clock = context.clock
            var listing: Listing
            if format == .table {
                listing = Listing([
                    ("vehicle", "Vehicle"), ("factor", "Factor"), ("intervals", "Intervals"),
                    ("gps", "GPS \(unit.rawValue)"), ("odometer", "Odometer \(unit.rawValue)"),
                ])
                listing.append([
                    .text(report.vehicle), .number(report.factor, decimals: 4), .integer(report.intervals),
                    .number(report.gpsKilometres * perUnit, decimals: 1),
                    .number(report.odometerKilometres * perUnit, decimals: 1),
                ])
            } else {
                listing = Listing([
                    ("vehicle", "Vehicle"), ("factor", "Factor"), ("intervals", "Intervals"), ("gps_km", "GPS km"),
                    ("odometer_km", "Odometer km"), ("gps_distance", "GPS distance"),
                    ("odometer_distance", "Odometer distance"), ("unit", "Unit"),
                ])
                listing.append([
                    .text(report.vehicle), .number(report.factor, decimals: 4), .integer(report.intervals),
                    .number(report.gpsKilometres, decimals: 1), .number(report.odometerKilometres, decimals: 1),
                    .number(report.gpsKilometres * perUnit, decimals: 1),
                    .number(report.odometerKilometres * perUnit, decimals: 1), .text(unit.rawValue),
                ])
            }
            let footer = report.factor == nil ? ["No factor yet: record readings before and after GPS trips."] : []
            listing.print(format, clock: clock, footer: footer, single: true)
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "List gaps, jumps and backward steps in the odometer chain between consecutive trips.",
            discussion: "Exits 0 when the chain is continuous, 1 when something is listed.")

        @Option(name: .long, help: "Only this vehicle.") var vehicle: String?
        @Option(name: .long, help: "Tolerance relative to the distance, in percent (default 1).") var percent: Double =
            1
        @Option(name: .long, help: "Tolerance in the vehicle's unit (km or mi), whichever is larger (default 1).")
        var tolerance: Double?
        @Option(name: .long, help: "Tolerance in kilometres for every vehicle (instead of --tolerance).") var km:
            Double?
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let clock = context.clock
            let findings = try OdometerService(context).check(
                vehicle: vehicle, percent: percent, tolerance: tolerance, km: km)
            // Programs get kilometres (as before) and the figures in the vehicle's unit; people get the latter.
            if format == .json {
                try JSONOutput.print(findings)
                if !findings.isEmpty { throw ExitCode(1) }
                return
            }
            var listing = Listing([
                ("vehicle", "Vehicle"), ("trip", "Trip"), ("previous_trip", "After trip"), ("kind", "Kind"),
                ("km", "km"), ("limit_km", "Limit km"), ("distance", "Distance"), ("limit", "Limit"),
                ("unit", "Unit"), ("reading", "Reading"),
            ])
            var table = Listing([
                ("vehicle", "Vehicle"), ("trip", "Trip"), ("previous_trip", "After trip"), ("kind", "Kind"),
                ("distance", "Distance"), ("limit", "Limit"), ("reading", "Reading"),
            ])
            for view in findings {
                let (plate, unit, f) = (view.vehicle, view.unit, view.finding)
                let perUnit = 1_000 / unit.metres
                listing.append([
                    .text(plate), .integer(Int(f.tripID)), .integer(f.previousTripID.flatMap { Int($0) }),
                    .text(f.kind.rawValue), .number(f.kilometres, decimals: 2), .number(f.limitKilometres, decimals: 2),
                    .number(f.kilometres * perUnit, decimals: 2), .number(f.limitKilometres * perUnit, decimals: 2),
                    .text(unit.rawValue), .integer(f.readingID.flatMap { Int($0) }),
                ])
                table.append([
                    .text(plate), .integer(Int(f.tripID)), .integer(f.previousTripID.flatMap { Int($0) }),
                    .text(f.kind.rawValue), .text(Self.figure(f.kilometres * perUnit, unit)),
                    .text(Self.figure(f.limitKilometres * perUnit, unit)), .integer(f.readingID.flatMap { Int($0) }),
                ])
            }
            if format == .table { listing = table }
            var output = StandardOutput()
            output.write(
                listing.render(
                    format, clock: clock,
                    footer: [findings.isEmpty ? "The odometer chain is continuous." : "\(findings.count) finding(s)."]))
            output.flush()
            if !findings.isEmpty { throw ExitCode(1) }
        }

        /// `3.00 mi`: two decimals and the unit.
        static func figure(_ value: Double, _ unit: OdometerUnit) -> String {
            var text = JSONText.fixed(value, decimals: 2)
            if !text.contains(".") { text += "." }
            while text.count - (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? 0) < 3
            {
                text += "0"
            }
            return text + " " + unit.rawValue
        }
    }
}
