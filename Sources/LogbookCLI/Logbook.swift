import ArgumentParser

public struct Logbook: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "logbook")
    public init() {}

    /// The executable's entry point: parses the command line and runs the chosen command.
    public static func runFromCommandLine() async {
        await main()
    }
}
