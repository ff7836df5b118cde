import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices
import NIOCore
import Reports
import Roofing
import Synchronization

/// Photos of a project taken with the phone's camera (issue 16 §6): the API takes one photo as the request's body,
/// the project page one per form (`multipart/form-data`, the file input with `capture`). A photo is checked by its
/// content (a text file named `.jpg` is 422) and stored once by hash however often it is sent.
enum RoofingPhotos {
    /// The largest photo taken: 20 MiB.
    static let limit = RoofingService.photoLimit

    static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        typealias R = RoofingRequests
        api.get("/roofing/projects/{name}/photos") { _, context in
            let service = try R.service(environment, try context.requireUser())
            return try R.json(try service.photos(project: try R.name(context)))
        }
        api.post("/roofing/projects/{name}/photos") { request, context in
            let service = try R.service(environment, try context.requireUser(), level: .work)
            // The query's text as sent (a CR LF is not a form's line break here): the service holds it to the
            // plain-text rule.
            let query = RequestText.query(request)
            func text(_ key: String) -> String? {
                guard let value = query[Substring(key)]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                    return nil
                }
                return value
            }
            let upload = RoofingPhotoUpload(
                bytes: try await collect(request.body), filename: text("filename"), caption: text("caption"))
            guard let attached = try service.addPhotos(project: try R.name(context), [upload]).first else {
                throw ServiceError(.refused, "the photo was not attached")
            }
            return try R.json(attached.photo, status: attached.alreadyAttached ? .ok : .created)
        }
        api.get("/roofing/projects/{name}/photos/{id}") { _, context in
            let service = try R.service(environment, try context.requireUser())
            return try photoResponse(try photo(context, service), service)
        }
        api.delete("/roofing/projects/{name}/photos/{id}") { _, context in
            let service = try R.service(environment, try context.requireUser(), level: .work)
            try service.removePhoto(project: try R.name(context), id: try photo(context, service).id)
            return Response(status: .noContent)
        }
        api.get("/roofing/projects/{name}/photos/{id}/thumbnail") { _, context in
            let service = try R.service(environment, try context.requireUser())
            return try thumbnailResponse(try photo(context, service), service)
        }
    }

    static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        typealias R = RoofingRequests
        pages.get("/roofing/projects/{name}/photos/{id}") { request, context in
            let (user, _) = try requireLogin(request, context)
            let service = try R.service(environment, user)
            return try photoResponse(try photo(context, service), service)
        }
        pages.get("/roofing/projects/{name}/photos/{id}/thumbnail") { request, context in
            let (user, _) = try requireLogin(request, context)
            let service = try R.service(environment, user)
            return try thumbnailResponse(try photo(context, service), service)
        }
        pages.post("/roofing/projects/{name}/photos") { request, context in
            let (user, session) = try requireLogin(request, context)
            // A reader is refused before the upload is read (403, not a 400 about a malformed form).
            let service = try R.service(environment, user, level: .work)
            let name = try R.name(context)
            guard let boundary = MultipartForm.boundary(request.headers[.contentType]) else {
                throw APIError.badRequest("the photo form is sent as multipart/form-data")
            }
            let parts = try MultipartForm.parse(try await collect(request.body), boundary: boundary)
            let form = FormData(values: parts.fields)
            try requireCSRF(form, session)
            try RequestText.check(form: parts.fields)
            do {
                guard let file = parts.file, !file.bytes.isEmpty else {
                    throw ServiceError(.invalid, field: "photo", "choose or take a photo")
                }
                _ = try service.addPhotos(
                    project: name,
                    [RoofingPhotoUpload(bytes: file.bytes, filename: file.name, caption: parts.fields["caption"])])
                return PageRenderer.redirect(RoofingPages.projectURL(name) + "#photos")
            } catch {
                // Refused (not a photo, too large in pixels): the project page again, the words beside the field.
                guard let problem = FormProblem(error, form: "photo", fields: ["photo", "caption"]) else { throw error }
                return try RoofingPages.projectPage(
                    service, name, user: user, session: session, problem: problem, typed: form,
                    environment: environment, renderer: renderer)
            }
        }
    }

    /// The photo numbered in the address, of the project named; a number the project has not is 404.
    static func photo(_ context: AppRequestContext, _ service: RoofingService) throws -> RoofingPhotoView {
        let name = try RoofingRequests.name(context)
        let id = try RequestText.path(context, "id", missing: "no such photo")
        guard let number = Int64(id) else { throw ServiceError(.notFound, "\(name) has no photo \(id.prefix(20))") }
        return try service.photo(project: name, id: number)
    }

    /// Photos are kept by no cache, like the pages: they show customers' houses and whoever stands on the roof, and
    /// the phone or tablet on site is often shared, so nothing of them may outlive the session on it. A thumbnail is
    /// small enough to fetch again with each page.
    static let cacheControl = "no-store"

    static func photoResponse(_ photo: RoofingPhotoView, _ service: RoofingService) throws -> Response {
        let bytes = try service.bytes(of: photo)
        return Response(
            status: .ok, headers: [.contentType: "image/\(photo.kind)", .cacheControl: cacheControl],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The photo at most 480 pixels on its longer side, upright, as a JPEG; a neutral SVG where there is no decoder
    /// (HEIC) or the decoder refuses the file.
    static func thumbnailResponse(_ photo: RoofingPhotoView, _ service: RoofingService) throws -> Response {
        let kind = PhotoFile.Kind(rawValue: photo.kind) ?? .heic
        let thumbnail: PhotoThumbnail?
        if let cached = thumbnails.withLock({ $0[photo.hash] }) {
            thumbnail = cached
        } else {
            let bytes = try service.bytes(of: photo)
            thumbnail = PhotoThumbnail(photo: [UInt8](bytes), kind: kind, orientation: photo.orientation)
            thumbnails.withLock { cache in
                if cache.count >= 256 { cache.removeAll() }
                cache[photo.hash] = .some(thumbnail)
            }
        }
        guard let thumbnail else {
            return Response(
                status: .ok,
                headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: cacheControl],
                body: .init(byteBuffer: ByteBuffer(string: PhotoThumbnail.placeholderSVG(kind: kind))))
        }
        return Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: cacheControl],
            body: .init(byteBuffer: ByteBuffer(bytes: thumbnail.jpeg)))
    }

    /// Thumbnails made, by the photo's hash (a photo's bytes never change under its hash): at most 256 of about
    /// 30 KB, emptied when full. `nil` inside is "no thumbnail" remembered.
    static let thumbnails = Mutex<[String: PhotoThumbnail?]>([:])

    static func collect(_ body: RequestBody) async throws -> [UInt8] {
        do {
            return Array(try await body.collect(upTo: limit + 64 * 1024).readableBytesView)
        } catch {
            throw APIError(.contentTooLarge, "too-large", "a photo is at most 20 MiB")
        }
    }
}
