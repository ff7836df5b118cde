public import TrackModel

/// The fields of a mileage-log entry that the country presets check. The store maps its rows onto this.
public struct TripEntry: Sendable, Hashable {
    public var start: Timestamp
    public var end: Timestamp?
    public var category: TripCategory
    public var source: EntrySource
    public var vehiclePlate: String?
    public var driver: String?
    public var purpose: String?
    /// The customer, supplier or other party visited.
    public var businessPartner: String?
    public var destination: String?
    /// The route driven, in words (e.g. via which towns), where it matters.
    public var route: String?
    public var startPlace: String?
    public var endPlace: String?
    /// Odometer readings in kilometres.
    public var odometerStart: Double?
    public var odometerEnd: Double?
    public var distanceMetres: Double?

    public init(
        start: Timestamp, end: Timestamp? = nil, category: TripCategory, source: EntrySource = .gps,
        vehiclePlate: String? = nil, driver: String? = nil, purpose: String? = nil, businessPartner: String? = nil,
        destination: String? = nil, route: String? = nil, startPlace: String? = nil, endPlace: String? = nil,
        odometerStart: Double? = nil, odometerEnd: Double? = nil, distanceMetres: Double? = nil
    ) {
        self.start = start
        self.end = end
        self.category = category
        self.source = source
        self.vehiclePlate = vehiclePlate
        self.driver = driver
        self.purpose = purpose
        self.businessPartner = businessPartner
        self.destination = destination
        self.route = route
        self.startPlace = startPlace
        self.endPlace = endPlace
        self.odometerStart = odometerStart
        self.odometerEnd = odometerEnd
        self.distanceMetres = distanceMetres
    }

    /// Whether a field holds a value: text must have something besides blanks, numbers must be finite.
    public func has(_ field: TripField) -> Bool {
        func text(_ value: String?) -> Bool { value.map { $0.contains { !$0.isWhitespace } } ?? false }
        func number(_ value: Double?) -> Bool { value?.isFinite ?? false }
        switch field {
        case .vehicle: return text(vehiclePlate)
        case .driver: return text(driver)
        case .purpose: return text(purpose)
        case .businessPartner: return text(businessPartner)
        case .destination: return text(destination)
        case .route: return text(route)
        case .startPlace: return text(startPlace)
        case .endPlace: return text(endPlace)
        case .odometerStart: return number(odometerStart)
        case .odometerEnd: return number(odometerEnd)
        case .distance: return number(distanceMetres)
        }
    }
}

/// A field of a trip entry that a preset may require; raw values are the names the store and CLI use.
public enum TripField: String, Sendable, Hashable, Codable, CaseIterable {
    case vehicle
    case driver
    case purpose
    case businessPartner = "business-partner"
    case destination
    case route
    case startPlace = "start-place"
    case endPlace = "end-place"
    case odometerStart = "odometer-start"
    case odometerEnd = "odometer-end"
    case distance
}
