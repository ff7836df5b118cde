import Foundation
import HTTPTypes
import Hummingbird
import LogbookStore
import NIOCore

/// Changes sent with an idempotency key are applied once: a phone's offline queue sends what was entered without
/// network when the network returns, and sends it again when it cannot know whether the first try arrived; an API
/// client retries after a timeout. The key comes in the `Idempotency-Key` header or, from a page's form, in the
/// `idempotency_key` field (taken out before the route reads the form). It is the user's own: the first request
/// with it is handled and its answer kept (`request_key`); the same request again gets that answer again, marked
/// `Idempotent-Replayed: true`, without being applied; the same key on another request is a 422, and one still being
/// handled a 409. An answer of the server's own failure (5xx) is not kept: the change was not applied, so the key may
/// try again. Requests without a key, or without a signed-in user, pass as before.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let header = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!
    static let formField = "idempotency_key"
    /// Answers larger than this are kept without their body (pages and the API answer far less).
    static let keptBody = 256 * 1024
    let database: AppDatabase

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let user = context.user, [.post, .put, .patch, .delete].contains(request.method) else {
            return try await next(request, context)
        }
        var request = request
        var key = try request.headers[Self.header].map { try Self.checked($0, field: "Idempotency-Key") }
        var field = "Idempotency-Key"
        if key == nil, request.method == .post, Self.isForm(request) {
            let body = try await BodyLimit.collect(request)
            let (found, rest) = try Self.takeKey(from: body)
            request.body = RequestBody(buffer: rest)
            key = found
            field = Self.formField
        }
        guard let key else { return try await next(request, context) }
        let method = request.method.rawValue
        let path = request.uri.path
        switch try database.claimRequestKey(key, user: user.id, method: method, path: path) {
        case .answered(let answer):
            return Self.response(answer)
        case .inProgress:
            throw APIError(
                .conflict, "in-progress", "\(field): the same change is still being handled; send it again in a moment",
                field: field)
        case .reusedElsewhere:
            throw APIError(
                .unprocessableContent, "invalid-request", "\(field): this key was already used for another change",
                field: field)
        case .claimed:
            break
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try? database.releaseRequestKey(key, user: user.id)
            throw error
        }
        guard response.status.code < 500 else {
            try? database.releaseRequestKey(key, user: user.id)
            return response
        }
        return try await keep(response, key: key, user: user.id)
    }

    /// Keeps `response` as the key's answer and gives it on.
    private func keep(_ response: Response, key: String, user: Int64) async throws -> Response {
        let collector = BodyCollector()
        var response = response
        try await response.body.write(collector)
        let bytes = await collector.bytes
        let answer = StoredAnswer(
            status: response.status.code, location: response.headers[.location],
            contentType: response.headers[.contentType], body: bytes.count <= Self.keptBody ? bytes : [])
        try database.finishRequestKey(key, user: user, answer: answer)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return response
    }

    /// A kept answer, given again.
    static func response(_ answer: StoredAnswer) -> Response {
        var headers: HTTPFields = [replayed: "true"]
        if let location = answer.location { headers[.location] = location }
        if let type = answer.contentType { headers[.contentType] = type }
        return Response(
            status: HTTPResponse.Status(code: answer.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    static func isForm(_ request: Request) -> Bool {
        (request.headers[.contentType] ?? "").lowercased().hasPrefix("application/x-www-form-urlencoded")
    }

    /// A key is 8 to 100 letters, digits, `-`, `_`, `.` or `:` (a UUID fits).
    static func checked(_ value: String, field: String) throws -> String {
        let allowed = value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
        }
        guard allowed, (8...100).contains(value.utf8.count) else {
            throw APIError(
                .badRequest, "invalid-request",
                "\(field): an idempotency key is 8 to 100 letters, digits, '-', '_', '.' or ':'", field: field)
        }
        return value
    }

    /// The form's `idempotency_key` field, and the form without it (every other byte as it came).
    static func takeKey(from body: ByteBuffer) throws -> (key: String?, rest: ByteBuffer) {
        let bytes = Array(body.readableBytesView)
        var key: String?
        var kept: [ArraySlice<UInt8>] = []
        let name = Array((formField + "=").utf8)
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            if pair.starts(with: name) {
                let value = String(decoding: pair.dropFirst(name.count), as: UTF8.self)
                let decoded = value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
                key = try checked(decoded, field: formField)
            } else {
                kept.append(pair)
            }
        }
        guard key != nil else { return (nil, body) }
        let rest = kept.map(Array.init).joined(separator: [UInt8(ascii: "&")])
        return (key, ByteBuffer(bytes: Array(rest)))
    }
}

/// Collects a response's body, to keep it beside its key.
private actor BodyCollector: ResponseBodyWriter {
    var bytes: [UInt8] = []

    func write(_ buffer: ByteBuffer) async throws {
        bytes.append(contentsOf: buffer.readableBytesView)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
