import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import LogbookStore
import MileageLog
import NIOCore
import Reports
import Roofing
import Synchronization

/// Photos of a project taken with the phone's camera (issue 16 §6): the API takes one photo as the request's body,
/// the project page one per form (`multipart/form-data`, the file input with `capture`). A photo is checked by its
/// content (a text file named `.jpg` is 422) and stored once by hash however often it is sent.
enum RoofingPhotos {
    /// The largest photo taken: 20 MiB.
    static let limit = 20 << 20

    static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        api.get("/roofing/projects/{name}/photos") { _, context in
            let access = try RoofingAccess(environment, try context.requireUser())
            let name = try RoofingAccess.name(context)
            return try RoofingAPI.json(try access.database.roofingPhotos(project: name).map(object))
        }
        api.post("/roofing/projects/{name}/photos") { request, context in
            let access = try RoofingAccess(environment, try context.requireUser())
            try access.requireEditor()
            let query = FormData(
                values: RequestText.query(request).reduce(into: [:]) { $0[String($1.key)] = String($1.value) })
            let bytes = try await collect(request.body)
            let attached = try attach(
                bytes, name: query.text("filename") ?? "photo", caption: query.text("caption") ?? "",
                project: try RoofingAccess.name(context), access)
            return try RoofingAPI.json(object(attached.photo), status: attached.alreadyAttached ? .ok : .created)
        }
        api.get("/roofing/projects/{name}/photos/{id}") { _, context in
            let access = try RoofingAccess(environment, try context.requireUser())
            return try photoResponse(try RoofingAccess.name(context), context.parameters.get("id"), access)
        }
        api.get("/roofing/projects/{name}/photos/{id}/thumbnail") { _, context in
            let access = try RoofingAccess(environment, try context.requireUser())
            return try thumbnailResponse(try RoofingAccess.name(context), context.parameters.get("id"), access)
        }
    }

    static func registerPages(_ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        pages.get("/roofing/projects/{name}/photos/{id}") { request, context in
            let (user, _) = try requireLogin(request, context)
            let access = try RoofingAccess(environment, user)
            return try photoResponse(try RoofingAccess.name(context), context.parameters.get("id"), access)
        }
        pages.get("/roofing/projects/{name}/photos/{id}/thumbnail") { request, context in
            let (user, _) = try requireLogin(request, context)
            let access = try RoofingAccess(environment, user)
            return try thumbnailResponse(try RoofingAccess.name(context), context.parameters.get("id"), access)
        }
        pages.post("/roofing/projects/{name}/photos") { request, context in
            let (user, session) = try requireLogin(request, context)
            // A reader is refused before the upload is read (403, not a 400 about a malformed form).
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            guard let boundary = boundary(request.headers[.contentType]) else {
                throw APIError.badRequest("the photo form is sent as multipart/form-data")
            }
            let parts = try parse(try await collect(request.body), boundary: boundary)
            try requireCSRF(FormData(values: parts.fields), session)
            try RequestText.check(form: parts.fields)
            return try PageFlow.redirecting(to: RoofingPages.projectURL(name) + "#photos") {
                guard let file = parts.file, !file.bytes.isEmpty else {
                    throw APIError.invalid("photo: choose or take a photo", field: "photo")
                }
                _ = try attach(
                    file.bytes, name: file.name, caption: parts.fields["caption"] ?? "", project: name, access)
                return nil
            }
        }
    }

    static func attach(_ bytes: [UInt8], name: String, caption: String, project: String, _ access: RoofingAccess)
        throws -> AttachedRoofingPhoto
    {
        try access.requireEditor()
        try RequestText.check(name, field: "filename")
        try RequestText.check(caption, field: "caption")
        let checked: PhotoFile
        do throws(RoofingError) {
            checked = try PhotoFile(checking: bytes)
        } catch {
            throw APIError.invalid("photo: \(error.message)", field: "photo")
        }
        let photo = NewRoofingPhoto(
            hash: SHA256.hash(data: bytes).hex, kind: checked.kind.rawValue, bytes: Data(bytes),
            caption: String(caption.prefix(500)),
            originalName: String(name.split(separator: "/").last.map(String.init)?.prefix(200) ?? "photo"),
            orientation: checked.orientation)
        let attached = try access.writer.addRoofingPhotos([photo], project: project)
        guard let first = attached.first else { throw APIError.refused("the photo was not attached") }
        return first
    }

    /// Photos are kept by no cache, like the pages: they show customers' houses and whoever stands on the roof, and
    /// the phone or tablet on site is often shared, so nothing of them may outlive the session on it. A thumbnail is
    /// small enough to fetch again with each page.
    static let cacheControl = "no-store"

    static func photo(_ project: String, _ id: String?, _ access: RoofingAccess) throws -> RoofingPhoto {
        guard let id, let number = Int64(id),
            let photo = try access.database.roofingPhotos(project: project).first(where: { $0.id == number })
        else { throw APIError.notFound("\(project) has no photo \(id ?? "")") }
        return photo
    }

    static func photoResponse(_ project: String, _ id: String?, _ access: RoofingAccess) throws -> Response {
        let photo = try photo(project, id, access)
        let bytes = try access.database.roofingPhotoBytes(hash: photo.hash)
        return Response(
            status: .ok, headers: [.contentType: "image/\(photo.kind)", .cacheControl: cacheControl],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The photo at most 480 pixels on its longer side, upright, as a JPEG; a neutral SVG where there is no decoder
    /// (HEIC) or the decoder refuses the file.
    static func thumbnailResponse(_ project: String, _ id: String?, _ access: RoofingAccess) throws -> Response {
        let photo = try photo(project, id, access)
        let kind = PhotoFile.Kind(rawValue: photo.kind) ?? .heic
        let thumbnail: PhotoThumbnail?
        if let cached = thumbnails.withLock({ $0[photo.hash] }) {
            thumbnail = cached
        } else {
            let bytes = try access.database.roofingPhotoBytes(hash: photo.hash)
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

    static func object(_ p: RoofingPhoto) -> [String: Any] {
        [
            "id": Int(p.id), "hash": p.hash, "kind": p.kind, "caption": p.caption, "name": p.originalName,
            "orientation": p.orientation ?? NSNull(), "size": p.size,
        ]
    }

    static func collect(_ body: RequestBody) async throws -> [UInt8] {
        do {
            return Array(try await body.collect(upTo: limit + 64 * 1024).readableBytesView)
        } catch {
            throw APIError(.contentTooLarge, "too-large", "a photo is at most 20 MiB")
        }
    }

    // MARK: multipart/form-data

    static func boundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 70 ? nil : value
            }
        }
        return nil
    }

    struct Parts {
        var fields: [String: String] = [:]
        var file: (name: String, bytes: [UInt8])?
    }

    /// The form's text fields and its first file (RFC 7578); anything malformed is 400.
    static func parse(_ body: [UInt8], boundary: String) throws -> Parts {
        let bytes = Array("\r\n".utf8) + body
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var parts = Parts()
        guard var start = find(delimiter, in: bytes, from: 0) else {
            throw APIError.badRequest("the form has no parts")
        }
        while true {
            var cursor = start + delimiter.count
            if bytes[cursor...].starts(with: Array("--".utf8)) { break }
            guard bytes[cursor...].starts(with: Array("\r\n".utf8)) else {
                throw APIError.badRequest("the form's parts are malformed")
            }
            cursor += 2
            guard let headerEnd = find(Array("\r\n\r\n".utf8), in: bytes, from: cursor),
                let next = find(delimiter, in: bytes, from: headerEnd + 4)
            else { throw APIError.badRequest("the form ends inside a part") }
            let headers = String(decoding: bytes[cursor..<headerEnd], as: UTF8.self)
            let content = Array(bytes[(headerEnd + 4)..<next])
            let disposition =
                headers.components(separatedBy: "\r\n")
                .first { $0.lowercased().hasPrefix("content-disposition:") } ?? ""
            if let name = parameter("name", in: disposition) {
                if let filename = parameter("filename", in: disposition) {
                    if parts.file == nil { parts.file = (filename, content) }
                } else if content.count <= 64 * 1024 {
                    parts.fields[name] = String(decoding: content, as: UTF8.self)
                }
            }
            start = next
        }
        return parts
    }

    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = from
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
