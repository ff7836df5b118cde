#!/usr/bin/env python3
"""The phone layout and the trip's map (issue 29 §4), in a real browser: headless Debian Chromium driven by selenium
on a phone's screen (390x844), against `logbook serve` on a fresh log with a GPS trip of ABC1
(SampleTracks/commute.nmea), the restaurant Main Street and a user of every role — boss (admin), carl (accountant),
anna (driver of ABC1, with her own web link), rita (restaurant manager), sam (shift manager), cole (crew) and Jens
(roofer). It:

  * logs in as each role and checks the menu: one row at the bottom of the screen (no wrapping, at most five
    entries), every tab and the "More" entry at least 44 px and not hidden under anything, their labels not cut;
    the page shown is marked; "More" opens (without a script) a sheet whose every link is on screen, at least 44 px
    and tappable, and a page under it marks "More"; every tab, tapped, opens its page marked as the one shown;
  * looks at each role's pages light and dark (the system's dark mode emulated with `Emulation.setEmulatedMedia`):
    the dark page is dark, every text (and field) has a contrast of at least 4.5:1 with what is behind it (3:1 when
    large) in both, nothing scrolls sideways, touch targets are 44 px;
  * opens the driver's trip with no way to OpenStreetMap: as this machine is (no internet), with the tile server
    blocked (`Network.setBlockedURLs`), and with tiles that never answer (held through the DevTools protocol's Fetch
    domain): each time the map goes away and the drawn route is what shows;
  * answers the tile requests itself (Fetch domain, a small PNG) and finds the Leaflet map shown over the route, with
    OpenStreetMap's attribution linked to its copyright page, its zoom buttons 44 px, and no security-policy refusal
    in the console;
  * saves screenshots as layout-*.png (light and dark, the "More" sheets, the map and its fallback).

Usage: layout_test.py [--logbook PATH] [--screenshots DIR] (as browser_test.py). Exits 0 when everything holds.
"""

import json
import struct
import sys
import threading
import time
import urllib.request
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import (  # noqa: E402 - the shared browser and server of the page tests
    ROOT, check, log_in, log_out, run_main, PageTest
)

PASSWORD = "secret-pass-1"
PHONE = (390, 844)
# name, role, what else the user needs, where the login leads
USERS = [
    ("boss", "admin", [], "/trips"),
    ("carl", "accountant", [], "/trips"),
    ("anna", "driver", ["--vehicle", "ABC1"], "/trips"),
    ("rita", "restaurant-manager", ["--restaurant", "Main Street"], "/checklists"),
    ("sam", "shift-manager", ["--restaurant", "Main Street"], "/checklists"),
    ("cole", "crew", ["--restaurant", "Main Street"], "/checklists"),
    ("Jens", "roofer", [], "/roofing"),
]
TILES = "https://tile.openstreetmap.org/*"
MAP_WAIT = 15  # seconds: the page gives the tiles six before it shows the drawn route

# The menu as the screen shows it: the bar, its entries (tabs and "More"), each with where a tap at its centre lands.
MENU_JS = """
const nav = document.querySelector('#menu');
if (!nav) return null;
const box = e => { const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; };
const hit = e => { const r = e.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!at && (at === e || e.contains(at)); };
const entry = e => Object.assign(box(e), {
  text: e.textContent.trim(), href: e.getAttribute('href'), hit: hit(e), cut: e.scrollWidth > e.clientWidth + 1,
  current: e.getAttribute('aria-current') === 'page' || e.classList.contains('current'),
  shown: e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'});
return {
  bar: Object.assign(box(nav), {scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth}),
  entries: [...nav.querySelectorAll(':scope > a, :scope > details > summary')].map(entry),
  sheet: [...nav.querySelectorAll('.sheet a')].map(entry),
  open: !!nav.querySelector('details[open]'),
};
"""

# Texts (and fields) whose colour is too close to what is behind them: WCAG's contrast ratio, 4.5:1 for text and 3:1
# for large text. Behind a text is the first background up its ancestors that is mostly opaque. The stickers of a map
# (their colours are the user's), the server's drawings and the map's tiles are not text on the page's colours.
CONTRAST_JS = """
const parse = s => { const m = /rgba?\\(([^)]+)\\)/.exec(s || ''); if (!m) return null;
  const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number); return {rgb: p.slice(0, 3), a: p.length > 3 ? p[3] : 1}; };
const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
const behind = e => { for (let n = e; n; n = n.parentElement) { const b = parse(getComputedStyle(n).backgroundColor);
    if (b && b.a >= 0.5) return b.rgb; }
  return document.documentElement.matches(':root') && matchMedia('(prefers-color-scheme: dark)').matches
    ? [18, 18, 18] : [255, 255, 255]; };
const skip = e => e.closest('svg, .vsm-card, .route-map, .vsm-dot, [hidden]');
const texts = [...document.querySelectorAll('body *')].filter(e => !skip(e) && (
  ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.tagName) && e.type !== 'hidden' && e.type !== 'checkbox'
  || [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())));
const problems = [];
for (const e of texts) {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  if (r.width === 0 || r.height === 0 || s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
  const fg = parse(s.color); if (!fg || fg.a < 0.5) continue;
  const bg = behind(e);
  const [a, b] = [lum(fg.rgb), lum(bg)];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
  const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
  if (ratio < needed) problems.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
    + ' "' + (e.value || e.textContent).trim().slice(0, 30) + '" ' + ratio.toFixed(2) + ':1 (' + s.color + ' on rgb('
    + bg.join(', ') + '))');
}
return problems.slice(0, 8);
"""


def tile_png(size=256):
    """A map tile of its own: OpenStreetMap's land colour with a white road across it."""
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            road = abs(x - y) < 4 or 120 <= y < 128
            row += bytes((255, 255, 255) if road else (242, 239, 233))
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
            + chunk(b"IEND", b""))


class TileInterceptor:
    """The page's requests for OpenStreetMap's tiles, caught by the DevTools protocol's Fetch domain on a DevTools
    connection of its own (beside chromedriver's): answered with `tile_png()`, or held and never answered. The browser
    does not reach the network for them either way."""

    def __init__(self, driver, answer):
        import websocket

        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as response:
            pages = [t for t in json.load(response) if t["type"] == "page"]
        check(len(pages) == 1, f"the browser has {len(pages)} pages, not one")
        self.socket = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], suppress_origin=True, timeout=30)
        self.answer = answer
        self.png = tile_png()
        self.answered = 0
        self.held = 0
        self.last_id = 0
        self.stopped = threading.Event()
        reply = self.call("Fetch.enable", {"patterns": [{"urlPattern": TILES, "requestStage": "Request"}]})
        check("error" not in reply, f"Fetch.enable was refused: {reply}")
        self.socket.settimeout(0.5)
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def send(self, method, params):
        self.last_id += 1
        self.socket.send(json.dumps({"id": self.last_id, "method": method, "params": params}))
        return self.last_id

    def call(self, method, params):
        number = self.send(method, params)
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == number:
                return message

    def serve(self):
        import base64

        import websocket

        body = base64.b64encode(self.png).decode()
        while not self.stopped.is_set():
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                continue
            except (websocket.WebSocketException, OSError):
                return
            if message.get("method") != "Fetch.requestPaused":
                continue
            request = message["params"]["requestId"]
            if self.answer:
                self.send("Fetch.fulfillRequest", {
                    "requestId": request, "responseCode": 200, "body": body,
                    "responseHeaders": [{"name": "Content-Type", "value": "image/png"},
                                        {"name": "Cache-Control", "value": "no-store"}]})
                self.answered += 1
            else:
                self.held += 1

    def stop(self):
        self.stopped.set()
        self.thread.join(timeout=5)
        try:
            self.socket.close()  # the connection's interception ends with it
        except Exception:  # noqa: BLE001 - already closed
            pass


def run(logbook, screenshots):
    problems = []  # (page, problem)
    interceptor = None
    with PageTest(logbook, "logbook-layout-") as test:
        work, server = test.work, test.server
        test.on_exit(lambda: interceptor is not None and interceptor.stop())
        (work / "pw").write_text(PASSWORD + "\n")
        server.cli("vehicles", "add", "--plate", "ABC1")
        server.cli("import", "--vehicle", "ABC1", str(ROOT / "SampleTracks/commute.nmea"))
        server.cli("checklists", "restaurants", "add", "Main Street", "--timezone", "Europe/Berlin")
        server.cli("checklists", "templates", "import",
                   str(ROOT / "Tests/Fixtures/checklists/main-street-day-pre-shift.json"))
        for name, role, extra, _ in USERS:
            server.cli("users", "add", name, "--role", role, *extra, "--password-file", str(work / "pw"))
        server.cli("drivers", "add", "anna")
        server.cli("hours", "links", "add", "Payroll", "https://payroll.example.com/me", "--driver", "anna")
        token = server.cli("users", "token", "anna").strip()
        server.start()
        print(f"server on {server.base} (log {work})", flush=True)
        trip_id = server.api("/trips?period=all", token)["trips"][0]["id"]

        browser = test.open_browser()
        browser.resize(*PHONE)
        driver = browser.driver

        def scheme(dark):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

        def page_checks(name):
            """Sideways scrolling, small targets and low contrast on the page shown; its end above the menu when
            scrolled down (the log-out button is the page's last)."""
            problems.extend((name, p) for p in browser.layout_problems())
            end = driver.execute_script("""
                window.scrollTo(0, document.documentElement.scrollHeight);
                const last = document.querySelector('footer button'), menu = document.querySelector('#menu');
                const [a, b] = [last.getBoundingClientRect(), menu.getBoundingClientRect()];
                window.scrollTo(0, 0);
                return [a.bottom, b.top];""")
            if end[0] > end[1]:
                problems.append((name, f"the page's end stays under the menu: its last button ends at {end[0]:.0f} px,"
                                       f" the menu starts at {end[1]:.0f} px"))
            low = driver.execute_script(CONTRAST_JS)
            if low:
                problems.append((name, "low contrast: " + "; ".join(low)))

        def look(name, path=None):
            """The page (PATH, or the one shown) light and dark: checks and a screenshot of each."""
            for dark in (False, True):
                scheme(dark)
                if path:
                    browser.get(server.base + path)
                else:
                    driver.refresh()
                    browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the page")
                background = driver.execute_script(
                    "return getComputedStyle(document.body).backgroundColor")
                level = sum(float(v) for v in background.split("(")[1].rstrip(")").split(",")[:3]) / 3
                check(level < 60 if dark else level > 200,
                      f"{name}: the page's background is {background} in {'dark' if dark else 'light'} mode")
                page_checks(f"{name} ({'dark' if dark else 'light'})")
                browser.screenshot(screenshots, f"layout-{name}{'-dark' if dark else ''}")
            scheme(False)

        def menu():
            shown = driver.execute_script(MENU_JS)
            check(shown is not None, f"{browser.path()} has no menu")
            return shown

        def check_bar(who, shown):
            """One row at the bottom of the screen, every entry a tappable target of at least 44 px, labels whole."""
            bar, entries = shown["bar"], shown["entries"]
            where = f"{who} on {browser.path()}"
            check(1 <= len(entries) <= 5, f"{where}: the menu has {len(entries)} entries: {[e['text'] for e in entries]}")
            check(bar["height"] <= 72, f"{where}: the menu is {bar['height']:.0f} px high: more than one row")
            check(abs(bar["bottom"] - PHONE[1]) <= 1 and bar["left"] <= 0.5 and bar["right"] >= PHONE[0] - 0.5,
                  f"{where}: the menu is not a bar along the bottom of the screen: {bar}")
            check(bar["scrollWidth"] <= bar["clientWidth"] + 1, f"{where}: the menu scrolls sideways: {bar}")
            for e in entries:
                check(abs(e["top"] - entries[0]["top"]) < 1, f"{where}: {e['text']} is not on the menu's row")
                check(e["width"] >= 44 and e["height"] >= 44,
                      f"{where}: {e['text']} is {e['width']:.0f}x{e['height']:.0f} px")
                check(e["hit"], f"{where}: a tap on {e['text']} lands on something else")
                check(not e["cut"], f"{where}: the label {e['text']!r} is cut")
            check(sum(e["current"] for e in entries) == 1,
                  f"{where}: the menu marks {[e['text'] for e in entries if e['current']]} as the page shown")

        # 1. Each role's menu on a phone, its pages light and dark.
        for name, role, _, start in USERS:
            scheme(False)
            log_in(browser, server, name, PASSWORD)
            check(browser.path().startswith(start), f"{name}'s login led to {browser.path()}")
            shown = menu()
            check_bar(name, shown)
            tabs = [e["href"] for e in shown["entries"] if e["href"]]
            check(any(e["current"] and e["href"] == start for e in shown["entries"]),
                  f"{name}: {start} is not marked in the menu")
            look(f"{role}-start")
            sheet = []
            if any(e["href"] is None for e in shown["entries"]):  # "More"
                browser.find("#more summary").click()
                opened = menu()
                check(opened["open"], f"{name}: More did not open")
                for link in opened["sheet"]:
                    label = f"{name}: More's {link['text']}"
                    check(link["shown"], f"{label} is not shown")
                    check(link["width"] >= 44 and link["height"] >= 44,
                          f"{label} is {link['width']:.0f}x{link['height']:.0f} px")
                    check(link["top"] >= 0 and link["bottom"] <= opened["bar"]["top"] + 0.5,
                          f"{label} is not on the screen above the menu: {link}")
                    check(link["hit"], f"{label}: a tap lands on something else")
                browser.screenshot(screenshots, f"layout-{role}-more")
                scheme(True)
                browser.screenshot(screenshots, f"layout-{role}-more-dark")
                scheme(False)
                sheet = [link["href"] for link in opened["sheet"] if link["href"].startswith("/")]
                check("/account" in sheet, f"{name}: More has no account: {sheet}")
                old = browser.find("body")
                next(e for e in driver.find_elements("css selector", "#menu .sheet a")
                     if e.get_attribute("href").endswith("/account")).click()
                browser.wait(lambda d: d.current_url.endswith("/account") and browser.find("body") != old,
                             f"{name}: the account page from More")
                browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the page")
                after = menu()
                check(not after["open"], f"{name}: More is still open on the next page")
                check(any(e["current"] and e["href"] is None for e in after["entries"]),
                      f"{name}: More is not marked on the account page, which is under it")
                check([link["href"] for link in after["sheet"] if link["current"]] == ["/account"],
                      f"{name}: the account is not marked under More")
            else:
                check("/account" in tabs, f"{name}: the menu has no account: {tabs}")
            check(len(set(tabs + sheet)) == len(tabs + sheet), f"{name}: a link twice in the menu: {tabs + sheet}")
            # Every tab, tapped, opens its page, marked as the one shown.
            for href in tabs:
                browser.find(f"#menu > a[href='{href}']").click()
                browser.wait(lambda d: browser.path().split("?")[0].startswith(href), f"{name}: {href} from its tab")
                browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the page")
                check(driver.execute_script("return document.title").endswith("Logbook"), f"{href} has no title")
                check_bar(name, menu())
                check(browser.find(f"#menu > a[href='{href}']").get_attribute("aria-current") == "page",
                      f"{name}: {href} is not marked once open")
                page_checks(f"{role} {href}")
            log_out(browser)

        # 2. The main pages, light and dark: the admin's, a trip's (with its drawn route) and the crew's shift page.
        log_in(browser, server, "boss", PASSWORD)
        for name, path in [("trips", "/trips?period=all"), ("live", "/live"), ("reports", "/reports"),
                           ("hours", "/hours"), ("checklists", "/checklists"), ("vsm", "/vsm"),
                           ("roofing", "/roofing"), ("vehicles", "/vehicles"), ("devices", "/devices"),
                           ("people", "/users"), ("account", "/account")]:
            look(name, path)
        log_out(browser)

        # 3. The trip's map without OpenStreetMap: each time the drawn route is what shows.
        log_in(browser, server, "anna", PASSWORD)
        trip = f"{server.base}/trips/{trip_id}"

        def falls_back(case):
            started = time.monotonic()
            browser.get(trip)
            browser.wait(lambda d: d.find_elements("css selector", ".route-view.map-unavailable"),
                         f"the map to give way to the drawn route ({case})", timeout=MAP_WAIT)
            took = time.monotonic() - started
            state = driver.execute_script("""
                const svg = document.querySelector('svg.route'), r = svg.getBoundingClientRect();
                svg.scrollIntoView({block: 'center'});
                const b = svg.getBoundingClientRect();
                const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                return {map: document.querySelectorAll('.route-map, .leaflet-container').length,
                        visible: getComputedStyle(svg).display !== 'none' && r.width > 200 && r.height > 100,
                        top: !!at && svg.contains(at)};""")
            check(state["map"] == 0, f"{case}: the map is still on the page")
            check(state["visible"] and state["top"], f"{case}: the drawn route is not what shows: {state}")
            print(f"map fallback ({case}): the drawn route after {took:.1f} s", flush=True)
            return took

        falls_back("no internet")
        browser.screenshot(screenshots, "layout-map-fallback")
        scheme(True)
        browser.screenshot(screenshots, "layout-map-fallback-dark")
        scheme(False)
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*tile.openstreetmap.org*"]})
        falls_back("tile server blocked")
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        driver.execute_cdp_cmd("Network.disable", {})
        interceptor = TileInterceptor(driver, answer=False)
        took = falls_back("tiles never answer")
        check(interceptor.held > 0, "no tile was asked for: the map's script did not run")
        check(took >= 5, f"the map gave up after {took:.1f} s although no tile had failed")
        interceptor.stop()

        # 4. Tiles answered (by the test, as OpenStreetMap would): the map over the route, with the attribution.
        driver.get_log("browser")  # what the console said so far
        interceptor = TileInterceptor(driver, answer=True)
        browser.get(trip)
        browser.wait(lambda d: d.find_elements("css selector", ".route-view.map-shown"), "the map to show",
                     timeout=MAP_WAIT)
        check(interceptor.answered > 0, "the map shows although no tile was asked for")
        map_state = driver.execute_script("""
            const view = document.querySelector('.route-view'), map = view.querySelector('.route-map');
            view.scrollIntoView({block: 'center'});
            const r = view.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            const credit = map.querySelector('.leaflet-control-attribution');
            const link = [...credit.querySelectorAll('a')].find(a => a.href.includes('openstreetmap.org'));
            const zoom = [...map.querySelectorAll('.leaflet-control-zoom a')].map(a => a.getBoundingClientRect());
            return {over: !!at && map.contains(at), tiles: map.querySelectorAll('img.leaflet-tile-loaded').length,
                    credit: credit.textContent, link: link ? link.href : null, linkText: link ? link.textContent : null,
                    lines: map.querySelectorAll('svg path').length,
                    zoom: zoom.map(z => [Math.round(z.width), Math.round(z.height)]),
                    width: r.width, height: r.height};""")
        print(f"map shown: {map_state}", flush=True)
        check(map_state["over"], f"the map is not over the drawn route: {map_state}")
        check(map_state["tiles"] > 0, "the map shows no tile")
        check("© OpenStreetMap contributors" in map_state["credit"], f"the attribution reads {map_state['credit']!r}")
        check(map_state["link"] == "https://www.openstreetmap.org/copyright",
              f"the attribution links to {map_state['link']}")
        check(map_state["lines"] >= 4, f"the map draws {map_state['lines']} shapes, not the route and its two ends")
        check(map_state["zoom"] and all(w >= 44 and h >= 44 for w, h in map_state["zoom"]),
              f"the zoom buttons are {map_state['zoom']}")
        refusals = [entry["message"] for entry in driver.get_log("browser")
                    if "Content Security Policy" in entry["message"] or "Refused" in entry["message"]]
        check(not refusals, "the page's security policy refused something:\n" + "\n".join(refusals[:5]))
        problems.extend(("map", p) for p in browser.layout_problems())
        browser.screenshot(screenshots, "layout-map")
        scheme(True)
        browser.screenshot(screenshots, "layout-map-dark")
        scheme(False)
        interceptor.stop()
        interceptor = None
        log_out(browser)

        check(not problems, "layout problems:\n" + "\n".join(f"  {page}: {p}" for page, p in problems))
        print(f"screenshots in {screenshots}")


def main():
    return run_main(run, __doc__.splitlines()[0], "layout test")


if __name__ == "__main__":
    sys.exit(main())
