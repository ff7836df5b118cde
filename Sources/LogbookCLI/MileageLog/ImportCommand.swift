import ArgumentParser
import Crypto
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel
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
        var engineConfiguration = try file.table(EngineConfiguration.self, "engine")
        engineConfiguration.collectTrack = true
        let (database, _) = try log.open(file)
        let car =
            try vehicle.map { try MileageLogNames.vehicle($0, in: database) }
            ?? MileageLogNames.onlyVehicle(in: database)
        let unit = (try? database.vehicleDetails(plate: car.plate))?.odometerUnit ?? .km
        var firstFailure: Int32?
        var conflicts = 0
        for path in files {
            do {
                let fingerprint = try Self.fingerprint(path)
                if try database.hasImported(fingerprint: fingerprint, vehicle: car) {
                    print("\(path): already imported, nothing added")
                    continue
                }
                var replay = Replay(configuration: engineConfiguration)
                let summary = try input.reader.readAhead(path) { replay.ingest($0) }
                input.printStatistics([summary], failed: [])
                replay.finish()
                let outcome = try database.importFile(
                    replay.trips, vehicle: car, fingerprint: fingerprint, path: path)
                let total = replay.trips.reduce(0) { $0 + $1.distance }
                var line = "\(path): \(outcome.added) trip\(outcome.added == 1 ? "" : "s") added"
                if outcome.duplicates > 0 { line += " (\(outcome.duplicates) already stored)" }
                if !outcome.conflicts.isEmpty {
                    line +=
                        ", \(outcome.conflicts.count) kept aside as conflict"
                        + (outcome.conflicts.count == 1 ? "" : "s")
                        + " (\(outcome.conflicts.map(String.init).joined(separator: ", ")))"
                }
                print(line + ", \(TripRendering.distance(total, unit: unit))")
                conflicts += outcome.conflicts.count
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

    /// SHA-256 of the file's bytes, read in chunks.
    static func fingerprint(_ path: String) throws -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw TrackReadError(code: .isDirectory, path: path, message: "is a directory, not a track file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TrackReadError(code: .cannotOpen, path: path, message: "cannot open")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
            }
        } catch {
            // Foundation's error text ("Error Domain=NSCocoaErrorDomain …") is not for people.
            throw TrackReadError(code: .readFailed, path: path, message: "cannot read the file")
        }
        return hasher.finalize().hex
    }
}
