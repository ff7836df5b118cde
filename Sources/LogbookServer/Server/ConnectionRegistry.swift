import Logging
import NIOCore
import Synchronization

/// The server's open connections, at most `cap` of them.
///
/// At the cap, a new connection closes the one that has waited longest for a request (nothing of it sent yet),
/// or, when every connection is busy with a request, is closed at once. How many were refused or closed is
/// logged at most once per `reportInterval` (what a burst leaves uncounted is logged when the interval ends),
/// without addresses.
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
        var flushScheduled = false
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

    /// Takes a new connection in, closing an idle one to make room at the cap; `false`: refused (close it).
    func open(_ channel: any Channel, at now: NIODeadline = .now()) -> Bool {
        let (accepted, evict, report) = state.withLock { state -> (Bool, (any Channel)?, Report) in
            guard state.entries.count >= cap else {
                state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: now)
                return (true, nil, .none)
            }
            let oldest = state.entries.filter { $0.value.idleSince != nil }.min {
                $0.value.idleSince! < $1.value.idleSince!
            }
            guard let oldest else {
                state.refused += 1
                return (false, nil, Self.report(&state, at: now, every: reportInterval))
            }
            state.entries[oldest.key] = nil
            state.evicted += 1
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: now)
            return (true, oldest.value.channel, Self.report(&state, at: now, every: reportInterval))
        }
        evict?.close(promise: nil)
        switch report {
        case .none: break
        case .now(let refused, let evicted): log(refused: refused, evicted: evicted)
        case .later(let deadline):
            // What happens until then is logged then, even when nothing more happens.
            channel.eventLoop.scheduleTask(deadline: deadline) { self.flush() }
        }
        return accepted
    }

    private enum Report {
        case none
        case now(refused: Int, evicted: Int)
        case later(NIODeadline)
    }

    private func log(refused: Int, evicted: Int) {
        logger.warning(
            "Connections at the cap: idle ones closed to make room, new ones refused",
            metadata: [
                "connections.cap": "\(cap)", "connections.refused": "\(refused)",
                "connections.closed_idle": "\(evicted)",
            ])
    }

    /// Logs what was counted since the last report, if anything.
    private func flush() {
        let counts = state.withLock { state -> (Int, Int)? in
            state.flushScheduled = false
            guard state.refused + state.evicted > 0 else { return nil }
            defer {
                state.lastReport = .now()
                state.refused = 0
                state.evicted = 0
            }
            return (state.refused, state.evicted)
        }
        if let (refused, evicted) = counts { log(refused: refused, evicted: evicted) }
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

    /// The counts to log now, when the last report is at least `interval` old (they start again from zero); else
    /// when to log them, unless that is already planned.
    private static func report(_ state: inout State, at now: NIODeadline, every interval: TimeAmount) -> Report {
        if let last = state.lastReport, now - last < interval {
            if state.flushScheduled { return .none }
            state.flushScheduled = true
            return .later(last + interval)
        }
        defer {
            state.lastReport = now
            state.refused = 0
            state.evicted = 0
        }
        return .now(refused: state.refused, evicted: state.evicted)
    }
}
