import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookCLI
import LogbookConfiguration
import LogbookDaemon
import LogbookServer
import LogbookStore
import LogbookTestSupport
import MileageLog
import TrackModel
import TripEngine
import LogbookServices

/// A log on disk (a real SQLite file in a temporary folder) with two vehicles, a GPS trip on each, and three
/// users: `anna` drives ABC1, `carl` is an accountant, `boss` an admin. Every user has the password
/// `secret-pass-1` and a bearer token.
/// Immutable once made; the temporary folder is only deleted when the harness goes.
struct ServerHarness: @unchecked Sendable {
    let directory: TemporaryDirectory
    let database: AppDatabase
    let environment: ServerEnvironment
    var tokens: [String: String] = [:]
    /// The trips of ABC1 and XYZ9.
    var annasTrip: Int64 = 0
    var othersTrip: Int64 = 0
    static let password = "secret-pass-1"

    init(
        throttle: LoginThrottle = LoginThrottle(),
        configuration: ConfigurationFile = ConfigurationFile(path: nil, root: [:])
    ) throws {
        directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        database = try AppDatabase.open(path: path, policy: LogPolicy(actor: "test", lockAfterDays: nil))
        var settings = ServerSettings()
        settings.passwordCost = PasswordHasher.minimumCost
        environment = ServerEnvironment(
            database: database, databasePath: path, clock: LocalClock(identifier: "UTC"), settings: settings,
            configuration: configuration, throttle: throttle)
        for plate in ["ABC1", "XYZ9"] { _ = try database.vehicle(plate: plate) }
        annasTrip = try insertTrip(plate: "ABC1", start: 1_780_000_000)
        othersTrip = try insertTrip(plate: "XYZ9", start: 1_780_010_000)
        let hash = environment.passwords.hash(Self.password)
        for (name, role, vehicles) in [
            ("anna", UserRole.driver, ["ABC1"]), ("carl", .accountant, []), ("boss", .admin, []),
        ] {
            _ = try database.addUser(name: name, role: role, vehicles: vehicles, passwordHash: hash)
            let token = Secrets.randomToken(prefix: "lbk_")
            _ = try database.addToken(user: name, tokenHash: Secrets.hash(token), expiresAt: nil)
            tokens[name] = token
        }
    }

    func insertTrip(plate: String, start: Double) throws -> Int64 {
        let trip = Trip(
            start: Timestamp(secondsSince1970: start), end: Timestamp(secondsSince1970: start + 1_200),
            distance: 12_345, idleSeconds: 60, idlePeriods: 1, maximumSpeed: 20,
            startCoordinate: Coordinate(latitude: 59.43, longitude: 24.75),
            endCoordinate: Coordinate(latitude: 59.38, longitude: 24.92), fixesUsed: 1_200,
            track: [
                TrackPoint(time: Timestamp(secondsSince1970: start), latitude: 59.43, longitude: 24.75, speed: 0),
                TrackPoint(
                    time: Timestamp(secondsSince1970: start + 600), latitude: 59.40, longitude: 24.85, speed: 15),
                TrackPoint(
                    time: Timestamp(secondsSince1970: start + 1_200), latitude: 59.38, longitude: 24.92, speed: 0),
            ])
        guard let stored = try database.insertTrip(trip, vehicle: try database.existingVehicle(plate: plate)) else {
            throw TestFailure("trip not stored")
        }
        return stored.id
    }

    func application() throws -> some ApplicationProtocol {
        Application(router: try LogbookWebServer.router(environment))
    }

    func bearer(_ user: String) -> HTTPFields { [.authorization: "Bearer \(tokens[user]!)"] }

    /// An API request as `user` (a bearer token) with an optional JSON body.
    func call(
        _ client: any TestClientProtocol, _ uri: String, _ method: HTTPRequest.Method, _ body: [String: Any]? = nil,
        as user: String = "boss"
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: method, headers: bearer(user).merging([.contentType: "application/json"]),
            body: body.map(Self.body))
    }

    static func json(_ buffer: ByteBuffer) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]) ?? [:]
    }

    static func body(_ object: [String: Any]) -> ByteBuffer {
        ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
    }

    /// The error object of an API error body, `[:]` when the body is not one.
    static func error(_ buffer: ByteBuffer) -> [String: String] {
        (json(buffer)["error"] as? [String: String]) ?? [:]
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension HTTPFields {
    /// These fields and `other`'s.
    func merging(_ other: HTTPFields) -> HTTPFields {
        var fields = self
        fields.append(contentsOf: other)
        return fields
    }
}
