public import Checklists

/// A restaurant of the checklists.
public struct Restaurant: Sendable, Hashable {
    public var id: Int64
    public var name: String
    /// Where to-do lists and archives are mailed.
    public var email: String?
    /// An IANA time zone name.
    public var timezone: String

    public init(id: Int64, name: String, email: String?, timezone: String) {
        self.id = id
        self.name = name
        self.email = email
        self.timezone = timezone
    }
}

/// A stored template version.
public struct TemplateVersion: Sendable, Hashable {
    public var id: Int64
    public var version: Int
    public var template: ChecklistTemplate
    public var createdAt: Double
    public var createdBy: String
}

/// A shift with its checklists as started (the template versions) and as worked (marks, to-dos, reminders).
public struct ChecklistShift: Sendable, Hashable {
    public var id: Int64
    public var restaurant: Restaurant
    public var dayPart: DayPart
    public var manager: String
    public var startedAt: Double
    public var endedAt: Double?
    /// The working copies by kind; the pre-shift one always, the shift checklists where the restaurant has them.
    public var runs: [ChecklistKind: ChecklistRun]
    public var versions: [ChecklistKind: Int]
    public var todos: [Todo]
    public var reminders: [StoredReminder]

    public var preShift: ChecklistRun { runs[.preShift]! }
    public var isEnded: Bool { endedAt != nil }
}

/// A reminder occurrence of a shift, as stored.
public struct StoredReminder: Sendable, Hashable {
    public var id: Int64
    public var shiftID: Int64
    public var occurrence: ReminderOccurrence

    public init(id: Int64, shiftID: Int64, occurrence: ReminderOccurrence) {
        self.id = id
        self.shiftID = shiftID
        self.occurrence = occurrence
    }
}
