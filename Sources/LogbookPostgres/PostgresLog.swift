public import LogbookStore
public import Logging
import NIOSSL
public import PostgresNIO

/// A log on PostgreSQL: PostgresNIO's connection pool for one database, open for the time of `with`.
///
/// The password is given separately from the address (`[database] password_file`), never logged, never in an error.
public struct PostgresLog: Sendable {
    public let address: PostgresAddress
    public let client: PostgresClient
    let logger: Logger

    /// Runs `body` with the pool open (its connections made as needed, at most `maxConnections`), and closes it.
    @discardableResult
    public static func with<T: Sendable>(
        _ address: PostgresAddress, password: String?, maxConnections: Int = 10, logger: Logger,
        _ body: @Sendable (PostgresLog) async throws -> T
    ) async throws -> T {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: password,
            database: address.database, tls: tls(address.sslMode))
        configuration.options.maximumConnections = maxConnections
        configuration.options.connectTimeout = .seconds(10)
        // One connection first: a refused password or an unreachable server is told at once, with the server's own
        // reason, rather than as the pool's timeout after its retries.
        do {
            try await probe(address, password: password, logger: logger)
        } catch {
            throw PostgresLogError(error, address: address)
        }
        // The pool's own chatter (a lease asked for before its run loop has started) is not the user's business.
        var background = logger
        background.logLevel = max(logger.logLevel, .error)
        let client = PostgresClient(configuration: configuration, backgroundLogger: background)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            do {
                return try await body(PostgresLog(address: address, client: client, logger: logger))
            } catch {
                // A transfer's own refusal (`logbook database export|import`) is told as it is.
                if let transfer = TransferError.within(error) { throw transfer }
                throw PostgresLogError(error, address: address)
            }
        }
    }

    static func probe(_ address: PostgresAddress, password: String?, logger: Logger) async throws {
        let tls: PostgresConnection.Configuration.TLS =
            switch address.sslMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: unverified))
            case .require: .require(try NIOSSLContext(configuration: unverified))
            case .verifyFull: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: password,
            database: address.database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        try await connection.close()
    }

    /// TLS without checking the server's certificate: libpq's `prefer` and `require`.
    static var unverified: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    static func tls(_ mode: PostgresAddress.SSLMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable:
            return .disable
        case .prefer:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            return .prefer(configuration)
        case .require:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            return .require(configuration)
        case .verifyFull:
            return .require(TLSConfiguration.makeClientConfiguration())
        }
    }
}

/// What went wrong with the PostgreSQL log, in words for people: the database's address (never its password), and
/// what the server or the network said — never an SQL text.
public struct PostgresLogError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The server cannot be reached (refused, timed out, closed): exit 69.
        case unavailable
        /// The server refused the user or its password: exit 77.
        case refused
        /// The log's schema is not one this program can use (changed or unknown migrations): exit 65.
        case schema
        /// The server refused a statement: exit 70.
        case server
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    init(_ error: any Error, address: PostgresAddress) {
        if let known = error as? PostgresLogError {
            self = known
            return
        }
        if let transaction = error as? PostgresTransactionError,
            let cause = transaction.closureError ?? transaction.beginError ?? transaction.commitError
        {
            self.init(cause, address: address)
            return
        }
        let place = "\(address)"
        guard let error = error as? PSQLError else {
            self.init(kind: .unavailable, message: "\(place): \(type(of: error))")
            return
        }
        let sqlState = error.serverInfo?[.sqlState] ?? ""
        switch error.code {
        case .server where sqlState == "28P01" || sqlState == "28000":
            self.init(kind: .refused, message: "\(place): the server refused the user or its password")
        case .server where sqlState == "3D000":
            self.init(kind: .unavailable, message: "\(place): the database does not exist")
        case .server:
            let said = error.serverInfo?[.message] ?? "an error"
            self.init(kind: .server, message: "\(place): the server said: \(said) (SQLSTATE \(sqlState))")
        case .authMechanismRequiresPassword:
            self.init(kind: .refused, message: "\(place): the server wants a password; set [database] password_file")
        case .sslUnsupported:
            self.init(kind: .unavailable, message: "\(place): the server does not offer TLS (sslmode asks for it)")
        default:
            self.init(kind: .unavailable, message: "\(place): cannot reach the server (\(error.code))")
        }
    }
}
