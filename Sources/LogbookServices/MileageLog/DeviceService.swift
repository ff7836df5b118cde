import Crypto
import Foundation
import LogbookStore
import MileageLog
import TrackModel
public import TripEngine

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
    public func add(name: String, vehicle plate: String, speedUnit: String = "knots", baseURL: String? = nil) throws
        -> NewDeviceView
    {
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
        return NewDeviceView(
            name: device.name, vehicle: stored, token: token,
            urls: DeviceURLs(base: baseURL ?? Self.defaultBaseURL, token: token, name: device.name))
    }

    /// All devices, by name.
    public func list() throws -> [DeviceView] {
        try access.requireAdmin()
        return try context.database.deviceSummaries().map(DeviceView.init)
    }

    /// The devices of the vehicles the caller may see, with the trip each is on (`tracker`'s engines): the live
    /// page of admins, accountants and drivers.
    public func live(tracker: DeviceTracker) throws -> [DeviceLiveView] {
        try context.database.deviceSummaries().filter { access.canSee(plate: $0.vehicle) }.map { summary in
            DeviceLiveView(
                device: DeviceView(summary),
                trip: summary.device.id.flatMap { tracker.tripInProgress(deviceID: $0) })
        }
    }

    /// The browser as a tracker ("Record a trip"): the device `browser-USER-PLATE` of the caller for a vehicle they
    /// may drive, with a new token (the page keeps it while it records; the one before stops working). Speeds are
    /// in m/s, as the Geolocation API gives them. A revoked browser device stays revoked.
    public func browserDevice(vehicle plate: String) throws -> NewDeviceView {
        try access.requireEditor()
        try access.requireVisibleVehicle(plate)
        let stored = try context.database.existingVehicle(plate: plate).plate
        let who = context.caller.user?.name ?? "terminal"
        let name = Self.browserDeviceName(user: who, plate: stored)
        let token = Self.randomToken()
        if let existing = try? context.database.device(name: name) {
            guard existing.revokedAt == nil else {
                throw ServiceError(.refused, "this browser's device \(name) was revoked by an admin")
            }
            try context.database.rekeyDevice(name: name, tokenHash: Self.hash(token))
        } else {
            _ = try context.database.addDevice(name: name, plate: stored, tokenHash: Self.hash(token), speedUnit: "m/s")
        }
        return NewDeviceView(
            name: name, vehicle: stored, token: token, urls: DeviceURLs(base: "", token: token))
    }

    /// `browser-anna-ABC1`: letters, digits and `-` only, at most 64 characters.
    static func browserDeviceName(user: String, plate: String) -> String {
        let text = "browser-\(user)-\(plate)"
        let cleaned = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
            })
        return String(cleaned.prefix(64))
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

    /// Where the apps reach the server when neither `--base-url` nor `[server] public_url` says.
    public static let defaultBaseURL = "http://127.0.0.1:8080"

    /// 256 random bits from the system's generator, as 64 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    /// SHA-256 of a token, as 64 lower-case hex digits: what the log keeps.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).hex
    }
}

/// A device just added, with its token (shown once) and what to paste into each app.
public struct NewDeviceView: Encodable, Sendable, Hashable {
    public var name: String
    public var vehicle: String
    public var token: String
    public var urls: DeviceURLs
}

/// The address to paste into each app for a device, by the app's protocol. The token is part of the address where the
/// app has no field of its own for it (OsmAnd's and GPSLogger's URL templates, Traccar Client's address with `id`);
/// OwnTracks takes it as the password (user: the device's name) and Overland as its access token.
public struct DeviceURLs: Encodable, Sendable, Hashable {
    /// Traccar Client (server URL; its device identifier is the token) and OsmAnd's online tracking template.
    public var osmand: String
    public var traccar: String
    public var owntracks: String
    public var overland: String
    public var gpslogger: String
    /// OwnTracks' setup link (`owntracks:///config?inline=` and its configuration in base64: HTTP mode, this URL, the
    /// device's name as user and the token as password): scanned or tapped on the phone, it configures the app.
    public var owntracksSetup: String

    enum CodingKeys: String, CodingKey {
        case osmand, traccar, owntracks, overland, gpslogger
        case owntracksSetup = "owntracks_setup"
    }

    public init(base: String, token: String, name: String = "") {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        let token = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
        osmand =
            "\(base)/ingest/osmand?id=\(token)&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}&bearing={6}"
        traccar = "\(base)/ingest/osmand?id=\(token)"
        owntracks = "\(base)/ingest/owntracks"
        overland = "\(base)/ingest/overland?token=\(token)"
        gpslogger =
            "\(base)/ingest/gpslogger?token=\(token)&lat=%LAT&lon=%LON&time=%TIME&speed=%SPD&dir=%DIR&alt=%ALT"
            + "&acc=%ACC&batt=%BATT&ischarging=%ISCHARGING"
        let configuration = OwnTracksConfiguration(url: "\(base)/ingest/owntracks", username: name, password: token)
        let json = (try? ServiceJSON.encode(configuration)) ?? Data()
        owntracksSetup = "owntracks:///config?inline=" + json.base64EncodedString()
    }
}

/// OwnTracks' configuration file (`.otrc`), HTTP mode (`mode` 3) with Basic authentication.
struct OwnTracksConfiguration: Encodable {
    var type = "configuration"
    var mode = 3
    var url: String
    var auth = true
    var username: String
    var password: String

    enum CodingKeys: String, CodingKey {
        case type = "_type"
        case mode, url, auth, username, password
    }
}

/// A device on the live page: what `devices list` shows and the trip it is on.
public struct DeviceLiveView: Sendable, Hashable {
    public var device: DeviceView
    public var trip: TripProgress?
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
    /// `last_seen` as a time, for tables.
    public var lastSeenTime: Timestamp? { lastSeenAt }
    var lastSeenAt: Timestamp?

    init(_ summary: DeviceSummary) {
        lastSeenAt = summary.device.lastSeenAt
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

    /// Every key is written, `null` where there is no value yet (a device that never reported).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(vehicle, forKey: .vehicle)
        try c.encode(lastSeen, forKey: .lastSeen)
        try c.encode(positions, forKey: .positions)
        try c.encode(battery, forKey: .battery)
        try c.encode(revoked, forKey: .revoked)
        try c.encode(refused, forKey: .refused)
    }
}
