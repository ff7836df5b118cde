import ArgumentParser
import Foundation
import LogbookServices
import LogbookStore

/// A user's mistake caught while a command runs: one line on standard error naming the option, exit 64. (For the
/// commands that do not throw `ServiceError`s yet.)
package func usageError(_ text: String) -> ExitCode {
    Diagnostics.error(text)
    return ExitCode(64)
}

/// Vehicles named on the command line of commands outside the mileage log: `MileageLogNames`, whose error the root
/// of `logbook` says as `--vehicle: …` with exit 64.
package enum KnownNames {
    package static func vehicle(_ plate: String, in database: AppDatabase) throws -> Vehicle {
        try MileageLogNames.vehicle(plate, in: database)
    }
}
