import NIOCore

/// How long a connection may keep the server waiting, as a value-type state machine: the handlers tell it what
/// arrived and when the server asked to read, and ask it whether the client has used up its time.
///
/// A phase's time only runs while the server waits for the client (a read is outstanding): a request waiting
/// for its turn at the log, or a body the handler has not asked for yet, is not the client's fault.
struct ConnectionClock {
    struct Limits: Sendable, Hashable {
        /// For a request's head: from the connection's opening for its first request, else from its first byte.
        var header: TimeAmount
        /// For a request's body, plus one second for every `bodyMinimumRate` bytes received.
        var body: TimeAmount
        var bodyMinimumRate: Int
        /// For a kept-alive connection's next request to begin.
        var idle: TimeAmount

        init(header: TimeAmount, body: TimeAmount, bodyMinimumRate: Int, idle: TimeAmount) {
            self.header = header
            self.body = body
            self.bodyMinimumRate = max(1, bodyMinimumRate)
            self.idle = idle
        }

        init(_ settings: ServerSettings) {
            func seconds(_ value: Double) -> TimeAmount { .nanoseconds(Int64(value * 1e9)) }
            self.init(
                header: seconds(settings.headerTimeout), body: seconds(settings.bodyTimeout),
                bodyMinimumRate: settings.bodyMinimumRate, idle: seconds(settings.idleTimeout))
        }
    }

    enum Phase: String {
        /// Waiting for a request's head (the first request's from the opening).
        case head
        /// The head is in; waiting for the body.
        case body
        /// The request is in; the server is working on it (no deadline).
        case handling
        /// Answered; waiting for the next request on a kept-alive connection.
        case idle
    }

    let limits: Limits
    private(set) var phase = Phase.head
    /// Whether a byte of the current request has come (a connection waiting for its first byte may be closed to
    /// make room for another).
    private(set) var started = false
    /// The client's time in this phase so far, not counting the current wait.
    private var waited = TimeAmount.zero
    /// Since when the server waits for bytes, when it does.
    private var waitingSince: NIODeadline?
    private var bodyBytes = 0
    /// The response was sent before the request's body was all in (a 413, say): the body still must come in time.
    private var answered = false

    init(limits: Limits) { self.limits = limits }

    /// Whether the connection waits for a request that has not begun: first or next, nothing of it sent yet.
    var isIdle: Bool { (phase == .head || phase == .idle) && !started }

    /// The server asks to read.
    mutating func readRequested(at now: NIODeadline) {
        if waitingSince == nil { waitingSince = now }
    }

    /// Bytes came from the client.
    mutating func bytesArrived(at now: NIODeadline) {
        stopWaiting(at: now)
        switch phase {
        case .idle: enter(.head, at: now)
        case .head, .body, .handling: break
        }
        started = true
    }

    mutating func requestHead(at now: NIODeadline) {
        enter(.body, at: now)
        started = true
    }

    mutating func requestBody(bytes: Int) { bodyBytes += bytes }

    mutating func requestEnd(at now: NIODeadline) {
        enter(answered ? .idle : .handling, at: now)
    }

    mutating func responseEnd(at now: NIODeadline) {
        switch phase {
        case .handling: enter(.idle, at: now)
        case .body: answered = true
        case .head, .idle: break
        }
    }

    /// How much of the phase's time is left: `nil` when it has no deadline, zero or less when it is up.
    func remaining(at now: NIODeadline) -> TimeAmount? {
        let budget: TimeAmount
        switch phase {
        case .head: budget = limits.header
        case .body:
            budget = limits.body + .nanoseconds(Int64(Double(bodyBytes) / Double(limits.bodyMinimumRate) * 1e9))
        case .idle: budget = limits.idle
        case .handling: return nil
        }
        let current = waitingSince.map { now - $0 } ?? .zero
        return budget - waited - current
    }

    private mutating func stopWaiting(at now: NIODeadline) {
        if let since = waitingSince { waited = waited + (now - since) }
        waitingSince = nil
    }

    private mutating func enter(_ next: Phase, at now: NIODeadline) {
        phase = next
        waited = .zero
        if waitingSince != nil { waitingSince = now }
        bodyBytes = 0
        started = false
        if next != .handling { answered = false }
    }
}
