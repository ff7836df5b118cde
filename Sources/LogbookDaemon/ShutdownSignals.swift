import ServiceLifecycle
import UnixSignals

/// SIGTERM and SIGINT, trapped from the first moment of a command that runs until it is stopped rather than from
/// when its service group starts. A stop that comes while the command still loads its configuration or opens its
/// database then ends it as gracefully as one that comes later: the services start and shut down at once, and the
/// exit status is 0. Without this, such a stop took the signal's default action (killed, status 15), which a
/// supervisor reads as a failure.
package struct ShutdownSignals: Sendable {
    private let signals: UnixSignalsSequence

    /// Traps the signals; returns once they are registered, so none sent after this is lost.
    package static func trap() async -> ShutdownSignals {
        ShutdownSignals(signals: await UnixSignalsSequence(trapping: .sigterm, .sigint))
    }

    private init(signals: UnixSignalsSequence) { self.signals = signals }

    /// Runs the group (configured without signals of its own) and shuts it down gracefully on each trapped signal,
    /// those that came before it started included.
    package func run(_ group: ServiceGroup) async throws {
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { [signals] in
                for await _ in signals { await group.triggerGracefulShutdown() }
            }
            defer { tasks.cancelAll() }
            try await group.run()
        }
    }
}
