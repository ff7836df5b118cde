import Checklists
import Foundation
import LogbookStore

extension ChecklistService {
    /// Ended shifts of the caller's restaurants, newest first, exactly as they were.
    public func archive(_ filter: ChecklistArchiveFilter) throws -> ChecklistShiftsView {
        ChecklistShiftsView(shifts: try archived(filter).map(view))
    }

    /// Per shift manager, over the ended shifts `filter` names: shifts, checklists completed and how long they took,
    /// not-ok tasks, corrective actions, travel paths on time, late and missed.
    public func statistics(_ filter: ChecklistArchiveFilter) throws -> ChecklistStatisticsView {
        let travelPath = settings.travelPathName
        let records = try archived(filter).filter { $0.runs[.preShift] != nil }.map { shift in
            ShiftRecord(
                manager: shift.manager, started: shift.startedAt, preShift: shift.preShift, todos: shift.todos,
                travelPaths: ChecklistReminderView.judged(
                    shift, now: shift.endedAt ?? shift.startedAt, policy: settings.policy
                )
                .filter { $0.0.occurrence.name.caseInsensitiveCompare(travelPath) == .orderedSame }.map(\.1)
                .filter { $0 != .open })
        }
        return ChecklistStatisticsView(
            managers: ManagerStatistics.compute(records).map(ChecklistStatisticsView.Manager.init))
    }

    /// The filter's days on the restaurant's clock (the caller's without a restaurant): `to` includes its day.
    func archived(_ filter: ChecklistArchiveFilter) throws -> [ChecklistShift] {
        let clock =
            try filter.restaurant.map { RestaurantClock(try access.restaurant($0)) }
            ?? RestaurantClock(zone: context.clock.zone)
        func day(_ text: String?, _ field: String, next: Bool = false) throws(ServiceError) -> Double? {
            guard let text, !text.isEmpty else { return nil }
            guard let moment = clock.startOfDay(parsing: text, next: next) else {
                throw ServiceError(.invalid, field: field, "expected a date YYYY-MM-DD")
            }
            return moment
        }
        let from = try day(filter.from, "from")
        let to = try day(filter.to, "to", next: true)
        if let from, let to, to <= from { throw ServiceError(.invalid, field: "to", "is before from") }
        let manager = filter.manager.flatMap { $0.isEmpty ? nil : $0 }
        return try access.archive(restaurant: filter.restaurant, manager: manager, from: from, to: to)
    }
}
