import LogbookConfiguration
import TripEngine
import LogbookServices

extension ConfigurationSchema {
    /// Every table and key Logbook reads. Keys come from the settings types' coding keys where this target sees
    /// them; `[checklists]` (`ChecklistSettings`, in LogbookCLI), `[report]`'s output settings (`ReportSettings`,
    /// in LogbookCLI) and `[mail]` (`MailConfiguration`, in Mailer) are named here, as the daemon binary
    /// links none of them (LogbookCLITests checks `[checklists]` against its coding keys).
    package static let logbook = ConfigurationSchema(tables: [
        "engine": Set(EngineConfiguration.configurationKeys),
        "log": Set(LogSettings.CodingKeys.allCases.map(\.stringValue)),
        "database": Set(DatabaseSettings.CodingKeys.allCases.map(\.stringValue)),
        "daemon": Set(DaemonSettings.CodingKeys.allCases.map(\.stringValue)),
        "upload": Set(UploadSettings.CodingKeys.allCases.map(\.stringValue)),
        "hours": Set(HoursSettings.CodingKeys.allCases.map(\.stringValue)),
        "checklists": ["reminders", "repeat_seconds", "escalate_after_seconds", "on_time_seconds", "notify_command"],
        "report": Set(ReportSchedule.CodingKeys.allCases.map(\.stringValue)).union([
            "rate", "currency", "paper", "byte_order_mark",
        ]),
        "roofing": Set(RoofingSettings.CodingKeys.allCases.map(\.stringValue)),
        "mail": ["host", "port", "tls", "user", "from", "password_file", "ca_file", "timeout"],
        // `[server]` (`ServerSettings`, in LogbookServer, which the daemon binary does not link).
        "server": [
            "listen", "public_url", "session_days", "password_cost", "header_timeout", "body_timeout", "body_min_rate",
            "idle_timeout", "max_connections", "leaflet", "device_lease", "outbox_interval", "outbox_claim",
        ],
    ])
}
