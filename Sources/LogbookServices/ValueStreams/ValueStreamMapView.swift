public import ValueStreams

/// A map as `vsm show --format json` and `GET /api/v1/vsm/maps/{name}` give it: the map's JSON document with the
/// measures of the map and of each section, and a future map's comparison with its current map
/// (`ValueStreamDocument`). The pages and the terminal's table read `map` and `current`.
public struct ValueStreamMapView: Encodable, Sendable {
    public var map: ValueStreamMap
    /// The current map a future map improves (nil when it is not one, or that map is gone).
    public var current: ValueStreamMap?

    public init(map: ValueStreamMap, current: ValueStreamMap?) {
        self.map = map
        self.current = current
    }

    public var comparison: MapComparison? {
        guard map.state == .future, let current else { return nil }
        return MapComparison(future: map, current: current)
    }

    public func encode(to encoder: any Encoder) throws {
        try ValueStreamDocument(map, measures: true, current: current).encode(to: encoder)
    }
}
