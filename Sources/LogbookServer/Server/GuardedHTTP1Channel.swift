import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 channel with deadlines for slow clients and a cap on open connections.
///
/// A client that never finishes a request's head (or dribbles it a byte at a time), never sends the body it
/// announced, or keeps an idle connection open, is closed when its time is up (`ConnectionClock`); at most
/// `ConnectionRegistry.cap` connections are open at once. Hummingbird's own idle timeout is not enough: any byte
/// resets it, so a slowloris that sends one every few seconds would hold its connection forever.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http: HTTP1Channel
    let registry: ConnectionRegistry
    let limits: ConnectionClock.Limits
    let logger: Logger

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let accepted = registry.open(channel)
        let (registry, limits, guardLogger) = (self.registry, self.limits, self.logger)
        if accepted {
            channel.closeFuture.whenComplete { _ in registry.closed(channel) }
        }
        return http.setup(channel: channel, logger: logger).flatMapThrowing { value in
            guard accepted else {
                channel.close(promise: nil)
                return value
            }
            let pipeline = channel.pipeline.syncOperations
            let watch = ConnectionWatchHandler(
                clock: ConnectionClock(limits: limits), registry: registry, logger: guardLogger)
            try pipeline.addHandler(watch, position: .first)
            // Between the HTTP/1 decoder and Hummingbird's conversion to HTTP types: where requests and responses
            // begin and end.
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(RequestPhaseHandler(watch: watch), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the deadlines and the connection cap of `settings`.
    static func guardedHTTP1(
        _ settings: ServerSettings, reportInterval: TimeAmount, logger: Logger
    ) -> HTTPServerBuilder {
        let registry = ConnectionRegistry(cap: settings.maxConnections, reportInterval: reportInterval, logger: logger)
        let limits = ConnectionClock.Limits(settings)
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                http: HTTP1Channel(responder: responder), registry: registry, limits: limits, logger: logger)
        }
    }
}

/// First in the pipeline: sees every byte come and every read the server asks for, keeps the connection's
/// `ConnectionClock`, and closes the connection when its time is up.
final class ConnectionWatchHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private var clock: ConnectionClock
    private let registry: ConnectionRegistry
    private let logger: Logger
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    private var wasIdle = true

    init(clock: ConnectionClock, registry: ConnectionRegistry, logger: Logger) {
        self.clock = clock
        self.registry = registry
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // Just accepted: the server waits for the request (its first read may have passed before this handler).
        clock.readRequested(at: .now())
        schedule()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let phase = clock.phase
        clock.bytesArrived(at: .now())
        changed(from: phase)
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        clock.readRequested(at: .now())
        context.read()
    }

    // What `RequestPhaseHandler` sees.
    func requestHead() { update { $0.requestHead(at: .now()) } }
    func requestBody(bytes: Int) { clock.requestBody(bytes: bytes) }
    func requestEnd() { update { $0.requestEnd(at: .now()) } }
    func responseEnd() { update { $0.responseEnd(at: .now()) } }

    private func update(_ change: (inout ConnectionClock) -> Void) {
        let phase = clock.phase
        change(&clock)
        changed(from: phase)
    }

    /// A new phase has a new deadline; the registry learns whether the connection may be closed to make room.
    private func changed(from phase: ConnectionClock.Phase) {
        if clock.phase != phase {
            timer?.cancel()
            timer = nil
            schedule()
        }
        if clock.isIdle != wasIdle, let channel = context?.channel {
            wasIdle = clock.isIdle
            registry.setIdle(channel, since: wasIdle ? .now() : nil)
        }
    }

    private func schedule() {
        guard timer == nil, let context, let remaining = clock.remaining(at: .now()) else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: max(remaining, .milliseconds(1))) {
            self.timer = nil
            self.check()
        }
    }

    private func check() {
        guard let context else { return }
        if let remaining = clock.remaining(at: .now()), remaining <= .zero {
            logger.debug("Closed a slow connection", metadata: ["http.waiting_for": "\(clock.phase.rawValue)"])
            context.close(promise: nil)
        } else {
            schedule()
        }
    }
}

/// After the HTTP/1 decoder: tells the watch where requests and responses begin and end.
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let watch: ConnectionWatchHandler

    init(watch: ConnectionWatchHandler) { self.watch = watch }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: watch.requestHead()
        case .body(let bytes): watch.requestBody(bytes: bytes.readableBytes)
        case .end: watch.requestEnd()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { watch.responseEnd() }
        context.write(data, promise: promise)
    }
}
