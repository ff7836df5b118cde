import Crypto
import Foundation
import LogbookStore
import TrackModel

/// Phones and trackers that report positions over HTTP (`logbook devices`). Admins and the terminal manage them;
/// everyone else is forbidden.
public struct DeviceService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    /// The speed units a device may report in (the `Ingest` target's speed units).
    public static let speedUnits = ["knots", "m/s", "km/h"]

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    /// Adds a device for a vehicle and draws its token: the answer is the only place the token appears, the log
    /// keeps its SHA-256.
    public func add(name: String, vehicle plate: String, speedUnit: String = "knots") throws -> NewDeviceView {
        try access.requireAdmin()
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 64, !name.contains(":") else {
            throw ServiceError(.invalid, field: "name", "must have 1 to 64 characters and no ':'")
        }
        guard Self.speedUnits.contains(speedUnit) else {
            throw ServiceError(
                .invalid, field: "speed_unit", "must be one of \(Self.speedUnits.joined(separator: ", "))")
        }
        let token = Self.randomToken()
        let device = try context.database.addDevice(
            name: name, plate: plate, tokenHash: Self.hash(token), speedUnit: speedUnit)
        let stored = try context.database.existingVehicle(plate: plate).plate
        return NewDeviceView(name: device.name, vehicle: stored, token: token)
    }

    /// All devices, by name.
    public func list() throws -> [DeviceView] {
        try access.requireAdmin()
        return try context.database.deviceSummaries().map(DeviceView.init)
    }

    /// Revokes a device's token: its requests are refused from now on, its positions stay.
    public func revoke(name: String) throws {
        try access.requireAdmin()
        try context.database.revokeDevice(name: name)
    }

    /// Removes a device with its positions.
    public func remove(name: String) throws {
        try access.requireAdmin()
        try context.database.removeDevice(name: name)
    }

    /// 256 random bits from the system's generator, as 64 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    /// SHA-256 of a token, as 64 lower-case hex digits: what the log keeps.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// A device just added, with its token (shown once).
public struct NewDeviceView: Encodable, Sendable, Hashable {
    public var name: String
    public var vehicle: String
    public var token: String
}

/// A device as `logbook devices list` shows it.
public struct DeviceView: Encodable, Sendable, Hashable {
    public var name: String
    public var vehicle: String
    /// When the device last sent something (ISO 8601, UTC), nil if never.
    public var lastSeen: String?
    public var positions: Int
    /// The battery level (percent) it last reported.
    public var battery: Double?
    public var revoked: Bool
    /// Fixes refused so far, by reason.
    public var refused: [String: Int]

    init(_ summary: DeviceSummary) {
        name = summary.device.name
        vehicle = summary.vehicle
        lastSeen = summary.device.lastSeenAt.map {
            Date(timeIntervalSince1970: $0.secondsSince1970).formatted(.iso8601)
        }
        positions = summary.positions
        battery = summary.device.lastBattery
        revoked = summary.device.revokedAt != nil
        refused = summary.refused
    }

    enum CodingKeys: String, CodingKey {
        case name, vehicle, positions, battery, revoked, refused
        case lastSeen = "last_seen"
    }
}
