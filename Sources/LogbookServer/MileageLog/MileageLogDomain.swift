import Hummingbird
import LogbookStore

/// The mileage log's slice of the server: trips, vehicles, odometer, regular trips, places, rules,
/// reports, the outbox and the daemon's status.
package enum MileageLogDomain: ServerDomain {
    package static var templates: [String: String] {
        MileageLogTemplates.all.merging(MileageFormTemplates.all) { $1 }
    }

    package static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        TrackImportRoutes.registerAPI(api, environment)
        TripAPI.register(api, environment)
        LogAPI.register(api, environment)
    }

    package static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        TripFormPages.register(pages, environment, renderer)
        TrackImportRoutes.registerPages(pages, environment, renderer)
        TripPages.register(pages, environment, renderer)
        RegularTripPages.register(pages, environment, renderer)
        ProfilePages.register(pages, environment, renderer)
        LogPages.register(pages, environment, renderer)
        DevicePages.register(pages, environment, renderer)
        RouteMap.register(pages, environment)
    }

    /// Trips, live and reports for those who may read the log; Record for those who change trips; vehicles and
    /// devices for the fleet's admins.
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] {
        var items: [MenuItem] = []
        if user.mayReadMileageLog {
            items += [
                MenuItem(label: "Trips", href: "/trips", rank: MenuItem.Rank.trips),
                MenuItem(label: "Live", href: "/live", rank: MenuItem.Rank.live),
                MenuItem(label: "Reports", href: "/reports", rank: MenuItem.Rank.reports),
            ]
        }
        if user.canEditTrips { items.append(MenuItem(label: "Record", href: "/record", rank: MenuItem.Rank.record)) }
        if user.managesFleet {
            items += [
                MenuItem(label: "Vehicles", href: "/vehicles", rank: MenuItem.Rank.vehicles),
                MenuItem(label: "Devices", href: "/devices", rank: MenuItem.Rank.devices),
            ]
        }
        return items
    }
}
