import LogbookStore
public import MileageLog
import TrackModel
import Foundation

/// Named places (home, office, a customer's yard) with a radius, for classification rules.
public struct PlaceService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    /// The places; their coordinates only for who manages the fleet (a place may be someone's home).
    public func list() throws -> [PlaceView] {
        try context.database.places().map { PlaceView($0, withCentre: access.managesFleet) }
    }

    public func add(_ input: PlaceInput) throws -> PlaceView {
        try access.requireAdmin()
        let place = try input.validated()
        return PlaceView(try access.writer.addPlace(place), withCentre: true)
    }

    public func remove(named name: String) throws {
        try access.requireAdmin()
        try access.writer.removePlace(named: name)
    }
}

/// A place to add: a name, its centre (WGS84 degrees) and its radius in metres (default 150).
public struct PlaceInput: Decodable, Sendable, Hashable {
    public var name: String
    public var lat: Double
    public var lon: Double
    public var radius: Double?

    public init(name: String, lat: Double, lon: Double, radius: Double? = nil) {
        self.name = name
        self.lat = lat
        self.lon = lon
        self.radius = radius
    }

    public func validated() throws -> Place {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else {
            throw ServiceError(.invalid, field: "name", "must have 1 to 100 characters")
        }
        guard lat.isFinite, (-90...90).contains(lat) else {
            throw ServiceError(.invalid, field: "lat", "must be -90 to 90")
        }
        guard lon.isFinite, (-180...180).contains(lon) else {
            throw ServiceError(.invalid, field: "lon", "must be -180 to 180")
        }
        let radius = radius ?? 150
        guard radius.isFinite, radius > 0, radius <= 100_000 else {
            throw ServiceError(.invalid, field: "radius", "must be more than 0 and at most 100000 metres")
        }
        return Place(name: name, centre: Coordinate(latitude: lat, longitude: lon), radiusMetres: radius)
    }
}

/// A place as `places list --format json` and `GET /api/v1/places` give it.
public struct PlaceView: Encodable, Sendable {
    public var place: Place
    /// Whether `lat` and `lon` are given (the terminal and admins).
    public var withCentre: Bool

    public init(_ place: Place, withCentre: Bool) {
        self.place = place
        self.withCentre = withCentre
    }

    enum CodingKeys: String, CodingKey {
        case name, lat, lon
        case radius = "radius_m"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(place.name, forKey: .name)
        if withCentre {
            try c.encode(ViewNumber.rounded(place.centre.latitude, 6), forKey: .lat)
            try c.encode(ViewNumber.rounded(place.centre.longitude, 6), forKey: .lon)
        }
        try c.encode(ViewNumber.rounded(place.radiusMetres, 0), forKey: .radius)
    }
}
