import Hummingbird

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
    }
}
