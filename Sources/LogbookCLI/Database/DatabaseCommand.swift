import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookPostgres
import LogbookServices
import LogbookStore
import Logging

/// `logbook database status|migrate|prune-positions|export|import` (issue 30 §2, §5): the log's schema migrations,
/// old positions and moving a whole log, on SQLite or PostgreSQL.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database",
        abstract: "The log's database (SQLite or PostgreSQL): migrations, moving a log, pruning old positions.",
        subcommands: [Status.self, Migrate.self, PrunePositions.self, Export.self, Import.self],
        defaultSubcommand: Status.self)

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Which schema migrations the log has, and which are pending.")
        @Option(name: .long, help: "Output format: table or json.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() async throws {
            let target = try DatabaseTarget(log)
            let view = try await target.status()
            try DatabaseCommand.show(view, format: format)
        }
    }

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "migrate",
            abstract: "Apply the pending schema migrations (creating an SQLite log that does not exist yet).")
        @Option(name: .long, help: "Output format: table or json.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() async throws {
            let target = try DatabaseTarget(log)
            let before = try await target.status()
            try await target.migrate()
            var after = try await target.status()
            let pending = Set(before.migrations.filter { $0.state == .pending }.map(\.version))
            after.appliedNow = after.migrations.filter { pending.contains($0.version) && $0.state == .applied }
                .map(\.version)
            try DatabaseCommand.show(after, format: format)
        }
    }

    static func show(_ view: SchemaStatusView, format: OutputFormat) throws {
        if format == .json { return try JSONOutput.print(view) }
        var output = StandardOutput()
        output.write("\(view.kind == "postgresql" ? "PostgreSQL" : "SQLite") \(view.database)\n")
        for migration in view.migrations {
            let when = migration.appliedAt.map { " (\($0))" } ?? ""
            output.write(
                "  v\(migration.version)  \(migration.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
            )
            output.write("\(migration.name)\(when)\n")
        }
        if let now = view.appliedNow {
            output.write(now.isEmpty ? "Nothing to apply.\n" : "Applied \(now.count) migration(s).\n")
        } else {
            output.write(view.pending == 0 ? "Up to date.\n" : "\(view.pending) pending: `logbook database migrate`.\n")
        }
        output.flush()
    }
}

/// `logbook database status --format json`: `{"database", "kind": "sqlite"|"postgresql", "migrations": [{"version",
/// "name", "state": "applied"|"pending"|"changed"|"unknown", "applied_at"}], "pending", "up_to_date",
/// "applied_now"}` (`applied_now` after `migrate` only).
struct SchemaStatusView: Encodable {
    var database: String
    var kind: String
    var migrations: [MigrationState]
    var pending: Int { migrations.filter { $0.state == .pending }.count }
    var upToDate: Bool { migrations.allSatisfy { $0.state == .applied } }
    var appliedNow: [Int]?

    enum CodingKeys: String, CodingKey {
        case database, kind, migrations, pending
        case upToDate = "up_to_date"
        case appliedNow = "applied_now"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(database, forKey: .database)
        try container.encode(kind, forKey: .kind)
        try container.encode(migrations, forKey: .migrations)
        try container.encode(pending, forKey: .pending)
        try container.encode(upToDate, forKey: .upToDate)
        try container.encodeIfPresent(appliedNow, forKey: .appliedNow)
    }
}

/// The log the command works on, SQLite or PostgreSQL, with what it needs to reach it.
struct DatabaseTarget {
    var location: DatabaseLocation
    var source: String
    var password: String?
    var options: LogOptions
    var settings: DatabaseSettings

    init(_ log: LogOptions) throws {
        options = log
        let file = try log.configurationOptions.load()
        settings = try file.table(DatabaseSettings.self, "database")
        (location, source) = try log.databaseOptions.resolved(configured: settings.url)
        if case .postgresql = location, let passwordFile = settings.passwordFile {
            password = try PostgresLogOpener.password(in: passwordFile)
        }
    }

    func status() async throws -> SchemaStatusView {
        switch location {
        case .sqlite(let path):
            let states = try storeCall { try AppDatabase.migrationStatus(path: path) }
            return SchemaStatusView(
                database: path, kind: "sqlite",
                migrations: states.enumerated().map { index, state in
                    MigrationState(
                        version: index + 1, name: state.identifier, state: state.applied ? .applied : .pending,
                        appliedAt: nil)
                })
        case .postgresql(let address):
            let migrations = try await postgres(address) { try await PostgresMigrator.status($0) }
            return SchemaStatusView(database: address.description, kind: "postgresql", migrations: migrations)
        }
    }

    func migrate() async throws {
        switch location {
        case .sqlite:
            _ = try options.open()
        case .postgresql(let address):
            _ = try await postgres(address) { try await PostgresMigrator.migrate($0) }
        }
    }

    func postgres<T: Sendable>(_ address: PostgresAddress, _ body: @Sendable (PostgresLog) async throws -> T)
        async throws -> T
    {
        do {
            return try await PostgresLog.with(
                address, password: password, logger: Logger(label: "logbook.database"), body)
        } catch let error as PostgresLogError {
            throw PostgresLogOpener.exit(error, source: source)
        }
    }
}
