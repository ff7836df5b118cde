import Foundation
import LogbookTestSupport
import Hummingbird
import LogbookServer
import LogbookStore
import NIOCore
import Testing
import TrackModel

/// One body limit for every route that takes a body (issue 25): over 1 MiB is a 413 with the JSON error on the
/// API and the error page on the pages, never a 500, and nothing is logged as an error. A live server, real sockets.
@Suite(.serialized) struct BodyLimitTests {
    static let limit = 1 << 20

    /// The routes that take a body, from the router itself: POST, PUT and PATCH; the photo uploads (their own
    /// 20 MiB limit, and not JSON) aside.
    static func bodyRoutes(_ h: ServerHarness, api: Bool) throws -> [(method: String, path: String)] {
        try LogbookWebServer.router(h.environment).routes
            .filter { ["POST", "PUT", "PATCH"].contains("\($0.method)") }
            .map { (method: "\($0.method)", path: "\($0.path)") }
            .filter {
                // The ingest endpoints answer in JSON, as the API does.
                ($0.path.hasPrefix("/api/v1/") || $0.path.hasPrefix("/ingest/")) == api && !$0.path.hasSuffix("/photos")
            }
    }

    /// The route's path with a value for each parameter.
    static func concrete(_ path: String) -> String {
        path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "1", options: .regularExpression)
    }

    /// A JSON object of exactly `size` bytes.
    static func json(size: Int) -> [UInt8] {
        let frame = Array(#"{"note":""}"#.utf8)
        return Array(frame.prefix(9)) + [UInt8](repeating: UInt8(ascii: "a"), count: size - frame.count)
            + Array(frame.suffix(2))
    }

    /// A form of exactly `size` bytes.
    static func form(size: Int) -> [UInt8] {
        let frame = Array("csrf=x&note=".utf8)
        return frame + [UInt8](repeating: UInt8(ascii: "a"), count: size - frame.count)
    }

    static func head(_ method: String, _ path: String, _ fields: [String]) -> String {
        (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1"] + fields).joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// `body` in chunks of 64 KiB (no `Content-Length`: the size is only known once read).
    static func chunked(_ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        while offset < body.count {
            let end = min(offset + 65_536, body.count)
            out += Array((String(end - offset, radix: 16) + "\r\n").utf8) + body[offset..<end] + Array("\r\n".utf8)
            offset = end
        }
        return out + Array("0\r\n\r\n".utf8)
    }

    static func error(_ body: [UInt8]) -> [String: String] {
        ServerHarness.error(.init(bytes: body))
    }

    @Test("every JSON route answers a body of 1 MiB + 1 byte with 413 and the JSON error, never a 500")
    func everyJSONRoute() async throws {
        let h = try ServerHarness()
        let routes = try Self.bodyRoutes(h, api: true)
        // Trips, vehicles, odometer, report e-mail, hours, checklists, value-stream maps, roofing: dozens of them.
        #expect(routes.count >= 30, "\(routes.count) routes")
        let auth = "Authorization: Bearer \(h.tokens["boss"]!)"
        let (failures, errors) = try await LiveServer.run(h.environment) { port, log in
            let failures = try await onThread {
                var failures: [String] = []
                let body = Self.json(size: Self.limit + 1)
                for route in routes {
                    let connection = try RawConnection(port: port)
                    let head = Self.head(
                        route.method, Self.concrete(route.path),
                        [auth, "Content-Type: application/json", "Content-Length: \(body.count)"])
                    try connection.send(Array(head.utf8) + body)
                    let response = try connection.response()
                    let error = Self.error(response.body)
                    if response.status != 413 || error["code"] != "too-large"
                        || error["message"]?.contains("1 MiB") != true
                        || response.headers["content-type"]?.hasPrefix("application/json") != true
                    {
                        failures.append("\(route.method) \(route.path): \(response.status) \(error)")
                    }
                }
                return failures
            }
            return (failures, log.errors.map { "\($0.message) \($0.metadata)" })
        }
        #expect(failures.isEmpty, "\(failures.count) of \(routes.count): \(failures.joined(separator: "; "))")
        #expect(errors.isEmpty, "logged as errors: \(errors)")
    }

    @Test("a body sent in chunks meets the same limit where it is read: 413 or another 4xx, never a 500")
    func chunkedBodies() async throws {
        let h = try ServerHarness()
        let routes = try Self.bodyRoutes(h, api: true)
        let auth = "Authorization: Bearer \(h.tokens["boss"]!)"
        let (failures, tooLarge, errors) = try await LiveServer.run(h.environment) { port, log in
            let (failures, tooLarge) = try await onThread {
                var failures: [String] = []
                var tooLarge = 0
                let body = Self.chunked(Self.json(size: Self.limit + 1))
                for route in routes {
                    let connection = try RawConnection(port: port)
                    let head = Self.head(
                        route.method, Self.concrete(route.path),
                        [auth, "Content-Type: application/json", "Transfer-Encoding: chunked"])
                    try connection.send(Array(head.utf8) + body)
                    let response = try connection.response()
                    if response.status == 413 { tooLarge += 1 }
                    // A route with no parameter in its path has nothing to refuse before it reads the body.
                    let expected = route.path.contains("{") ? 400..<500 : 413..<414
                    if !expected.contains(response.status) || Self.error(response.body)["code"] == nil {
                        failures.append("\(route.method) \(route.path): \(response.status)")
                    }
                }
                return (failures, tooLarge)
            }
            return (failures, tooLarge, log.errors.map { "\($0.message) \($0.metadata)" })
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
        #expect(tooLarge >= 10, "only \(tooLarge) routes read the body to its end")
        #expect(errors.isEmpty, "logged as errors: \(errors)")
    }

    @Test("a body that is not JSON, or not sent as JSON, is a 4xx on every JSON route")
    func notJSON() async throws {
        let h = try ServerHarness()
        let routes = try Self.bodyRoutes(h, api: true)
        let auth = "Authorization: Bearer \(h.tokens["boss"]!)"
        let (failures, errors) = try await LiveServer.run(h.environment) { port, log in
            let failures = try await onThread {
                var failures: [String] = []
                for (type, body) in [
                    ("text/plain", "this is not JSON"), ("application/json", "[1, 2"), ("application/json", "[]"),
                    ("application/x-www-form-urlencoded", "note=x"), ("application/json", "\u{FF}\u{FE}"),
                ] {
                    for route in routes {
                        let connection = try RawConnection(port: port)
                        let head = Self.head(
                            route.method, Self.concrete(route.path),
                            [auth, "Content-Type: \(type)", "Content-Length: \(body.utf8.count)"])
                        try connection.send(head + body)
                        let response = try connection.response()
                        if !(400..<500).contains(response.status) || Self.error(response.body)["code"] == nil {
                            failures.append("\(route.method) \(route.path) \(type) \(body): \(response.status)")
                        }
                    }
                }
                return failures
            }
            return (failures, log.errors.map { "\($0.message) \($0.metadata)" })
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
        #expect(errors.isEmpty, "logged as errors: \(errors)")
    }

    @Test("every page form answers a form of 1 MiB + 1 byte with 413 and the error page, signed in or not")
    func everyPageForm() async throws {
        let h = try ServerHarness()
        let routes = try Self.bodyRoutes(h, api: false)
        #expect(routes.count >= 20, "\(routes.count) page forms")
        // An admin's session, as the login page makes one.
        let session = Secrets.randomToken()
        let boss = try h.database.user(named: "boss")
        try h.database.startSession(
            user: boss.id, idHash: Secrets.hash(session), csrfToken: "x",
            expiresAt: Timestamp(secondsSince1970: Date().timeIntervalSince1970 + 3_600))
        let (failures, errors) = try await LiveServer.run(h.environment) { port, log in
            let failures = try await onThread {
                var failures: [String] = []
                let body = Self.form(size: Self.limit + 1)
                for route in routes {
                    for cookie in ["Cookie: logbook_session=\(session)", "X-Nothing: 1"] {
                        let connection = try RawConnection(port: port)
                        let head = Self.head(
                            route.method, Self.concrete(route.path),
                            [
                                cookie, "Content-Type: application/x-www-form-urlencoded",
                                "Content-Length: \(body.count)",
                            ])
                        try connection.send(Array(head.utf8) + body)
                        let response = try connection.response()
                        let page = String(decoding: response.body, as: UTF8.self)
                        if response.status != 413 || response.headers["content-type"]?.hasPrefix("text/html") != true
                            || !page.contains("1 MiB")
                        {
                            failures.append("\(route.method) \(route.path) (\(cookie.prefix(6))): \(response.status)")
                        }
                    }
                }
                return failures
            }
            return (failures, log.errors.map { "\($0.message) \($0.metadata)" })
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.joined(separator: "; "))")
        #expect(errors.isEmpty, "logged as errors: \(errors)")
    }

    @Test("a form just under the limit is read (the limit is 1 MiB, not less)")
    func justUnderTheLimit() async throws {
        let h = try ServerHarness()
        let auth = "Authorization: Bearer \(h.tokens["boss"]!)"
        let status = try await LiveServer.run(h.environment) { port, _ in
            try await onThread {
                // A vehicle whose JSON is exactly 1 MiB: read in full, then refused for its plate, not its size.
                let connection = try RawConnection(port: port)
                let body = Self.json(size: Self.limit)
                let head = Self.head(
                    "POST", "/api/v1/vehicles",
                    [auth, "Content-Type: application/json", "Content-Length: \(body.count)"])
                try connection.send(Array(head.utf8) + body)
                return try connection.response().status
            }
        }
        #expect(status != 413 && (400..<500).contains(status), "\(status)")
    }

    @Test("the photo uploads keep their own limit: 2 MiB is read, over 20 MiB is 413")
    func photosKeepTheirLimit() async throws {
        let h = try ServerHarness()
        let auth = "Authorization: Bearer \(h.tokens["boss"]!)"
        let (twoMiB, tooLarge) = try await LiveServer.run(h.environment) { port, _ in
            try await onThread { () -> (Int, (Int, [String: String])) in
                func send(_ size: Int) throws -> (Int, [String: String]) {
                    let connection = try RawConnection(port: port)
                    let body = [UInt8](repeating: 0x42, count: size)
                    let head = Self.head(
                        "POST", "/api/v1/roofing/projects/nowhere/photos",
                        [auth, "Content-Type: image/jpeg", "Content-Length: \(size)"])
                    try connection.send(Array(head.utf8) + body)
                    let response = try connection.response()
                    return (response.status, Self.error(response.body))
                }
                return (try send(2 << 20).0, try send((20 << 20) + 64 * 1024 + 1))
            }
        }
        // Past the limit check: refused for what it is (no such project, or not a photo), not for its size.
        #expect(twoMiB != 413 && (400..<500).contains(twoMiB), "\(twoMiB)")
        #expect(tooLarge.0 == 413 && tooLarge.1["code"] == "too-large", "\(tooLarge)")
        #expect(tooLarge.1["message"]?.contains("20 MiB") == true)
    }
}
