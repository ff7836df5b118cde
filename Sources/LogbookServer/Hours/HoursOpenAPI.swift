/// Work hours' operations and schemas in the API's OpenAPI document.
extension OpenAPIDocument {
    static var day: [String: Any] { ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"] }
    static var clockTime: [String: Any] {
        ["type": "string", "pattern": "^[0-9]{1,2}:[0-9]{2}([+-][0-9]{2}:?[0-9]{2}|Z)?$"]
    }
    static var driverQuery: (String, [String: Any], String) {
        ("driver", ["type": "string", "minLength": 1, "maxLength": 100], "query")
    }
    static var shiftID: (String, [String: Any], String) {
        (
            "id",
            [
                "type": "string", "description": "The shift's id (UUID) or its number",
                "pattern":
                    "^([1-9][0-9]{0,17}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$",
            ], "path"
        )
    }
    static var shiftBody: [String: Any] {
        [
            "type": "object",
            "properties": [
                "date": day, "start": clockTime, "end": clockTime, "end_date": day,
                "break_minutes": ["type": "integer", "minimum": 0, "maximum": 1439],
                "message": ["type": "string", "maxLength": 500], "vehicle": ["type": "string", "maxLength": 20],
                "driver": ["type": "string", "maxLength": 100],
            ],
        ]
    }
    static var shiftErrors: [Int] { [400, 401, 403, 404, 409, 422] }

    static var hoursOperations: [Operation] {
        let clockBody: [String: Any] = [
            "type": "object",
            "properties": [
                "message": ["type": "string", "maxLength": 500], "vehicle": ["type": "string", "maxLength": 20],
                "driver": ["type": "string", "maxLength": 100], "at": clockTime,
            ],
        ]
        let periodDay: (String, [String: Any], String) = ("day", day, "path")
        var operations = [
            Operation(
                method: "get", path: "/api/v1/hours/shifts",
                summary: "A pay period's shifts with day and period totals (the `hours list --format json` document)",
                query: [
                    (
                        "period",
                        ["type": "string", "pattern": "^(current|previous|next|[0-9]{4}-[0-9]{2}-[0-9]{2})$"],
                        "query"
                    ), driverQuery,
                ], successSchema: ref("Timesheet"), errors: [401, 403, 404, 422]),
            Operation(
                method: "post", path: "/api/v1/hours/shifts",
                summary: "Add a shift (an end not after the start is on the next day)",
                body: shiftBody.merging(["required": ["start", "end"]]) { $1 }, success: 201,
                successSchema: ref("Shift"), errors: shiftErrors),
            Operation(
                method: "get", path: "/api/v1/hours/shifts/{id}", summary: "A shift", query: [shiftID],
                successSchema: ref("Shift"), errors: [401, 403, 404]),
            Operation(
                method: "patch", path: "/api/v1/hours/shifts/{id}", summary: "Change a shift; what is not sent stays",
                query: [shiftID], body: shiftBody, successSchema: ref("Shift"), errors: shiftErrors),
            Operation(
                method: "delete", path: "/api/v1/hours/shifts/{id}", summary: "Delete a shift", query: [shiftID],
                success: 204, errors: [401, 403, 404, 409]),
            Operation(
                method: "post", path: "/api/v1/hours/shifts/{id}/retry",
                summary: "Send a shift the payroll system refused again: its refused changes go at the next sync (for "
                    + "those who change the driver's hours; 409 when none was refused)",
                query: [shiftID], successSchema: ref("Shift"), errors: [401, 403, 404, 409]),
            Operation(
                method: "get", path: "/api/v1/hours/clock", summary: "The running clock, if any", query: [driverQuery],
                successSchema: ref("Clock"), errors: [401, 403, 404, 422]),
            Operation(
                method: "get", path: "/api/v1/hours/links", summary: "The web links in the user's menu",
                successSchema: ref("LinkList"), errors: [401, 403]),
            Operation(
                method: "post", path: "/api/v1/hours/links",
                summary: "Add a web link (a driver's own; an admin's for everyone or for `driver`)",
                body: [
                    "type": "object", "required": ["name", "url"],
                    "properties": [
                        "name": ["type": "string", "minLength": 1, "maxLength": 40],
                        "url": ["type": "string", "maxLength": 2000], "driver": ["type": "string", "maxLength": 100],
                    ],
                ], success: 201, successSchema: ref("Link"), errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "delete", path: "/api/v1/hours/links/{id}", summary: "Remove a web link",
                query: [("id", ["type": "integer", "minimum": 1], "path")], success: 204, errors: [401, 403, 404]),
        ]
        for (action, summary) in [
            ("start", "Start the clock: a running shift from now (or `at`)"),
            ("pause", "Pause the running clock (the pause counts as break)"),
            ("resume", "Resume the paused clock"),
            ("stop", "Stop the clock: the shift is closed under the rules"),
        ] {
            operations.append(
                Operation(
                    method: "post", path: "/api/v1/hours/clock/\(action)", summary: summary, query: [driverQuery],
                    body: clockBody, successSchema: ref("Clock"), errors: [400, 401, 403, 404, 409, 422],
                    bodyRequired: false))
        }
        for (action, summary) in [
            ("submit", "Submit the pay period containing the day: read-only for the driver from now on"),
            ("reopen", "Reopen a submitted pay period (admin)"),
            ("lock", "Lock the pay period for every driver, for good (admin)"),
        ] {
            operations.append(
                Operation(
                    method: "post", path: "/api/v1/hours/periods/{day}/\(action)", summary: summary,
                    query: [periodDay, driverQuery], successSchema: ref("PeriodStatus"),
                    errors: [401, 403, 404, 409, 422]))
        }
        for (file, type, summary) in [
            (
                "timesheet.pdf", "application/pdf",
                "The pay period's timesheet to sign (PDF), as `logbook hours report --pdf` makes it"
            ),
            (
                "timesheet.csv", "text/csv",
                "The pay period's shifts, days and totals as CSV, as `logbook hours report --csv` writes them"
            ),
        ] {
            var query = [periodDay, driverQuery]
            if file.hasSuffix(".pdf") {
                query.append(("paper", ["type": "string", "enum": ["a4", "letter"]], "query"))
            }
            operations.append(
                Operation(
                    method: "get", path: "/api/v1/hours/periods/{day}/\(file)", summary: summary, query: query,
                    successSchema: ["type": "string", "format": "binary"], successType: type,
                    errors: [401, 403, 404, 422, 500]))
        }
        operations.append(
            Operation(
                method: "post", path: "/api/v1/hours/periods/{day}/timesheet/email",
                summary: "E-mail the pay period's timesheet (PDF and CSV attached) through the outbox (202 with the "
                    + "message's id; 409 without `[mail]`)",
                query: [periodDay, driverQuery],
                body: [
                    "type": "object", "required": ["to"],
                    "properties": [
                        "to": [
                            "type": "array", "minItems": 1, "maxItems": 10,
                            "items": ["type": "string", "format": "email"],
                        ]
                    ],
                ], success: 202, successSchema: ["type": "object", "properties": ["queued": ["type": "integer"]]],
                errors: [400, 401, 403, 404, 409, 422]))
        return operations
    }

    static var hoursSchemas: [String: Any] {
        let minutes: [String: Any] = ["type": "integer"]
        let totals: [String: Any] = [
            "type": "object",
            "required": ["shifts", "worked_minutes", "break_minutes", "net_minutes", "overtime_minutes"],
            "properties": [
                "shifts": minutes, "worked_minutes": minutes, "break_minutes": minutes, "net_minutes": minutes,
                "overtime_minutes": minutes, "paid_minutes": ["type": "number"],
            ],
        ]
        let period: [String: Any] = [
            "type": "object", "required": ["start", "end", "kind"],
            "properties": [
                "start": ["type": "string", "format": "date"], "end": ["type": "string", "format": "date"],
                "kind": ["type": "string", "enum": ["weekly", "two-weekly", "semi-monthly", "monthly"]],
            ],
        ]
        let status: [String: Any] = ["type": "string", "enum": ["open", "submitted", "locked"]]
        return [
            "Shift": [
                "type": "object",
                "required": [
                    "id", "number", "date", "start", "end", "break_minutes", "worked_minutes", "net_minutes",
                    "overtime_minutes", "message", "vehicle", "sync",
                ],
                "properties": [
                    "id": ["type": "string", "format": "uuid"], "number": ["type": "integer"],
                    "driver": ["type": "string"], "date": ["type": "string", "format": "date"],
                    "start": ["type": "string", "format": "date-time"],
                    "end": ["type": ["string", "null"], "format": "date-time"], "break_minutes": minutes,
                    "worked_minutes": minutes, "net_minutes": minutes, "overtime_minutes": minutes,
                    "paid_minutes": ["type": "number"], "message": ["type": "string"],
                    "vehicle": ["type": ["string", "null"]],
                    "sync": ["type": "string", "enum": ["pending", "sent", "failed"]],
                    "sync_error": [
                        "type": ["string", "null"],
                        "description":
                            "The payroll system's message for a change not sent yet: why it was refused (sync "
                            + "failed), or what the last try met",
                    ],
                    "running": ["type": "boolean"], "paused": ["type": "boolean"],
                    "repeated_times": [
                        "type": "array",
                        "description":
                            "For a start or end the clocks repeated (the night they go back): which of the two it "
                            + "is. A repeated time without an offset is taken as the first.",
                        "items": [
                            "type": "object", "required": ["field", "time", "offset", "occurrence", "note"],
                            "properties": [
                                "field": ["type": "string", "enum": ["start", "end"]],
                                "time": ["type": "string", "pattern": "^[0-9]{2}:[0-9]{2}$"],
                                "offset": ["type": "string", "pattern": "^[+-][0-9]{2}:[0-9]{2}$"],
                                "occurrence": ["type": "string", "enum": ["first", "second"]],
                                "note": ["type": "string"],
                            ],
                        ],
                    ],
                ],
            ],
            "Timesheet": [
                "type": "object", "required": ["period", "driver", "status", "shifts", "days", "totals"],
                "properties": [
                    "period": period, "driver": ["type": ["string", "null"]], "timezone": ["type": "string"],
                    "status": status, "shifts": ["type": "array", "items": ref("Shift")],
                    "days": ["type": "array", "items": totals], "totals": totals,
                ],
            ],
            "Clock": [
                "type": "object", "required": ["driver", "running", "paused", "shift"],
                "properties": [
                    "driver": ["type": "string"], "running": ["type": "boolean"], "paused": ["type": "boolean"],
                    "shift": ["oneOf": [ref("Shift"), ["type": "null"]]],
                ],
            ],
            "PeriodStatus": [
                "type": "object", "required": ["period", "driver", "status"],
                "properties": ["period": period, "driver": ["type": ["string", "null"]], "status": status],
            ],
            "Link": [
                "type": "object", "required": ["id", "name", "url", "driver"],
                "properties": [
                    "id": ["type": "integer"], "name": ["type": "string"], "url": ["type": "string", "format": "uri"],
                    "driver": ["type": ["string", "null"]],
                ],
            ],
            "LinkList": [
                "type": "object", "required": ["links"],
                "properties": ["links": ["type": "array", "items": ref("Link")]],
            ],
        ]
    }
}
