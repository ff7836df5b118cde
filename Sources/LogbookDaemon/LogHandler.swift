import ArgumentParser
import Foundation
import Logging
import TrackModel

/// Log lines on standard error in a form journald reads well: under systemd (`$JOURNAL_STREAM`
/// set) each line starts with its syslog priority (`<6>`) and carries no timestamp, since the
/// journal adds its own; on a terminal it carries a UTC timestamp with milliseconds. Metadata
/// follows as `key=value` pairs with dotted keys (`trip.id`).
///
/// The timestamp is `Timestamp.iso8601`, not Foundation's `Date.formatted(.iso8601)`: that one
/// goes through ICU's time zone code and data, which cost the daemon 2 MB of resident memory from
/// its first log line on.
struct JournalLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level
    let label: String
    let underSystemd: Bool

    init(label: String, level: Logger.Level, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        self.logLevel = level
        self.underSystemd = environment["JOURNAL_STREAM"] != nil
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        var line = ""
        if underSystemd {
            line += "<\(Self.priority(event.level))>"
        } else {
            line += Timestamp(secondsSince1970: Date().timeIntervalSince1970).iso8601 + " "
        }
        line += "\(event.level.rawValue) \(label): \(event.message)"
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        FileDescriptorWriter.writeAll(line + "\n", to: 2)
    }

    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }
}

/// Logging is bootstrapped once, by the executable's commands that log (DESIGN.md §6.10).
package enum LogBootstrap {
    nonisolated(unsafe) private static var done = false

    package static func bootstrap(level: Logger.Level) {
        guard !done else { return }
        done = true
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, level: level) }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
