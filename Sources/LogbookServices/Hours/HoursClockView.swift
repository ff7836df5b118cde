/// A driver's clock: `{"driver", "running", "paused", "shift": entry | null}` (`/api/v1/hours/clock…`).
public struct HoursClockView: Encodable, Sendable, Hashable {
    public var driver: String
    public var running: Bool
    public var paused: Bool
    /// The running entry, if any.
    public var entry: HoursEntryView?
    /// When the running entry was paused (ISO 8601 with the zone's offset); for the pages, not in the JSON.
    public var pausedSince: String?

    public init(driver: String, entry: HoursEntryView?, pausedSince: String? = nil) {
        self.driver = driver
        self.entry = entry
        self.pausedSince = pausedSince
        running = entry != nil
        paused = entry?.paused ?? false
    }

    enum CodingKeys: String, CodingKey {
        case driver, running, paused
        case entry = "shift"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(driver, forKey: .driver)
        try c.encode(running, forKey: .running)
        try c.encode(paused, forKey: .paused)
        try c.encode(entry, forKey: .entry)
    }
}
