import Logging
import NIOCore
import Synchronization

/// The server's open connections, at most `cap` of them.
///
/// At the cap, a new connection closes the one that has waited longest for a request (nothing of it sent yet),
/// or, when every connection is busy with a request, is closed at once. How many were refused or closed is
/// logged at most once per `reportInterval`, without addresses.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        var channel: any Channel
        /// Since when the connection has waited for a request that has not begun; `nil` while one is under way.
        var idleSince: NIODeadline?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var refused = 0
        var evicted = 0
        var lastReport: NIODeadline?
    }

    let cap: Int
    let reportInterval: TimeAmount
    let logger: Logger
    private let state = Mutex(State())

    init(cap: Int, reportInterval: TimeAmount = .seconds(60), logger: Logger) {
        self.cap = max(1, cap)
        self.reportInterval = reportInterval
        self.logger = logger
    }

    /// The connections open now.
    var count: Int { state.withLock { $0.entries.count } }

    /// Takes a new connection in, closing an idle one to make room at the cap; `false`: refused (close it).
    func open(_ channel: any Channel, at now: NIODeadline = .now()) -> Bool {
        let (accepted, evict, report) = state.withLock { state -> (Bool, (any Channel)?, (Int, Int)?) in
            var evict: (any Channel)?
            if state.entries.count >= cap {
                let oldest = state.entries.filter { $0.value.idleSince != nil }
                    .min { $0.value.idleSince! < $1.value.idleSince! }
                guard let oldest else {
                    state.refused += 1
                    return (false, nil, Self.report(&state, at: now, every: reportInterval))
                }
                state.entries[oldest.key] = nil
                state.evicted += 1
                evict = oldest.value.channel
            }
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: now)
            let report = evict == nil ? nil : Self.report(&state, at: now, every: reportInterval)
            return (true, evict, report)
        }
        evict?.close(promise: nil)
        if let (refused, evicted) = report {
            logger.warning(
                "Connections at the cap: idle ones closed to make room, new ones refused",
                metadata: [
                    "connections.cap": "\(cap)", "connections.refused": "\(refused)",
                    "connections.closed_idle": "\(evicted)",
                ])
        }
        return accepted
    }

    /// The connection waits for a request (`since`), or one is under way (`nil`).
    func setIdle(_ channel: any Channel, since: NIODeadline?) {
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            if state.entries[key] != nil { state.entries[key]?.idleSince = since }
        }
    }

    func closed(_ channel: any Channel) {
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            // The entry is this channel's, not a later channel's at the same address.
            if state.entries[key]?.channel === channel { state.entries[key] = nil }
        }
    }

    /// The counts to log, when the last report is at least `interval` old; they start again from zero.
    private static func report(_ state: inout State, at now: NIODeadline, every interval: TimeAmount) -> (Int, Int)? {
        if let last = state.lastReport, now - last < interval { return nil }
        defer {
            state.lastReport = now
            state.refused = 0
            state.evicted = 0
        }
        return (state.refused, state.evicted)
    }
}
