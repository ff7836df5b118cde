import ArgumentParser
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog

extension LogOptions {
    /// The log opened for a change, as the person at the terminal.
    package func context() throws -> ServiceContext { try context(configurationOptions.load()) }

    package func context(_ file: ConfigurationFile) throws -> ServiceContext {
        let (database, clock) = try open(file)
        return ServiceContext(database: database, caller: .terminal, clock: clock)
    }

    /// The existing log opened read-only, for a command that only reads.
    package func readingContext() throws -> ServiceContext { try readingContext(configurationOptions.load()) }

    package func readingContext(_ file: ConfigurationFile) throws -> ServiceContext {
        let (database, clock) = try openForReading(file)
        return ServiceContext(database: database, caller: .terminal, clock: clock)
    }
}

/// A view on standard output as JSON (`--format json`): the same encoding as the API's.
package enum JSONOutput {
    package static func print(_ value: some Encodable) throws {
        var output = StandardOutput()
        output.write(try ServiceJSON.text(value) + "\n")
        output.flush()
    }
}

extension OdometerUnit: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
