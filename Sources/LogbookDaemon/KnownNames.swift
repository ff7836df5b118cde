import ArgumentParser
import Foundation
import LogbookStore

/// A user's mistake caught while a command runs: one line on standard error naming the option, exit 64.
package func usageError(_ text: String) -> ExitCode {
    Diagnostics.error(text)
    return ExitCode(64)
}

/// Vehicles and drivers named on the command line: they must exist, and none is created behind the user's back.
package enum KnownNames {
    /// The stored vehicle `--vehicle PLATE` names; an unknown plate ends the command with exit 64.
    package static func vehicle(_ plate: String, in database: AppDatabase, option: String = "--vehicle") throws
        -> Vehicle
    {
        do {
            return try database.existingVehicle(plate: plate)
        } catch let error as StoreError where error.code == .notFound {
            throw usageError("\(option) \(plate): \(error.detail)")
        } catch let error as StoreError {
            Diagnostics.error(error.description)
            throw ExitCode(error.exitCode)
        }
    }

    /// The vehicle a command without `--vehicle` means: the only one in the log; none or several end it with 64.
    package static func onlyVehicle(in database: AppDatabase) throws -> Vehicle {
        let vehicles = try storeCall { try database.vehicles() }
        switch vehicles.count {
        case 1: return vehicles[0]
        case 0: throw usageError("the log has no vehicle yet; add one with `logbook vehicles add --plate PLATE`")
        default:
            let plates = vehicles.map(\.plate).joined(separator: ", ")
            throw usageError("the log has \(vehicles.count) vehicles (\(plates)); name one with --vehicle PLATE")
        }
    }

    /// Checks that `--vehicle` and `--driver` filters name a stored vehicle and driver (exit 64 otherwise).
    package static func checkFilters(vehicle: String?, driver: String?, in database: AppDatabase) throws {
        if let vehicle { _ = try self.vehicle(vehicle, in: database) }
        if let driver {
            let name = driver.trimmingCharacters(in: .whitespacesAndNewlines)
            let known = try storeCall { try database.drivers() }
            guard known.contains(name) else {
                throw usageError(
                    "--driver \(driver): unknown driver '\(name)'; add them with `logbook drivers add \"\(name)\"`")
            }
        }
    }
}
