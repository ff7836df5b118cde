import Foundation
import LogbookPostgres
import LogbookStore
import LogbookTestSupport
import Testing

/// The blocking pool the PostgreSQL stores use: never more connections than allowed, callers beyond them wait their
/// turn (or get `busy` after the timeout), statements prepared once per connection and not without bound. The waiting
/// runs on threads of its own (`onThread`), the expectations back in the test.
@Suite(.enabled(if: TestCluster.isAvailable, "no test cluster (scripts/test-postgres start)"))
struct PostgresPoolTests {
    @Test("twenty callers on three connections: all served, never more than three connections open")
    func callersWaitTheirTurn() async throws {
        try await TestCluster.withDatabase { address, password in
            let pool = PostgresPool(address: address, password: password, maxConnections: 3, logger: TestCluster.logger)
            defer { pool.close() }
            let values = try await onThread { () -> [Int64] in
                let seen = IDLog()
                let group = DispatchGroup()
                for caller in 0..<20 {
                    group.enter()
                    Thread.detachNewThread {
                        defer { group.leave() }
                        let value = try? pool.read("sleep") { session in
                            try session.row("SELECT pg_sleep(0.05), ?::int8 AS caller", [.int(caller)])?.int("caller")
                        }
                        seen.add([value ?? -1, Int64(pool.openConnections)])
                    }
                }
                group.wait()
                return seen.all
            }
            let callers = stride(from: 0, to: values.count, by: 2).map { values[$0] }
            let open = stride(from: 1, to: values.count, by: 2).map { values[$0] }
            #expect(callers.sorted() == (0..<20).map(Int64.init))
            #expect(open.allSatisfy { $0 <= 3 })
            #expect(pool.openConnections <= 3)
        }
    }

    @Test("a caller that gets no connection within the timeout is told the database is busy")
    func busyAfterTimeout() async throws {
        try await TestCluster.withDatabase { address, password in
            let pool = PostgresPool(
                address: address, password: password, maxConnections: 1, checkoutTimeout: 0.3,
                logger: TestCluster.logger)
            defer { pool.close() }
            let code = try await onThread { () -> StoreError.Code? in
                let started = DispatchSemaphore(value: 0)
                Thread {
                    _ = try? pool.read("hold") { session in
                        started.signal()
                        return try session.row("SELECT pg_sleep(1.5) IS NULL AS slept")?.bool("slept")
                    }
                }.start()
                started.wait()
                do {
                    _ = try pool.read("wait") { session in try session.row("SELECT 1::int8 AS one")?.int("one") }
                    return nil
                } catch let error as StoreError {
                    return error.code
                }
            }
            #expect(code == .busy)
        }
    }

    @Test("statements of ever new text do not pile up on a connection")
    func preparedStatementsAreBounded() async throws {
        try await TestCluster.withDatabase { address, password in
            let pool = PostgresPool(address: address, password: password, maxConnections: 1, logger: TestCluster.logger)
            defer { pool.close() }
            let (counts, prepared) = try await onThread { () -> ([Int64], Int64) in
                var counts: [Int64] = []
                for n in 1...300 {
                    let marks = Array(repeating: "?", count: n).joined(separator: ", ")
                    let binds = (1...n).map { SQLValue.int(Int64($0)) }
                    counts.append(
                        try pool.read("in") { session in
                            try session.row(
                                "SELECT count(*) AS n FROM generate_series(1, 400) g WHERE g IN (\(marks))", binds)?
                                .int("n")
                        } ?? -1)
                }
                let prepared = try pool.read("prepared") { session in
                    try session.row("SELECT count(*) AS n FROM pg_prepared_statements")?.int("n")
                }
                return (counts, prepared ?? 0)
            }
            #expect(counts == (1...300).map(Int64.init))
            #expect(prepared > 0)
            #expect(prepared <= 257)
        }
    }
}
