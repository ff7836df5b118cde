public import Checklists

/// Per shift manager, `{"managers": [{"manager", "shifts", "completed", "median_minutes",
/// "section_median_minutes", "not_ok_by_section", "not_ok_by_task", "corrective_actions", "travel_paths":
/// {"on-time", "late", "missed"}}]}`; minutes to one decimal.
public struct ChecklistStatisticsView: Encodable, Sendable, Hashable {
    public struct Manager: Encodable, Sendable, Hashable {
        public var manager: String
        public var shifts: Int
        public var completed: Int
        public var medianMinutes: Double?
        public var sectionMedianMinutes: [String: Double]
        public var notOkBySection: [String: Int]
        public var notOkByTask: [String: Int]
        public var correctiveActions: Int
        public var travelPaths: [ReminderOccurrence.Outcome: Int]

        enum CodingKeys: String, CodingKey {
            case manager, shifts, completed
            case medianMinutes = "median_minutes"
            case sectionMedianMinutes = "section_median_minutes"
            case notOkBySection = "not_ok_by_section"
            case notOkByTask = "not_ok_by_task"
            case correctiveActions = "corrective_actions"
            case travelPaths = "travel_paths"
        }

        public init(_ s: ManagerStatistics) {
            func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
            manager = s.manager
            shifts = s.shifts
            completed = s.completed
            medianMinutes = s.medianMinutes.map(tenth)
            sectionMedianMinutes = s.medianSectionMinutes.mapValues(tenth)
            notOkBySection = s.notOkBySection
            notOkByTask = s.notOkByTask
            correctiveActions = s.correctiveActions
            travelPaths = s.travelPaths
        }

        /// Tasks found not ok, over every section.
        public var notOk: Int { notOkBySection.values.reduce(0, +) }

        public func travelPaths(_ outcome: ReminderOccurrence.Outcome) -> Int { travelPaths[outcome] ?? 0 }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(manager, forKey: .manager)
            try c.encode(shifts, forKey: .shifts)
            try c.encode(completed, forKey: .completed)
            try c.encode(medianMinutes, forKey: .medianMinutes)
            try c.encode(sectionMedianMinutes, forKey: .sectionMedianMinutes)
            try c.encode(notOkBySection, forKey: .notOkBySection)
            try c.encode(notOkByTask, forKey: .notOkByTask)
            try c.encode(correctiveActions, forKey: .correctiveActions)
            let outcomes: [ReminderOccurrence.Outcome] = [.onTime, .late, .missed]
            try c.encode(
                Dictionary(uniqueKeysWithValues: outcomes.map { ($0.rawValue, travelPaths($0)) }),
                forKey: .travelPaths)
        }
    }

    public var managers: [Manager]

    public init(managers: [Manager]) { self.managers = managers }
}
