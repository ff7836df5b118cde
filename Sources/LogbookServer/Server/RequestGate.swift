import Hummingbird

/// Lets a few requests work on the log at once and queues the others first come, first served.
///
/// Every route that reads or writes the log blocks a thread of Swift's cooperative pool (SQLite is synchronous),
/// and there are as many of those as cores. With hundreds of connections, letting every request start at once
/// only interleaves them: each waits for all the others, and the unlucky ones wait seconds. A queue in arrival order
/// keeps the slowest answer near the queue's length times one request's time.
package actor RequestGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var head = 0

    package init(limit: Int) { self.limit = max(1, limit) }

    package func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    package func leave() {
        if head < waiting.count {
            let next = waiting[head]
            head += 1
            if head > 1_024 && head * 2 > waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            next.resume()  // the slot passes straight to the next in line
        } else {
            running -= 1
        }
    }
}

/// Routes behind the gate.
struct GateMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let gate: RequestGate

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        await gate.enter()
        do {
            let response = try await next(request, context)
            await gate.leave()
            return response
        } catch {
            await gate.leave()
            throw error
        }
    }
}
