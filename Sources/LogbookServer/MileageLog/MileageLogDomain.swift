import Foundation
import Hummingbird
import LogbookStore
import MileageLog

/// The mileage log's slice of the server: trips, vehicles, odometer, regular trips, places, rules,
/// reports, the outbox and the daemon's status.
package enum MileageLogDomain: ServerDomain {
    package static var templates: [String: String] { MileageLogTemplates.all }

    package static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        TripAPI.register(api, environment)
        LogAPI.register(api, environment)
    }

    package static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        TripPages.register(pages, environment, renderer)
        LogPages.register(pages, environment, renderer)
    }
}

/// Who may see and change what, in one place for the API and the pages.
///
/// The mileage log is an allow-list (`AppUser.mayReadMileageLog`): admins and accountants read every vehicle's
/// trips, a driver their own vehicles' (a driver without vehicles sees none); every other role is refused (403)
/// before anything is read.
struct TripAccess {
    var database: AppDatabase
    var user: AppUser

    init(database: AppDatabase, user: AppUser) throws {
        guard user.mayReadMileageLog else {
            throw APIError.forbidden("the mileage log is for admins, accountants and drivers")
        }
        self.database = database
        self.user = user
    }

    /// The plates whose trips the user may see: `nil` for every vehicle (admins, accountants), else their own.
    var visibleVehicles: [String]? { user.readsEveryVehicle ? nil : user.vehicles }

    /// The trip, if the user may see it; another vehicle's trip does not exist for a driver (404, not 403,
    /// so plates and ids cannot be probed).
    func trip(_ id: Int64, includeTrack: Bool = false) throws -> StoredTrip {
        let trip: StoredTrip
        do {
            trip = try database.trip(id: id, includeTrack: includeTrack)
        } catch let error as StoreError where error.code == .notFound {
            throw APIError.notFound("there is no trip \(id)")
        }
        guard user.canSee(plate: trip.vehicle) else { throw APIError.notFound("there is no trip \(id)") }
        return trip
    }

    /// The trip, if the user may change it.
    func editableTrip(_ id: Int64) throws -> StoredTrip {
        let trip = try trip(id)
        try requireEditor()
        return trip
    }

    func requireEditor() throws {
        guard user.canEditTrips else {
            throw APIError.forbidden("an accountant reads the log but does not change trips")
        }
    }

    func requireAdmin() throws {
        guard user.managesFleet else { throw APIError.forbidden("only an admin may do this") }
    }

    /// A vehicle the user names: unknown and not-theirs look the same.
    func requireVehicle(_ plate: String) throws {
        guard user.canSee(plate: plate), (try? database.existingVehicle(plate: plate)) != nil else {
            throw APIError.notFound("there is no vehicle '\(plate)'")
        }
    }

    /// The database writing audit entries under this user's name.
    var writer: AppDatabase { database.acting(as: "web:" + user.name) }
}
