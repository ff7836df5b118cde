public import Checklists
public import LogbookStore
import TrackModel

/// A stored template version: `{"day_part", "kind", "version", "tasks", "created", "by"}` (`tasks` counts the
/// tasks and child tasks; `created` in UTC).
public struct ChecklistTemplateVersionView: Encodable, Sendable, Hashable {
    public var restaurant: String
    public var dayPart: DayPart
    public var kind: ChecklistKind
    public var version: Int
    public var tasks: Int
    public var createdAt: Double
    public var created: String
    public var by: String

    enum CodingKeys: String, CodingKey {
        case dayPart = "day_part"
        case kind, version, tasks, created, by
    }

    public init(_ stored: TemplateVersion) {
        restaurant = stored.template.restaurant
        dayPart = stored.template.dayPart
        kind = stored.template.kind
        version = stored.version
        tasks = stored.template.taskPaths.count
        createdAt = stored.createdAt
        created = Timestamp(secondsSince1970: stored.createdAt).iso8601
        by = stored.createdBy
    }
}

/// What an import did, template by template: `{"versions": [{"day_part", "kind", "version", "restaurant",
/// "unchanged"}]}` (`version` as text, as the API has always given it).
public struct ChecklistTemplateImportView: Encodable, Sendable, Hashable {
    public struct Entry: Encodable, Sendable, Hashable {
        public var restaurant: String
        public var dayPart: DayPart
        public var kind: ChecklistKind
        public var version: Int
        /// The import was the latest version already: nothing stored.
        public var unchanged: Bool

        enum CodingKeys: String, CodingKey {
            case restaurant
            case dayPart = "day_part"
            case kind, version, unchanged
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(restaurant, forKey: .restaurant)
            try c.encode(dayPart, forKey: .dayPart)
            try c.encode(kind, forKey: .kind)
            try c.encode(String(version), forKey: .version)
            try c.encode(unchanged, forKey: .unchanged)
        }
    }

    public var versions: [Entry]
}
