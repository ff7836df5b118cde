import ArgumentParser
import LogbookDaemon
import LogbookServices
import LogbookStore
import TrackModel
import Hours

/// `hours status`: the changes queued for the payroll system — pending, sent and failed — with their last problem.
struct HoursStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the changes queued for the payroll system: pending, sent and failed.",
        discussion: """
            Every add, edit and delete of a shift is a change, sent to [hours] endpoint in order per shift. A \
            change the payroll system refused stays failed, with its message, until `hours retry ID`.
            """)

    @Option(name: .long, help: "Only changes in this state: pending, sent or failed.") var state: HoursSyncState?
    @Option(name: .long, help: "At most this many changes, newest first.") var limit = 100
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: HoursOptions

    func validate() throws {
        guard (1...100_000).contains(limit) else { throw ValidationError("--limit must be 1 to 100000.") }
    }

    func run() throws {
        let service = try options.readingService()
        let outbox = try service.outbox(state: state, limit: limit)
        var output = StandardOutput()
        switch format {
        case .json:
            output.write(try ServiceJSON.text(outbox) + "\n")
            output.flush()
        case .csv, .table:
            var listing = Listing([
                ("id", "Change"), ("shift", "Shift"), ("shift_id", "Shift id"), ("method", "Method"),
                ("state", "State"), ("attempts", "Tries"), ("created", "Made"), ("next_attempt", "Next try"),
                ("sent", "Sent"), ("error", "Last problem"), ("idempotency_key", "Idempotency key"),
            ])
            for change in outbox.changes {
                listing.append([
                    .integer(Int(change.id)), .integer(change.number.map(Int.init)), .text(change.entryID),
                    .text(change.method), .text(change.state.rawValue), .integer(change.attempts),
                    .time(Self.timestamp(change.created)), .time(Self.timestamp(change.nextAttempt)),
                    .time(Self.timestamp(change.sent)), .text(change.error), .text(change.idempotencyKey),
                ])
            }
            let c = outbox.counts
            let where_ = outbox.endpoint.map { "to \($0)" } ?? "no [hours] endpoint set"
            listing.print(
                format, clock: LocalClock(identifier: service.zone.identifier),
                footer: ["\(c.pending) pending, \(c.sent) sent, \(c.failed) failed (\(where_))"])
        }
    }

    /// An ISO 8601 time of the view back as a time the listing shows in local time.
    static func timestamp(_ text: String?) -> Timestamp? { text.flatMap(Timestamp.init(iso8601:)) }
}

/// `hours retry ID`: a failed change (or one waiting for its backoff) is due again now.
struct HoursRetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Make a failed change due again (then `hours sync`, or wait for the daemon or the server).")

    @Argument(help: "The change's id (`hours status`).") var ids: [Int64] = []
    @Flag(name: .long, help: "Every failed change.") var allFailed = false
    @OptionGroup var options: HoursOptions

    func validate() throws {
        if ids.isEmpty, !allFailed {
            throw ValidationError("Name the change (`hours status` lists them) or --all-failed.")
        }
        if !ids.isEmpty, allFailed { throw ValidationError("Name changes or give --all-failed, not both.") }
    }

    func run() throws {
        let chosen = try options.service().retry(ids, allFailed: allFailed)
        Diagnostics.print(
            chosen.isEmpty
                ? "No failed change to retry"
                : "\(chosen.count) change\(chosen.count == 1 ? "" : "s") due again now: `logbook hours sync` sends "
                    + (chosen.count == 1 ? "it" : "them"))
    }
}
