/// A new map (`vsm create`, `POST /api/v1/vsm/maps`, the new-map form): its name, what it shows, demand and working
/// time for takt time, and the current map it is the future state of.
public struct ValueStreamMapInput: Decodable, Sendable, Hashable {
    public var name: String
    public var description: String?
    /// Pieces or orders per day.
    public var demandPerDay: Double?
    /// Working time available per day.
    public var availableTime: ValueStreamDuration?
    /// The current map this one improves: it is then a future state.
    public var futureOf: String?

    public init(
        name: String, description: String? = nil, demandPerDay: Double? = nil,
        availableTime: ValueStreamDuration? = nil, futureOf: String? = nil
    ) {
        self.name = name
        self.description = description
        self.demandPerDay = demandPerDay
        self.availableTime = availableTime
        self.futureOf = futureOf
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description
        case demandPerDay = "demand_per_day"
        case availableTime = "available_time_per_day_s"
        case futureOf = "future_of"
    }

    public init(from decoder: any Decoder) throws {
        try ValueStreamInputFields.refuseUnknown(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        demandPerDay = try c.decodeIfPresent(Double.self, forKey: .demandPerDay)
        availableTime = try c.decodeIfPresent(ValueStreamDuration.self, forKey: .availableTime)
        futureOf = try c.decodeIfPresent(String.self, forKey: .futureOf)
    }
}
