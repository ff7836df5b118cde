import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import TrackReader
import TripEngine

/// `logbook import`: replayed trips into the database, once per file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Replay track files and store their trips in the database.",
        discussion: """
            Each file is replayed through the same engine as `logbook replay` and its trips are stored under \
            the vehicle in one transaction. A file is recognised by its content (SHA-256): importing the same \
            file to the same vehicle twice adds nothing. A trip the vehicle already has — the same drive from \
            another file or format, start and end within a minute — is not stored again. A trip that overlaps \
            one of the log's otherwise is kept aside as a conflict (`logbook trips conflicts`); then import exits \
            65 saying how many conflicts it left. \
            The vehicle must be in the log (`logbook vehicles add`); without --vehicle the log's only vehicle is \
            used.
            """
    )

    @Option(name: .long, help: "The vehicle's plate (default: the log's only vehicle).")
    var vehicle: String?

    @OptionGroup var log: LogOptions
    @OptionGroup var input: TrackInputOptions
    var databaseOptions: DatabaseOptions { log.databaseOptions }
    var configurationOptions: ConfigurationOptions { log.configurationOptions }

    @Argument(help: "Track files (NMEA 0183, gpsd JSON or GPX; .gz accepted).")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one track file.") }
        if let vehicle, vehicle.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--vehicle must not be empty.")
        }
    }

    func run() throws {
        let file = try configurationOptions.load()
        let engineConfiguration = try file.table(EngineConfiguration.self, "engine")
        let (database, clock) = try log.open(file)
        let service = try TrackImportService(ServiceContext(database: database, caller: .terminal, clock: clock))
        let car = try service.vehicle(vehicle)
        var firstFailure: Int32?
        var conflicts = 0
        for path in files {
            do {
                let imported = try service.importFile(
                    path, into: car, engine: engineConfiguration, reader: input.reader)
                if let summary = imported.summary { input.printStatistics([summary], failed: []) }
                print(imported.sentence(distance: TripRendering.distance))
                conflicts += imported.conflicts.count
            } catch let error as TrackReadError {
                Diagnostics.error(error.description)
                firstFailure = firstFailure ?? error.exitCode
            } catch {
                Diagnostics.error("\(path): \(error)")
                firstFailure = firstFailure ?? 74
            }
        }
        if let firstFailure { throw ExitCode(firstFailure) }
        if conflicts > 0 {
            // 65 (EX_DATAERR): the input held data the log could not take as it is.
            Diagnostics.error(
                "\(conflicts) conflict\(conflicts == 1 ? "" : "s") left: trips overlapping trips already in the log; "
                    + "see `logbook trips conflicts` and resolve with `logbook trips conflicts resolve ID --keep "
                    + "existing|imported`")
            throw ExitCode(65)
        }
    }
}
