/// The roofer role (migration v17, issue 29 §2): the one user table's role check gains `roofer`. SQLite cannot change
/// a CHECK, so the table is rebuilt as v9 did (same columns, ids kept; the tables that refer to it by id keep
/// their rows, the migrator checks the foreign keys before it commits).
///
/// A roofer works on the roofing projects whose team names a roofer of the user's name: the project's team
/// (`roofing_roofer`) is what records who works on it, so no other table is needed.
let usersSchemaV17 = """
    CREATE TABLE app_user_v17 (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE
            CONSTRAINT app_user_name CHECK (length(name) BETWEEN 1 AND 64 AND name = trim(name)),
        role TEXT NOT NULL CONSTRAINT app_user_role CHECK (role IN (
            'admin', 'accountant', 'driver', 'crew', 'shift-manager', 'restaurant-manager', 'roofer')),
        password_hash TEXT CONSTRAINT app_user_password CHECK (password_hash IS NULL OR password_hash LIKE '$2%'),
        created_at REAL NOT NULL
    );
    INSERT INTO app_user_v17 (id, name, role, password_hash, created_at)
        SELECT id, name, role, password_hash, created_at FROM app_user;
    DROP TABLE app_user;
    ALTER TABLE app_user_v17 RENAME TO app_user;
    """
