import Foundation
import Hours
import LogbookStore

extension HoursService {
    /// A driver's clock: running or not, and the running entry.
    public func clock(driver requested: String?) throws -> HoursClockView {
        try access.requireReader()
        let driver = try access.driver(requested)
        let running = try database.runningHoursEntry(driver: driver)
        return HoursClockView(
            driver: driver, entry: try running.map { try view(of: $0) },
            pausedSince: running?.pausedAt.map { zone.iso8601($0.date) })
    }

    /// Starts, pauses, resumes or stops a driver's clock, now or `at` a time of today; the entry it made or
    /// changed. Stopping closes the entry under the rules (rounding, automatic break) and queues it for payroll.
    @discardableResult
    public func clock(_ action: HoursClockAction, _ input: HoursClockInput) throws -> HoursEntryView {
        try access.requireReader()
        try access.requireEditor()
        let driver = try access.driver(input.driver)
        let moment = try input.at.map { try rules.moment($0, on: today, field: "at") } ?? self.moment
        let stored: StoredHoursEntry
        switch action {
        case .start:
            let message = try Self.message(input.message) ?? ""
            let vehicle = try input.vehicle.flatMap {
                $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try access.vehicle($0)
            }
            stored = try writer.startClock(driver: driver, at: moment, message: message, vehicle: vehicle, zone: zone)
        case .pause:
            stored = try writer.pauseClock(driver: driver, at: moment, zone: zone)
        case .resume:
            stored = try writer.resumeClock(driver: driver, at: moment, zone: zone)
        case .stop:
            stored = try writer.stopClock(driver: driver, at: moment, rules: rules)
        }
        return try view(of: stored)
    }
}
