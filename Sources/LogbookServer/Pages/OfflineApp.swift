import Crypto
import Foundation
import Hummingbird
import LogbookStore
import NIOCore
import Reports

/// The pages as an installable app that works without network (issue 29 §3): the web app manifest and its icons,
/// the service worker and the offline queue's script (`OfflineScript`), the page shown offline for a page never
/// opened, and `/session.json`, which tells the queue whose session it sends in and with which CSRF token. All but
/// `/session.json` are the same for everyone and hold no data of the log.
enum OfflineApp {
    static let manifest = """
        {
          "name": "Logbook",
          "short_name": "Logbook",
          "description": "Mileage log, hours, checklists, value-stream maps and roofing accounts",
          "start_url": "/",
          "scope": "/",
          "display": "standalone",
          "background_color": "#f5f7f9",
          "theme_color": "#0b5cad",
          "icons": [
            {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
          ]
        }
        """

    static let offlinePage = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="theme-color" content="#0b5cad">
        <title>Offline · Logbook</title>
        <link rel="stylesheet" href="/static/app.css">
        <script src="/static/offline.js" defer></script>
        </head>
        <body>
        <header class="bar"><a class="brand" href="/">Logbook</a></header>
        <main>
        <h1>No network</h1>
        <section id="outbox" class="card outbox" hidden aria-live="polite"></section>
        <section class="card">
          <p>This page was not opened on this phone before, so it cannot be shown without network.</p>
          <p>Pages you opened before open as they were, and what you enter in them (shifts and the clock, roofing
          lines and quantities, checklist marks and to-dos, trips and their classification) waits on this phone and is
          sent when the network is back.</p>
          <p><a class="button" href="/">Try again</a></p>
        </section>
        </main>
        </body>
        </html>
        """

    /// The icons, drawn once.
    static let icons: [Int: [UInt8]] = {
        var icons: [Int: [UInt8]] = [:]
        for size in [192, 512] { icons[size] = (try? AppIcon.png(size: size)) ?? [] }
        return icons
    }()

    /// Changes with the shell's files, so that browsers install the new service worker when the server changes.
    static let version: String = {
        let shell = PageTemplates.stylesheet + OfflineScript.source + manifest + offlinePage + AppIcon.svg
        return SHA256.hash(data: Data(shell.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
    }()

    /// The public files, for everyone (no session needed: a browser fetches them when it installs the app).
    static func register(_ router: Router<AppRequestContext>) {
        router.get("/manifest.webmanifest") { _, _ in
            file(manifest, type: "application/manifest+json", cache: "public, max-age=3600")
        }
        router.get("/sw.js") { _, _ in
            // Checked for a new version on every page load, never taken from the HTTP cache.
            file(
                OfflineScript.serviceWorker(version: version), type: "text/javascript; charset=utf-8", cache: "no-cache"
            )
        }
        router.get("/static/offline.js") { _, _ in
            file(OfflineScript.source, type: "text/javascript; charset=utf-8", cache: "public, max-age=3600")
        }
        router.get("/static/icon.svg") { _, _ in
            file(AppIcon.svg, type: "image/svg+xml", cache: "public, max-age=86400")
        }
        for size in [192, 512] {
            router.get("/static/icon-\(size).png") { _, _ in
                guard let png = icons[size], !png.isEmpty else {
                    throw APIError(.notFound, "icon", "the icon could not be drawn")
                }
                return Response(
                    status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400"],
                    body: .init(byteBuffer: ByteBuffer(bytes: png)))
            }
        }
        router.get("/offline") { _, _ in
            file(offlinePage, type: "text/html; charset=utf-8", cache: "no-cache")
        }
    }

    /// `/session.json`: the signed-in user's name and the session's CSRF token, for the offline queue's sends (a
    /// page's own script reads it; other sites cannot, as for every page). Without a session, the login.
    static func registerSession(_ pages: RouterGroup<AppRequestContext>) {
        pages.get("/session.json") { request, context in
            let (user, session) = try requireLogin(request, context)
            return try JSONResponse.make(encoding: SessionView(user: user.name, csrf: session.csrfToken))
        }
    }

    struct SessionView: Encodable {
        var user: String
        var csrf: String
    }

    static func file(_ text: String, type: String, cache: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: cache],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
