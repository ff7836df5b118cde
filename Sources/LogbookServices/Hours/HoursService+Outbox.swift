import Hours
import LogbookStore

extension HoursService {
    /// The changes queued for the payroll system, newest first (of one state, or all), and how many there are of
    /// each state.
    public func outbox(state: HoursSyncState?, limit: Int) throws -> HoursOutboxView {
        try access.requireAdmin()
        guard (1...100_000).contains(limit) else {
            throw ServiceError(.invalid, field: "limit", "must be 1 to 100000")
        }
        let counts = try database.hoursChangeCounts()
        let changes = try database.hoursChanges(status: state, limit: limit)
        let numbers = try database.hoursEntryNumbers(uuids: Set(changes.map(\.entryUUID)))
        return HoursOutboxView(
            endpoint: settings.endpoint, counts: counts,
            changes: changes.map { HoursOutboxView.Change($0, number: numbers[$0.entryUUID]) })
    }

    /// Makes failed (or waiting) changes due now: those named, or with `allFailed` every failed one. The ids made
    /// due, in order.
    @discardableResult
    public func retry(_ ids: [Int64], allFailed: Bool = false) throws -> [Int64] {
        try access.requireAdmin()
        let chosen = allFailed ? try database.hoursChanges(status: .failed, limit: 100_000).map(\.id).sorted() : ids
        for id in chosen { try writer.retryHoursChange(id) }
        return chosen
    }

    /// Puts a shift's refused changes back in line for the next sync (the hours page's "Retry",
    /// `POST /api/v1/hours/shifts/{id}/retry`): for those who may change that driver's hours — the driver their own,
    /// an admin everyone's. Whether the period is submitted or locked does not matter: the change was made before.
    /// A shift with no refused change is refused (409). The shift as it is now (its `sync` pending).
    @discardableResult
    public func retrySync(_ key: String) throws -> HoursEntryView {
        let stored = try editableEntry(key)
        guard !(try writer.retryFailedHoursChanges(entry: stored.entry.id)).isEmpty else {
            let state = stored.entry.isRunning ? "running" : stored.sync.rawValue
            throw ServiceError(
                .refused, "shift \(stored.number) has no change the payroll system refused (it is \(state))")
        }
        return try entry(String(stored.number))
    }
}
