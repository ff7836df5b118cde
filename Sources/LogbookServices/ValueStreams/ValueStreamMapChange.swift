/// A change of a map's own fields (`vsm set` and `vsm rename`, `PATCH /api/v1/vsm/maps/{name}`, the settings form):
/// a field left out stays as it is; `null` clears demand and working time, and `future_of: null` makes the map a
/// current state again.
public struct ValueStreamMapChange: Decodable, Sendable, Hashable {
    public var name: String?
    public var description: String?
    public var demandPerDay: Double??
    public var availableTime: ValueStreamDuration??
    public var futureOf: String??

    public init(
        name: String? = nil, description: String? = nil, demandPerDay: Double?? = nil,
        availableTime: ValueStreamDuration?? = nil, futureOf: String?? = nil
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
        name = try c.decodeIfPresent(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        demandPerDay = try ValueStreamInputFields.change(Double.self, c, .demandPerDay)
        availableTime = try ValueStreamInputFields.change(ValueStreamDuration.self, c, .availableTime)
        futureOf = try ValueStreamInputFields.change(String.self, c, .futureOf)
    }
}
