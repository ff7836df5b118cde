public import LogbookStore
public import MileageLog
import Foundation

/// Classification rules applied to new GPS trips: weekday, time window, start and end place, vehicle → category.
public struct RuleService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    /// The rules; a rule of another vehicle names it and its purpose, so it is that vehicle's.
    public func list() throws -> [RuleView] {
        try context.database.rules().filter { $0.vehicle.map(access.canSee(plate:)) ?? true }.map(RuleView.init)
    }

    public func add(_ input: RuleInput) throws {
        try access.requireAdmin()
        let parsed = try input.validated()
        try access.writer.addRule(
            name: input.name, priority: input.priority ?? 0, weekdays: parsed.weekdays, timeWindow: parsed.timeWindow,
            startPlace: input.from, endPlace: input.to, vehicle: input.vehicle, category: parsed.category,
            purpose: input.purpose)
    }

    public func remove(named name: String) throws {
        try access.requireAdmin()
        try access.writer.removeRule(named: name)
    }

    /// What the rules do (or, with `dryRun`, would do) to the stored trips nobody classified by hand.
    public func apply(period: String? = nil, vehicle: String? = nil, dryRun: Bool) throws -> [RuleOutcomeView] {
        let period = try TripChoices.period(period, from: nil, to: nil)
        if !dryRun { try access.requireAdmin() }
        if let vehicle { try access.requireVisibleVehicle(vehicle) }
        let filter = TripFilter(
            vehicle: vehicle, interval: context.clock.interval(period), vehicles: access.visibleVehicles)
        return try (dryRun ? context.database : access.writer).applyRules(filter, dryRun: dryRun)
            .map(RuleOutcomeView.init)
    }
}

/// A rule to add: its name and priority, when it applies (`weekdays` such as `mon-fri` or `sat,sun`, a local
/// start-time window `HH:MM-HH:MM`, start and end places by name, a vehicle) and what it sets.
public struct RuleInput: Decodable, Sendable, Hashable {
    public var name: String
    public var category: String
    public var purpose: String?
    public var weekdays: String?
    public var time: String?
    public var from: String?
    public var to: String?
    public var vehicle: String?
    public var priority: Int?

    public init(
        name: String, category: String, purpose: String? = nil, weekdays: String? = nil, time: String? = nil,
        from: String? = nil, to: String? = nil, vehicle: String? = nil, priority: Int? = nil
    ) {
        self.name = name
        self.category = category
        self.purpose = purpose
        self.weekdays = weekdays
        self.time = time
        self.from = from
        self.to = to
        self.vehicle = vehicle
        self.priority = priority
    }

    public struct Parsed: Sendable {
        public var category: TripCategory
        public var weekdays: Set<Weekday>
        public var timeWindow: TimeWindow?
    }

    public func validated() throws -> Parsed {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 100 else {
            throw ServiceError(.invalid, field: "name", "must have 1 to 100 characters")
        }
        guard let category = try TripChoices.category(category).category else {
            throw ServiceError(.invalid, field: "category", "choose business, private or commute")
        }
        // The log's rule (409), said before anything is stored; at the terminal a usage error as it always was.
        if category == .business, purpose?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            throw ServiceError(.refused, field: "purpose", "a business rule needs a purpose", exitCode: 64)
        }
        try TripText.check(purpose, field: "purpose")
        var window: TimeWindow?
        if let time {
            guard let parsed = TimeWindow(parsing: time) else {
                throw ServiceError(.invalid, field: "time", "\"\(time)\": expected HH:MM-HH:MM")
            }
            window = parsed
        }
        return Parsed(category: category, weekdays: try Self.weekdays(weekdays), timeWindow: window)
    }

    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// `mon-fri`, `sat,sun`, `tue`: the days named (none: every day).
    static func weekdays(_ text: String?) throws -> Set<Weekday> {
        guard let text else { return [] }
        func day(_ s: Substring) throws -> Int {
            let key = s.trimmingCharacters(in: .whitespaces).lowercased().prefix(3)
            guard let index = dayNames.firstIndex(of: String(key)) else {
                throw ServiceError(.invalid, field: "weekdays", "\"\(text)\": unknown day '\(s)'; use mon … sun")
            }
            return index + 1
        }
        var result: Set<Weekday> = []
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-")
            guard ends.count == 1 || ends.count == 2 else {
                throw ServiceError(.invalid, field: "weekdays", "\"\(text)\": expected e.g. mon-fri or sat,sun")
            }
            let first = try day(ends[0])
            let last = try day(ends[ends.count - 1])
            var k = first
            while true {
                if let weekday = Weekday(rawValue: k) { result.insert(weekday) }
                if k == last { break }
                k = k % 7 + 1
            }
        }
        return result
    }
}

/// A rule as `rules list --format json` and `GET /api/v1/rules` give it.
public struct RuleView: Encodable, Sendable {
    public var stored: StoredRule

    public init(_ stored: StoredRule) { self.stored = stored }

    /// `mon,tue,…`, nil for every day.
    public var weekdays: String? {
        let days = stored.rule.weekdays
        return days.isEmpty ? nil : days.sorted().map { RuleInput.dayNames[$0.rawValue - 1] }.joined(separator: ",")
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, priority, weekdays, time, from, to, vehicle, category, purpose
    }

    public func encode(to encoder: any Encoder) throws {
        let r = stored.rule
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(r.name, forKey: .name)
        try c.encode(r.priority, forKey: .priority)
        try c.encode(weekdays, forKey: .weekdays)
        try c.encode(r.timeWindow?.description, forKey: .time)
        try c.encode(r.startPlace?.name, forKey: .from)
        try c.encode(r.endPlace?.name, forKey: .to)
        try c.encode(stored.vehicle, forKey: .vehicle)
        try c.encode(r.category.rawValue, forKey: .category)
        try c.encode(r.purpose, forKey: .purpose)
    }
}

/// What the rules did (or would do) to one trip (`rules test`).
public struct RuleOutcomeView: Encodable, Sendable {
    public var outcome: RuleOutcome

    public init(_ outcome: RuleOutcome) { self.outcome = outcome }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case trip, rule, from, category, purpose
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outcome.tripID, forKey: .trip)
        try c.encode(outcome.rule, forKey: .rule)
        try c.encode(outcome.previous?.rawValue ?? "unclassified", forKey: .from)
        try c.encode(outcome.category.rawValue, forKey: .category)
        try c.encode(outcome.purpose, forKey: .purpose)
    }
}
