/// Roofing photos (migration v13): each photo's bytes stored once by their SHA-256 (`roofing_photo_blob`, however
/// many projects show it) and a project's photos (`roofing_project_photo`: the hash, caption, the file's original
/// name, the EXIF orientation and when it was added). A photo appears once on a project; a blob no photo refers to
/// any more is deleted with its last reference; a submitted or settled project's photos change like its other
/// entries: not at all (only through a revision).
let roofingSchemaV13: String = {
    var sql = """
        CREATE TABLE roofing_photo_blob (
            hash TEXT NOT NULL PRIMARY KEY
                CONSTRAINT roofing_photo_blob_hash CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*'),
            kind TEXT NOT NULL CONSTRAINT roofing_photo_blob_kind CHECK (kind IN ('jpeg', 'png', 'heic')),
            bytes BLOB NOT NULL CONSTRAINT roofing_photo_blob_bytes CHECK (length(bytes) > 0),
            created_at REAL NOT NULL
        ) STRICT;

        CREATE TABLE roofing_project_photo (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            hash TEXT NOT NULL REFERENCES roofing_photo_blob (hash) ON DELETE RESTRICT,
            caption TEXT NOT NULL DEFAULT '',
            original_name TEXT NOT NULL
                CONSTRAINT roofing_project_photo_name CHECK (length(original_name) BETWEEN 1 AND 255),
            orientation INTEGER
                CONSTRAINT roofing_project_photo_orientation CHECK (orientation IS NULL OR orientation BETWEEN 1 AND 8),
            added_at REAL NOT NULL,
            UNIQUE (project_id, hash)
        ) STRICT;
        CREATE INDEX roofing_project_photo_hash ON roofing_project_photo (hash);

        CREATE TRIGGER roofing_photo_blob_unused AFTER DELETE ON roofing_project_photo
        WHEN NOT EXISTS (SELECT 1 FROM roofing_project_photo WHERE hash = OLD.hash)
        BEGIN DELETE FROM roofing_photo_blob WHERE hash = OLD.hash; END;

        """
    for (event, row) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
        sql += """
            CREATE TRIGGER roofing_project_photo_locked_\(event.lowercased()) BEFORE \(event) ON roofing_project_photo
            WHEN (SELECT status FROM roofing_project WHERE id = \(row).project_id) IN ('submitted', 'settled')
            BEGIN
                SELECT RAISE(ABORT, 'roofing_project_locked: a submitted account changes only through a new version');
            END;

            """
    }
    return sql
}()
