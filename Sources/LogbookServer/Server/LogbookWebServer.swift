import Foundation
import Hummingbird
import LogbookConfiguration
import LogbookStore
import Logging
import NIOCore
import LogbookServices
import TripEngine

/// What every route needs: the log, the local clock, the settings.
package struct ServerEnvironment: Sendable {
    package var database: AppDatabase
    /// Where the log is: the daemon's status file lies beside it.
    /// The SQLite file, beside which a vehicle box's daemon keeps its status; nil on PostgreSQL.
    package var databasePath: String?
    package var clock: LocalClock
    package var settings: ServerSettings
    package var configuration: ConfigurationFile
    package var passwords: PasswordHasher
    package var throttle: LoginThrottle
    /// How the checklists' mails leave (`Mailer`, given by `logbook serve`); without one they are not mailed.
    package var checklistMailer: (any ChecklistMailer)?
    /// Positions from phones and trackers, with each device's trip engine.
    package var ingest: IngestService

    package init(
        database: AppDatabase, databasePath: String?, clock: LocalClock, settings: ServerSettings,
        configuration: ConfigurationFile, throttle: LoginThrottle = LoginThrottle(),
        checklistMailer: (any ChecklistMailer)? = nil, ingest: IngestService? = nil
    ) {
        self.database = database
        self.databasePath = databasePath
        self.clock = clock
        self.settings = settings
        self.configuration = configuration
        passwords = PasswordHasher(cost: settings.passwordCost)
        self.throttle = throttle
        self.checklistMailer = checklistMailer
        self.ingest =
            ingest
            ?? IngestService(
                tracker: DeviceTracker(
                    database: database,
                    configuration: (try? configuration.decode(EngineConfiguration.self, table: "engine"))
                        ?? EngineConfiguration()))
    }
}

/// One domain's slice of the server: its API routes under `/api/v1` (bearer token) and its pages
/// (session cookie), and its page templates. The mileage log is the first; later domains add theirs to
/// `LogbookWebServer.domains`.
package protocol ServerDomain: Sendable {
    static var templates: [String: String] { get }
    static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment)
    static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer)
    /// What the domain adds to the navigation of `user`'s pages (none by default).
    static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem]
}

extension ServerDomain {
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] { [] }
}

/// `logbook serve`: the router, its middleware and the Hummingbird application.
package enum LogbookWebServer {
    package static let domains: [any ServerDomain.Type] = [
        MileageLogDomain.self, HoursDomain.self, ChecklistsDomain.self, ValueStreamsDomain.self, RoofingDomain.self,
    ]

    package static func router(_ environment: ServerEnvironment) throws -> Router<AppRequestContext> {
        var templates: [String: String] = [:]
        for domain in domains { templates.merge(domain.templates) { $1 } }
        templates.merge(UserTemplates.all) { $1 }
        let renderer = try PageRenderer(templates: templates) { user in
            domains.flatMap { $0.menu(for: user, environment) } + UserPages.menu(for: user)
        }
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: ErrorMiddleware(pages: renderer))

        router.get("/static/app.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: PageTemplates.stylesheet)))
        }
        LeafletAssets.register(router, directory: environment.settings.leafletDirectory)
        router.get("/api/v1/openapi.json") { _, _ in
            JSONResponse.make(OpenAPIDocument.json)
        }
        router.get("/healthz") { _, _ in JSONResponse.make("{\"ok\":true}") }
        OfflineApp.register(router)

        // One gate for everything that works on the log: as many at once as there are cores.
        let gate = GateMiddleware(gate: RequestGate(limit: ProcessInfo.processInfo.activeProcessorCount))
        // Phones and trackers: their device token is their only credential (no user, no session). They wait for the
        // group commit without holding a thread, so many may be under way at once: a gate of their own.
        let ingestGate = GateMiddleware(gate: RequestGate(limit: 1_024))
        IngestRoutes.register(
            router.group("/ingest").add(middleware: BodyLimitMiddleware()).add(middleware: ingestGate), environment)
        // A change sent with an idempotency key is applied once (the offline queue's sends, API retries): inside the
        // authentication, whose user owns the key, and outside the errors' mapping, whose answers it keeps.
        let idempotency = IdempotencyMiddleware(database: environment.database)
        let api = router.group("/api/v1").add(middleware: BodyLimitMiddleware()).add(middleware: gate).add(
            middleware: BearerAuthenticator(database: environment.database)
        )
        .add(middleware: idempotency).add(middleware: ErrorMiddleware(pages: renderer))
        api.get("/me") { _, context in
            let user = try context.requireUser()
            return try JSONResponse.make(encoding: UserView(user))
        }
        for domain in domains { domain.registerAPI(api, environment) }

        // The pages' errors are mapped inside the session's middleware too, so that an error page (403, 404)
        // keeps the signed-in user's navigation and logout; the router's handles what happens before.
        let pages = router.group().add(middleware: BodyLimitMiddleware()).add(middleware: gate).add(
            middleware: SessionAuthenticator(database: environment.database)
        )
        .add(middleware: idempotency).add(middleware: CurrentPageMiddleware())
        .add(middleware: ErrorMiddleware(pages: renderer))
        AccountPages.register(pages, environment, renderer)
        OfflineApp.registerSession(pages)
        UserPages.register(pages, environment, renderer)
        for domain in domains { domain.registerPages(pages, environment, renderer) }
        return router
    }

    /// The application, listening where the settings say, with their deadlines for slow clients and their cap on
    /// connections (how many were refused at the cap is logged at most once per `connectionReport`), on the event
    /// loops of `eventLoopGroup` (the process's shared ones unless given).
    package static func application(
        _ environment: ServerEnvironment, address: ListenAddress, logger: Logger,
        connectionReport: TimeAmount = .seconds(60), eventLoopGroup: EventLoopGroupProvider = .singleton,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        Application(
            router: try router(environment),
            server: .guardedHTTP1(environment.settings, reportInterval: connectionReport, logger: logger),
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: "logbook"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? address.port) },
            eventLoopGroupProvider: eventLoopGroup, logger: logger)
    }
}

/// A user as the API shows them.
struct UserView: Encodable {
    var name: String
    var role: String
    var vehicles: [String]

    init(_ user: AppUser) {
        name = user.name
        role = user.role.rawValue
        vehicles = user.vehicles
    }
}
