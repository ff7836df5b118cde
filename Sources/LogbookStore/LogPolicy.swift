public import MileageLog
public import TrackModel

/// The rules a log keeps, from the `[log]` table of the configuration.
public struct LogPolicy: Sendable {
    /// Who is writing: recorded in every audit entry.
    public var actor: String
    /// Days after a trip ends (or was entered, if later) until it locks; `nil` never locks.
    public var lockAfterDays: Int?
    /// Days after which an unclassified trip becomes private (German practice); `nil` leaves it open.
    public var unclassifiedPrivateAfterDays: Int?
    /// Which fields a business trip needs (`nil`: a purpose only).
    public var preset: CountryPreset?
    /// Whether new GPS trips advance the odometer by GPS distance × the vehicle's calibration factor.
    public var applyOdometerCalibration: Bool
    /// The local time's offset from UTC, in seconds, at a moment: for days, weekdays and rule time windows.
    public var utcOffset: @Sendable (Timestamp) -> Int

    public init(
        actor: String = "logbook", lockAfterDays: Int? = 7, unclassifiedPrivateAfterDays: Int? = nil,
        preset: CountryPreset? = nil, applyOdometerCalibration: Bool = false,
        utcOffset: @escaping @Sendable (Timestamp) -> Int = { _ in 0 }
    ) {
        self.actor = actor
        self.lockAfterDays = lockAfterDays
        self.unclassifiedPrivateAfterDays = unclassifiedPrivateAfterDays
        self.preset = preset
        self.applyOdometerCalibration = applyOdometerCalibration
        self.utcOffset = utcOffset
    }

    /// Whether a trip that ended at `end` and was entered at `created` is locked at `now`.
    public func isLocked(end: Timestamp, created: Timestamp, now: Timestamp) -> Bool {
        guard let lockAfterDays else { return false }
        let since = max(end.secondsSince1970, created.secondsSince1970)
        return since + Double(lockAfterDays) * 86_400 <= now.secondsSince1970
    }
}
