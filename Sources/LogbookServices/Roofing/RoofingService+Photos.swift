import Crypto
public import Foundation
import LogbookStore
import MileageLog
import PlainText
public import ReportDocuments
import Roofing

extension RoofingService {
    /// The largest photo taken: 20 MiB.
    public static let photoLimit = 20 << 20

    /// Attaches photos to an open project in one transaction: each checked by its content (a JPEG, PNG or HEIC,
    /// of a plausible size; anything else is refused naming the file, exit 65) and stored once by its SHA-256
    /// however often it is sent. Captions are cut at 500 characters, file names at 200 (without a directory).
    public func addPhotos(project name: String, _ uploads: [RoofingPhotoUpload]) throws -> [RoofingAttachedPhoto] {
        try access.require(.work)
        _ = try visibleProject(name)
        var photos: [NewRoofingPhoto] = []
        for upload in uploads {
            try PlainText.check(upload.filename ?? "", field: "filename", lines: .single)
            try PlainText.check(upload.caption ?? "", field: "caption", lines: .single)
            let checked: PhotoFile
            do throws(RoofingError) {
                checked = try PhotoFile(checking: upload.bytes)
            } catch {
                let file = upload.filename.map { $0 + ": " } ?? ""
                throw ServiceError(.invalid, field: "photo", file + error.message, exitCode: 65)
            }
            let fileName = upload.filename.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "photo"
            photos.append(
                NewRoofingPhoto(
                    hash: SHA256.hash(data: upload.bytes).hex, kind: checked.kind.rawValue, bytes: Data(upload.bytes),
                    caption: String((upload.caption ?? "").prefix(500)), originalName: String(fileName.prefix(200)),
                    orientation: checked.orientation))
        }
        return try writer.addRoofingPhotos(photos, project: name).map {
            RoofingAttachedPhoto(
                photo: RoofingPhotoView($0.photo), storedBytes: $0.storedBytes, alreadyAttached: $0.alreadyAttached)
        }
    }

    /// The project's photos in the order they were added.
    public func photos(project name: String) throws -> [RoofingPhotoView] {
        _ = try visibleProject(name)
        return try database.roofingPhotos(project: name).map(RoofingPhotoView.init)
    }

    /// The photo `id` of the project named, or not found.
    public func photo(project name: String, id: Int64) throws -> RoofingPhotoView {
        _ = try visibleProject(name)
        guard let photo = try database.roofingPhotos(project: name).first(where: { $0.id == id }) else {
            throw ServiceError(.notFound, "\(name) has no photo \(id)")
        }
        return RoofingPhotoView(photo)
    }

    /// A photo's bytes, as stored.
    public func bytes(of photo: RoofingPhotoView) throws -> Data { try database.roofingPhotoBytes(hash: photo.hash) }

    /// Removes a photo from an open project; its bytes go with its last reference.
    public func removePhoto(project name: String, id: Int64) throws {
        try access.require(.work)
        _ = try visibleProject(name)
        try writer.removeRoofingPhoto(id: id, project: name)
    }

    /// The project's photos as files to write: `ID-NAME` with a plain file name whatever is stored, and the GPS
    /// location removed from a JPEG's EXIF unless `keepLocation` (no byte of the image data moves).
    public func exportPhotos(project name: String, keepLocation: Bool) throws -> [RoofingPhotoFile] {
        try photos(project: name).map { photo in
            var bytes = [UInt8](try bytes(of: photo))
            let strip = !keepLocation && PhotoFile.hasLocation(bytes)
            if strip { bytes = PhotoFile.withoutLocation(bytes) }
            let file = "\(photo.id)-" + PlainText.fileName(photo.name, fallback: "photo.\(photo.kind)")
            return RoofingPhotoFile(fileName: file, bytes: bytes, locationRemoved: strip)
        }
    }

    /// The project's photos with their bytes, in the order they were added: the account PDF's appendix.
    public func accountPhotos(project name: String) throws -> [RoofingAccountDocument.Photo] {
        _ = try visibleProject(name)
        return try database.roofingPhotos(project: name).compactMap { photo in
            guard let format = PhotoFile.Kind(rawValue: photo.kind) else { return nil }
            return RoofingAccountDocument.Photo(
                bytes: [UInt8](try database.roofingPhotoBytes(hash: photo.hash)), caption: photo.caption,
                originalName: photo.originalName, orientation: photo.orientation, format: format)
        }
    }
}
