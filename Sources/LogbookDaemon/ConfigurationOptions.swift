import ArgumentParser
import LogbookConfiguration
import TripEngine

/// Shared `--config` handling.
package struct ConfigurationOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .long,
        help:
            "Configuration file (TOML); default $LOGBOOK_CONFIG, /etc/logbook/logbook.toml or ~/.config/logbook/logbook.toml."
    )
    package var config: String?

    /// The configuration file, checked for unknown tables and keys (`ConfigurationSchema.logbook`).
    package func load() throws -> ConfigurationFile {
        do {
            let file = try ConfigurationFile.load(explicitPath: config)
            try ConfigurationSchema.logbook.check(file)
            return file
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(error.exitCode)
        }
    }

    package func engineConfiguration() throws -> EngineConfiguration {
        try load().table(EngineConfiguration.self, "engine")
    }
}

extension ConfigurationFile {
    /// One table of the file, decoded; a bad value ends the command with one line naming the file and key.
    package func table<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        do {
            return try decode(type, table: name)
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(error.exitCode)
        }
    }
}
