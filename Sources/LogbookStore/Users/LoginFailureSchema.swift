/// v19: failed logins, by a hash of what they were counted under (a user name, a client address: neither is kept in
/// the clear), so that every server on one log counts the same attempts. Rows older than the throttle's window are
/// dropped as new ones arrive.
let loginFailureSchemaV19 = """
    CREATE TABLE login_failure (
        key_hash TEXT NOT NULL CONSTRAINT login_failure_key CHECK (length(key_hash) = 64),
        at REAL NOT NULL
    ) STRICT;
    CREATE INDEX login_failure_key_at ON login_failure (key_hash, at);
    """
