import HTTPTypes
import Hummingbird
import NIOCore

/// The one limit on request bodies: 1 MiB for JSON and forms, whether a route decodes with Hummingbird
/// (`request.decode(as:context:)`, which reads `AppRequestContext.maxUploadSize`) or reads the bytes itself
/// (`collect(_:)`). Too large a body is a 413 `too-large` (`APIError.from` maps Hummingbird's error to the same),
/// never a 500; the roofing photos take their own, larger limit.
package enum BodyLimit {
    /// 1 MiB.
    package static let standard = 1 << 20

    /// The request's body, or 413 when it is larger than `limit`.
    package static func collect(_ request: Request, upTo limit: Int = standard) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: limit)
        } catch let error as NIOTooManyBytesError {
            throw tooLarge(error.maxBytes ?? limit)
        }
    }

    /// The 413 for a body over `limit` bytes.
    package static func tooLarge(_ limit: Int = standard) -> APIError {
        let size =
            limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : limit % 1024 == 0 ? "\(limit >> 10) KiB" : "\(limit) bytes"
        return APIError(.contentTooLarge, "too-large", "the body is larger than \(size)")
    }
}

/// The body limit at the edge: a request that announces a body over its route's limit (`Content-Length`) is a 413
/// before anything else reads it; a body sent in chunks meets the same limit where it is read (`BodyLimit.collect`,
/// `maxUploadSize`). Only the photo uploads take more.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// Routes with a limit of their own, by route path: a photo, plus 64 KiB for a form's fields and framing.
    static let larger: [String: Int] = [
        "/api/v1/roofing/projects/{name}/photos": RoofingPhotos.limit,
        "/roofing/projects/{name}/photos": RoofingPhotos.limit,
    ]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let own = context.endpointPath.flatMap { Self.larger[$0] }
        let limit = own ?? BodyLimit.standard
        if let length = request.headers[.contentLength].flatMap({ Int($0) }),
            length > limit + (own == nil ? 0 : 64 * 1024)
        {
            throw own == nil
                ? BodyLimit.tooLarge(limit) : APIError(.contentTooLarge, "too-large", "a photo is at most 20 MiB")
        }
        return try await next(request, context)
    }
}
