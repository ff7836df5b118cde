extension PostgresSchema {
    /// v10: names are unique and found without regard to the case of ASCII letters only, as SQLite's `NOCASE` does
    /// (`lower` folded every letter, so `Émile` and `émile` were one driver on PostgreSQL and two on SQLite, and a log
    /// holding both could not move from SQLite to PostgreSQL). `logbook_fold` is that fold; every unique name index is
    /// made again on it, and the store compares names with it (`SQLDialect.sameName`).
    static let asciiNameCase = PostgresMigration(
        version: 10, name: "names unique without regard to ASCII case, as SQLite's NOCASE",
        statements: [
            """
            CREATE FUNCTION logbook_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
                SELECT translate(value, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
            $$
            """
        ]
            + [
                ("vehicle_plate_unique", "vehicle", "logbook_fold(plate)"),
                ("app_user_name_unique", "app_user", "logbook_fold(name)"),
                ("driver_name_unique", "driver", "logbook_fold(name)"),
                ("regular_trip_name_unique", "regular_trip", "logbook_fold(name)"),
                ("place_name_unique", "place", "logbook_fold(name)"),
                ("rule_name_unique", "rule", "logbook_fold(name)"),
                ("device_name_unique", "device", "logbook_fold(name)"),
                ("checklist_restaurant_name_unique", "checklist_restaurant", "logbook_fold(name)"),
                ("hours_link_name_once", "hours_link", "coalesce(driver_id, 0), logbook_fold(name)"),
                ("roofing_catalogue_name_unique", "roofing_catalogue", "logbook_fold(name)"),
                ("roofing_project_name_unique", "roofing_project", "logbook_fold(name)"),
                ("vsm_map_name_unique", "vsm_map", "logbook_fold(name)"),
                ("vsm_section_name_unique", "vsm_section", "map_id, logbook_fold(name)"),
            ].flatMap { index, table, key in
                ["DROP INDEX \(index)", "CREATE UNIQUE INDEX \(index) ON \(table) (\(key))"]
            })
}
