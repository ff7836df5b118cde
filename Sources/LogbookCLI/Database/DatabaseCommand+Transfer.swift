import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookPostgres
import LogbookStore
import Logging

extension DatabaseCommand {
    /// `logbook database export --to DEST`: copies the log (`--database`, `$LOGBOOK_DATABASE`, `[database] url`) to
    /// DEST, an empty log (issue 30 §5).
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Copy the whole log to another database (SQLite file or postgresql://…), which must be empty.",
            discussion: """
                The destination is created or migrated to this program's schema and must hold no data. The log's \
                audit history must verify before the copy and the copy's after it, to the same last entry; the \
                copy is one transaction: on any refusal nothing is kept.
                """)
        @Option(name: .long, help: "Where to copy the log: an SQLite file or postgresql://USER@HOST[:PORT]/DB.")
        var to: String
        @Option(
            name: .long,
            help: "The owner-only file with DEST's PostgreSQL password (default [database] password_file).")
        var passwordFile: String?
        @Option(name: .long, help: "Output format: table or json.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() async throws {
            let target = try DatabaseTarget(log)
            let other = try TransferTarget(to, option: "--to", passwordFile: passwordFile, settings: target.settings)
            try await DatabaseCommand.transfer(
                from: LogTransfer.End(target.location, password: target.password), to: other.end, format: format)
        }
    }

    /// `logbook database import --from SOURCE`: copies SOURCE into the log, which must be empty.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Copy a whole log (SQLite file or postgresql://…) into this log, which must be empty.",
            discussion: """
                The log is created or migrated to this program's schema and must hold no data. SOURCE's audit \
                history must verify before the copy and the copy's after it, to the same last entry; the copy is \
                one transaction: on any refusal nothing is kept.
                """)
        @Option(name: .long, help: "The log to copy: an SQLite file or postgresql://USER@HOST[:PORT]/DB.")
        var from: String
        @Option(
            name: .long,
            help: "The owner-only file with SOURCE's PostgreSQL password (default [database] password_file).")
        var passwordFile: String?
        @Option(name: .long, help: "Output format: table or json.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() async throws {
            let target = try DatabaseTarget(log)
            let other = try TransferTarget(
                from, option: "--from", passwordFile: passwordFile, settings: target.settings)
            try await DatabaseCommand.transfer(
                from: other.end, to: LogTransfer.End(target.location, password: target.password), format: format)
        }
    }

    static func transfer(from source: LogTransfer.End, to destination: LogTransfer.End, format: OutputFormat)
        async throws
    {
        let report: TransferReport
        do {
            report = try await LogTransfer.copy(
                from: source, to: destination, logger: Logger(label: "logbook.database"))
        } catch let error as TransferError {
            Diagnostics.error(error.message)
            switch error.kind {
            case .notEmpty, .auditBroken, .schema: throw ExitCode(65)
            case .noSource: throw ExitCode(66)
            case .cannotCreate: throw ExitCode(73)
            case .failed: throw ExitCode(70)
            }
        } catch let error as PostgresLogError {
            Diagnostics.error(error.message)
            switch error.kind {
            case .unavailable: throw ExitCode(69)
            case .refused: throw ExitCode(77)
            case .schema: throw ExitCode(65)
            case .server: throw ExitCode(70)
            }
        } catch let error as StoreError {
            Diagnostics.error(error.description)
            throw ExitCode(error.exitCode)
        }
        if format == .json { return try JSONOutput.print(report) }
        var output = StandardOutput()
        output.write("Copied \(report.source) to \(report.destination):\n")
        let width = report.tables.map(\.table.count).max() ?? 0
        for table in report.tables {
            output.write("  \(table.table.padding(toLength: width, withPad: " ", startingAt: 0))  \(table.rows)\n")
        }
        output.write("\(report.rows) row(s) in \(report.tables.count) tables.\n")
        output.write(
            "Audit history: \(report.audit.entries) entries, last \(report.audit.lastSequence) "
                + "\(report.audit.lastHash), verified on both sides.\n")
        output.flush()
    }
}

/// The other end of `export --to` / `import --from`: its address, and for PostgreSQL its password.
struct TransferTarget {
    var end: LogTransfer.End

    init(_ text: String, option: String, passwordFile: String?, settings: DatabaseSettings) throws {
        let location: DatabaseLocation
        do {
            location = try DatabaseLocation.parse(text)
        } catch {
            throw ValidationError("\(option): \(error.message)")
        }
        var password: String?
        if case .postgresql = location, let file = passwordFile ?? settings.passwordFile {
            password = try PostgresLogOpener.password(
                in: file, named: passwordFile == nil ? "[database] password_file" : "--password-file")
        }
        end = LogTransfer.End(location, password: password)
    }
}
