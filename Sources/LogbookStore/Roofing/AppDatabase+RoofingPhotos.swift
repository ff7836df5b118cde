import Foundation
import GRDB
import TrackModel

/// A photo on a project: what `roofing photo list` shows.
public struct RoofingPhoto: Sendable, Hashable {
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
            let id = try Self.requireProjectID(name, db)
            try Self.requireChangeable(id, name, operation: "addPhotos", db)
            var attached: [AttachedRoofingPhoto] = []
            for photo in photos {
                let known = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM roofing_photo_blob WHERE hash = ?)", arguments: [photo.hash])
                if known != true {
                    try db.execute(
                        sql: "INSERT INTO roofing_photo_blob (hash, kind, bytes, created_at) VALUES (?, ?, ?, ?)",
                        arguments: [photo.hash, photo.kind, photo.bytes, now])
                }
                let existing = try Int64.fetchOne(
                    db, sql: "SELECT id FROM roofing_project_photo WHERE project_id = ? AND hash = ?",
                    arguments: [id, photo.hash])
                let rowID: Int64
                if let existing {
                    rowID = existing
                } else {
                    try db.execute(
                        sql: """
                            INSERT INTO roofing_project_photo (project_id, hash, caption, original_name, orientation,
                                added_at) VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [id, photo.hash, photo.caption, photo.originalName, photo.orientation, now])
                    rowID = db.lastInsertedRowID
                }
                let stored = try Self.photos(sql: "p.id = ?", [rowID], db)
                guard let row = stored.first else {
                    throw StoreError(.invalidData, operation: "addPhotos", detail: "photo \(rowID) vanished")
                }
                attached.append(
                    AttachedRoofingPhoto(photo: row, storedBytes: known != true, alreadyAttached: existing != nil))
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
            guard
                let data = try Data.fetchOne(
                    db, sql: "SELECT bytes FROM roofing_photo_blob WHERE hash = ?", arguments: [hash])
            else { throw StoreError(.notFound, operation: "photoBytes", detail: "no photo with hash \(hash)") }
            return data
        }
    }

    /// Removes a photo from an open (or revising) project; its bytes go when no project shows them any more.
    public func removeRoofingPhoto(id photo: Int64, project name: String) throws {
        try write("removePhoto") { db in
            let id = try Self.requireProjectID(name, db)
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM roofing_project_photo WHERE id = ? AND project_id = ?)",
                    arguments: [photo, id]) == true
            else {
                throw StoreError(.notFound, operation: "removePhoto", detail: "\(name) has no photo \(photo)")
            }
            try Self.requireChangeable(id, name, operation: "removePhoto", db)
            try db.execute(sql: "DELETE FROM roofing_project_photo WHERE id = ?", arguments: [photo])
        }
    }

    /// How many photo blobs the log stores (for tests and `photo list`'s footnote).
    public func roofingPhotoBlobCount() throws -> Int {
        try read("photoBlobs") { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM roofing_photo_blob") ?? 0 }
    }

    static func requireChangeable(_ id: Int64, _ name: String, operation: String, _ db: Database) throws {
        let status = try String.fetchOne(db, sql: "SELECT status FROM roofing_project WHERE id = ?", arguments: [id])
        guard status == "open" || status == "revising" else {
            throw StoreError(
                .refused, operation: operation,
                detail: "\(name) is \(status ?? "unknown"): a submitted account changes only through a new version")
        }
    }

    static func photos(sql condition: String, _ arguments: StatementArguments, _ db: Database) throws
        -> [RoofingPhoto]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT p.*, b.kind, length(b.bytes) AS size FROM roofing_project_photo p
                JOIN roofing_photo_blob b ON b.hash = p.hash WHERE \(condition) ORDER BY p.id
                """,
            arguments: arguments
        ).map {
            RoofingPhoto(
                id: $0["id"], hash: $0["hash"], kind: $0["kind"], caption: $0["caption"],
                originalName: $0["original_name"], orientation: $0["orientation"], size: $0["size"],
                addedAt: $0["added_at"])
        }
    }
}
