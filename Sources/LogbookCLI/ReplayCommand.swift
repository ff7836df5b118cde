import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import LogbookStore
import TrackFormats
import TrackModel
import TrackReader
import TripEngine

/// `logbook replay`: files through the trip engine, as one stream.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay track files through the trip engine and print the trips.",
        discussion: """
            The files are one stream in the order given (NMEA 0183, gpsd JSON or GPX, optionally \
            gzip-compressed). The engine rejects bad fixes, measures the distance driven on the WGS84 \
            ellipsoid, detects idling and parking and cuts trips; the same engine runs in the daemon.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: Format = .table

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Option(name: .long, help: "Time zone for the table's local times (an IANA name such as Europe/Tallinn).")
    var timezone: String?

    @OptionGroup var input: TrackInputOptions

    @Option(name: .customLong("track-out"), help: "Write each trip's cleaned track to FILE (.gpx or .geojson).")
    var trackOut: String?

    enum Source: String, ExpressibleByArgument, CaseIterable {
        case receiver, phone

        var reporting: Reporting { self == .phone ? .filtered : .continuous }
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What recorded the fixes: receiver (a fix every period; a silence is a power-off) or phone (a phone "
                + "app's points, sent when the phone moved or some time passed, as logbook serve takes them).",
            valueName: "receiver|phone"))
    var source: Source = .receiver

    @Option(
        name: .long,
        help: "A vehicle of the log whose odometer unit the totals use (the log is read, never changed).")
    var vehicle: String?

    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "Track files, read as one stream in the order given.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one track file.") }
        if let timezone, TimeZone(identifier: timezone) == nil {
            throw ValidationError("Unknown time zone '\(timezone)'; use an IANA name such as Europe/Tallinn.")
        }
        if let trackOut {
            guard let kind = TrackOutputFormat(fileName: trackOut), kind == .gpx || kind == .geojson || kind == .kml
            else { throw ValidationError("--track-out takes a .gpx, .geojson or .kml file name.") }
        }
    }

    func run() throws {
        // The vehicle is looked up first, so an unknown plate stops the command before any file is read.
        let details = try vehicle.map { plate in
            let database = try databaseOptions.openForReading()
            let stored = try MileageLogNames.vehicle(plate, in: database)
            return try database.vehicleDetails(plate: stored.plate)
        }
        var engineConfiguration = try configurationOptions.engineConfiguration()
        engineConfiguration.collectTrack = trackOut != nil
        var replay = Replay(configuration: engineConfiguration, reporting: source.reporting)

        var reader = input.reader
        let progress = ProgressLine(enabled: Diagnostics.stderrIsTerminal)
        reader.progress = { path, done, total in progress.update(path: path, done: done, total: total) }
        var failures: [TrackReadError] = []
        var summaries: [TrackFileSummary] = []
        for path in files {
            do {
                summaries.append(try reader.readAhead(path) { replay.ingest($0) })
            } catch let error as TrackReadError {
                failures.append(error)
            }
        }
        replay.finish()
        progress.clear()
        input.printStatistics(summaries, failed: failures)
        if !failures.isEmpty, replay.engine.counts.read == 0 {
            // Nothing was read (the files missing or bad from their first line): no result to show, only the errors.
            // An empty table or "0 trips" would read as a drive without trips.
            for failure in failures { Diagnostics.error(failure.description) }
            throw ExitCode(failures[0].exitCode)
        }

        var output = StandardOutput()
        switch format {
        case .json: output.write(ReplayRendering.json(replay, vehicle: details))
        case .csv: output.write(ReplayRendering.csv(replay))
        case .table:
            // Only the table shows local times: JSON and CSV leave ICU's time zone code and data unloaded.
            let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? .current
            output.write(ReplayRendering.table(replay, timeZone: zone, zoneName: timezone ?? zone.identifier))
            if let details {
                let total = replay.totalDistance / details.odometerUnit.metres
                output.write(
                    "Vehicle \(details.plate): \(TripRendering.fixed(total)) \(details.odometerUnit.rawValue) in total\n"
                )
            }
        }
        output.flush()
        if let trackOut { try writeTracks(replay.trips, to: trackOut) }
        for failure in failures { Diagnostics.error(failure.description) }
        if let first = failures.first { throw ExitCode(first.exitCode) }
    }

    private func writeTracks(_ trips: [Trip], to path: String) throws {
        let kind = TrackOutputFormat(fileName: path) ?? .gpx
        var writer = kind.makeWriter(name: "Logbook trips")
        var text = TextBuffer()
        writer.begin(into: &text)
        for (index, trip) in trips.enumerated() {
            writer.beginSegment(name: "Trip \(index + 1): \(trip.start.iso8601) – \(trip.end.iso8601)", into: &text)
            for point in trip.track {
                writer.write(
                    Fix(
                        time: point.time, mode: .twoD, latitude: point.latitude, longitude: point.longitude,
                        speed: point.speed), into: &text)
            }
            writer.endSegment(into: &text)
        }
        writer.end(into: &text)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            Diagnostics.error("--track-out \(path): is a folder; name the file to write (e.g. trips.gpx)")
            throw ExitCode(73)
        }
        do {
            try Data(text.bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            // Foundation's text ("NSCocoaErrorDomain error 512") is not for people: say what the system said.
            let reason: String
            switch (error as? CocoaError)?.code {
            case .fileWriteNoPermission?: reason = "permission denied"
            case .fileWriteOutOfSpace?: reason = "no space left on the device"
            case .fileNoSuchFile?, .fileWriteInvalidFileName?: reason = "no such folder"
            case .fileWriteVolumeReadOnly?: reason = "read-only file system"
            default: reason = "the system refused the write"
            }
            Diagnostics.error("--track-out \(path): cannot write the track: \(reason)")
            throw ExitCode(73)
        }
    }
}

/// The engine run over a stream, collecting its results.
struct Replay {
    var engine: TripEngine
    var trips: [Trip] = []
    var longIdles: [(since: Timestamp, duration: Double)] = []

    init(configuration: EngineConfiguration, reporting: Reporting = .continuous) {
        engine = TripEngine(configuration: configuration, reporting: reporting)
    }

    mutating func ingest(_ fix: Fix) { collect(engine.ingest(fix)) }

    mutating func finish() { collect(engine.finish()) }

    private mutating func collect(_ events: [TripEvent]) {
        for event in events {
            switch event {
            case .tripEnded(let trip): trips.append(trip)
            case .longIdle(let since, let duration): longIdles.append((since, duration))
            case .tripStarted, .tripDiscarded: break
            }
        }
    }

    var totalDistance: Double { trips.reduce(0) { $0 + $1.distance } }
}

/// A one-line progress indicator on a terminal's standard error.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var lastPercent = -1
    private var lastPath = ""
    private var shown = false

    init(enabled: Bool) { self.enabled = enabled }

    func update(path: String, done: Int, total: Int) {
        guard enabled, total > 4 << 20 else { return }
        let percent = min(100, done * 100 / max(1, total))
        lock.withLock {
            guard percent != lastPercent || path != lastPath else { return }
            lastPercent = percent
            lastPath = path
            shown = true
            FileDescriptorWriter.writeAll("\r\u{1B}[K\((path as NSString).lastPathComponent): \(percent) %", to: 2)
        }
    }

    func clear() {
        lock.withLock {
            if shown { FileDescriptorWriter.writeAll("\r\u{1B}[K", to: 2) }
            shown = false
        }
    }
}
