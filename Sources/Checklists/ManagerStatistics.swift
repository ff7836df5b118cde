/// What statistics need of an ended shift.
public struct ShiftRecord: Sendable, Hashable {
    public var manager: String
    public var started: Double
    public var preShift: ChecklistRun
    public var todos: [Todo]
    public var travelPaths: [ReminderOccurrence.Outcome]

    public init(
        manager: String, started: Double, preShift: ChecklistRun, todos: [Todo],
        travelPaths: [ReminderOccurrence.Outcome]
    ) {
        self.manager = manager
        self.started = started
        self.preShift = preShift
        self.todos = todos
        self.travelPaths = travelPaths
    }
}

/// Per shift manager: how the pre-shift checklists went, what was not ok, and the travel paths.
public struct ManagerStatistics: Sendable, Hashable {
    public var manager: String
    public var shifts = 0
    /// Shifts whose pre-shift checklist had every task checked.
    public var completed = 0
    /// Median minutes from the shift's start to the last pre-shift mark, over completed checklists.
    public var medianMinutes: Double?
    /// Median minutes from the first to the last mark of each section.
    public var medianSectionMinutes: [String: Double] = [:]
    public var notOkBySection: [String: Int] = [:]
    public var notOkByTask: [String: Int] = [:]
    /// To-dos from not-ok tasks that were done or noted.
    public var correctiveActions = 0
    public var travelPaths: [ReminderOccurrence.Outcome: Int] = [:]

    public init(manager: String) { self.manager = manager }

    /// Statistics of each manager in `records`, by name.
    public static func compute(_ records: [ShiftRecord]) -> [ManagerStatistics] {
        var result: [ManagerStatistics] = []
        for (manager, shifts) in Dictionary(grouping: records, by: \.manager).sorted(by: { $0.key < $1.key }) {
            var stats = ManagerStatistics(manager: manager)
            var minutes: [Double] = []
            var sectionMinutes: [String: [Double]] = [:]
            for shift in shifts {
                stats.shifts += 1
                let run = shift.preShift
                if run.isComplete {
                    stats.completed += 1
                    let last = run.leaves.compactMap { run.marks[$0.description]?.at }.max()
                    if let last { minutes.append(max(0, (last - shift.started) / 60)) }
                }
                for section in run.template.sections {
                    let times = run.leaves.filter { $0.section == section.name }.compactMap {
                        run.marks[$0.description]?.at
                    }
                    if let first = times.min(), let last = times.max(),
                        times.count == run.leaves.filter({ $0.section == section.name }).count
                    {
                        sectionMinutes[section.name, default: []].append((last - first) / 60)
                    }
                }
                for path in run.notOkLeaves {
                    stats.notOkBySection[path.section, default: 0] += 1
                    stats.notOkByTask[path.description, default: 0] += 1
                }
                stats.correctiveActions += shift.todos.filter { $0.source == .notOk && $0.isSettled }.count
                for outcome in shift.travelPaths { stats.travelPaths[outcome, default: 0] += 1 }
            }
            stats.medianMinutes = median(minutes)
            stats.medianSectionMinutes = sectionMinutes.compactMapValues(median)
            result.append(stats)
        }
        return result
    }

    /// The middle value (the mean of the two middle ones for an even count); nil when empty.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
