public import Hours

/// What a clock action takes (`hours start|pause|resume|stop`, `POST /api/v1/hours/clock/{action}`, the clock's
/// buttons): whose clock, when if not now (`at`: `HH:MM` today, or `HH:MM+02:00`), and for a start the entry's
/// message and vehicle. Every field may be left out.
public struct HoursClockInput: Decodable, Sendable, Hashable {
    public var driver: String?
    public var at: ClockTime?
    public var message: String?
    /// A plate; empty for none.
    public var vehicle: String?

    public init(driver: String? = nil, at: ClockTime? = nil, message: String? = nil, vehicle: String? = nil) {
        self.driver = driver
        self.at = at
        self.message = message
        self.vehicle = vehicle
    }

    enum CodingKeys: String, CodingKey { case driver, at, message, vehicle }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        driver = try HoursInputText.text(c, .driver)
        at = try HoursInputText.time(c, .at)
        message = try c.decodeIfPresent(String.self, forKey: .message)
        vehicle = try c.decodeIfPresent(String.self, forKey: .vehicle)
    }
}

/// The clock's actions.
public enum HoursClockAction: String, Sendable, Hashable, CaseIterable {
    case start, pause, resume, stop
}

/// A link for the menu: a name and an address, for everyone or one driver (`driver`; a driver's are their own).
public struct HoursLinkInput: Decodable, Sendable, Hashable {
    public var name: String
    public var url: String
    public var driver: String?

    public init(name: String, url: String, driver: String? = nil) {
        self.name = name
        self.url = url
        self.driver = driver
    }
}

/// An entry proposed from a day's trips (`hours add --from-trips DAY`): the vehicle (default: the log's only one),
/// whose entry, and a break or message that replace the proposal's.
public struct HoursProposalInput: Sendable, Hashable {
    public var day: RelativeDay
    public var vehicle: String?
    public var driver: String?
    public var breakMinutes: Int?
    public var message: String?

    public init(
        day: RelativeDay, vehicle: String? = nil, driver: String? = nil, breakMinutes: Int? = nil,
        message: String? = nil
    ) {
        self.day = day
        self.vehicle = vehicle
        self.driver = driver
        self.breakMinutes = breakMinutes
        self.message = message
    }
}
