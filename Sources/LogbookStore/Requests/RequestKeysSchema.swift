/// v18: the changes sent with an idempotency key (a phone's offline queue, an API client's retry), per user, with
/// the answer each got, so that the same change arriving twice is applied once and answered the same way again.
/// `status` is NULL while the first request is being handled; rows older than `AppDatabase.requestKeyLifetime` are
/// dropped as new ones arrive.
let requestKeysSchemaV18 = """
    CREATE TABLE request_key (
        user_id INTEGER NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        key TEXT NOT NULL CONSTRAINT request_key_key CHECK (length(key) BETWEEN 8 AND 100),
        method TEXT NOT NULL CONSTRAINT request_key_method CHECK (method IN ('POST', 'PUT', 'PATCH', 'DELETE')),
        path TEXT NOT NULL CONSTRAINT request_key_path CHECK (length(path) BETWEEN 1 AND 2000),
        status INTEGER CONSTRAINT request_key_status CHECK (status IS NULL OR status BETWEEN 200 AND 499),
        location TEXT,
        content_type TEXT,
        body BLOB,
        created_at REAL NOT NULL,
        PRIMARY KEY (user_id, key)
    ) STRICT;
    CREATE INDEX request_key_created ON request_key (created_at);
    """
