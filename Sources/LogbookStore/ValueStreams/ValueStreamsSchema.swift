/// Value-stream maps (migration v11): a map, its ordered sections and their ordered stickers.
///
/// Names are unique in any case; a sticker's number is below its map's `next_sticker` (so a number is never
/// given twice); kinds, colours, sizes, times and %C&A are checked here as in the model. A future map refers to
/// its current map by row, so renaming the current map keeps the link and deleting it clears it.
let valueStreamsSchemaV11 = """
    CREATE TABLE vsm_map (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE CONSTRAINT vsm_map_name CHECK (length(name) BETWEEN 1 AND 120),
        description TEXT NOT NULL DEFAULT '' CONSTRAINT vsm_map_description CHECK (length(description) <= 2000),
        state TEXT NOT NULL CONSTRAINT vsm_map_state CHECK (state IN ('current', 'future')),
        future_of INTEGER REFERENCES vsm_map (id) ON DELETE SET NULL,
        demand_per_day REAL CONSTRAINT vsm_map_demand CHECK (demand_per_day IS NULL OR demand_per_day > 0),
        available_s REAL CONSTRAINT vsm_map_available CHECK (available_s IS NULL OR available_s > 0),
        next_sticker INTEGER NOT NULL CONSTRAINT vsm_map_next CHECK (next_sticker >= 1),
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        CONSTRAINT vsm_map_future CHECK (future_of IS NULL OR (state = 'future' AND future_of != id))
    ) STRICT;
    CREATE INDEX vsm_map_updated ON vsm_map (updated_at);

    CREATE TABLE vsm_section (
        map_id INTEGER NOT NULL REFERENCES vsm_map (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CONSTRAINT vsm_section_position CHECK (position >= 0),
        name TEXT NOT NULL COLLATE NOCASE CONSTRAINT vsm_section_name CHECK (length(name) BETWEEN 1 AND 120),
        PRIMARY KEY (map_id, position),
        UNIQUE (map_id, name)
    ) STRICT;

    CREATE TABLE vsm_sticker (
        map_id INTEGER NOT NULL,
        number INTEGER NOT NULL CONSTRAINT vsm_sticker_number CHECK (number >= 1),
        section_position INTEGER NOT NULL,
        position INTEGER NOT NULL CONSTRAINT vsm_sticker_position CHECK (position >= 0),
        text TEXT NOT NULL CONSTRAINT vsm_sticker_text CHECK (length(text) BETWEEN 1 AND 500),
        kind TEXT NOT NULL CONSTRAINT vsm_sticker_kind CHECK (kind IN ('value', 'auxiliary', 'waste')),
        background TEXT CONSTRAINT vsm_sticker_background
            CHECK (background IS NULL OR background GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
        font TEXT NOT NULL CONSTRAINT vsm_sticker_font CHECK (length(font) BETWEEN 1 AND 100),
        size REAL NOT NULL CONSTRAINT vsm_sticker_size CHECK (size BETWEEN 6 AND 48),
        process_s REAL NOT NULL CONSTRAINT vsm_sticker_process CHECK (process_s >= 0),
        wait_s REAL NOT NULL CONSTRAINT vsm_sticker_wait CHECK (wait_s >= 0),
        ca REAL CONSTRAINT vsm_sticker_ca CHECK (ca IS NULL OR ca BETWEEN 0 AND 100),
        inventory INTEGER CONSTRAINT vsm_sticker_inventory CHECK (inventory IS NULL OR inventory >= 0),
        PRIMARY KEY (map_id, number),
        UNIQUE (map_id, section_position, position),
        FOREIGN KEY (map_id, section_position) REFERENCES vsm_section (map_id, position) ON DELETE CASCADE
            DEFERRABLE INITIALLY DEFERRED
    ) STRICT;
    CREATE TRIGGER vsm_sticker_number_given BEFORE INSERT ON vsm_sticker
    WHEN NEW.number >= (SELECT next_sticker FROM vsm_map WHERE id = NEW.map_id)
    BEGIN SELECT RAISE(ABORT, 'vsm_sticker_number: a sticker number must be below the map''s next_sticker'); END;
    CREATE TRIGGER vsm_map_next_never_back BEFORE UPDATE OF next_sticker ON vsm_map
    WHEN NEW.next_sticker < OLD.next_sticker
    BEGIN SELECT RAISE(ABORT, 'vsm_map_next: sticker numbers are never given twice'); END;
    """
