import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookPostgres
import LogbookStore

extension DatabaseCommand {
    /// `logbook database prune-positions` (issue 30 §5): drops the device positions older than
    /// `[database] position_retention_days` (or `--days`); 0 keeps them forever.
    struct PrunePositions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prune-positions",
            abstract: "Drop device positions older than [database] position_retention_days (0: keep forever).",
            discussion: """
                On SQLite the positions fixed before the cut-off are deleted; on PostgreSQL the whole months that \
                ended before the cut-off's month began are dropped (their partitions), so up to a month more is kept.
                """)
        @Option(name: .long, help: "Days of positions to keep (default [database] position_retention_days; 0: all).")
        var days: Int?
        @Option(name: .long, help: "Output format: table or json.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() async throws {
            let target = try DatabaseTarget(log)
            let keep: Int
            if let days {
                guard days >= 0 else { throw ValidationError("--days must be 0 or more") }
                keep = days
            } else {
                keep = target.settings.positionRetentionDays ?? 0
                if keep < 0 {
                    Diagnostics.error("[database] position_retention_days must be 0 or more (0 keeps every position)")
                    throw ExitCode(78)
                }
            }
            var view = PruneView(
                database: target.location.description, kind: target.kind, retentionDays: keep, before: nil,
                removed: 0)
            if keep > 0 {
                let before = (Date().timeIntervalSince1970 - Double(keep) * 86_400).rounded(.down)
                view.before = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: before))
                switch target.location {
                case .sqlite:
                    let (database, _) = try log.open()
                    view.removed = try storeCall { try database.deletePositions(before: before) }
                case .postgresql(let address):
                    view.removed = try await target.postgres(address) {
                        try await PostgresPositions.dropPositions($0, before: before)
                    }
                }
            }
            if format == .json { return try JSONOutput.print(view) }
            var output = StandardOutput()
            if keep == 0 {
                output.write("Positions are kept forever ([database] position_retention_days is 0 or unset).\n")
            } else {
                output.write("Removed \(view.removed) position(s) fixed before \(view.before ?? "").\n")
            }
            output.flush()
        }
    }

    /// `prune-positions --format json`: `{"database", "kind", "retention_days", "before" (ISO 8601, absent when
    /// kept forever), "removed"}`.
    struct PruneView: Encodable {
        var database: String
        var kind: String
        var retentionDays: Int
        var before: String?
        var removed: Int

        enum CodingKeys: String, CodingKey {
            case database, kind, before, removed
            case retentionDays = "retention_days"
        }
    }
}

extension DatabaseTarget {
    var kind: String {
        if case .postgresql = location { return "postgresql" }
        return "sqlite"
    }
}
