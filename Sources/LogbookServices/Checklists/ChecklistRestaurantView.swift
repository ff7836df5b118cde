public import LogbookStore

/// A restaurant: `{"name", "email", "timezone"}` (`email` null when its lists are not mailed).
public struct ChecklistRestaurantView: Encodable, Sendable, Hashable {
    public var name: String
    public var email: String?
    public var timezone: String

    enum CodingKeys: String, CodingKey { case name, email, timezone }

    public init(_ restaurant: Restaurant) {
        name = restaurant.name
        email = restaurant.email
        timezone = restaurant.timezone
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(email, forKey: .email)
        try c.encode(timezone, forKey: .timezone)
    }
}

/// `{"restaurants": [ … ]}`: the restaurants the caller works at.
public struct ChecklistRestaurantsView: Encodable, Sendable, Hashable {
    public var restaurants: [ChecklistRestaurantView]

    public init(restaurants: [ChecklistRestaurantView]) { self.restaurants = restaurants }
}
