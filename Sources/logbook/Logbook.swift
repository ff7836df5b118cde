import ArgumentParser
import LogbookCLI
import LogbookDaemon

/// The `logbook` command: a GPS mileage log.
///
/// Exit status follows sysexits(3): 0 success, 64 usage error (ArgumentParser's validation
/// failures), 65 bad input data, 66 cannot open input, 69/74 unavailable service / I/O error.
/// Errors are mapped once, here at the root (`CommandRoot`).
public struct Logbook: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "logbook",
        abstract: "A GPS mileage log: decodes tracks, measures the distance driven, cuts trips.",
        version: LogbookVersion.current,
        subcommands: LogbookCommands.all
    )

    public init() {}

    /// The executable's entry point: parses the command line and runs the chosen command.
    public static func runFromCommandLine() async {
        // Control characters in user text are refused before anything is parsed or stored (issue 11 §6).
        if let refusal = TerminalText.refusal(arguments: Array(CommandLine.arguments.dropFirst())) {
            Diagnostics.error(refusal)
            exit(withError: ExitCode(64))
        }
        // Every command and `logbook serve` open a log on PostgreSQL as they open an SQLite file.
        PostgresLogOpener.register()
        await CommandRoot.run(Self.self)
    }
}
