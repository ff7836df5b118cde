import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices
import LogbookStore
import NIOCore
import QRCode
import TrackModel
import TripEngine

/// Phones and trackers on the web: the admins' devices page (add one and see its token, the address for each app
/// and a QR code once; revoke, remove), the devices on the live page, and "Record a trip" — the browser as a
/// tracker, posting to the same ingest path as the apps.
enum DevicePages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let clock = environment.clock
        @Sendable func service(_ user: AppUser) throws -> DeviceService {
            try DeviceService(ServiceContext(database: environment.database, caller: .user(user), clock: clock))
        }
        @Sendable func devicesPage(
            _ user: AppUser, _ session: WebSession, added: NewDeviceView? = nil, message: Any = false
        ) throws -> Response {
            let service = try service(user)
            let vehicles = try VehicleService(service.context).list().map(\.details.plate)
            let now = environment.database.now
            let devices = try service.live(tracker: environment.ingest.tracker).map { live -> [String: Any] in
                var row = deviceRow(live, now: now, clock: clock)
                row["csrf"] = session.csrfToken
                row["path"] = PageFlow.queryValue(live.device.name)
                return row
            }
            var values: [String: Any] = [
                "devices": devices, "vehicles": vehicles, "hasVehicles": !vehicles.isEmpty, "csrf": session.csrfToken,
                "message": message,
            ]
            if let added {
                var shown: [String: Any] = [
                    "name": added.name, "vehicle": added.vehicle, "token": added.token,
                    "apps": [
                        ["app": "Traccar Client", "setting": "Server URL", "value": added.urls.traccar],
                        ["app": "OsmAnd", "setting": "Online tracking web address", "value": added.urls.osmand],
                        [
                            "app": "OwnTracks", "setting": "HTTP URL (user \(added.name), password: the token)",
                            "value": added.urls.owntracks,
                        ],
                        ["app": "Overland", "setting": "Receiver endpoint", "value": added.urls.overland],
                        ["app": "GPSLogger", "setting": "Custom URL", "value": added.urls.gpslogger],
                    ],
                ]
                shown["codes"] = [
                    ("Traccar Client: its server URL", added.urls.traccar),
                    ("OwnTracks: sets the app up", added.urls.owntracksSetup),
                ].compactMap { caption, text -> [String: Any]? in
                    DeviceQR.svg(text).map { ["caption": caption, "svg": $0] }
                }
                values["added"] = shown
            }
            return renderer.page("mileage/devices", title: "Devices", values, user: user, csrf: session.csrfToken)
        }
        pages.get("/devices") { request, context in
            let (user, session) = try requireLogin(request, context)
            try service(user).access.requireAdmin()
            return try devicesPage(user, session, message: PageFlow.message(request))
        }
        // The token is shown on the answer to the form and nowhere else: no redirect that would lose it.
        pages.post("/devices") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let service = try service(user)
            try service.access.requireAdmin()
            do {
                let base = environment.settings.publicURL ?? "http://\(environment.settings.listen)"
                let added = try service.add(
                    name: form.text("name") ?? "", vehicle: form.text("vehicle") ?? "",
                    speedUnit: form.text("speed_unit") ?? "knots", baseURL: base)
                return try devicesPage(user, session, added: added)
            } catch {
                guard let message = PageFlow.refusal(error) else { throw error }
                return try devicesPage(user, session, message: message)
            }
        }
        pages.post("/devices/{name}/revoke") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let name = try context.parameters.require("name")
            return try PageFlow.redirecting(to: "/devices") {
                try service(user).revoke(name: name)
                return nil
            }
        }
        pages.post("/devices/{name}/remove") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let name = try context.parameters.require("name")
            return try PageFlow.redirecting(to: "/devices") {
                try service(user).remove(name: name)
                return nil
            }
        }

        pages.get("/record") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            try service.access.requireEditor()
            let vehicles = try VehicleService(service.context).list().map(\.details.plate)
            return renderer.page(
                "mileage/record", title: "Record a trip",
                [
                    "vehicles": vehicles, "hasVehicles": !vehicles.isEmpty, "fleet": user.managesFleet,
                    "csrf": session.csrfToken,
                ], user: user,
                csrf: session.csrfToken)
        }
        // The page asks for its device's token when recording starts (JSON, for the page's script).
        pages.post("/record/start") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let device = try service(user).browserDevice(vehicle: form.text("vehicle") ?? "")
            return try JSONResponse.make(
                encoding: RecordingStart(device: device.name, vehicle: device.vehicle, token: device.token))
        }
        pages.get("/static/record.js") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: RecordScript.source)))
        }
    }

    static func deviceRow(_ live: DeviceLiveView, now: Timestamp, clock: LocalClock) -> [String: Any] {
        let d = live.device
        var row: [String: Any] = [
            "name": d.name, "vehicle": d.vehicle, "positions": d.positions, "revoked": d.revoked,
            "lastSeen": d.lastSeenTime.map { ago(now - $0) } ?? "never",
            "refused": d.refused.values.reduce(0, +),
        ]
        if let battery = d.battery { row["battery"] = "\(Int(battery.rounded())) %" }
        if let trip = live.trip {
            row["trip"] = [
                "start": clock.time(trip.start), "distance": TripPages.kilometres(trip.distance),
                "standing": trip.standingSince != nil,
            ]
        }
        return row
    }

    /// `12 s ago`, `5 min ago`, `3 h ago`, `2 days ago`.
    static func ago(_ seconds: Double) -> String {
        let s = max(0, seconds)
        if s < 90 { return "\(Int(s)) s ago" }
        if s < 5_400 { return "\(Int(s / 60)) min ago" }
        if s < 172_800 { return "\(Int(s / 3_600)) h ago" }
        return "\(Int(s / 86_400)) days ago"
    }
}

/// What `/record/start` answers: the page's device and its new token.
struct RecordingStart: Encodable {
    var device: String
    var vehicle: String
    var token: String
}

/// The QR code a phone scans to set up an app (drawn as inline SVG by the server: no script, no image request).
enum DeviceQR {
    /// The code of `text` at the medium error correction (a phone's screen or a print read well), or nil when the
    /// text is too long for any QR code.
    static func svg(_ text: String) -> String? {
        guard let code = try? QRCode(encoding: text, correction: .medium) else { return nil }
        return code.svg(moduleSize: 4, quietZone: 4)
    }
}
