import AsyncHTTPClient
import Foundation
import LogbookStore
import NIOCore
import NIOHTTP1
public import Hours

/// Sends one change of an hours entry to the payroll system: `PUT {endpoint}/{uuid}` with the entry as JSON, or
/// `DELETE {endpoint}/{uuid}`, each with `Authorization: Bearer …` and `Idempotency-Key: {change uuid}`.
///
/// One kept HTTP client (AsyncHTTPClient: connection reuse, TLS verified against the system's trust store,
/// redirects refused so a token never follows one); `shutdown()` before the client is released.
public final class PayrollClient: Sendable {
    public let endpoint: PayrollEndpoint
    private let http: HTTPClient
    private let userAgent: String

    public init(endpoint: PayrollEndpoint, userAgent: String = "logbook") {
        self.endpoint = endpoint
        self.userAgent = userAgent
        let timeout = TimeAmount.seconds(Int64(endpoint.timeoutSeconds))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout))
        configuration.httpVersion = .http1Only
        http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Sends `change` and says what became of it; never throws (a failure to connect is `.retryLater`).
    public func send(_ change: HoursChange) async -> SubmissionOutcome {
        var request = HTTPClientRequest(url: endpoint.address(ofEntry: change.entryUUID))
        request.method = change.method == .put ? .PUT : .DELETE
        request.headers.add(name: "Authorization", value: "Bearer \(endpoint.token)")
        request.headers.add(name: "Idempotency-Key", value: change.changeUUID)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: userAgent)
        if let body = change.body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            // The whole exchange, connection included, is bounded by one deadline a little past the timeout.
            let response = try await http.execute(request, timeout: .seconds(Int64(endpoint.timeoutSeconds) + 1))
            let body = try await response.body.collect(upTo: 64 * 1024)
            return SubmissionOutcome.answer(
                status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"),
                body: String(buffer: body), now: Date())
        } catch {
            return .retryLater(reason: Self.describe(error), retryAfter: nil)
        }
    }

    /// Closes the client's connections.
    public func shutdown() async {
        try? await http.shutdown()
    }

    /// A failed exchange in a few words (no URL: it can carry a customer's host name, and never the token).
    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return "timed out"
            case .remoteConnectionClosed: return "the connection was closed before an answer"
            case .connectTimeout: return "could not connect in time"
            default: return "HTTP client: \(error)"
            }
        }
        if let error = error as? IOError { return "connection: \(error.description)" }
        return "\(error)"
    }
}
