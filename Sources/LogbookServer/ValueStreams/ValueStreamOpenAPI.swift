/// Value-stream maps' operations in the API's OpenAPI document (schemas inline: the map document itself is
/// specified by `docs/value-stream-map.schema.json`).
extension OpenAPIDocument {
    static var vsmMapPath: (String, [String: Any], String) {
        (
            "name", ["type": "string", "minLength": 1, "maxLength": 120, "description": "The map's name (any case)"],
            "path"
        )
    }
    static var vsmSectionPath: (String, [String: Any], String) {
        (
            "section", ["type": "string", "minLength": 1, "maxLength": 120, "description": "The section (any case)"],
            "path"
        )
    }
    static var vsmStickerPath: (String, [String: Any], String) {
        ("id", ["type": "integer", "minimum": 1, "description": "The sticker's number in the map"], "path")
    }

    /// The map document of `vsm show --format json`: the map's JSON format with `measures` for the map and each
    /// section, and a future map's `comparison` with its current map.
    static var vsmMapSchema: [String: Any] {
        let measures: [String: Any] = [
            "type": "object",
            "required": [
                "lead_time_s", "process_time_s", "value_added_s", "waiting_s", "pce", "rolled_ca", "takt_s", "by_kind",
            ],
            "properties": [
                "lead_time_s": ["type": "number"], "process_time_s": ["type": "number"],
                "value_added_s": ["type": "number"], "waiting_s": ["type": "number"],
                "non_value_added_s": ["type": "number"], "pce": ["type": ["number", "null"]],
                "rolled_ca": ["type": ["number", "null"]], "takt_s": ["type": ["number", "null"]],
                "stickers": ["type": "integer"], "by_kind": ["type": "object"],
            ],
        ]
        return [
            "type": "object", "required": ["format", "version", "name", "state", "sections", "measures"],
            "properties": [
                "format": ["type": "string", "const": "logbook-value-stream-map"], "version": ["type": "integer"],
                "name": ["type": "string"], "description": ["type": "string"],
                "state": ["type": "string", "enum": ["current", "future"]], "future_of": ["type": ["string", "null"]],
                "demand_per_day": ["type": ["number", "null"]],
                "available_time_per_day_s": ["type": ["number", "null"]],
                "created": ["type": "string", "format": "date-time"],
                "updated": ["type": "string", "format": "date-time"], "next_sticker_id": ["type": "integer"],
                "sections": ["type": "array", "items": ["type": "object"]], "measures": measures,
                "comparison": ["type": "object"],
            ],
        ]
    }

    static var vsmStickerSchema: [String: Any] {
        [
            "type": "object", "required": ["id", "text", "kind", "section", "position"],
            "properties": [
                "id": ["type": "integer"], "text": ["type": "string"],
                "kind": ["type": "string", "enum": ["value", "auxiliary", "waste"]],
                "background": ["type": ["string", "null"]], "font": ["type": "string"], "size": ["type": "number"],
                "process_s": ["type": "number"], "wait_s": ["type": "number"], "ca": ["type": ["number", "null"]],
                "inventory": ["type": ["integer", "null"]], "section": ["type": "string"],
                "position": ["type": "integer"], "map": ["type": "string"],
            ],
        ]
    }

    /// The fields of a sticker (add and patch).
    static var vsmStickerFields: [String: Any] {
        let seconds: [String: Any] = ["type": "number", "minimum": 0, "maximum": 315_360_000]
        return [
            "text": ["type": "string", "minLength": 1, "maxLength": 500],
            "kind": ["type": "string", "enum": ["value", "auxiliary", "waste"]],
            "background": [
                "type": ["string", "null"], "description": "#RRGGBB or a colour name; null: the kind's colour",
            ],
            "font": ["type": "string", "maxLength": 100], "size": ["type": "number", "minimum": 6, "maximum": 48],
            "process_s": seconds, "wait_s": seconds,
            "ca": ["type": ["number", "null"], "minimum": 0, "maximum": 100],
            "inventory": ["type": ["integer", "null"], "minimum": 0],
        ]
    }

    static var vsmMapFields: [String: Any] {
        [
            "name": ["type": "string", "minLength": 1, "maxLength": 120],
            "description": ["type": "string", "maxLength": 2000],
            "demand_per_day": ["type": ["number", "null"], "minimum": 0.001, "maximum": 1_000_000_000],
            "available_time_per_day_s": ["type": ["number", "null"], "exclusiveMinimum": 0, "maximum": 86_400],
            "future_of": ["type": ["string", "null"], "description": "The current map this map improves"],
        ]
    }

    static var valueStreamOperations: [Operation] {
        let map = vsmMapSchema
        let changeErrors = [400, 401, 403, 404, 409, 422]
        let position: [String: Any] = ["type": "integer", "minimum": 1]
        var operations = [
            Operation(
                method: "get", path: "/api/v1/vsm/maps",
                summary: "The maps, the last saved first, with lead time and PCE (the `vsm list --format json` rows)",
                successSchema: ["type": "array", "items": ["type": "object"]], errors: [401, 403]),
            Operation(
                method: "post", path: "/api/v1/vsm/maps",
                summary: "Create an empty map (a future state when `future_of` names a current map)",
                body: ["type": "object", "required": ["name"], "properties": vsmMapFields], success: 201,
                successSchema: map, errors: changeErrors),
            Operation(
                method: "get", path: "/api/v1/vsm/maps/{name}",
                summary: "A map with its measures (the `vsm show --format json` document)", query: [vsmMapPath],
                successSchema: map, errors: [401, 403, 404]),
            Operation(
                method: "patch", path: "/api/v1/vsm/maps/{name}",
                summary: "Rename a map or change its description, demand, available time or the map it improves "
                    + "(null clears; `future_of` null makes it a current state)",
                query: [vsmMapPath], body: ["type": "object", "properties": vsmMapFields], successSchema: map,
                errors: changeErrors),
            Operation(
                method: "delete", path: "/api/v1/vsm/maps/{name}", summary: "Delete a map", query: [vsmMapPath],
                success: 204, errors: [401, 403, 404]),
            Operation(
                method: "post", path: "/api/v1/vsm/maps/{name}/duplicate",
                summary: "Copy a map under a new name (`future`: as its future state)", query: [vsmMapPath],
                body: [
                    "type": "object", "required": ["name"],
                    "properties": [
                        "name": ["type": "string", "minLength": 1, "maxLength": 120], "future": ["type": "boolean"],
                    ],
                ], success: 201, successSchema: map, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/vsm/maps/{name}/sections",
                summary: "Add a section (at the end unless `position`)", query: [vsmMapPath],
                body: [
                    "type": "object", "required": ["name"],
                    "properties": [
                        "name": ["type": "string", "minLength": 1, "maxLength": 120], "position": position,
                    ],
                ], success: 201, successSchema: map, errors: changeErrors),
            Operation(
                method: "patch", path: "/api/v1/vsm/maps/{name}/sections/{section}",
                summary: "Rename a section and/or move it to a position", query: [vsmMapPath, vsmSectionPath],
                body: [
                    "type": "object",
                    "properties": [
                        "name": ["type": "string", "minLength": 1, "maxLength": 120], "position": position,
                    ],
                ], successSchema: map, errors: changeErrors),
            Operation(
                method: "delete", path: "/api/v1/vsm/maps/{name}/sections/{section}",
                summary: "Remove a section with its stickers", query: [vsmMapPath, vsmSectionPath], success: 204,
                errors: [401, 403, 404]),
            Operation(
                method: "post", path: "/api/v1/vsm/maps/{name}/stickers",
                summary: "Add a sticker: after the last one of the last section (or `section`), or at `position`; "
                    + "answers the sticker with its number",
                query: [vsmMapPath],
                body: [
                    "type": "object", "required": ["text", "kind"],
                    "properties": vsmStickerFields.merging([
                        "section": ["type": "string", "maxLength": 120], "position": position,
                    ]) { $1 },
                ], success: 201, successSchema: vsmStickerSchema, errors: changeErrors),
            Operation(
                method: "patch", path: "/api/v1/vsm/maps/{name}/stickers/{id}",
                summary: "Change a sticker (null clears background, %C&A and inventory)",
                query: [vsmMapPath, vsmStickerPath], body: ["type": "object", "properties": vsmStickerFields],
                successSchema: vsmStickerSchema, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/vsm/maps/{name}/stickers/{id}/move",
                summary: "Move a sticker to a position of its section, or of `section`",
                query: [vsmMapPath, vsmStickerPath],
                body: [
                    "type": "object", "required": ["position"],
                    "properties": ["position": position, "section": ["type": "string", "maxLength": 120]],
                ], successSchema: vsmStickerSchema, errors: changeErrors),
            Operation(
                method: "delete", path: "/api/v1/vsm/maps/{name}/stickers/{id}", summary: "Remove a sticker",
                query: [vsmMapPath, vsmStickerPath], success: 204, errors: [401, 403, 404]),
            Operation(
                method: "get", path: "/api/v1/vsm/search",
                summary: "Maps by name and stickers by text across all maps (any case, any accents)",
                query: [("q", ["type": "string", "minLength": 1, "maxLength": 200], "query")],
                successSchema: [
                    "type": "object", "required": ["maps", "stickers"],
                    "properties": [
                        "query": ["type": "string"], "maps": ["type": "array", "items": ["type": "object"]],
                        "stickers": ["type": "array", "items": ["type": "object"]],
                    ],
                ], errors: [401, 403, 422]),
            Operation(
                method: "post", path: "/api/v1/vsm/import",
                summary: "Import a map in its JSON format (201; 200 when `replace` overwrote one of the same name)",
                query: [
                    ("name", ["type": "string", "minLength": 1, "maxLength": 120], "query"),
                    ("replace", ["type": "boolean"], "query"),
                ],
                body: [
                    "type": "object", "required": ["name"],
                    "description": "A map in the format of docs/value-stream-map.schema.json",
                ],
                success: 201, successSchema: map, errors: changeErrors),
        ]
        for (format, type) in [
            ("json", "application/json"), ("pdf", "application/pdf"), ("svg", "image/svg+xml"),
            ("png", "image/png"),
        ] {
            var query = [vsmMapPath]
            if format == "pdf" {
                query.append(("paper", ["type": "string", "enum": ["a4", "a3", "letter"]], "query"))
            }
            operations.append(
                Operation(
                    method: "get", path: "/api/v1/vsm/maps/{name}/export.\(format)",
                    summary: format == "json"
                        ? "The map in its JSON format, to save (what import reads)"
                        : "The map drawn as \(format.uppercased()): the timeline, its ladder and the measures",
                    query: query, successSchema: ["type": "string", "format": "binary"], successType: type,
                    errors: format == "pdf" ? [401, 403, 404, 422, 500] : [401, 403, 404, 500]))
        }
        return operations
    }
}
