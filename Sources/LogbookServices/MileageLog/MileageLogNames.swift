public import LogbookStore
import Foundation

/// Vehicles and drivers a caller names must exist: none is created behind their back. An unknown name is the
/// caller's mistake about `field` (`vehicle`, `driver`): the CLI's usage error (64), the API's 422.
public enum MileageLogNames {
    /// The stored vehicle `plate` names.
    public static func vehicle(_ plate: String, in database: AppDatabase, field: String = "vehicle") throws -> Vehicle {
        do {
            return try database.existingVehicle(plate: plate)
        } catch let error as StoreError where error.code == .notFound {
            throw ServiceError(.invalid, field: field, error.detail)
        }
    }

    /// The vehicle a caller who names none means: the only one in the log; none or several are refused.
    public static func onlyVehicle(in database: AppDatabase) throws -> Vehicle {
        let vehicles = try database.vehicles()
        switch vehicles.count {
        case 1: return vehicles[0]
        case 0:
            throw ServiceError(
                .invalid, field: "vehicle",
                "the log has no vehicle yet; add one with `logbook vehicles add --plate PLATE`")
        default:
            let plates = vehicles.map(\.plate).joined(separator: ", ")
            throw ServiceError(
                .invalid, field: "vehicle", "the log has \(vehicles.count) vehicles (\(plates)); name one")
        }
    }

    /// A stored driver's name (trimmed).
    public static func driver(_ name: String, in database: AppDatabase, field: String = "driver") throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard try database.drivers().contains(trimmed) else {
            throw ServiceError(
                .invalid, field: field,
                "unknown driver '\(trimmed)'; add them with `logbook drivers add \"\(trimmed)\"`")
        }
        return trimmed
    }
}
