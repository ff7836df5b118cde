import Foundation
import GRDB
import TrackModel
public import Hours

extension AppDatabase {
    /// Starts the driver's clock: a running shift from `moment` (refused if one runs already or it would overlap).
    @discardableResult
    public func startClock(
        driver: String, at moment: Moment, message: String, vehicle: String?, zone: WorkZone
    ) throws -> HoursEntry {
        if let running = try runningShift(driver: driver) {
            throw StoreError(
                .refused, operation: "startClock",
                detail: "the clock of \(driver) runs already (shift \(running.number), since "
                    + "\(zone.iso8601(running.shift.start.date)))")
        }
        let shift = Shift.running(
            id: UUID(), driver: driver, start: moment, message: message, vehicle: vehicle, zone: zone)
        return try self.shift(try addShift(shift, zone: zone))
    }

    /// Pauses the running clock: the time until `resumeClock` (or `stopClock`) is break.
    @discardableResult
    public func pauseClock(driver: String, at moment: Moment, zone: WorkZone) throws -> HoursEntry {
        let running = try requireRunning(driver, operation: "pauseClock")
        guard running.pausedAt == nil else {
            throw StoreError(.refused, operation: "pauseClock", detail: "the clock of \(driver) is paused already")
        }
        guard moment > running.shift.start else {
            throw StoreError(.refused, operation: "pauseClock", detail: "a pause cannot begin before the shift")
        }
        try replaceShift(running.number, with: running.shift, zone: zone, pausedAt: moment)
        return try shift(running.number)
    }

    /// Resumes a paused clock, adding the pause to the shift's break.
    @discardableResult
    public func resumeClock(driver: String, at moment: Moment, zone: WorkZone) throws -> HoursEntry {
        let running = try requireRunning(driver, operation: "resumeClock")
        guard let pausedAt = running.pausedAt else {
            throw StoreError(.refused, operation: "resumeClock", detail: "the clock of \(driver) is not paused")
        }
        var shift = running.shift
        shift.enteredBreakMinutes += max(0, pausedAt.minutes(until: moment))
        shift.breakMinutes = shift.enteredBreakMinutes
        try replaceShift(running.number, with: shift, zone: zone, pausedAt: nil)
        return try self.shift(running.number)
    }

    /// Stops the running clock: the shift is closed under the rules (rounding, automatic break) and queued for
    /// the payroll system. A pause still open ends now.
    @discardableResult
    public func stopClock(driver: String, at moment: Moment, rules: HoursRules) throws -> HoursEntry {
        let running = try requireRunning(driver, operation: "stopClock")
        var pause = 0
        if let pausedAt = running.pausedAt { pause = max(0, pausedAt.minutes(until: moment)) }
        let shift: Shift
        do {
            shift = try Shift(
                id: running.shift.id, driver: driver, rawStart: running.shift.rawStart, rawEnd: moment,
                enteredBreakMinutes: running.shift.enteredBreakMinutes + pause, message: running.shift.message,
                vehicle: running.shift.vehicle, rules: rules)
        } catch {
            throw StoreError(.refused, operation: "stopClock", detail: error.message)
        }
        try replaceShift(running.number, with: shift, zone: rules.zone, pausedAt: nil)
        return try self.shift(running.number)
    }

    private func requireRunning(_ driver: String, operation: String) throws -> HoursEntry {
        guard let running = try runningShift(driver: driver) else {
            throw StoreError(
                .refused, operation: operation,
                detail: "the clock of \(driver) is not running (`hours start` starts it)")
        }
        return running
    }
}
