import Foundation
import TrackModel
public import Hours

extension AppDatabase {
    /// Starts the driver's clock: a running entry from `moment` (refused if one runs already or it would overlap).
    @discardableResult
    public func startClock(
        driver: String, at moment: Moment, message: String, vehicle: String?, zone: WorkZone
    ) throws -> StoredHoursEntry {
        if let running = try runningHoursEntry(driver: driver) {
            throw StoreError(
                .refused, operation: "startClock",
                detail: "the clock of \(driver) runs already (shift \(running.number), since "
                    + "\(zone.iso8601(running.entry.start.date)))")
        }
        let entry = HoursEntry.running(
            id: UUID(), driver: driver, start: moment, message: message, vehicle: vehicle, zone: zone)
        return try self.hoursEntry(try addHoursEntry(entry, zone: zone))
    }

    /// Pauses the running clock: the time until `resumeClock` (or `stopClock`) is break.
    @discardableResult
    public func pauseClock(driver: String, at moment: Moment, zone: WorkZone) throws -> StoredHoursEntry {
        let running = try requireRunning(driver, operation: "pauseClock")
        guard running.pausedAt == nil else {
            throw StoreError(.refused, operation: "pauseClock", detail: "the clock of \(driver) is paused already")
        }
        guard moment > running.entry.start else {
            throw StoreError(.refused, operation: "pauseClock", detail: "a pause cannot begin before the shift")
        }
        try replaceHoursEntry(running.number, with: running.entry, zone: zone, pausedAt: moment)
        return try hoursEntry(running.number)
    }

    /// Resumes a paused clock, adding the pause to the entry's break.
    @discardableResult
    public func resumeClock(driver: String, at moment: Moment, zone: WorkZone) throws -> StoredHoursEntry {
        let running = try requireRunning(driver, operation: "resumeClock")
        guard let pausedAt = running.pausedAt else {
            throw StoreError(.refused, operation: "resumeClock", detail: "the clock of \(driver) is not paused")
        }
        var entry = running.entry
        entry.enteredBreakMinutes += max(0, pausedAt.minutes(until: moment))
        entry.breakMinutes = entry.enteredBreakMinutes
        try replaceHoursEntry(running.number, with: entry, zone: zone, pausedAt: nil)
        return try self.hoursEntry(running.number)
    }

    /// Stops the running clock: the entry is closed under the rules (rounding, automatic break) and queued for
    /// the payroll system. A pause still open ends now.
    @discardableResult
    public func stopClock(driver: String, at moment: Moment, rules: HoursRules) throws -> StoredHoursEntry {
        let running = try requireRunning(driver, operation: "stopClock")
        var pause = 0
        if let pausedAt = running.pausedAt { pause = max(0, pausedAt.minutes(until: moment)) }
        let entry: HoursEntry
        do {
            entry = try HoursEntry(
                id: running.entry.id, driver: driver, rawStart: running.entry.rawStart, rawEnd: moment,
                enteredBreakMinutes: running.entry.enteredBreakMinutes + pause, message: running.entry.message,
                vehicle: running.entry.vehicle, rules: rules)
        } catch {
            throw StoreError(.refused, operation: "stopClock", detail: error.message)
        }
        try replaceHoursEntry(running.number, with: entry, zone: rules.zone, pausedAt: nil)
        return try self.hoursEntry(running.number)
    }

    private func requireRunning(_ driver: String, operation: String) throws -> StoredHoursEntry {
        guard let running = try runningHoursEntry(driver: driver) else {
            throw StoreError(
                .refused, operation: operation,
                detail: "the clock of \(driver) is not running (`hours start` starts it)")
        }
        return running
    }
}
