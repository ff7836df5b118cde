import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookServices
import Testing

/// One way to read a request's input for every domain: JSON or a form into the same `Decodable`, fields named in
/// the 422 when they do not decode; a refused form goes back with its words.
@Suite struct RequestInputTests {
    struct Input: Decodable, Equatable {
        var name: String
        var hours: Double?
        var note: String?
    }

    static func router() -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: TestErrors())
        router.post("/echo") { request, context in
            let input = try await RequestInput.decode(Input.self, from: request, context: context)
            return "\(input.name)|\(input.hours.map { String($0) } ?? "-")|\(input.note ?? "-")"
        }
        return router
    }

    /// The server's own mapping of errors, as in `LogbookWebServer`.
    struct TestErrors: RouterMiddleware {
        typealias Context = AppRequestContext
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
            async throws -> Response
        {
            do {
                return try await next(request, context)
            } catch {
                let mapped = APIError.from(error) ?? .internalError
                var response = Response(
                    status: mapped.status, body: .init(byteBuffer: ByteBuffer(bytes: Array(mapped.jsonBody))))
                response.headers[.contentType] = "application/json"
                return response
            }
        }
    }

    static func call(_ client: some TestClientProtocol, _ body: String, type: String) async throws
        -> (HTTPResponse.Status, String)
    {
        let response = try await client.execute(
            uri: "/echo", method: .post, headers: [.contentType: type], body: ByteBuffer(string: body))
        return (response.status, String(buffer: response.body))
    }

    @Test("the same input from JSON and from a form; a blank form field is a field not given")
    func jsonAndForm() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            let json = try await Self.call(client, #"{"name": "Ann Lee", "hours": 7.5}"#, type: "application/json")
            #expect(json.0 == .ok && json.1 == "Ann Lee|7.5|-")
            let form = try await Self.call(
                client, "name=Ann+Lee&hours=7.5&note=&csrf=x", type: "application/x-www-form-urlencoded")
            #expect(form.0 == .ok && form.1 == "Ann Lee|7.5|-")
        }
    }

    @Test("a field that does not decode is 422 naming it, from JSON and from a form alike; the value is not echoed")
    func fieldErrors() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            for (body, type) in [
                (#"{"name": "A", "hours": "seven-secret"}"#, "application/json"),
                ("name=A&hours=seven-secret", "application/x-www-form-urlencoded"),
            ] {
                let (status, text) = try await Self.call(client, body, type: type)
                #expect(status == .unprocessableContent, "\(type)")
                #expect(text.contains(#""field":"hours""#), "\(type): \(text)")
                #expect(!text.contains("seven-secret"))
            }
            let missing = try await Self.call(client, "hours=1", type: "application/x-www-form-urlencoded")
            #expect(missing.0 == .unprocessableContent && missing.1.contains(#""field":"name""#))
            let control = try await Self.call(client, #"{"name": "A\u001bB"}"#, type: "application/json")
            #expect(control.0 == .unprocessableContent && control.1.contains(#""field":"name""#))
            let other = try await Self.call(client, "name,A", type: "text/csv")
            #expect(other.0 == .unsupportedMediaType)
        }
    }

    struct Team: Decodable {
        var hours: [Double]
        var active: Bool?
    }

    @Test("a field given several times is a list; an element that does not read is named by its index")
    func lists() throws {
        let team = try RequestInput.form(Team.self, from: "hours=7.5&hours%5B%5D=8&active=on")
        #expect(team.hours == [7.5, 8])
        #expect(team.active == true)
        do {
            _ = try RequestInput.form(Team.self, from: "hours=7.5&hours=x")
            Issue.record("a list with a word in it was read")
        } catch {
            #expect(ServiceError.from(error)?.field == "hours[1]")
        }
    }

    @Test("a form refused by the rules goes back to its page with the words, signed; other errors pass on")
    func pageFlow() throws {
        let refused = try PageFlow.redirecting(to: "/x#form") {
            throw APIError.invalid("hours: cannot be negative", field: "hours")
        }
        #expect(refused.status == .seeOther)
        let location = try #require(refused.headers[.location])
        #expect(location.hasPrefix("/x?flash=") && location.hasSuffix("#form"))
        let token = String(location.dropFirst("/x?flash=".count).prefix { $0 != "#" })
        #expect(Flash.message(token: token) == "hours: cannot be negative")

        let done = try PageFlow.redirecting(to: "/x") { "/y" }
        #expect(done.headers[.location] == "/y")
        #expect(throws: APIError.self) { try PageFlow.redirecting(to: "/x") { throw APIError.forbidden("no") } }
        #expect(PageFlow.queryValue("AB 12/ä") == "AB%2012%2F%C3%A4")
    }
}
