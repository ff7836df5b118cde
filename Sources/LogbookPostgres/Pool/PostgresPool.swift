import Foundation
public import LogbookStore
public import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// The log's connections to PostgreSQL, for the stores: at most `maxConnections`, made when first needed and kept,
/// each with its statements prepared once (by text) and reused.
///
/// The stores are synchronous, as on SQLite, so a caller waits for its connection and its answer on its own thread,
/// while the connections' work runs on NIO's event loops, never on the threads of Swift's concurrency pool: a server
/// whose handlers all wait for the database cannot starve the connections they wait for. A caller waits at most
/// `checkoutTimeout` for a connection (`StoreError.busy` after that).
public final class PostgresPool: SQLBackend {
    public let address: PostgresAddress
    let password: String?
    public let maxConnections: Int
    let checkoutTimeout: TimeInterval
    let logger: Logger
    let group: any EventLoopGroup
    private let state: PoolState

    public init(
        address: PostgresAddress, password: String?, maxConnections: Int = 10, checkoutTimeout: TimeInterval = 10,
        logger: Logger
    ) {
        self.address = address
        self.password = password
        self.maxConnections = max(1, maxConnections)
        self.checkoutTimeout = checkoutTimeout
        self.logger = logger
        group = MultiThreadedEventLoopGroup.singleton
        state = PoolState()
    }

    deinit { close() }

    /// Closes every idle connection; connections in use close when given back.
    public func close() {
        let idle = state.locked { state -> [PooledConnection] in
            state.closed = true
            defer { state.idle.removeAll() }
            state.open -= state.idle.count
            return state.idle
        }
        for connection in idle { try? connection.connection.close().wait() }
    }

    /// How many connections are open (in use or idle), for tests and status.
    public var openConnections: Int { state.locked { $0.open } }

    // MARK: Transactions

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws; every error comes
    /// out as a `StoreError` for `operation`.
    public func write<T>(_ operation: String, _ body: (PostgresSession) throws -> T) throws -> T {
        try transaction(operation, begin: "BEGIN", body)
    }

    /// Runs `body` in one transaction that waits for the log's writer lock first: the log's writes take turns, on
    /// every server, as they do on SQLite, so what a store method reads before it writes is still true when it
    /// commits (the odometer chain, the audit chain, overlapping trips). The lock ends with the transaction.
    public func serializedWrite<T>(_ operation: String, _ body: (PostgresSession) throws -> T) throws -> T {
        try transaction(operation, begin: "BEGIN") { session in
            try session.simple("SELECT pg_advisory_xact_lock(\(Self.writerLock))")
            return try body(session)
        }
    }

    /// The advisory lock key of the log's writer ("logbook" in ASCII).
    static let writerLock: Int64 = 0x6C6F_6762_6F6F_6B

    /// Runs `body` in a read-only transaction that sees one snapshot of the log.
    public func read<T>(_ operation: String, _ body: (PostgresSession) throws -> T) throws -> T {
        try transaction(operation, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    public var dialect: SQLDialect { .postgresql }

    public func write<T>(_ operation: String, _ body: (any SQLSession) throws -> T) throws -> T {
        try serializedWrite(operation) { session in try body(session) }
    }

    public func read<T>(_ operation: String, _ body: (any SQLSession) throws -> T) throws -> T {
        try read(operation) { (session: PostgresSession) in try body(session) }
    }

    /// Runs one statement outside any transaction (`CREATE DATABASE`, `DROP DATABASE`: for tests and upkeep).
    public func runOutsideTransaction(_ sql: String) throws {
        let pooled = try checkout("statement")
        defer { checkin(pooled) }
        do {
            try PostgresSession(pooled: pooled, logger: logger).simple(sql)
        } catch {
            throw PostgresStoreError.wrap(error, operation: "statement")
        }
    }

    func transaction<T>(_ operation: String, begin: String, _ body: (PostgresSession) throws -> T) throws -> T {
        let pooled = try checkout(operation)
        defer { checkin(pooled) }
        let session = PostgresSession(pooled: pooled, logger: logger)
        do {
            try session.simple(begin)
            let value = try body(session)
            try session.simple("COMMIT")
            return value
        } catch {
            if !pooled.connection.isClosed { try? session.simple("ROLLBACK") }
            throw PostgresStoreError.wrap(error, operation: operation)
        }
    }

    // MARK: Connections

    func checkout(_ operation: String) throws -> PooledConnection {
        let deadline = Date(timeIntervalSinceNow: checkoutTimeout)
        let condition = state.condition
        condition.lock()
        while true {
            if state.closed {
                condition.unlock()
                throw StoreError(.io, operation: operation, detail: "the connections to PostgreSQL are closed")
            }
            while let connection = state.idle.popLast() {
                if !connection.connection.isClosed {
                    condition.unlock()
                    return connection
                }
                state.open -= 1
            }
            if state.open < maxConnections {
                state.open += 1
                state.made += 1
                let id = state.made
                condition.unlock()
                do {
                    return PooledConnection(try connect(id: id).wait())
                } catch {
                    state.locked { $0.open -= 1 }
                    condition.signal()
                    throw PostgresStoreError.wrap(error, operation: operation)
                }
            }
            // Waiting releases the lock and takes it again, so no connection given back in between is missed.
            if !condition.wait(until: deadline) {
                condition.unlock()
                throw StoreError(
                    .busy, operation: operation,
                    detail: "all \(maxConnections) connections to PostgreSQL stayed busy for \(Int(checkoutTimeout)) s")
            }
        }
    }

    func checkin(_ pooled: PooledConnection) {
        let close = state.locked { state -> Bool in
            if state.closed || pooled.connection.isClosed || pooled.broken {
                state.open -= 1
                return true
            }
            state.idle.append(pooled)
            return false
        }
        if close { try? pooled.connection.close().wait() }
        state.condition.signal()
    }

    func connect(id: Int) -> EventLoopFuture<PostgresConnection> {
        let loop = group.next()
        let tls: PostgresConnection.Configuration.TLS
        do {
            tls =
                switch address.sslMode {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: PostgresLog.unverified))
                case .require: .require(try NIOSSLContext(configuration: PostgresLog.unverified))
                case .verifyFull: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                }
        } catch {
            return loop.makeFailedFuture(error)
        }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: password,
            database: address.database, tls: tls)
        configuration.options.connectTimeout = .seconds(Int64(max(1, checkoutTimeout)))
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .error)
        return PostgresConnection.connect(on: loop, configuration: configuration, id: id, logger: quiet)
    }
}

/// The pool's bookkeeping, under its condition's lock.
private final class PoolState: @unchecked Sendable {
    let condition = NSCondition()
    var idle: [PooledConnection] = []
    var open = 0
    var made = 0
    var closed = false

    func locked<T>(_ body: (PoolState) throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body(self)
    }
}

/// A connection and the statements prepared on it. Used by one caller at a time (the pool hands it out).
final class PooledConnection: @unchecked Sendable {
    let connection: PostgresConnection
    var prepared: [String: PreparedQuery] = [:]
    /// Set when the connection's state is unknown (an error in the middle of a transaction's end): it is closed
    /// rather than given to the next caller.
    var broken = false

    init(_ connection: PostgresConnection) { self.connection = connection }
}
