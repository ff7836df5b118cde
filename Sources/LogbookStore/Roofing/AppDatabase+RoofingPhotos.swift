import Foundation
import TrackModel

/// A photo on a project: what `roofing photo list` shows.
public struct RoofingPhoto: Sendable, Hashable, Decodable {
    /// The photo's number (unique in the log; `photo remove` takes it).
    public var id: Int64
    /// The SHA-256 of the photo's bytes, 64 lower-case hexadecimal digits.
    public var hash: String
    /// `jpeg`, `png` or `heic`.
    public var kind: String
    public var caption: String
    public var originalName: String
    /// The EXIF orientation (1–8), if the file had one.
    public var orientation: Int?
    public var size: Int
    public var addedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, hash, kind, caption, orientation, size
        case originalName = "original_name"
        case addedAt = "added_at"
    }
}

extension RoofingPhoto {
    init(row: SQLRow) throws { self = try row.decode() }
}

/// A photo to attach: its checked bytes and what is kept with it.
public struct NewRoofingPhoto: Sendable, Hashable {
    public var hash: String
    public var kind: String
    public var bytes: Data
    public var caption: String
    public var originalName: String
    public var orientation: Int?

    public init(
        hash: String, kind: String, bytes: Data, caption: String, originalName: String, orientation: Int?
    ) {
        self.hash = hash
        self.kind = kind
        self.bytes = bytes
        self.caption = caption
        self.originalName = originalName
        self.orientation = orientation
    }
}

/// What became of a photo attached: its row, whether its bytes were new to the log, and whether the project had it
/// already (then nothing changed).
public struct AttachedRoofingPhoto: Sendable, Hashable {
    public var photo: RoofingPhoto
    public var storedBytes: Bool
    public var alreadyAttached: Bool
}

extension AppDatabase {
    /// Attaches photos to an open (or revising) project in one transaction, storing each photo's bytes once by
    /// hash. A submitted or settled project is refused.
    public func addRoofingPhotos(_ photos: [NewRoofingPhoto], project name: String) throws -> [AttachedRoofingPhoto] {
        let now = clock().secondsSince1970
        return try write("addPhotos") { db in
            let project = try Self.requireProject(name, db)
            let id = try Self.rowID(project.id, operation: "addPhotos")
            try Self.requireChangeable(project, name, operation: "addPhotos")
            var attached: [AttachedRoofingPhoto] = []
            for photo in photos {
                let known =
                    try Int64.fetchOne(
                        db, sql: "SELECT 1 FROM roofing_photo_blob WHERE hash = ?", arguments: [photo.hash]) != nil
                if !known {
                    try RoofingPhotoBlobRecord(hash: photo.hash, kind: photo.kind, bytes: photo.bytes, createdAt: now)
                        .insert(db)
                }
                let existing = try RoofingProjectPhotoRecord.fetchOne(
                    db, where: "project_id = ? AND hash = ?", [id, photo.hash])
                var row =
                    existing
                    ?? RoofingProjectPhotoRecord(
                        projectID: id, hash: photo.hash, caption: photo.caption, originalName: photo.originalName,
                        orientation: photo.orientation, addedAt: now)
                if existing == nil { row.id = try row.insertReturningID(db) }
                let rowID = try Self.rowID(row.id, operation: "addPhotos")
                guard let stored = try Self.photos(sql: "p.id = ?", [rowID], db).first else {
                    throw StoreError(.invalidData, operation: "addPhotos", detail: "photo \(rowID) vanished")
                }
                attached.append(
                    AttachedRoofingPhoto(photo: stored, storedBytes: !known, alreadyAttached: existing != nil))
            }
            return attached
        }
    }

    /// The project's photos in the order they were added.
    public func roofingPhotos(project name: String) throws -> [RoofingPhoto] {
        try read("photos") { db in
            try Self.photos(sql: "p.project_id = ?", [try Self.requireProjectID(name, db)], db)
        }
    }

    /// The bytes of a stored photo.
    public func roofingPhotoBytes(hash: String) throws -> Data {
        try read("photoBytes") { db in
            guard let blob = try RoofingPhotoBlobRecord.fetchOne(db, where: "hash = ?", [hash]) else {
                throw StoreError(.notFound, operation: "photoBytes", detail: "no photo with hash \(hash)")
            }
            return blob.bytes
        }
    }

    /// Removes a photo from an open (or revising) project; its bytes go when no project shows them any more.
    public func removeRoofingPhoto(id photo: Int64, project name: String) throws {
        try write("removePhoto") { db in
            let project = try Self.requireProject(name, db)
            let id = try Self.rowID(project.id, operation: "removePhoto")
            guard
                try Int64.fetchOne(
                    db, sql: "SELECT id FROM roofing_project_photo WHERE id = ? AND project_id = ?",
                    arguments: [photo, id]) != nil
            else {
                throw StoreError(.notFound, operation: "removePhoto", detail: "\(name) has no photo \(photo)")
            }
            try Self.requireChangeable(project, name, operation: "removePhoto")
            try db.execute(sql: "DELETE FROM roofing_project_photo WHERE id = ?", arguments: [photo])
        }
    }

    /// How many photo blobs the log stores (for tests and `photo list`'s footnote).
    public func roofingPhotoBlobCount() throws -> Int {
        try read("photoBlobs") { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM roofing_photo_blob") ?? 0
        }
    }

    static func requireChangeable(_ project: RoofingProjectRecord, _ name: String, operation: String) throws {
        guard project.status == "open" || project.status == "revising" else {
            throw StoreError(
                .refused, operation: operation,
                detail: "\(name) is \(project.status): a submitted account changes only through a new version")
        }
    }

    /// Photos with their kind and size (from their blob), in the order they were added.
    static func photos(sql condition: String, _ arguments: SQLArguments, _ db: any SQLSession) throws
        -> [RoofingPhoto]
    {
        try SQLRow.fetchAll(
            db,
            sql: """
                SELECT p.id, p.hash, b.kind, p.caption, p.original_name, p.orientation, length(b.bytes) AS size,
                    p.added_at
                FROM roofing_project_photo p JOIN roofing_photo_blob b ON b.hash = p.hash
                WHERE \(condition) ORDER BY p.id
                """,
            arguments: arguments
        ).map(RoofingPhoto.init(row:))
    }
}
