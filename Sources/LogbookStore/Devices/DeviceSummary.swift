/// A device with what it has sent so far, for listings.
public struct DeviceSummary: Sendable, Hashable {
    public var device: Device
    /// The vehicle's plate.
    public var vehicle: String
    /// How many positions are stored.
    public var positions: Int
    /// Refused fixes by reason.
    public var refused: [String: Int]

    public init(device: Device, vehicle: String, positions: Int, refused: [String: Int]) {
        self.device = device
        self.vehicle = vehicle
        self.positions = positions
        self.refused = refused
    }
}
