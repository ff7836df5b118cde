import ArgumentParser
import Foundation
import Hummingbird
import LogbookServer
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import LogbookStore
import Logging
import ServiceLifecycle
import TripEngine

/// `logbook serve`: the HTTP API and the web pages, until SIGTERM or SIGINT (requests in flight finish).
package struct ServeCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API and the web pages (loopback unless configured).",
        discussion: """
            Listens on [server] listen (default 127.0.0.1:8080). Users come from `logbook users add`; the API \
            takes bearer tokens from `logbook users token`. Put a TLS proxy in front to reach it from other \
            machines (see the README) and set [server] public_url to its https:// address.
            """)

    package init() {}

    @Option(name: .long, help: "HOST:PORT to listen on (default [server] listen, else 127.0.0.1:8080; port 0: any).")
    var listen: String?

    @Flag(name: .customLong("print-openapi"), help: "Print the API's OpenAPI 3.1 document and exit.")
    var printOpenAPI = false

    @OptionGroup var log: LogOptions

    @Option(name: .customLong("log-level"), help: "Least severe level logged: debug, info, notice, warning, error.")
    var logLevel: Logger.Level = .info

    package func validate() throws {
        if let listen, (try? ListenAddress(listen)) == nil {
            throw ValidationError("--listen takes HOST:PORT, e.g. 127.0.0.1:8080.")
        }
    }

    package func run() async throws {
        if printOpenAPI {
            var output = StandardOutput()
            output.write(OpenAPIDocument.json)
            output.flush()
            return
        }
        let shutdown = await ShutdownSignals.trap()
        signal(SIGPIPE, SIG_IGN)
        LogBootstrap.bootstrap(level: logLevel)
        let logger = Logger(label: "logbook.server")
        let file = try log.configurationOptions.load()
        let settings = try file.table(ServerSettings.self, "server")
        let (database, clock) = try log.open(file)
        let address = try ListenAddress(listen ?? settings.listen)
        let tracker = DeviceTracker(
            database: database, configuration: try file.table(EngineConfiguration.self, "engine"),
            leaseDuration: settings.deviceLease)
        let environment = ServerEnvironment(
            database: database,
            databasePath: try log.databaseOptions.sqlitePath(
                configured: try file.table(DatabaseSettings.self, "database").url),
            clock: clock, settings: settings,
            configuration: file,
            // Failed logins counted in the log: every server on it meets the same limit.
            throttle: LoginThrottle(store: database),
            checklistMailer: try ChecklistOutboxMailer(database: database, configuration: file),
            ingest: IngestService(tracker: tracker))
        if try database.users().isEmpty {
            logger.warning("No users yet: add one with `logbook users add NAME --role admin`")
        }
        let app = try LogbookWebServer.application(
            environment, address: address, logger: logger,
            onServerRunning: { port in
                logger.info("Serving", metadata: ["http.address": "\(address.host):\(port)"])
            })
        // The shift checklists' reminders (travel path, …) are due whether or not a page is open.
        let reminders = try ReminderScheduler.configured(
            database: database, configuration: file, clock: clock, logger: Logger(label: "logbook.checklists"))
        // Changes of work hours go to the payroll system while the server runs ([hours] endpoint).
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: app), .init(service: reminders),
            .init(service: SilentDeviceSweeper(tracker: tracker, logger: Logger(label: "logbook.devices"))),
        ]
        if let mail = try file.mailConfiguration() {
            services.append(
                .init(
                    service: OutboxDeliveryService(
                        database: database, configuration: mail,
                        interval: .milliseconds(Int64(settings.outboxInterval * 1_000)),
                        claimDuration: settings.outboxClaim, logger: Logger(label: "logbook.mail"))))
        }
        if let payroll = try HoursSyncService.configured(
            database: database, settings: try file.table(HoursSettings.self, "hours"), configurationPath: file.path,
            userAgent: "logbook/\(LogbookVersion.current)", logger: Logger(label: "logbook.hours"))
        {
            services.append(.init(service: payroll))
        }
        let group = ServiceGroup(
            configuration: .init(
                services: services,
                logger: logger))
        do {
            try await shutdown.run(group)
        } catch {
            tracker.releaseLeases()
            Diagnostics.error("cannot serve on \(address): \(error)")
            throw ExitCode(69)
        }
        // Other servers on the log take this one's devices over at once rather than when their leases run out.
        tracker.releaseLeases()
        logger.info("Stopped")
    }
}
