import ArgumentParser
import LogbookConfiguration
import LogbookDaemon
import LogbookPostgres
import LogbookStore
import Logging

/// How `logbook` opens a log on PostgreSQL for every command and `logbook serve` (`PostgresOpening`): the password
/// from `[database] password_file`, the schema migrated by writing commands, failures as one line and their exit
/// status.
package enum PostgresLogOpener {
    /// Registers the opener; `logbook`'s entry point calls this once before parsing the command line.
    package static func register() {
        PostgresOpening.register { request in
            let password = try request.passwordFile.map { try Self.password(in: $0) }
            do {
                return try PostgresLog.openLog(
                    request.address, password: password, policy: request.policy, migrate: !request.reading,
                    maxConnections: request.connections, logger: Logger(label: "logbook.database"))
            } catch let error as PostgresLogError {
                throw exit(error, source: request.source)
            }
        }
    }

    /// The password in an owner-only file (`SecretFile`); a file refused is told in one line under `name` (the key or
    /// option that named it) and ends the command with 78 (configuration).
    static func password(in file: String, named name: String = "[database] password_file") throws -> String {
        do throws(SecretFile.Refusal) {
            return try SecretFile.load(file)
        } catch {
            Diagnostics.error("\(name) \(error.description)")
            throw ExitCode(78)
        }
    }

    /// A PostgreSQL failure told in one line, and the exit status it ends the command with.
    static func exit(_ error: PostgresLogError, source: String) -> ExitCode {
        Diagnostics.error("\(source): \(error.message)")
        return switch error.kind {
        case .unavailable: ExitCode(69)
        case .refused: ExitCode(77)
        case .schema: ExitCode(65)
        case .server: ExitCode(70)
        }
    }
}
