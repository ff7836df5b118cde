import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import TrackModel
import TripEngine

/// `logbook status`: is the daemon connected, how old is the last fix, the trip so far.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the daemon's state: gpsd connection, age of the last fix, the trip in progress.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

    @Option(name: .long, help: "Output format: table or json.")
    var format: Format = .table

    @OptionGroup var databaseOptions: DatabaseOptions

    func run() throws {
        let now = Date().timeIntervalSince1970
        // A log on PostgreSQL has no vehicle box's daemon beside it.
        let databasePath = try databaseOptions.sqlitePath()
        let (status, running) = DaemonStatus.current(databasePath: databasePath, now: now)
        var output = StandardOutput()
        switch format {
        case .json:
            output.write(try ServiceJSON.text(DaemonStatusView(status: status, running: running, now: now)) + "\n")
        case .table:
            guard let status else {
                output.write(
                    databasePath.map { "Daemon: not running (no status at \(DaemonStatus.path(forDatabase: $0)))\n" }
                        ?? "Daemon: none (the log is on PostgreSQL)\n")
                break
            }
            var lines = [
                "Daemon:    "
                    + (running
                        ? "running (pid \(status.pid))"
                        : "not running (last seen \(Self.age(now - status.updatedAt)) ago)")
            ]
            lines.append("Vehicle:   \(status.vehicle)")
            lines.append(
                "gpsd:      \(status.gpsdEndpoint), "
                    + (running && status.connected ? "connected" : "not connected")
                    + (status.reconnects > 0 ? ", \(status.reconnects) reconnect(s)" : "")
                    + (status.lastError.map { " (\($0))" } ?? ""))
            if let at = status.lastFixReceivedAt {
                lines.append("Last fix:  \(Self.age(now - at)) ago")
            } else {
                lines.append("Last fix:  none yet")
            }
            if let trip = status.trip {
                var line =
                    "Trip:      since \(Timestamp(secondsSince1970: trip.start).iso8601), "
                    + ReplayRendering.kilometres(trip.distance)
                if let standing = trip.standingSince {
                    line += ", standing since \(Timestamp(secondsSince1970: standing).iso8601)"
                }
                lines.append(line)
            } else {
                lines.append("Trip:      none in progress")
            }
            output.write(lines.joined(separator: "\n") + "\n")
        }
        output.flush()
    }

    static func age(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        if seconds < 5_400 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Int((seconds / 3_600).rounded())) h"
    }
}
