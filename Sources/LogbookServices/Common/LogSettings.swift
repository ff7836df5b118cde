import Foundation
public import LogbookStore
public import MileageLog

/// The `[log]` table of the configuration: the rules the mileage log keeps.
///
/// ```toml
/// [log]
/// lock_after_days = 7                  # 0: trips never lock
/// unclassified_private_after_days = 7  # omit to leave unclassified trips open
/// preset = "DE"                        # EE, DE, FI, SE, UK or US: fields a business trip needs
/// apply_odometer_calibration = false
/// timezone = "Europe/Tallinn"          # default: the system's
/// actor = "Mari Maasikas"              # default: $LOGBOOK_ACTOR, else $USER
/// ```
public struct LogSettings: Decodable, Sendable {
    public var lockAfterDays = 7
    public var unclassifiedPrivateAfterDays: Int?
    public var preset: CountryPreset?
    public var applyOdometerCalibration = false
    public var timezone: String?
    public var actor: String?

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case lockAfterDays = "lock_after_days"
        case unclassifiedPrivateAfterDays = "unclassified_private_after_days"
        case preset
        case applyOdometerCalibration = "apply_odometer_calibration"
        case timezone
        case actor
    }

    public init() {}

    /// Whether the system knows a zone of this name: a file under /usr/share/zoneinfo (checked without loading
    /// Foundation's ICU-backed time zones, which the daemon avoids), else whatever Foundation knows.
    public static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains(".."), !name.hasPrefix("/") else { return false }
        if access("/usr/share/zoneinfo", R_OK) == 0 { return access("/usr/share/zoneinfo/" + name, R_OK) == 0 }
        return TimeZone(identifier: name) != nil
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lockAfterDays = try c.decodeIfPresent(Int.self, forKey: .lockAfterDays) ?? 7
        guard lockAfterDays >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .lockAfterDays, in: c, debugDescription: "must be 0 (never) or more days")
        }
        unclassifiedPrivateAfterDays = try c.decodeIfPresent(Int.self, forKey: .unclassifiedPrivateAfterDays)
        if let days = unclassifiedPrivateAfterDays, days < 0 {
            throw DecodingError.dataCorruptedError(
                forKey: .unclassifiedPrivateAfterDays, in: c, debugDescription: "must be 0 or more days")
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .preset) {
            guard let preset = CountryPreset(rawValue: text.uppercased()) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .preset, in: c, debugDescription: "expected one of EE, DE, FI, SE, UK, US")
            }
            self.preset = preset
        }
        applyOdometerCalibration = try c.decodeIfPresent(Bool.self, forKey: .applyOdometerCalibration) ?? false
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
        if let timezone, !Self.isZoneName(timezone) {
            throw DecodingError.dataCorruptedError(
                forKey: .timezone, in: c, debugDescription: "unknown time zone; use an IANA name such as Europe/Tallinn"
            )
        }
        actor = try c.decodeIfPresent(String.self, forKey: .actor)
    }
}

extension LogSettings {
    public func clock(override: String? = nil) throws -> LocalClock {
        let name = override ?? timezone
        guard let name else { return LocalClock(identifier: nil) }
        // Checked when given on the command line; the configuration's was checked when it was read.
        if override != nil, !Self.isZoneName(name) {
            throw ServiceError(
                .invalid, field: "timezone", "unknown time zone '\(name)'; use an IANA name such as Europe/Tallinn")
        }
        return LocalClock(identifier: name)
    }

    /// The store's policy; the actor is `[log] actor`, else `defaultActor`, else $LOGBOOK_ACTOR or $USER.
    public func policy(clock: LocalClock, defaultActor: String?) -> LogPolicy {
        let environment = ProcessInfo.processInfo.environment
        let actor =
            self.actor ?? defaultActor ?? environment["LOGBOOK_ACTOR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "logbook"
        return LogPolicy(
            actor: actor, lockAfterDays: lockAfterDays == 0 ? nil : lockAfterDays,
            unclassifiedPrivateAfterDays: unclassifiedPrivateAfterDays, preset: preset,
            applyOdometerCalibration: applyOdometerCalibration, utcOffset: { clock.offset($0) })
    }
}
