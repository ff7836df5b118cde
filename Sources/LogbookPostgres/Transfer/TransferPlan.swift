/// The order a log's tables are copied in, and the rows written in two steps because their triggers refuse them in
/// their final state before their children are in (issue 30 §5).
///
/// Every row is copied as it is, ids kept; the triggers stay on and check every row. A parent table comes before its
/// children; `audit_entry` in sequence order (its trigger checks each link); hours shifts before the pay periods that
/// lock them; an ended checklist shift, a submitted or settled roofing account and a future value-stream map are
/// written open, their children after them, and then brought to their final state through the same checks as an
/// ordinary change (a submission still needs its recorded version).
enum TransferPlan {
    /// Every table of the log, parents first. `LogTransferTests` checks it against the SQLite schema.
    static let tables = [
        "driver", "vehicle", "profile", "imported_file", "vehicle_import", "regular_trip", "trip", "trip_track",
        "engine_checkpoint", "audit_entry", "odometer_reading", "place", "rule", "mail_outbox", "report_delivery",
        "trip_conflict", "app_user", "app_user_vehicle", "api_token", "web_session", "request_key", "login_failure",
        "device", "device_position", "device_refusal", "device_trip", "device_engine", "device_lease",
        "device_snapshot",
        "upload_queue", "hours_shift", "hours_period", "hours_outbox", "hours_link", "checklist_restaurant",
        "app_user_restaurant", "checklist_template", "checklist_shift", "checklist_shift_template", "checklist_mark",
        "checklist_todo", "checklist_reminder", "vsm_map", "vsm_section", "vsm_sticker", "roofing_catalogue",
        "roofing_activity", "roofing_indexing", "roofing_project", "roofing_version", "roofing_roofer",
        "roofing_line", "roofing_supplement", "roofing_extra_work", "roofing_deduction", "roofing_advance",
        "roofing_split", "roofing_selection", "roofing_photo_blob", "roofing_project_photo",
    ]

    /// An update that brings a row to its final state once the tables up to `after` are copied.
    struct FollowUp: Sendable {
        var after: String
        var table: String
        var set: [(String, TransferValue)]
        var key: (String, TransferValue)
    }

    /// The row as it is first written, and the updates that finish it.
    static func split(table: String, columns: [String], row: [TransferValue]) throws -> ([TransferValue], [FollowUp]) {
        func index(_ name: String) -> Int? { columns.firstIndex(of: name) }
        guard let idIndex = index("id") else { return (row, []) }
        let id = row[idIndex]
        var first = row
        switch table {
        case "checklist_shift":
            guard let ended = index("ended_at"), row[ended] != .null else { return (row, []) }
            first[ended] = .null
            return (
                first,
                [FollowUp(after: "checklist_reminder", table: table, set: [("ended_at", row[ended])], key: ("id", id))]
            )
        case "vsm_map":
            guard let future = index("future_of"), row[future] != .null else { return (row, []) }
            first[future] = .null
            return (
                first, [FollowUp(after: "vsm_map", table: table, set: [("future_of", row[future])], key: ("id", id))]
            )
        case "roofing_project":
            guard let status = index("status"), let versionIndex = index("version"),
                let state = row[status].text, state == "submitted" || state == "settled"
            else { return (row, []) }
            guard let version = row[versionIndex].integer, version >= 1 else {
                throw TransferError(
                    kind: .failed,
                    message: "roofing project \(id.integer.map(String.init) ?? "?") is \(state) without a version")
            }
            first[status] = .text("open")
            first[versionIndex] = .integer(version - 1)
            var followUps = [
                FollowUp(
                    after: "roofing_project_photo", table: table,
                    set: [("status", .text("submitted")), ("version", .integer(version))], key: ("id", id))
            ]
            if state == "settled" {
                followUps.append(
                    FollowUp(
                        after: "roofing_project_photo", table: table, set: [("status", .text("settled"))],
                        key: ("id", id)))
            }
            return (first, followUps)
        default:
            return (row, [])
        }
    }
}
