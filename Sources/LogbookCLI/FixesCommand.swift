import ArgumentParser
import LogbookDaemon
import TrackFormats
import TrackModel
import TrackReader

/// `logbook fixes`: every decoded epoch, before any filtering.
struct FixesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixes",
        abstract: "Print every decoded epoch of track files, before any filtering.",
        discussion: """
            Reads NMEA 0183, gpsd JSON and GPX files (optionally gzip-compressed; the format is detected \
            from the content) as one stream in the order given. JSON output is one gpsd-style TPV object \
            per line (class, time, mode, lat, lon, altMSL, altHAE, speed, track, eph, hdop, uSat, …); a \
            field is absent when the source lacks it.
            """
    )

    @Option(name: .long, help: "Output format: json, csv, gpx, geojson or kml.")
    var format: TrackOutputFormat = .json

    @OptionGroup var input: TrackInputOptions

    @Argument(help: "Track files (NMEA 0183, gpsd JSON or GPX; .gz accepted).")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one track file.") }
    }

    func run() throws {
        var output = StandardOutput()
        var writer: any TrackWriter =
            format == .geojson ? GeoJSONWriter(style: .points) : format.makeWriter(name: "Logbook fixes")
        output.withBuffer { writer.begin(into: &$0) }
        let reader = input.reader
        var firstFailure: TrackReadError?
        var summaries: [TrackFileSummary] = []
        var failed: [TrackReadError] = []
        for path in files {
            output.withBuffer { writer.beginSegment(name: path, into: &$0) }
            do {
                let summary = try reader.readAhead(path) { fix in
                    output.withBuffer { writer.write(fix, into: &$0) }
                }
                summaries.append(summary)
            } catch let error as TrackReadError {
                failed.append(error)
                if firstFailure == nil { firstFailure = error }
            }
            output.withBuffer { writer.endSegment(into: &$0) }
        }
        output.withBuffer { writer.end(into: &$0) }
        output.flush()
        input.printStatistics(summaries, failed: failed)
        for error in failed { Diagnostics.error(error.description) }
        if let firstFailure { throw ExitCode(firstFailure.exitCode) }
    }
}

extension TrackOutputFormat: ExpressibleByArgument {}
