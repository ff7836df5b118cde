import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import MileageLog
import TrackModel
import LogbookServices

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
            let (database, clock) = try log.open()
            let profile = try storeCall {
                try database.setProfile(name: name, company: company, employeeID: employeeId)
            }
            Show.print(profile, format: format, clock: clock)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the profile.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            Self.print(try storeCall { try database.profile() }, format: format, clock: clock)
        }

        static func print(_ profile: Profile, format: OutputFormat, clock: LocalClock) {
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

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a vehicle.")

        @Option(name: .long, help: "The number plate (car number).") var plate: String
        @Option(name: .long, help: "Make and model.") var makeModel: String?
        @Option(name: .long, help: "The odometer's unit: km or mi.") var unit: String = "km"
        @Option(name: .long, help: "The odometer reading when the log starts.") var odometer: Double?
        @Option(name: .long, help: "The usual driver (see `logbook drivers`).") var driver: String?
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func validate() throws {
            if plate.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--plate must not be empty.")
            }
            if OdometerUnit(rawValue: unit.lowercased()) == nil { throw ValidationError("--unit must be km or mi.") }
            if let odometer, !(odometer.isFinite && odometer >= 0) {
                throw ValidationError("--odometer must be 0 or more.")
            }
        }

        func run() throws {
            let (database, clock) = try log.open()
            let details = VehicleDetails(
                plate: plate, makeModel: makeModel, odometerUnit: OdometerUnit(rawValue: unit.lowercased()) ?? .km,
                initialOdometer: odometer, driver: driver)
            let added = try storeCall { try database.addVehicle(details) }
            List.print([added], format: format, clock: clock)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the vehicles.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            Self.print(try storeCall { try database.allVehicleDetails() }, format: format, clock: clock)
        }

        static func print(_ vehicles: [VehicleDetails], format: OutputFormat, clock: LocalClock) {
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
            let (database, _) = try log.open()
            try storeCall { try database.addDriver(name) }
            print("Added driver \(name.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the drivers.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            var listing = Listing([("name", "Name")])
            for name in try storeCall({ try database.drivers() }) { listing.append([.text(name)]) }
            listing.print(format, clock: clock)
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

        func validate() throws {
            if !(reading.isFinite && reading >= 0) { throw ValidationError("--reading must be 0 or more.") }
            _ = try TripArguments.minute(time, option: "time")
        }

        func run() throws {
            let (database, clock) = try log.open()
            let day = try TripArguments.day(date, clock: clock)
            let moment: Timestamp
            if let minute = try TripArguments.minute(time, option: "time") {
                moment = clock.timestamp(day, minute: minute)
            } else if day == clock.today {
                moment = Timestamp(secondsSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
            } else {
                moment = clock.timestamp(day, minute: 23 * 60 + 59)
            }
            let stored = try storeCall {
                try database.recordOdometer(vehicle: vehicle, reading: reading, at: moment, note: note, force: force)
            }
            List.print([stored], format: format, clock: clock)
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

        func validate() throws {
            if !(reading.isFinite && reading >= 0) { throw ValidationError("--reading must be 0 or more.") }
        }

        func run() throws {
            let (database, clock) = try log.open()
            let stored = try storeCall {
                try database.correctOdometer(id: id, reading: reading, note: note, force: force)
            }
            List.print([stored], format: format, clock: clock)
        }
    }

    struct VoidReading: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "void", abstract: "Take a reading out of the chain; it stays in the history with the reason.")

        @Argument(help: "The reading's id (see `logbook odometer list`).") var id: Int64
        @Option(name: .long, help: "Why it is voided.") var reason: String
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func validate() throws {
            if reason.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--reason must not be empty.")
            }
        }

        func run() throws {
            let (database, clock) = try log.open()
            let stored = try storeCall { try database.voidOdometer(id: id, reason: reason) }
            List.print([stored], format: format, clock: clock)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the readings.")

        @Option(name: .long, help: "Only this vehicle's readings.") var vehicle: String?
        @Flag(name: .long, help: "Show voided readings too.") var includeVoided = false
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            Self.print(
                try storeCall { try database.odometerReadings(vehicle: vehicle, includeVoided: includeVoided) },
                format: format, clock: clock)
        }

        static func print(_ readings: [StoredReading], format: OutputFormat, clock: LocalClock) {
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
            let (database, clock) = try log.openForReading()
            let (report, unit) = try storeCall {
                (try database.calibration(vehicle: vehicle), try database.vehicleDetails(plate: vehicle).odometerUnit)
            }
            // Programs keep kilometres and get the vehicle's unit too; people read the vehicle's unit.
            let perUnit = 1_000 / unit.metres
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

        func validate() throws {
            if !(percent.isFinite && percent >= 0) { throw ValidationError("--percent must be 0 or more.") }
            if let tolerance, !(tolerance.isFinite && tolerance >= 0) {
                throw ValidationError("--tolerance must be 0 or more.")
            }
            if let km, !(km.isFinite && km >= 0) { throw ValidationError("--km must be 0 or more.") }
            if tolerance != nil, km != nil { throw ValidationError("Give --tolerance or --km, not both.") }
        }

        func run() throws {
            let (database, clock) = try log.openForReading()
            let findings = try storeCall {
                try database.odometerFindings(vehicle: vehicle) { unit in
                    OdometerTolerance(
                        relative: percent / 100, absoluteKilometres: km ?? (tolerance ?? 1) * unit.metres / 1_000)
                }
            }
            // Programs get kilometres (as before) and the figures in the vehicle's unit; people get the latter.
            var listing = Listing([
                ("vehicle", "Vehicle"), ("trip", "Trip"), ("previous_trip", "After trip"), ("kind", "Kind"),
                ("km", "km"), ("limit_km", "Limit km"), ("distance", "Distance"), ("limit", "Limit"),
                ("unit", "Unit"), ("reading", "Reading"),
            ])
            var table = Listing([
                ("vehicle", "Vehicle"), ("trip", "Trip"), ("previous_trip", "After trip"), ("kind", "Kind"),
                ("distance", "Distance"), ("limit", "Limit"), ("reading", "Reading"),
            ])
            for (plate, unit, f) in findings {
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
