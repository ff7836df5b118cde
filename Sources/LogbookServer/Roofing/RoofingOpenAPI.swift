/// Roofing accounts' operations in the API's OpenAPI document. Amounts and quantities are strings of exact
/// decimals; the account inside a project is the `roofing account --format json` document (see the README).
extension OpenAPIDocument {
    static var roofingProjectPath: (String, [String: Any], String) {
        ("name", ["type": "string", "minLength": 1, "maxLength": 200, "description": "The project (any case)"], "path")
    }
    static var roofingLinePath: (String, [String: Any], String) {
        ("line", ["type": "integer", "minimum": 1, "description": "The line's number in the project"], "path")
    }
    static var roofingDecimal: [String: Any] {
        ["type": "string", "pattern": "^-?[0-9]+([.,][0-9]+)?$", "description": "An exact decimal"]
    }

    static var roofingProjectSchema: [String: Any] {
        [
            "type": "object", "required": ["name", "status", "lines", "roofers", "account"],
            "properties": [
                "name": ["type": "string"], "address": ["type": "string"], "customer": ["type": "string"],
                "start": ["type": ["string", "null"], "format": "date"],
                "end": ["type": ["string", "null"], "format": "date"],
                "status": ["type": "string", "enum": ["open", "submitted", "revising", "settled"]],
                "catalogue": ["type": "string"], "currency": ["type": "string"], "guaranteed_rate": roofingDecimal,
                "roofers": ["type": "array", "items": ["type": "object"]],
                "lines": ["type": "array", "items": roofingLineSchema], "versions": ["type": "integer"],
                "version": ["type": "integer", "description": "After submit: the version recorded"],
                "account": [
                    "type": ["object", "null"],
                    "description": "The account (`roofing account --format json`); null with `account_error`",
                ],
                "account_error": ["type": "string"],
            ],
        ]
    }

    static var roofingLineSchema: [String: Any] {
        [
            "type": "object", "required": ["line", "pos", "quantity", "unit_price", "amount"],
            "properties": [
                "line": ["type": "integer"], "pos": ["type": "string"], "section": ["type": "string"],
                "name": ["type": "string"], "unit": ["type": "string"], "quantity": roofingDecimal,
                "unit_price": roofingDecimal, "amount": roofingDecimal, "note": ["type": "string"],
                "project": ["type": "string"],
            ],
        ]
    }

    static var roofingOperations: [Operation] {
        let project = roofingProjectSchema
        let changeErrors = [400, 401, 403, 404, 409, 422]
        let text: [String: Any] = ["type": "string", "minLength": 1, "maxLength": 500]
        var operations = [
            Operation(
                method: "get", path: "/api/v1/roofing/catalogues",
                summary: "The catalogues with their number of activities, supplements and indexings",
                successSchema: ["type": "array", "items": ["type": "object"]], errors: [401, 403]),
            Operation(
                method: "get", path: "/api/v1/roofing/catalogues/{name}/search",
                summary: "Activities by position or name, accent- and case-insensitive, best first (at most 50), "
                    + "priced on `date` (default today)",
                query: [
                    ("name", ["type": "string", "minLength": 1, "description": "The catalogue (any case)"], "path"),
                    ("q", ["type": "string", "minLength": 1, "maxLength": 200], "query"),
                    ("date", ["type": "string", "format": "date"], "query"),
                ],
                successSchema: ["type": "array", "items": ["type": "object"]], errors: [401, 403, 404, 422]),
            Operation(
                method: "get", path: "/api/v1/roofing/projects",
                summary: "The projects, the last changed first (the `roofing project list --format json` rows, "
                    + "`selected` true for the one the command line has selected)",
                successSchema: ["type": "array", "items": ["type": "object"]], errors: [401, 403]),
            Operation(
                method: "post", path: "/api/v1/roofing/projects",
                summary: "Create an open project priced from a catalogue (the only one when none is named)",
                body: [
                    "type": "object", "required": ["name"],
                    "properties": [
                        "name": ["type": "string", "minLength": 1, "maxLength": 200], "address": text,
                        "customer": text, "catalogue": ["type": "string"],
                        "start": ["type": "string", "format": "date"], "end": ["type": "string", "format": "date"],
                        "guaranteed_rate": roofingDecimal,
                        "roofers": [
                            "type": "array", "items": ["type": "string", "description": "NAME or NAME:HOURS"],
                        ],
                    ],
                ], success: 201, successSchema: project, errors: changeErrors),
            Operation(
                method: "get", path: "/api/v1/roofing/projects/{name}",
                summary: "A project with its numbered lines and its account (`roofing project show --format json`)",
                query: [roofingProjectPath],
                successSchema: project, errors: [401, 403, 404]),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/lines",
                summary: "Add a line: the catalogue's activity at `pos` (priced on the project's first day) with a "
                    + "quantity (201 with the line's number)",
                query: [roofingProjectPath],
                body: [
                    "type": "object", "required": ["pos", "quantity"],
                    "properties": ["pos": ["type": "string"], "quantity": roofingDecimal, "note": text],
                ], success: 201, successSchema: roofingLineSchema, errors: changeErrors),
            Operation(
                method: "patch", path: "/api/v1/roofing/projects/{name}/lines/{line}",
                summary: "Change a line's quantity or note (the price stays as accounted)",
                query: [roofingProjectPath, roofingLinePath],
                body: ["type": "object", "properties": ["quantity": roofingDecimal, "note": text]],
                successSchema: roofingLineSchema, errors: changeErrors),
            Operation(
                method: "delete", path: "/api/v1/roofing/projects/{name}/lines/{line}", summary: "Remove a line",
                query: [roofingProjectPath, roofingLinePath], success: 204, errors: [401, 403, 404, 409]),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/extra-work",
                summary: "Add extra work: `hours` at `rate`, or a fixed `amount`", query: [roofingProjectPath],
                body: [
                    "type": "object", "required": ["text"],
                    "properties": [
                        "text": text, "hours": roofingDecimal, "rate": roofingDecimal, "amount": roofingDecimal,
                    ],
                ], success: 201, successSchema: project, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/deductions",
                summary: "Add a deduction (a positive amount taken off the account)", query: [roofingProjectPath],
                body: [
                    "type": "object", "required": ["text", "amount"],
                    "properties": ["text": text, "amount": roofingDecimal],
                ], success: 201, successSchema: project, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/advances",
                summary: "Record an advance paid to the team on account", query: [roofingProjectPath],
                body: [
                    "type": "object", "required": ["amount", "date"],
                    "properties": [
                        "amount": roofingDecimal, "date": ["type": "string", "format": "date"], "note": text,
                    ],
                ], success: 201, successSchema: project, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/hours",
                summary: "Set the hours a roofer worked (adds the roofer if new)", query: [roofingProjectPath],
                body: [
                    "type": "object", "required": ["roofer", "hours"],
                    "properties": ["roofer": ["type": "string", "minLength": 1], "hours": roofingDecimal],
                ], successSchema: project, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/submit",
                summary: "Submit the account: locked as its next version (409 when submitted already)",
                query: [roofingProjectPath], successSchema: project, errors: [401, 403, 404, 409],
                bodyRequired: false),
            Operation(
                method: "delete", path: "/api/v1/roofing/projects/{name}",
                summary: "Delete an open project with its lines and photos (409 once submitted: the account is kept)",
                query: [roofingProjectPath], success: 204, errors: [401, 403, 404, 409]),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/supplements",
                summary: "Add a supplement: the `%` activity at `pos` of the project's catalogue, on its base (201 "
                    + "with the project)",
                query: [roofingProjectPath],
                body: ["type": "object", "required": ["pos"], "properties": ["pos": ["type": "string"]]],
                success: 201, successSchema: project, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/split",
                summary: "Agree a split instead of the equal hourly rate: a percentage for each roofer (summing to "
                    + "100) or an amount for each (summing to the total), checked against the account at once; `{}` "
                    + "returns to the equal hourly rate",
                query: [roofingProjectPath],
                body: [
                    "type": "object",
                    "properties": [
                        "percentages": ["type": "object", "additionalProperties": roofingDecimal],
                        "amounts": ["type": "object", "additionalProperties": roofingDecimal],
                    ],
                ], successSchema: project, errors: changeErrors, bodyRequired: false),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/revise",
                summary: "Reopen a submitted account for its next version, with the reason the next submission "
                    + "records",
                query: [roofingProjectPath],
                body: ["type": "object", "required": ["reason"], "properties": ["reason": text]],
                successSchema: project, errors: changeErrors),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/settle",
                summary: "Mark a submitted account settled (paid out): its last version (`version`); nothing "
                    + "changes after it",
                query: [roofingProjectPath], successSchema: project, errors: [401, 403, 404, 409],
                bodyRequired: false),
            Operation(
                method: "get", path: "/api/v1/roofing/projects/{name}/history",
                summary: "The account's versions: who, when, why, what changed and the total (`roofing history "
                    + "--format json`)",
                query: [roofingProjectPath],
                successSchema: [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "properties": [
                            "version": ["type": "integer"], "author": ["type": "string"],
                            "date": ["type": "string", "format": "date-time"], "reason": ["type": "string"],
                            "changes": ["type": "string"], "total": ["type": ["string", "null"]],
                        ],
                    ],
                ], errors: [401, 403, 404]),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/email",
                summary: "E-mail the final account (the submitted or settled account as the union's PDF with the "
                    + "photos) to the employer through the outbox (202 with the message's id; 409 while the "
                    + "account is open, or without `[mail]`)",
                query: [roofingProjectPath],
                body: [
                    "type": "object", "required": ["to"],
                    "properties": [
                        "to": [
                            "type": "array", "minItems": 1, "maxItems": 10,
                            "items": ["type": "string", "format": "email"],
                        ],
                        "lang": ["type": "string", "enum": ["da", "en"]],
                    ],
                ], success: 202,
                successSchema: ["type": "object", "properties": ["queued": ["type": "integer"]]],
                errors: changeErrors),
        ]
        let photo: [String: Any] = [
            "type": "object", "required": ["id", "hash", "kind"],
            "properties": [
                "id": ["type": "integer"], "hash": ["type": "string"],
                "kind": ["type": "string", "enum": ["jpeg", "png", "heic"]], "caption": ["type": "string"],
                "name": ["type": "string"], "orientation": ["type": ["integer", "null"]], "size": ["type": "integer"],
                "sha256": ["type": "string", "description": "The same as `hash`"],
                "bytes": ["type": "integer", "description": "The same as `size`"],
                "added": ["type": "string", "format": "date-time"],
            ],
        ]
        operations += [
            Operation(
                method: "get", path: "/api/v1/roofing/projects/{name}/photos",
                summary: "The project's photos in the order they were added", query: [roofingProjectPath],
                successSchema: ["type": "array", "items": photo], errors: [401, 403, 404]),
            Operation(
                method: "post", path: "/api/v1/roofing/projects/{name}/photos",
                summary:
                    "Attach a photo: its bytes as the body (JPEG, PNG or HEIC, checked by content, at most 20 MiB, "
                    + "40,000 pixels a side and 200 megapixels; 201, or 200 when the project has it already)",
                query: [
                    roofingProjectPath, ("caption", ["type": "string", "maxLength": 500], "query"),
                    ("filename", ["type": "string", "maxLength": 200], "query"),
                ],
                success: 201, successSchema: photo,
                errors: [401, 403, 404, 409, 413, 422]),
            Operation(
                method: "get", path: "/api/v1/roofing/projects/{name}/photos/{id}", summary: "A photo's bytes",
                query: [roofingProjectPath, ("id", ["type": "integer", "minimum": 1], "path")],
                successSchema: ["type": "string", "format": "binary"], successType: "image/*",
                errors: [401, 403, 404]),
            Operation(
                method: "delete", path: "/api/v1/roofing/projects/{name}/photos/{id}",
                summary: "Remove a photo while the account is open (409 once submitted); its bytes go with its last "
                    + "reference",
                query: [roofingProjectPath, ("id", ["type": "integer", "minimum": 1], "path")], success: 204,
                errors: [401, 403, 404, 409]),
            Operation(
                method: "get", path: "/api/v1/roofing/projects/{name}/photos/{id}/thumbnail",
                summary:
                    "The photo at most 480 pixels on its longer side, upright, as a JPEG (image/jpeg); an SVG "
                    + "placeholder where there is no decoder (HEIC)",
                query: [roofingProjectPath, ("id", ["type": "integer", "minimum": 1], "path")],
                successSchema: ["type": "string", "format": "binary"], successType: "image/*",
                errors: [401, 403, 404]),
        ]
        for (file, type, summary) in [
            ("account.pdf", "application/pdf", "The account as the union's form (PDF)"),
            ("account.csv", "text/csv", "The account's entries as CSV"),
            ("payroll.csv", "text/csv", "Each roofer's pay for payroll as CSV"),
        ] {
            var query = [roofingProjectPath, ("lang", ["type": "string", "enum": ["da", "en"]], "query")]
            if file.hasSuffix(".pdf") {
                query.append(("paper", ["type": "string", "enum": ["a4", "letter"]], "query"))
            }
            operations.append(
                Operation(
                    method: "get", path: "/api/v1/roofing/projects/{name}/\(file)", summary: summary, query: query,
                    successSchema: ["type": "string", "format": "binary"], successType: type,
                    errors: [401, 403, 404, 409, 422, 500]))
        }
        return operations
    }
}
