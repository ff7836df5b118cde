import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import Hours
import TrackModel
import LogbookServices

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
        let context = try options.openForReading()
        let counts = try storeCall { try context.database.hoursChangeCounts() }
        let changes = try storeCall { try context.database.hoursChanges(status: state, limit: limit) }
        let numbers = try storeCall { try context.database.shiftNumbers(uuids: Set(changes.map(\.shiftUUID))) }
        var listing = Listing([
            ("id", "Change"), ("shift", "Shift"), ("shift_id", "Shift id"), ("method", "Method"),
            ("state", "State"), ("attempts", "Tries"), ("created", "Made"), ("next_attempt", "Next try"),
            ("sent", "Sent"), ("error", "Last problem"), ("idempotency_key", "Idempotency key"),
        ])
        for change in changes {
            let numberCell: Cell = numbers[change.shiftUUID].map { .integer(Int($0)) } ?? .text(nil)
            listing.append([
                .integer(Int(change.id)), numberCell, .text(change.shiftUUID), .text(change.method.rawValue),
                .text(change.status.rawValue), .integer(change.attempts), .time(Self.timestamp(change.createdAt)),
                .time(change.status == .pending ? Self.timestamp(change.nextAttemptAt) : nil),
                .time(change.sentAt.map(Self.timestamp)), .text(change.lastError), .text(change.changeUUID),
            ])
        }
        let clock = LocalClock(identifier: context.zone.identifier)
        let pending = counts[.pending] ?? 0
        let sent = counts[.sent] ?? 0
        let failed = counts[.failed] ?? 0
        switch format {
        case .json:
            var j = JSONText()
            j.beginObject()
            j.key("endpoint")
            if let url = context.settings.endpoint { j.value(url.absoluteString) } else { j.null() }
            j.key("counts")
            j.beginObject()
            j.field("pending", pending)
            j.field("sent", sent)
            j.field("failed", failed)
            j.endObject()
            j.key("changes")
            listing.objects(into: &j)
            j.endObject()
            var output = StandardOutput()
            output.write(j.text + "\n")
            output.flush()
        case .csv, .table:
            let where_ = context.settings.endpoint.map { "to \($0.absoluteString)" } ?? "no [hours] endpoint set"
            listing.print(
                format, clock: clock, footer: ["\(pending) pending, \(sent) sent, \(failed) failed (\(where_))"])
        }
    }

    static func timestamp(_ moment: Moment) -> Timestamp { Timestamp(secondsSince1970: moment.seconds) }
}

extension HoursSyncState: ExpressibleByArgument {}

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
        let context = try options.open()
        var chosen = ids
        if allFailed {
            chosen = try storeCall { try context.database.hoursChanges(status: .failed, limit: 100_000) }.map(\.id)
                .sorted()
        }
        for id in chosen {
            try storeCall { try context.database.retryHoursChange(id) }
        }
        Diagnostics.print(
            chosen.isEmpty
                ? "No failed change to retry"
                : "\(chosen.count) change\(chosen.count == 1 ? "" : "s") due again now: `logbook hours sync` sends "
                    + (chosen.count == 1 ? "it" : "them"))
    }
}
