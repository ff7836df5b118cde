import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TripEngine

/// A trip's route on a map: the trip page keeps the route the server draws (`RouteSVG`, what works without a script
/// or a network) and carries the route's points in a data attribute; `/static/route-map.js` puts them on Leaflet over
/// OpenStreetMap's tiles, which the user's browser loads, and takes the map away again when no tile comes.
///
/// The points are on the page of the trip only, for those who may open it; they never reach a log.
enum RouteMap {
    /// OpenStreetMap's tiles: the only place outside the server a page may load anything from, and only a page that
    /// shows a map.
    static let tiles = "https://tile.openstreetmap.org"

    /// The security policy of a page with a map: the pages' own (`SecurityHeaders`) with OpenStreetMap's tiles as
    /// images. Every other page keeps `img-src 'self' data:`, so nothing else on the site can call out to a server.
    static let policy =
        "default-src 'self'; img-src 'self' data: \(tiles); style-src 'self'; script-src 'self'; frame-ancestors 'none'"

    /// OpenStreetMap asks that tile requests say which site they come from: the page's origin (never its path, which
    /// names the trip) goes with them; requests to the server itself keep the whole address.
    static let referrerPolicy = "strict-origin-when-cross-origin"

    static func register(_ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        pages.get("/static/route-map.js") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: script)))
        }
    }

    /// The route for the script: `[[latitude, longitude], …]` in degrees to 6 decimals (0.1 m), thinned as the drawing.
    static func points(_ track: [TrackPoint]) -> String {
        "["
            + RouteSVG.thinned(track).map { String(format: "[%.6f,%.6f]", $0.latitude, $0.longitude) }
            .joined(separator: ",") + "]"
    }

    /// Lets the page's browser load OpenStreetMap's tiles (the policy and the referrer above).
    static func allowTiles(_ response: inout Response) {
        response.headers[.contentSecurityPolicy] = policy
        response.headers[HTTPField.Name("Referrer-Policy")!] = referrerPolicy
    }

    /// Leaflet's map over the drawn route (`.route-view`), shown once a tile has loaded. When Leaflet did not load,
    /// a tile fails before any has loaded, or none has loaded after six seconds (offline, blocked, slow), the map is
    /// removed and the drawn route is what the page shows.
    static let script = #"""
        (function () {
          "use strict";
          var view = document.querySelector(".route-view[data-route]");
          if (!view || !window.L) return;
          var points;
          try { points = JSON.parse(view.getAttribute("data-route")); } catch (e) { return; }
          if (!Array.isArray(points) || points.length < 2) return;
          var box = document.createElement("div");
          box.className = "route-map";
          box.setAttribute("aria-label", "Map of the route (OpenStreetMap)");
          view.appendChild(box);
          view.classList.add("map-loading");
          var shown = false, removed = false;
          var map = L.map(box, { scrollWheelZoom: false, zoomSnap: 0.5 });
          function fallBack() {
            if (shown || removed) return;
            removed = true;
            map.remove();
            view.removeChild(box);
            view.classList.remove("map-loading");
            view.classList.add("map-unavailable");
          }
          var tiles = L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
            maxZoom: 19,
            attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>'
          });
          tiles.on("tileload", function () {
            if (shown || removed) return;
            shown = true;
            view.classList.remove("map-loading");
            view.classList.add("map-shown");
          });
          tiles.on("tileerror", fallBack);
          tiles.addTo(map);
          L.polyline(points, { color: "#ffffff", weight: 7, opacity: 0.9, interactive: false }).addTo(map);
          var line = L.polyline(points, { color: "#0b5cad", weight: 4, interactive: false }).addTo(map);
          var ends = [[points[0], "#0b6e4f"], [points[points.length - 1], "#a4161a"]];
          ends.forEach(function (end) {
            L.circleMarker(end[0], {
              radius: 8, color: "#ffffff", weight: 3, fillColor: end[1], fillOpacity: 1, interactive: false
            }).addTo(map);
          });
          // Clear of the zoom buttons (top left) and the attribution (bottom right).
          map.fitBounds(line.getBounds(), { paddingTopLeft: [64, 20], paddingBottomRight: [20, 32] });
          setTimeout(fallBack, 6000);
        })();
        """#
}
