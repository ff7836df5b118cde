#!/usr/bin/env python3
"""Working without network, in a real browser (issue 29 §3): headless Debian Chromium driven by selenium on a phone's
screen (390x844) against `logbook serve` on a temporary log. "Offline" is real: the server is stopped (nothing
answers on its port) and Chromium's network is emulated offline (the page sees `navigator.onLine` false); "online"
starts the server again on the same port and lifts the emulation.

  * the app is installable: the manifest's icons load, and the service worker controls the pages;
  * the driver opens the hours, the shift form, the add-trip form and a trip, goes offline, opens them again (from
    the service worker's cache), taps the clock's Start, adds a shift, adds a trip by hand, classifies the trip, and
    adds a second shift that overlaps the first: each is listed as "waiting to send", and nothing reaches the log;
  * back online, the queue sends them in order: the clock runs from the time of the tap, the shift, the trip and the
    classification are each in the log exactly once, and the overlapping shift comes back "Refused" with the
    server's own words; sent again with the same keys (an answer lost on the way), nothing is applied twice;
  * a page never opened before shows the offline page; logging out forgets the cached pages;
  * the roofer changes a line's quantity and adds a line offline; the shift manager marks a task and adds a to-do
    offline: each arrives exactly once.
Screenshots: offline-*.png.

Usage: offline_test.py [--logbook PATH] [--screenshots DIR] (as browser_test.py). Exits 0 when everything holds.
"""

import json
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import (  # noqa: E402 - the shared browser and server of the page tests
    run_main,
    ROOT, Failure, Server, check, log_in, log_out, PageTest
)

PASSWORD = "secret-pass-1"
PHONE = (390, 844)
ROOF = "Skolegade 4"
PURPOSE = "Offline Kundenbesuch"


class FixedPortServer(Server):
    """The page tests' server, started again on the port it had: the browser's origin (and its service worker and
    queue) stay the same across the outage."""

    def start(self):
        if self.port is None:
            return super().start()
        offset = len(self.log_path.read_text())
        self.log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [self.logbook, "serve", "--listen", f"127.0.0.1:{self.port}", "--timezone", "UTC"], env=self.env,
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if re.search(rf"Serving http\.address=127\.0\.0\.1:{self.port}", self.log_path.read_text()[offset:]):
                return
            if self.process.poll() is not None:
                raise Failure(f"logbook serve exited {self.process.returncode}:\n{self.log_text()}")
            time.sleep(0.1)
        raise Failure("logbook serve did not come back within 60 s")


def run(logbook, screenshots):
    layout = []
    with PageTest(logbook, "logbook-offline-", FixedPortServer) as test:
        work, server = test.work, test.server
        (work / "pw").write_text(PASSWORD + "\n")
        server.cli("vehicles", "add", "--plate", "ABC1", "--odometer", "12000")
        server.cli("import", "--vehicle", "ABC1", str(ROOT / "SampleTracks/commute.nmea"))
        server.cli("drivers", "add", "anna")
        server.cli("checklists", "restaurants", "add", "Main Street")
        server.cli("checklists", "templates", "import",
                   str(ROOT / "Tests/Fixtures/checklists/main-street-day-pre-shift.json"))
        server.cli("roofing", "catalogue", "import", str(ROOT / "Tests/Fixtures/roofing/tagdaekning-2026.csv"),
                   "--name", "Tagdækning 2026")
        server.cli("roofing", "project", "add", ROOF, "--roofer", "Jens:30", "--roofer", "Ole:10")
        server.cli("roofing", "add", ROOF, "--pos", "12.1", "--quantity", "10")
        for name, role, extra in [("anna", "driver", ["--vehicle", "ABC1"]), ("boss", "admin", []),
                                  ("Jens", "roofer", []), ("sam", "shift-manager", ["--restaurant", "Main Street"])]:
            server.cli("users", "add", name, "--role", role, *extra, "--password-file", str(work / "pw"))
        token = server.cli("users", "token", "anna").strip()
        admin = server.cli("users", "token", "boss").strip()
        server.start()
        print(f"server on {server.base} (log {work})", flush=True)
        gps_trip = server.api("/trips?period=all", token)["trips"][0]

        browser = test.open_browser()
        browser.resize(*PHONE)
        driver = browser.driver

        def look(name):
            layout.extend((name, p) for p in browser.layout_problems())
            browser.screenshot(screenshots, f"offline-{name}")

        def controlled():
            return driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                navigator.serviceWorker.ready.then(() => done(!!navigator.serviceWorker.controller));""")

        def open_page(path):
            browser.get(server.base + path)
            check(driver.execute_script("return document.title").endswith("Logbook"),
                  f"{path} did not open: {browser.text()[:200]}")

        def offline():
            server.stop()
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            check(driver.execute_script("return navigator.onLine") is False, "the page still thinks it is online")

        def online():
            server.start()
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

        def waiting():
            return driver.execute_script(
                "return Array.from(document.querySelectorAll('#outbox .outbox-entry.waiting')).length")

        def queue():
            return driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const open = indexedDB.open("logbook-offline", 1);
                open.onsuccess = () => {
                  const request = open.result.transaction("queue").objectStore("queue").getAll();
                  request.onsuccess = () => { open.result.close(); done(request.result); };
                };
                open.onerror = () => done(null);""")

        def tap(css):
            """Taps a queued form's button offline: the page stays, the waiting list grows."""
            before = len(queue() or [])
            browser.find(css).click()
            browser.wait(lambda d: len(queue() or []) == before + 1, f"the tap on {css} to be kept")

        def drain(what):
            browser.wait(lambda d: waiting() == 0 and all(e["state"] != "waiting" for e in (queue() or [])),
                         f"{what} to be sent", timeout=40)

        # 1. Installable: the manifest and its icons, the service worker in control.
        log_in(browser, server, "anna", PASSWORD)
        manifest = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch(document.querySelector("link[rel=manifest]").href).then((r) => r.json()).then(async (m) => {
              const sizes = [];
              for (const icon of m.icons) {
                const image = new Image();
                await new Promise((ok) => { image.onload = ok; image.onerror = ok; image.src = icon.src; });
                sizes.push([icon.src, image.naturalWidth + "x" + image.naturalHeight, icon.sizes]);
              }
              done({name: m.name, display: m.display, sizes});
            });""")
        check(manifest["name"] == "Logbook" and manifest["display"] == "standalone", f"the manifest: {manifest}")
        for src, loaded, declared in manifest["sizes"]:
            check(loaded == declared or declared == "any" and loaded != "0x0", f"{src} loads as {loaded}, not {declared}")
        pages = ["/hours", "/hours/shifts/new", "/trips/new", f"/trips/{gps_trip['id']}"]
        for path in pages:
            open_page(path)
        browser.wait(lambda d: controlled(), "the service worker to control the page")
        for path in pages:  # now through the service worker, which keeps each page
            open_page(path)

        # 2. Offline: the same pages open from the phone, and what is entered waits.
        offline()
        open_page("/hours")
        tapped = time.gmtime()
        tap("#clock-start")
        look("waiting-clock")
        open_page("/hours/shifts/new")
        check(waiting() == 1, f"the hours form lists {waiting()} waiting, not the clock's tap")
        fields = {"date": "2026-03-10", "start": "07:00", "end": "15:30"}
        for name, value in fields.items():
            driver.execute_script("document.querySelector(arguments[0]).value = arguments[1]",
                                  f"#shift-form [name={name}]", value)
        tap("#shift-form button[type=submit]")
        open_page("/hours/shifts/new")
        for name, value in {"date": "2026-03-10", "start": "08:00", "end": "09:00"}.items():
            driver.execute_script("document.querySelector(arguments[0]).value = arguments[1]",
                                  f"#shift-form [name={name}]", value)
        tap("#shift-form button[type=submit]")
        open_page("/trips/new")
        driver.execute_script("document.querySelector('#start').value = '07:30';"
                              "document.querySelector('#end').value = '08:05';")
        browser.find("#distance").send_keys("23.4")
        from selenium.webdriver.support.ui import Select
        Select(browser.find("#category")).select_by_value("business")
        browser.find("#purpose").send_keys(PURPOSE)
        tap("#add-trip")
        open_page(f"/trips/{gps_trip['id']}")
        browser.find("#purpose").send_keys("Offline classified")
        tap("form.card button[name=category][value=business]")
        check(waiting() == 5, f"{waiting()} entries are listed as waiting, not 5")
        check("Waiting to send: 5" in browser.find("#outbox").text, f"the list reads {browser.find('#outbox').text!r}")
        look("waiting-five")
        open_page("/account")  # never opened: the offline page
        check("No network" in browser.text() and waiting() == 5, "a page never opened does not say it is offline")
        look("never-opened")
        kept = queue()

        # Nothing has reached the log (checked with the server up again, the browser still offline).
        server.start()
        check(not server.api("/hours/clock", token).get("running"), "the clock started while offline")
        check(not [t for t in server.api("/trips?period=all", token)["trips"] if t.get("purpose") == PURPOSE],
              "the trip arrived while offline")
        server.stop()

        # 3. Online: sent in order, each once; the overlap refused with the server's words.
        open_page_offline = f"/trips/{gps_trip['id']}"
        online()
        open_page(open_page_offline)
        drain("the five changes")
        outbox = browser.find("#outbox").text
        check("Refused" in outbox and "overlap" in outbox.lower(), f"the refused shift reads {outbox!r}")
        look("sent-refused")
        clock = server.api("/hours/clock", token)
        check(clock.get("running") and clock.get("shift"), f"the clock is not running: {clock}")
        started = clock["shift"]["start"]
        # The tap's time went with it (`at`), and the clock started then, not when the network came back.
        taps = [dict(e["fields"]).get("at") for e in kept if e["url"] == "/hours/clock/start"]
        check(len(taps) == 1 and taps[0] in (time.strftime("%H:%M", tapped),
                                             time.strftime("%H:%M", time.gmtime(time.mktime(tapped) + 60))),
              f"the kept tap says {taps}, tapped at {time.strftime('%H:%M', tapped)}")
        check(started[11:16] == taps[0], f"the clock started at {started}, not at the tap {taps[0]}")

        def counts():
            starts = list(_values(server.api("/hours/shifts?period=2026-03-10", token), "start"))
            trips = server.api("/trips?period=all", token)["trips"]
            return {
                "shifts": sum(1 for s in starts if s.startswith("2026-03-10T07:00:00")),
                "overlap": sum(1 for s in starts if s.startswith("2026-03-10T08:00:00")),
                "trips": len([t for t in trips if t.get("purpose") == PURPOSE]),
                "classified": [t.get("category") for t in trips if t["id"] == gps_trip["id"]],
            }
        first = counts()
        check(first == {"shifts": 1, "overlap": 0, "trips": 1, "classified": ["business"]}, f"after the send: {first}")

        # An answer lost on the way: the same changes (same keys) sent again are not applied again.
        driver.execute_async_script("""
            const [entries, done] = arguments;
            const open = indexedDB.open("logbook-offline", 1);
            open.onsuccess = () => {
              const tx = open.result.transaction("queue", "readwrite");
              for (const entry of entries) { entry.state = "waiting"; tx.objectStore("queue").put(entry); }
              tx.oncomplete = () => { open.result.close(); done(true); };
            };""", [e for e in kept if "overlap" not in json.dumps(e) and "08:00" not in json.dumps(e)])
        open_page("/hours")
        drain("the changes sent again")
        again = counts()
        check(again == first, f"sent again with the same keys, the log changed: {first} → {again}")
        clock_again = server.api("/hours/clock", token)
        check(clock_again["shift"]["start"] == started, "the clock's start moved")

        # Logging out forgets the pages kept for this user.
        log_out(browser)
        cached = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.open("logbook-pages").then((c) => c.keys()).then((k) => done(k.map((r) => r.url)));""")
        check(not cached, f"pages still cached after the logout: {cached}")

        # 4. The roofer offline: a quantity and a new line.
        log_in(browser, server, "Jens", PASSWORD)
        project = "/roofing/projects/" + ROOF.replace(" ", "%20")
        open_page(project)
        browser.wait(lambda d: controlled(), "the service worker")
        open_page(project)
        offline()
        open_page(project)
        field = browser.find("input[name=quantity][inputmode=decimal]:not(#line-quantity)")
        field.clear()
        field.send_keys("40")
        before = len(queue() or [])
        field.find_element("xpath", "./ancestor::form").find_element("css selector", "button[type=submit]").click()
        browser.wait(lambda d: len(queue() or []) == before + 1, "the quantity to be kept")
        open_page(project)
        browser.find("#line-pos").send_keys("12.2")
        browser.find("#line-quantity").send_keys("5")
        tap("#add-line button[type=submit]")
        look("roofer-waiting")
        online()
        open_page(project)
        drain("the roofer's changes")
        account = json.loads(server.cli("roofing", "account", ROOF, "--format", "json"))
        lines = [(line["pos"], line["quantity"]) for line in account["lines"]]
        check(sorted(lines) == [("12.1", "40"), ("12.2", "5")], f"the roofing lines are {lines}")
        log_out(browser)

        # 5. The shift manager offline: a mark and a to-do.
        log_in(browser, server, "sam", PASSWORD)
        browser.find("form[action='/checklists/shifts'] button[type=submit]").click()
        browser.wait(lambda d: "/checklists/shifts/" in d.current_url, "the working screen")
        shift_path = browser.path().split("#")[0].split("?")[0]
        shift_id = shift_path.rsplit("/", 1)[1]
        browser.wait(lambda d: controlled(), "the service worker")
        open_page(shift_path)
        offline()
        open_page(shift_path)
        oil = browser.find("li[data-path='Kitchen/Fryer/Oil level']")
        oil.find_element("css selector", "input[name=note]").send_keys("low")
        before = len(queue() or [])
        oil.find_element("css selector", "button[value='not-ok']").click()
        browser.wait(lambda d: len(queue() or []) == before + 1, "the mark to be kept")
        browser.find("#task").send_keys("Order fryer oil")
        tap("form[action$='/todos'] button[type=submit]")
        look("checklist-waiting")
        online()
        open_page(shift_path)
        drain("the shift manager's changes")
        shift = server.api(f"/checklists/shifts/{shift_id}", admin)
        text = json.dumps(shift, ensure_ascii=False)
        check(text.count("Order fryer oil") == 1, f"the to-do arrived {text.count('Order fryer oil')} times")
        check(re.search(r'"Oil level".{0,400}"not-ok"', text) or '"state": "not-ok"' in text,
              "the oil level is not marked not-ok")
        look("checklist-sent")

        check(not layout, "layout problems:\n" + "\n".join(f"  {p}: {x}" for p, x in layout))
        print(f"screenshots in {screenshots}")


def _values(tree, key):
    """Every value of `key` anywhere in a JSON answer."""
    if isinstance(tree, dict):
        for name, value in tree.items():
            if name == key:
                yield value
            yield from _values(value, key)
    elif isinstance(tree, list):
        for value in tree:
            yield from _values(value, key)


def main():
    return run_main(run, __doc__.splitlines()[0], "offline test")


if __name__ == "__main__":
    sys.exit(main())
