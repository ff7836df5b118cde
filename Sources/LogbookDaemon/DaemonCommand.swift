import ArgumentParser
import Foundation
import GPSDClient
import LogbookConfiguration
import LogbookStore
import Logging
import ServiceLifecycle
import TripEngine
import LogbookServices

/// `logbook daemon`: the engine on gpsd's live stream, trips into the database.
package struct DaemonCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Track live fixes from gpsd and store the trips (run it under systemd).",
        discussion: """
            Connects to gpsd through libgps, runs the trip engine on the live stream and commits each \
            finished trip in one transaction. The open trip is checkpointed every 30 s and on SIGTERM or \
            SIGINT; after a crash or power loss a short gap resumes the same trip and a long gap closes it at \
            its last checkpointed fix. gpsd being down or restarting is waited out with backoff.
            """
    )

    package init() {}

    @Option(name: .long, help: "gpsd to connect to, as HOST:PORT.")
    var gpsd: String = "127.0.0.1:2947"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With several receivers on one gpsd: use this device's reports (default: the first gpsd reports).",
            valueName: "path"))
    var device: String?

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(
        name: .long,
        help: "The vehicle's plate (the trips are stored under it; default: the log's only vehicle).")
    var vehicle: String?

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Option(name: .customLong("log-level"), help: "Least severe level logged: debug, info, notice, warning, error.")
    var logLevel: Logger.Level = .info

    @Option(name: .customLong("checkpoint-interval"), help: .hidden)
    var checkpointInterval: Double = 30

    package func validate() throws {
        if GPSDEndpoint(parsing: gpsd) == nil { throw ValidationError("--gpsd takes HOST:PORT, e.g. 127.0.0.1:2947.") }
        if let vehicle, vehicle.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--vehicle must not be empty.")
        }
        if !(checkpointInterval > 0) { throw ValidationError("--checkpoint-interval must be positive.") }
    }

    package func run() async throws {
        Self.becomeSlimDaemon()
        // A write to a socket gpsd closed must be an error to handle, not the end of the process.
        signal(SIGPIPE, SIG_IGN)
        let shutdown = await ShutdownSignals.trap()
        LogBootstrap.bootstrap(level: logLevel)
        let logger = Logger(label: "logbook.daemon")
        let file = try configurationOptions.load()
        var engineConfiguration = try file.table(EngineConfiguration.self, "engine")
        engineConfiguration.collectTrack = true
        let settings = try file.table(LogSettings.self, "log")
        let daemonSettings = try file.table(DaemonSettings.self, "daemon")
        let configuredDatabase = try file.table(DatabaseSettings.self, "database").url
        let databasePath = try databaseOptions.location(configured: configuredDatabase).path
        let database = try databaseOptions.open(
            policy: settings.policy(clock: try settings.clock(), defaultActor: "logbook daemon"),
            configured: configuredDatabase)
        let car =
            try vehicle.map { try MileageLogNames.vehicle($0, in: database) }
            ?? MileageLogNames.onlyVehicle(in: database)
        let endpoint = GPSDEndpoint(parsing: gpsd)!
        let client = GPSDClient(endpoint: endpoint, logger: Logger(label: "logbook.gpsd"), device: device)
        let upload = try file.table(UploadSettings.self, "upload")
        let tracking = TrackingService(
            client: client, database: database, vehicle: car, configuration: engineConfiguration, logger: logger,
            checkpointInterval: .milliseconds(Int64(checkpointInterval * 1_000)),
            statusPath: DaemonStatus.path(forDatabase: databasePath),
            notifier: daemonSettings.notifyCommand.map { Notifier(command: $0, logger: logger) },
            uploading: upload.isConfigured)
        logger.info(
            "Logbook daemon starting",
            metadata: [
                "gpsd.endpoint": "\(endpoint)", "vehicle.plate": "\(car.plate)", "database": "\(databasePath)",
            ])
        var childArguments = ["--database", databasePath]
        if let config = file.path { childArguments += ["--config", config] }
        let reports = ReportScheduler(
            database: database, vehicle: car.plate,
            settings: try file.table(ReportSchedule.self, "report"), mailConfigured: file.root["mail"] != nil,
            hoursConfigured: try file.table(HoursSettings.self, "hours").endpoint != nil,
            clock: try settings.clock(), childArguments: childArguments, logger: Logger(label: "logbook.reports"),
            uploadConfigured: upload.isConfigured)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: tracking), .init(service: reports)], logger: logger))
        do {
            try await shutdown.run(group)
        } catch {
            logger.error("Daemon stopped on an error", metadata: ["error": "\(error)"])
            throw ExitCode(74)
        }
    }

    /// Run as `logbook daemon`, the process replaces itself with `logbook-daemon` when that is installed beside
    /// it: the same command without the reporting libraries (Cairo, libcurl and their dependencies), which would
    /// otherwise take about 10 MB of the vehicle box's memory for as long as the daemon runs. Same process id,
    /// same arguments; reports and mail still go out, through `logbook` as a child process.
    static func becomeSlimDaemon() {
        let current = Executables.current
        guard current.lastPathComponent != "logbook-daemon",
            ProcessInfo.processInfo.environment["LOGBOOK_DAEMON_IN_PROCESS"] == nil
        else { return }
        let slim = Executables.sibling("logbook-daemon").path
        guard access(slim, X_OK) == 0 else { return }
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let index = arguments.firstIndex(of: "daemon") { arguments.remove(at: index) }
        let argv = ([slim] + arguments).map { strdup($0) } + [nil]
        execv(slim, argv)
        // Only reached if exec failed: carry on in this process.
    }
}

extension DaemonCommand {
    /// The entry point of `logbook-daemon`: `logbook daemon` alone, without the reporting libraries.
    package static func mainAsDaemonExecutable() async {
        if let refusal = TerminalText.refusal(arguments: Array(CommandLine.arguments.dropFirst())) {
            Diagnostics.error(refusal)
            exit(withError: ExitCode(64))
        }
        await CommandRoot.run(Self.self)
    }
}
