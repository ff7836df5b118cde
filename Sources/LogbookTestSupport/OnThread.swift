import Foundation

/// Runs `body` on a thread of its own: work that blocks (a client whose timing must not depend on Swift's cooperative
/// pool, a synchronous store waiting for PostgreSQL) without holding one of the pool's few threads, which the other
/// tests running at the same time need.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
