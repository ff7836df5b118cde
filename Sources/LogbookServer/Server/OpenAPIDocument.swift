import Foundation
import LogbookServices

/// The API described as OpenAPI 3.1, built here and committed as `docs/openapi.json` (a test keeps the two
/// equal, and checks every route of the router against it). Served at `/api/v1/openapi.json`.
package enum OpenAPIDocument {
    /// Every operation: method, path (OpenAPI template), summary, parameters, request body schema,
    /// responses with the success status first.
    package struct Operation {
        var method: String
        var path: String
        var summary: String
        var query: [(String, [String: Any], String)] = []
        var body: [String: Any]? = nil
        var success: Int = 200
        var successSchema: [String: Any] = ["type": "object"]
        var successType: String = "application/json"
        var errors: [Int] = [401]
        /// Whether the body must be sent (a body that may be left out, such as the clock's, is not).
        var bodyRequired = true
    }

    static var plate: [String: Any] { ["type": "string", "minLength": 1, "maxLength": 20] }
    static var text: [String: Any] { ["type": "string", "maxLength": 500] }
    static var category: [String: Any] {
        [
            "type": "string", "enum": ["business", "private", "commute"],
        ]
    }
    static var idPath: (String, [String: Any], String) { ("id", ["type": "integer", "minimum": 1], "path") }

    package static var operations: [Operation] {
        mileageOperations + hoursOperations + valueStreamOperations + roofingOperations
    }

    static var mileageOperations: [Operation] {
        [
            Operation(
                method: "get", path: "/api/v1/me", summary: "The user the token belongs to",
                successSchema: ref("User")),
            Operation(
                method: "get", path: "/api/v1/trips", summary: "Trips, with the CLI's filters, paged",
                query: [
                    ("vehicle", plate, "query"), ("driver", text, "query"),
                    (
                        "category", ["type": "string", "enum": ["business", "private", "commute", "unclassified"]],
                        "query"
                    ),
                    (
                        "period",
                        [
                            "type": "string",
                            "pattern": "^(this-week|last-week|this-month|last-month|all|[0-9]{4}-[0-9]{2})$",
                        ],
                        "query"
                    ),
                    ("from", ["type": "string", "format": "date"], "query"),
                    ("to", ["type": "string", "format": "date"], "query"),
                    ("include_voided", ["type": "boolean"], "query"),
                    ("limit", ["type": "integer", "minimum": 1, "maximum": 1000], "query"),
                    ("offset", ["type": "integer", "minimum": 0, "maximum": 10_000_000], "query"),
                ],
                successSchema: ref("TripList"), errors: [401, 403, 404, 422]),
            Operation(
                method: "post", path: "/api/v1/trips", summary: "Add a trip by hand",
                body: [
                    "type": "object", "required": ["vehicle", "start"],
                    "properties": [
                        "vehicle": plate, "driver": text, "start": ["type": "string", "format": "date-time"],
                        "end": ["type": "string", "format": "date-time"],
                        "distance_m": ["type": "number", "exclusiveMinimum": 0, "maximum": 5_000_000],
                        "end_odometer": ["type": "number", "minimum": 0, "exclusiveMaximum": 100_000_000],
                        "category": category, "purpose": text,
                        "partner": text, "destination": text, "notes": text,
                    ],
                ], success: 201, successSchema: ref("TripDetail"), errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "get", path: "/api/v1/trips/{id}", summary: "A trip with its history and track",
                query: [idPath], successSchema: ref("TripDetail"), errors: [401, 403, 404]),
            Operation(
                method: "patch", path: "/api/v1/trips/{id}", summary: "Change a trip's category, purpose and notes",
                query: [idPath],
                body: [
                    "type": "object",
                    "properties": [
                        "category": category, "purpose": text, "partner": text, "destination": text,
                        "notes": ["type": "string", "maxLength": 2000],
                    ],
                ], successSchema: ref("TripDetail"), errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "post", path: "/api/v1/trips/{id}/void", summary: "Void a trip (it stays in the history)",
                query: [idPath],
                body: ["type": "object", "required": ["reason"], "properties": ["reason": text]],
                successSchema: ref("TripDetail"), errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "post", path: "/api/v1/trips/{id}/split", summary: "Split a trip at a time",
                query: [idPath],
                body: [
                    "type": "object", "required": ["at"],
                    "properties": ["at": ["type": "string", "format": "date-time"]],
                ], successSchema: ["type": "object"], errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "post", path: "/api/v1/trips/merge", summary: "Merge two consecutive trips",
                body: [
                    "type": "object", "required": ["first", "second"],
                    "properties": [
                        "first": ["type": "integer", "minimum": 1], "second": ["type": "integer", "minimum": 1],
                    ],
                ], successSchema: ref("TripDetail"), errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "post", path: "/api/v1/trips/import",
                summary:
                    "Import a track file (GPX, NMEA 0183 or gpsd JSON, gzip too) as `logbook import` does: the file as "
                    + "the body (or a multipart/form-data form with `vehicle` and the file), at most 1 MiB; 201 when "
                    + "trips were added, 200 when the file was imported before or its trips are stored already",
                query: [
                    ("vehicle", plate, "query"), ("filename", ["type": "string", "maxLength": 200], "query"),
                ],
                success: 201, successSchema: ref("TrackImport"), errors: [400, 401, 403, 404, 413, 422]),
            Operation(
                method: "get", path: "/api/v1/vehicles", summary: "Vehicles the user may see", errors: [401, 403]),
            Operation(
                method: "post", path: "/api/v1/vehicles", summary: "Add a vehicle (admin)",
                body: [
                    "type": "object", "required": ["plate"],
                    "properties": [
                        "plate": plate, "make_model": text, "odometer_unit": ["type": "string", "enum": ["km", "mi"]],
                        "initial_odometer": ["type": "number", "minimum": 0, "exclusiveMaximum": 100_000_000],
                    ],
                ], success: 201, errors: [400, 401, 403, 409, 422]),
            Operation(
                method: "get", path: "/api/v1/odometer", summary: "Odometer readings",
                query: [("vehicle", plate, "query")], errors: [401, 403, 404]),
            Operation(
                method: "post", path: "/api/v1/odometer", summary: "Record an odometer reading",
                body: [
                    "type": "object", "required": ["vehicle", "reading"],
                    "properties": [
                        "vehicle": plate, "reading": ["type": "number", "minimum": 0, "exclusiveMaximum": 100_000_000],
                        "time": ["type": "string", "format": "date-time"], "note": text, "force": ["type": "boolean"],
                    ],
                ], success: 201, errors: [400, 401, 403, 404, 409, 422]),
            Operation(method: "get", path: "/api/v1/regular-trips", summary: "Regular trips", errors: [401, 403]),
            Operation(method: "get", path: "/api/v1/places", summary: "Named places", errors: [401, 403]),
            Operation(method: "get", path: "/api/v1/rules", summary: "Classification rules", errors: [401, 403]),
            Operation(
                method: "get", path: "/api/v1/reports/{vehicle}/{month}", summary: "A month's report as CSV or PDF",
                query: [
                    ("vehicle", plate, "path"),
                    ("month", ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"], "path"),
                    ("format", ["type": "string", "enum": ["csv", "pdf"]], "query"),
                    ("category", ["type": "string", "enum": ["all", "business", "private", "commute"]], "query"),
                    ("driver", text, "query"),
                ], successSchema: ["type": "string"], successType: "text/csv", errors: [401, 403, 404, 422]),
            Operation(
                method: "post", path: "/api/v1/reports/{vehicle}/{month}/email",
                summary: "Queue a month's report for sending by e-mail",
                query: [
                    ("vehicle", plate, "path"),
                    ("month", ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"], "path"),
                ],
                body: [
                    "type": "object", "required": ["to"],
                    "properties": [
                        "to": [
                            "type": "array", "minItems": 1, "maxItems": 10,
                            "items": ["type": "string", "format": "email"],
                        ]
                    ],
                ], success: 202, errors: [400, 401, 403, 404, 409, 422]),
            Operation(method: "get", path: "/api/v1/outbox", summary: "Queued and sent mail", errors: [401, 403]),
            Operation(
                method: "get", path: "/api/v1/status",
                summary: "The daemon: connected, age of the last fix, trip in progress, speed", errors: [401, 403]),
        ] + ChecklistAPI.operations
    }

    static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }

    static var errorSchema: [String: Any] {
        [
            "type": "object", "required": ["error"],
            "properties": [
                "error": [
                    "type": "object", "required": ["code", "message"],
                    "properties": [
                        "code": ["type": "string"], "message": ["type": "string"], "field": ["type": "string"],
                    ],
                ]
            ],
        ]
    }

    static var tripSchema: [String: Any] {
        [
            "type": "object", "required": ["id", "vehicle", "start", "end", "distance_m", "category", "purpose"],
            "properties": [
                "id": ["type": "integer"], "vehicle": ["type": "string"],
                "start": ["type": "string", "format": "date-time"], "end": ["type": "string", "format": "date-time"],
                "distance_m": ["type": "number"], "category": ["type": ["string", "null"]],
                "purpose": ["type": ["string", "null"]], "locked": ["type": "boolean"], "voided": ["type": "boolean"],
                "estimated": ["type": "array", "items": ["type": "string", "enum": ["start", "end"]]],
            ],
        ]
    }

    static var document: [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for op in operations {
            var operation: [String: Any] = [
                "summary": op.summary, "operationId": op.method + op.path.replacingOccurrences(of: "/", with: "_"),
                "security": [["bearer": [String]()]],
            ]
            var parameters: [[String: Any]] = op.query.map { name, schema, place in
                ["name": name, "in": place, "required": place == "path", "schema": schema] as [String: Any]
            }
            let changes = ["post", "put", "patch", "delete"].contains(op.method)
            if changes {
                // Sent again with the same key, a change is applied once and answered alike (IdempotencyMiddleware).
                parameters.append([
                    "name": "Idempotency-Key", "in": "header", "required": false,
                    "description": "Applies the change once however often it is sent; a repeat gets the first answer.",
                    "schema": [
                        "type": "string", "minLength": 8, "maxLength": 100, "pattern": "^[A-Za-z0-9._:-]+$",
                    ] as [String: Any],
                ])
            }
            if !parameters.isEmpty { operation["parameters"] = parameters }
            if let body = op.body {
                operation["requestBody"] = [
                    "required": op.bodyRequired, "content": ["application/json": ["schema": body]],
                ]
            }
            var responses: [String: Any] = [
                String(op.success): op.success == 204
                    ? ["description": "Done"] as [String: Any]
                    : ["description": "Success", "content": [op.successType: ["schema": op.successSchema]]]
            ]
            // Every request with a body meets the one body limit (1 MiB; photos 20 MiB): 413 too-large.
            // A change's idempotency key may be malformed (400), used for another change (422) or still being
            // handled (409).
            var errors = ["post", "put", "patch"].contains(op.method) ? Set(op.errors).union([413]) : Set(op.errors)
            if changes { errors.formUnion([400, 409, 422]) }
            for code in errors.sorted() {
                responses[String(code)] = [
                    "description": "Error", "content": ["application/json": ["schema": ref("Error")]],
                ]
            }
            operation["responses"] = responses
            paths[op.path, default: [:]][op.method] = operation
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "Logbook API", "version": "1",
                "description":
                    "The mileage log and work hours over HTTP. Every request needs `Authorization: Bearer TOKEN` "
                    + "(from `logbook users token NAME`). Errors are `{\"error\": {\"code\", \"message\"}}`.",
            ],
            "servers": [["url": "/"]],
            "paths": paths,
            "components": [
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
                "schemas": hoursSchemas.merging([
                    "Error": errorSchema, "Trip": tripSchema,
                    "TripList": [
                        "type": "object", "required": ["trips", "total", "distance_m"],
                        "properties": [
                            "trips": ["type": "array", "items": ref("Trip")], "total": ["type": "integer"],
                            "distance_m": ["type": "number"], "offset": ["type": "integer"],
                            "limit": ["type": "integer"],
                        ],
                    ],
                    "TripDetail": [
                        "type": "object", "required": ["trip"],
                        "properties": [
                            "trip": ref("Trip"), "history": ["type": "array"], "track": ["type": "array"],
                        ],
                    ],
                    "TrackImport": [
                        "type": "object",
                        "required": [
                            "file", "vehicle", "already_imported", "trips", "added", "duplicates", "conflicts",
                            "distance_m",
                        ],
                        "properties": [
                            "file": ["type": "string"], "vehicle": ["type": "string"],
                            "format": ["type": ["string", "null"]],
                            "already_imported": ["type": "boolean"], "trips": ["type": "integer"],
                            "added": ["type": "integer"], "duplicates": ["type": "integer"],
                            "conflicts": ["type": "array", "items": ["type": "integer"]],
                            "distance_m": ["type": "number"], "distance": ["type": "number"],
                            "distance_unit": ["type": "string", "enum": ["km", "mi"]],
                            "first_start": ["type": ["string", "null"], "format": "date-time"],
                            "last_end": ["type": ["string", "null"], "format": "date-time"],
                        ],
                    ],
                    "User": [
                        "type": "object", "required": ["name", "role"],
                        "properties": [
                            "name": ["type": "string"],
                            "role": ["type": "string", "enum": ["admin", "accountant", "driver"]],
                            "vehicles": ["type": "array", "items": ["type": "string"]],
                        ],
                    ],
                ]) { $1 },
            ],
        ]
    }

    /// The document as pretty, key-sorted JSON (what `docs/openapi.json` holds), written by the one JSON encoder.
    package static let json: String = {
        let data = (try? ServiceJSON.encode(OpenAPIValue(document), pretty: true)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }()
}

/// A value of the OpenAPI document as JSON: the document is written as nested literals (the readable form of a
/// specification) and encoded like every other answer of the server.
enum OpenAPIValue: Encodable {
    case object([String: OpenAPIValue])
    case array([OpenAPIValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    init(_ value: Any) {
        switch value {
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .integer(value)
        case let value as Double: self = .number(value)
        case let value as String: self = .string(value)
        case let value as [String: Any]: self = .object(value.mapValues(OpenAPIValue.init))
        case let value as [Any]: self = .array(value.map(OpenAPIValue.init))
        default: self = .null
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
