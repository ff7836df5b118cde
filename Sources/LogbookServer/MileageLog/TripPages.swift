import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel
import TripEngine

/// The trips pages: the period's trips, unclassified first, with one-tap categories; a trip's page with its
/// route drawn from the stored track, its odometer, idle time and history; the live page.
enum TripPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let clock = environment.clock
        @Sendable func service(_ user: AppUser) throws -> TripService {
            try TripService(ServiceContext(database: environment.database, caller: .user(user), clock: clock))
        }
        pages.get("/trips") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            let query = try RequestInput.query(TripPageQuery.self, from: request)
            let periodName = query.period ?? "this-week"
            let custom = query.from != nil || query.to != nil
            let (from, to) = (query.from, query.to)
            var trips = try service.trips(
                TripListQuery(period: custom ? nil : periodName, from: from, to: to)
            ).trips
            // Unclassified first, then newest first.
            trips.sort { a, b in
                (a.category == nil) != (b.category == nil) ? a.category == nil : a.start > b.start
            }
            let suggestions = try service.purposeSuggestions()
            let rows: [[String: Any]] = trips.prefix(500).map {
                tripRow($0, clock: clock, editable: service.access.mayEditTrips)
            }
            let periods = [
                ("this-week", "This week"), ("last-week", "Last week"), ("this-month", "This month"),
                ("last-month", "Last month"), ("all", "All"),
            ]
            .map { ["value": $0.0, "label": $0.1, "current": !custom && $0.0 == periodName] as [String: Any] }
            let total = trips.reduce(0) { $0 + $1.distance }
            // A tap on a card comes back to the same list (a custom range too), at the card.
            let listQuery =
                custom
                ? "from=\(PageFlow.queryValue(from ?? ""))&to=\(PageFlow.queryValue(to ?? ""))"
                : "period=\(PageFlow.queryValue(periodName))"
            let vehicles = try VehicleService(service.context).list().map(\.details.plate)
            // The month's report: the month the list starts in (this month for the whole log).
            let reportMonth = Self.reportMonth(period: custom ? nil : periodName, from: from ?? to, today: clock.today)
            return renderer.page(
                "mileage/trips", title: "Trips",
                [
                    "trips": rows, "empty": trips.isEmpty, "periods": periods, "from": from ?? "", "to": to ?? "",
                    "suggestions": suggestions, "csrf": session.csrfToken, "count": trips.count,
                    "tripsNoun": trips.count == 1 ? "trip" : "trips",
                    "unclassifiedCount": trips.filter { $0.category == nil }.count,
                    "anyUnclassified": trips.contains { $0.category == nil }, "total": kilometres(total),
                    "listQuery": listQuery, "fleet": user.managesFleet, "noVehicles": vehicles.isEmpty,
                    "editor": service.access.mayEditTrips, "message": PageFlow.message(request),
                    "hasReports": !vehicles.isEmpty, "reportMonth": reportMonth,
                    "reports": vehicles.prefix(20).map { ["plate": $0, "plateQuery": PageFlow.queryValue($0)] },
                ], user: user, csrf: session.csrfToken)
        }
        pages.get("/trips/{id}") { request, context in
            let (user, session) = try requireLogin(request, context)
            var values: [String: Any] = [:]
            if let message = Flash.message(request), !message.isEmpty { values["message"] = message }
            return try tripPage(
                try service(user), id: try TripAPI.tripID(context), values, renderer: renderer, user: user,
                session: session, leaflet: environment.settings.leafletDirectory)
        }
        pages.post("/trips/{id}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user)
            let id = try TripAPI.tripID(context)
            _ = try service.access.editableTrip(id)
            // An empty text clears its field: the form's fields are taken as sent.
            let input = TripChangesInput(
                category: form.text("category"), purpose: form["purpose"], partner: form["partner"],
                destination: form["destination"], notes: form["notes"])
            if !input.isEmpty { _ = try service.edit(id, input) }
            return PageRenderer.redirect(AccountPages.safeNext(form["back"] ?? "/trips/\(id)"))
        }
        pages.get("/live") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try service(user).access
            let live = DaemonStatusView.current(databasePath: environment.databasePath, access: access)
            let (running, now) = (live.running, live.now)
            // The vehicle on the daemon's box, its speed and trip are shown to those who may see its trips.
            var values: [String: Any] = [
                "running": running && live.status != nil, "otherVehicle": running && live.otherVehicle,
            ]
            if let status = live.status, running {
                values["vehicle"] = status.vehicle
                values["connected"] = status.connected
                values["speed"] = status.speed.map { String(Int(($0 * 3.6).rounded())) } ?? "–"
                values["fixAge"] = status.lastFixReceivedAt.map { "\(Int(now - $0)) s" } ?? "no fix yet"
                if let trip = status.trip {
                    values["trip"] = [
                        "start": clock.time(Timestamp(secondsSince1970: trip.start)),
                        "distance": kilometres(trip.distance),
                        "standing": trip.standingSince != nil,
                    ]
                }
            }
            // Phones and trackers of the vehicles the user may see, with the trip each is on.
            let devices = try DeviceService(
                ServiceContext(database: environment.database, caller: .user(user), clock: clock)
            ).live(tracker: environment.ingest.tracker).map {
                DevicePages.deviceRow($0, now: environment.database.now, clock: clock)
            }
            values["devices"] = devices
            values["hasDevices"] = !devices.isEmpty
            return renderer.page("mileage/live", title: "Live", values, user: user, csrf: session.csrfToken, refresh: 5)
        }
    }

    /// A trip's page: its facts, route, form and history, and what `extra` adds (a form's typed values and its
    /// problem, a message); `status` is the answer's (a refused form's 422 or 409). The route is drawn by the server;
    /// when Leaflet is in the folder `leaflet`, the page's script puts it on a map of OpenStreetMap's tiles too.
    static func tripPage(
        _ service: TripService, id: Int64, _ extra: [String: Any], renderer: PageRenderer, user: AppUser,
        session: WebSession, leaflet: String, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let clock = service.context.clock
        let shown = try service.show(id, includeTrack: true)
        let trip = shown.trip.trip
        var values = tripRow(
            trip, clock: clock, editable: service.access.mayEditTrips && !trip.locked && !trip.voided)
        values["csrf"] = session.csrfToken
        values["svg"] = RouteSVG.render(trip.track)
        values["hasTrack"] = trip.track.count >= 2
        let map = trip.track.count >= 2 && LeafletAssets.available(leaflet)
        if map { values["routeMap"] = ["route": RouteMap.points(trip.track)] }
        values["idle"] = minutes(trip.idleSeconds)
        values["idlePeriods"] = trip.idlePeriods
        values["odometer"] =
            trip.startOdometer.map { s in
                "\(Self.number(s)) → \(trip.endOdometer.map(Self.number) ?? "?") \(trip.odometerUnit.rawValue)"
            } ?? "not known"
        values["suggestions"] = try service.purposeSuggestions()
        values["history"] = (shown.history ?? []).map(\.entry).reversed().map { entry -> [String: Any] in
            [
                "time": clock.dateTime(entry.change.time), "actor": entry.change.actor,
                "what": historyText(entry.change),
            ]
        }
        // Saving it as a regular trip changes nothing of the trip (a locked one too), once it is classified; voiding
        // it does.
        values["starrable"] = service.access.mayEditTrips && !trip.voided && trip.category != nil
        values["classifyToStar"] = service.access.mayEditTrips && !trip.voided && trip.category == nil
        values["voidable"] = service.access.mayEditTrips && !trip.locked && !trip.voided
        values.merge(extra) { $1 }
        var response = renderer.page(
            "mileage/trip", title: "Trip \(trip.id)", values, user: user, csrf: session.csrfToken, status: status)
        if map { RouteMap.allowTiles(&response) }
        return response
    }

    static func tripRow(_ t: StoredTrip, clock: LocalClock, editable: Bool) -> [String: Any] {
        var row: [String: Any] = [
            "id": t.id, "vehicle": t.vehicle, "date": clock.date(t.start), "start": clock.time(t.start),
            "end": clock.time(t.end), "distance": kilometres(t.distance),
            "editable": editable && !t.locked && !t.voided, "locked": t.locked, "voided": t.voided,
            "category": t.category?.rawValue ?? "unclassified", "unclassified": t.category == nil,
        ]
        // Mustache treats an empty string as true: only texts that say something are set.
        let texts: [(String, String?)] = [
            ("purpose", t.purpose), ("partner", t.partner), ("destination", t.destination), ("notes", t.notes),
            ("driver", t.driver), ("startLabel", t.startLabel), ("endLabel", t.endLabel),
        ]
        for (key, value) in texts {
            if let value, !value.isEmpty { row[key] = value }
        }
        row["choices"] = TripCategory.allCases.map { c -> [String: Any] in
            ["value": c.rawValue, "label": c.rawValue.capitalized, "chosen": t.category == c]
        }
        return row
    }

    /// One history entry in words: "purpose: — → Client visit", "created". A snapshot of the whole trip
    /// (the JSON a create or a merge records) is left to `logbook trips show`: it says nothing on a phone.
    static func historyText(_ change: AuditChange) -> String {
        let verbs: [AuditAction: String] = [
            .create: "created", .edit: "changed", .void: "voided", .merge: "merged", .split: "split",
        ]
        var text = verbs[change.action] ?? change.action.rawValue
        if let field = change.field, !field.isEmpty { text = change.action == .edit ? field : "\(text) \(field)" }
        func shown(_ value: String?) -> String? {
            guard let value, !value.hasPrefix("{"), !value.hasPrefix("[") else { return nil }
            return value.isEmpty ? "—" : value
        }
        if change.action != .create, let old = shown(change.oldValue ?? ""), let new = shown(change.newValue ?? "") {
            text += ": \(old) → \(new)"
        }
        return text
    }

    /// `YYYY-MM`: the month a period of the trips page starts in — last month's for `last-month`, the month of a
    /// week ago for `last-week`, the month of `from` for days — and this month for this week, this month and all.
    static func reportMonth(period: String?, from: String?, today: Day) -> String {
        let day: Day =
            switch period {
            case "last-month"?: today.startOfMonth.adding(months: -1)
            case "last-week"?: today.adding(days: -7)
            case nil: from.flatMap { Day(parsing: $0) } ?? today
            default: today
            }
        return String(day.description.prefix(7))
    }

    static func kilometres(_ metres: Double) -> String { String(format: "%.1f km", metres / 1_000) }
    static func minutes(_ seconds: Double) -> String { "\(Int((seconds / 60).rounded())) min" }
    static func number(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// A trip's route as an inline SVG polyline in a local plane (no map tiles: works offline). The
/// coordinates are shown to the trip's owner only, on the page; they never reach a log.
enum RouteSVG {
    static func render(_ track: [TrackPoint], width: Double = 600, height: Double = 400) -> String {
        guard track.count >= 2 else { return "" }
        let lat0 = track.map(\.latitude).reduce(0, +) / Double(track.count)
        let k = cos(lat0 * .pi / 180)
        // Thin to at most 2000 points: enough for a phone screen.
        let points = thinned(track)
        let xs = points.map { $0.longitude * k }
        let ys = points.map { -$0.latitude }
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let span = max(maxX - minX, (maxY - minY) * width / height, 1e-9)
        let scale = (width - 40) / span
        let offsetX = (width - (maxX - minX) * scale) / 2
        let offsetY = (height - (maxY - minY) * scale) / 2
        func p(_ i: Int) -> (Double, Double) { ((xs[i] - minX) * scale + offsetX, (ys[i] - minY) * scale + offsetY) }
        let line = points.indices.map { i -> String in
            let (x, y) = p(i)
            return String(format: "%.1f,%.1f", x, y)
        }.joined(separator: " ")
        let (sx, sy) = p(0)
        let (ex, ey) = p(points.count - 1)
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        return "<svg class=\"route\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"Route of the trip\"><polyline points=\"\(line)\"/>"
            + "<circle class=\"start\" cx=\"\(f(sx))\" cy=\"\(f(sy))\" r=\"7\"/>"
            + "<circle class=\"end\" cx=\"\(f(ex))\" cy=\"\(f(ey))\" r=\"7\"/></svg>"
    }

    /// At most about 2000 points of the track, evenly, the last one always (once): enough for a phone's screen.
    static func thinned(_ track: [TrackPoint]) -> [TrackPoint] {
        let step = max(1, track.count / 2_000)
        let last = track.count - 1
        return stride(from: 0, to: last, by: step).map { track[$0] } + [track[last]]
    }
}

/// The trips page's query: a period name (default this week) or days.
struct TripPageQuery: Decodable {
    var period: String?
    var from: String?
    var to: String?
}
