#!/usr/bin/env python3
"""The web pages of `logbook serve` in a real browser: headless Debian Chromium driven by selenium.

On a temporary log (two vehicles, one GPS trip from SampleTracks/commute.nmea, a driver `anna` and an
admin `boss`) it starts `logbook serve` on a free loopback port and, as a user would:

  * refuses a wrong password (the login page says so and no session is made);
  * logs in as the driver and classifies the trip as business with a purpose by tapping the button on
    /trips; the API (with the driver's token) and the trip page's history show it, by `web:anna`;
  * downloads the CSV report of the trip's month from /reports and finds the trip in it;
  * checks every main page at 390 px wide: no horizontal scrolling, touch targets (buttons, links and
    fields in forms and the navigation) at least 44 px;
  * on a phone-sized screen opens /hours, finds the driver's own web link in the menu, adds a shift
    (07:00-15:30, 30 min break) through the form, and finds it on the period's page and in the API with
    480 net minutes;
  * as the admin opens a value-stream map on a phone: its lane scrolls sideways inside the page, every sticker is
    there, and a sticker added through the form is stored at the end of the section with its times;
  * as the admin on a phone searches the roofing catalogue and changes a line's quantity on a project's page;
  * saves screenshots of login, trips, trip, live, reports, account, hours, shift, checklist-shift (and vehicles,
    vsm-map and vsm-maps, as the admin) at 390x844 and 1280x800.

Usage: browser_test.py [--logbook PATH] [--screenshots DIR]
  PATH defaults to $LOGBOOK_BINARY, else .build/debug/logbook; DIR to $LOGBOOK_SCREENSHOTS, else
  .build/screenshots/. Needs /usr/bin/chromium and /usr/bin/chromedriver (or $CHROMIUM, $CHROMEDRIVER)
  and selenium (scripts/test-peers puts it in .venv-test). Exits 0 when everything holds, 1 with a
  message otherwise; the server is stopped either way.
"""

import argparse
import base64
import csv
import http.client
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DRIVER_NAME, ADMIN_NAME, PASSWORD = "anna", "boss", "secret-pass-1"
PURPOSE = "Customer visit Ülemiste"
SHIFT_MESSAGE = "Tour Tartu–Pärnu"
MAP = "Fensterbau Auftrag"
ROOF = "Skolegade 4"
SIZES = [(390, 844), (1280, 800)]
# What a finger must be able to hit: buttons and links of the navigation and of forms, and form fields.
TOUCH_TARGETS = (
    "header a, nav a, form button, form a, form input:not([type=hidden]), form select, form textarea, "
    "a.button, main button"
)


class Failure(Exception):
    """Something the pages or the server got wrong: the message says what."""


def check(condition, message):
    if not condition:
        raise Failure(message)


class Server:
    """`logbook serve` on a temporary log; `stop()` ends it (SIGTERM, then SIGKILL)."""

    def __init__(self, logbook, workdir):
        self.logbook = logbook
        self.workdir = workdir
        self.process = None
        self.port = None
        self.log_path = workdir / "serve.log"
        config = workdir / "logbook.toml"
        config.write_text('[hours]\ntimezone = "UTC"\n')
        self.env = dict(os.environ, LOGBOOK_DATABASE=str(workdir / "log.sqlite"), LOGBOOK_CONFIG=str(config))

    def cli(self, *arguments):
        result = subprocess.run(
            [self.logbook, *arguments, "--timezone", "UTC"], env=self.env, capture_output=True, text=True,
            timeout=120)
        if result.returncode != 0:
            raise Failure(f"logbook {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()}")
        return result.stdout

    def start(self):
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [self.logbook, "serve", "--listen", "127.0.0.1:0", "--timezone", "UTC"], env=self.env,
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            match = re.search(r"Serving http\.address=127\.0\.0\.1:(\d+)", self.log_path.read_text())
            if match:
                self.port = int(match.group(1))
                return
            if self.process.poll() is not None:
                raise Failure(f"logbook serve exited {self.process.returncode}:\n{self.log_text()}")
            time.sleep(0.1)
        raise Failure(f"logbook serve did not say where it listens within 60 s:\n{self.log_text()}")

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def api(self, path, token):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", "/api/v1" + path, headers={"Authorization": f"Bearer {token}"})
            response = connection.getresponse()
            body = response.read()
            check(response.status == 200, f"GET /api/v1{path}: HTTP {response.status}: {body[:300]!r}")
            return json.loads(body)
        finally:
            connection.close()

    def log_text(self):
        try:
            return self.log_path.read_text()[-4000:]
        except OSError:
            return ""

    def stop(self):
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=15)
        self.log.close()


class Browser:
    """Headless Chromium with a download folder; pages are looked at through a viewport of a given size."""

    def __init__(self, downloads):
        os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium-manager fetch a browser
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.remote.webelement import WebElement

        if not getattr(WebElement, "scrolls_before_click", False):
            # A phone's tab bar covers the bottom of its screen: as a user does, what is tapped is brought to the middle
            # of the screen first (WebDriver would tap it where it is, under the bar). layout_test.py checks that the
            # bottom of every page can be scrolled out from under the bar.
            plain_click = WebElement.click

            def click(element):
                element.parent.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
                plain_click(element)

            WebElement.click = click
            WebElement.scrolls_before_click = True

        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                         "--disable-gpu", "--lang=en-GB"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console: security policy refusals
        options.add_experimental_option("prefs", {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
            "download.directory_upgrade": True,
            "safebrowsing.enabled": False,
        })
        service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.set_page_load_timeout(60)
        self.size = None

    def resize(self, width, height):
        """An exact viewport (a phone's is also a touch screen with device-width layout)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        self.size = (width, height)

    def get(self, url):
        self.driver.get(url)
        self.wait(lambda d: d.execute_script("return document.readyState") == "complete", f"{url} to load")

    def wait(self, condition, what, timeout=30):
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait

        try:
            return WebDriverWait(self.driver, timeout).until(condition)
        except TimeoutException:
            raise Failure(f"timed out waiting for {what} (at {self.driver.current_url})") from None

    def find(self, css):
        from selenium.common.exceptions import NoSuchElementException
        from selenium.webdriver.common.by import By

        try:
            return self.driver.find_element(By.CSS_SELECTOR, css)
        except NoSuchElementException:
            raise Failure(f"{self.driver.current_url} has no {css}") from None

    def text(self):
        return self.driver.find_element("tag name", "body").text

    def path(self):
        return "/" + self.driver.current_url.split("/", 3)[3] if self.driver.current_url.count("/") >= 3 else "/"

    def screenshot(self, folder, name):
        width, height = self.size
        self.driver.execute_script("window.scrollTo(0, 0)")
        target = folder / f"{name}-{width}x{height}.png"
        check(self.driver.save_screenshot(str(target)), f"could not save {target}")
        if width < 600:  # the whole phone page too, to look at what is below the fold
            size = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": max(height, size["height"]), "scale": 1}})
            (folder / f"{name}-{width}x{height}-full.png").write_bytes(base64.b64decode(shot["data"]))
        return target

    def layout_problems(self):
        """At the current size: horizontal scrolling and touch targets under 44 px, as sentences."""
        problems = []
        # The window's width is the emulated screen's: a phone browser widens innerWidth to fit a page
        # that is too wide (it zooms out), so innerWidth itself would hide the problem.
        inner_width = self.size[0]
        scroll_width = self.driver.execute_script("return document.documentElement.scrollWidth")
        if scroll_width > inner_width:
            wide = self.driver.execute_script("""
                const w = arguments[0];
                return [...document.querySelectorAll('body *')]
                  .filter(e => e.getBoundingClientRect().right > w + 0.5)
                  .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                    + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '')
                    + ' right=' + Math.round(e.getBoundingClientRect().right));""", inner_width)
            problems.append(f"scrolls sideways: scrollWidth {scroll_width} > width {inner_width} ({', '.join(wide)})")
        small = self.driver.execute_script("""
            return [...document.querySelectorAll(arguments[0])].map(e => {
                const r = e.getBoundingClientRect(), s = getComputedStyle(e);
                if (r.width === 0 || r.height === 0 || s.visibility === 'hidden') return null;
                if (r.width >= 44 - 0.5 && r.height >= 44 - 0.5) return null;
                const name = (e.textContent || e.value || e.name || e.id || '').trim().slice(0, 30);
                return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' "' + name + '" '
                    + r.width.toFixed(1) + 'x' + r.height.toFixed(1);
            }).filter(x => x);""", TOUCH_TARGETS)
        if small:
            problems.append("touch targets under 44 px: " + "; ".join(small[:8]))
        return problems

    def quit(self):
        try:
            self.driver.quit()
        except Exception:  # noqa: BLE001 - the browser may already be gone
            pass


class PageTest:
    """A page test's temporary log folder (with a downloads folder), its `logbook serve` and, once opened, its
    browser. Leaving it adds the server log's last lines to a Failure, runs what `on_exit` was given (peers of the
    test's own; last given first), closes the browser, stops the server and removes the folder."""

    def __init__(self, logbook, prefix, server_class=None):
        self.work = Path(tempfile.mkdtemp(prefix=prefix))
        self.downloads = self.work / "downloads"
        self.downloads.mkdir()
        self.server = (server_class or Server)(logbook, self.work)
        self.browser = None
        self._exits = []

    def open_browser(self):
        self.browser = Browser(self.downloads)
        return self.browser

    def on_exit(self, action):
        self._exits.append(action)

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        log = self.server.log_text() if isinstance(error, Failure) else ""
        try:
            for action in reversed(self._exits):
                action()
            if self.browser is not None:
                self.browser.quit()
            self.server.stop()
        finally:
            shutil.rmtree(self.work, ignore_errors=True)
        if isinstance(error, Failure):
            raise Failure(f"{error}\n--- server log (last lines) ---\n{log}") from None
        return False


def log_in(browser, server, name, password):
    browser.get(server.base + "/login")
    browser.find("#name").clear()
    browser.find("#name").send_keys(name)
    browser.find("#password").send_keys(password)
    browser.find("form button[type=submit]").click()
    browser.wait(lambda d: d.execute_script("return document.readyState") == "complete"
                 and not d.current_url.endswith("/login") or d.find_elements("css selector", "p.problem"),
                 f"the login of {name} to answer")


def log_out(browser):
    browser.find("footer form button").click()
    browser.wait(lambda d: "/login" in d.current_url, "the logout to lead to the login page")


def run(logbook, screenshots):
    layout = []  # (page, size, problem)
    with PageTest(logbook, "logbook-browser-") as test:
        work, downloads, server = test.work, test.downloads, test.server
        server.cli("vehicles", "add", "--plate", "ABC1")
        server.cli("vehicles", "add", "--plate", "XYZ9")
        server.cli("import", "--vehicle", "ABC1", str(ROOT / "SampleTracks/commute.nmea"))
        (work / "pw").write_text(PASSWORD + "\n")
        server.cli("users", "add", DRIVER_NAME, "--role", "driver", "--vehicle", "ABC1",
                   "--password-file", str(work / "pw"))
        server.cli("users", "add", ADMIN_NAME, "--role", "admin", "--password-file", str(work / "pw"))
        server.cli("drivers", "add", DRIVER_NAME)
        server.cli("hours", "links", "add", "Payroll", "https://payroll.example.com/me", "--driver", DRIVER_NAME)
        token = server.cli("users", "token", DRIVER_NAME).strip()
        check(re.fullmatch(r"\S+", token), f"`logbook users token` printed {token!r}, not a token")
        server.start()
        print(f"server on {server.base} (log {work})", flush=True)

        listing = server.api("/trips?period=all", token)
        check(listing["total"] == 1, f"the driver's API lists {listing['total']} trips, not the one imported")
        trip = listing["trips"][0]
        trip_id, day = trip["id"], trip["start"][:10]
        check(trip["category"] is None, f"the imported trip is already {trip['category']}")

        browser = test.open_browser()

        def visit(page, path):
            """Opens PATH at every size: layout checks and a screenshot each."""
            for width, height in SIZES:
                browser.resize(width, height)
                browser.get(server.base + path)
                check(browser.driver.execute_script("return document.title").endswith("Logbook"),
                      f"{path} has no page title: {browser.text()[:200]}")
                if width < 600:
                    layout.extend((page, f"{width}px", p) for p in browser.layout_problems())
                browser.screenshot(screenshots, page)

        # A wrong password is refused: the page says so and gives no session.
        browser.resize(*SIZES[0])
        log_in(browser, server, DRIVER_NAME, "not-the-password")
        check(browser.path().startswith("/login"), f"a wrong password led to {browser.path()}")
        problem = browser.find("p.problem").text
        check("wrong password" in problem, f"a wrong password was answered with {problem!r}")
        browser.get(server.base + "/trips")
        check(browser.path().startswith("/login"), "after a refused login /trips opened without a session")
        visit("login", "/login")

        # The driver logs in and lands on the trips.
        log_in(browser, server, DRIVER_NAME, PASSWORD)
        check(browser.path().startswith("/trips"), f"the login led to {browser.path()}: {browser.text()[:300]}")

        # Classify the trip by tapping Business on the list of its day.
        browser.resize(*SIZES[0])
        browser.get(f"{server.base}/trips?from={day}&to={day}")
        card = f"article#trip-{trip_id}"
        browser.find(card)
        browser.find(f"#purpose-{trip_id}").clear()
        browser.find(f"#purpose-{trip_id}").send_keys(PURPOSE)
        old_body = browser.find("body")
        browser.find(f"{card} button[name=category][value=business]").click()
        browser.wait(lambda d: _stale(old_body), "the page after the tap")
        browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the trips page")
        check(browser.path().startswith(f"/trips?from={day}&to={day}"),
              f"the tap did not come back to the same list but to {browser.path()}")
        chosen = browser.find(f"{card} button.chosen")
        check(chosen.get_attribute("value") == "business",
              f"after the tap the card shows {chosen.get_attribute('value')} as chosen")
        check(PURPOSE in browser.find(card).text, f"the card does not show the purpose: {browser.find(card).text}")

        stored = server.api(f"/trips/{trip_id}", token)
        check(stored["trip"]["category"] == "business",
              f"the API has the trip as {stored['trip']['category']}, not business")
        check(stored["trip"]["purpose"] == PURPOSE, f"the API has the purpose {stored['trip']['purpose']!r}")
        actors = {entry["actor"] for entry in stored["history"] if entry["action"] != "create"}
        check(actors == {f"web:{DRIVER_NAME}"}, f"the API's history names {actors}, not web:{DRIVER_NAME}")

        browser.get(f"{server.base}/trips/{trip_id}")
        history = browser.find("table").text
        check(f"web:{DRIVER_NAME}" in history, f"the trip page's history does not name web:{DRIVER_NAME}:\n{history}")
        check("business" in history and PURPOSE in history,
              f"the trip page's history does not show the category and purpose:\n{history}")
        browser.find("svg.route polyline")
        check("business" in browser.find("dl.facts").text, "the trip page's facts do not say business")

        # The month's CSV report, downloaded from the reports page.
        browser.get(server.base + "/reports")
        browser.driver.execute_script(
            "document.querySelector('#vehicle').value = 'ABC1';"
            "document.querySelector('#month').value = arguments[0];"
            "document.querySelector('#category').value = 'all';", day[:7])
        browser.find("#download-csv").click()
        report = browser.wait(lambda d: _downloaded(downloads, ".csv"), "the CSV report to arrive in the downloads")
        text = report.read_text(encoding="utf-8-sig")
        rows = list(csv.reader(io.StringIO(text), delimiter=_delimiter(text)))
        check(any(PURPOSE in row for row in rows), f"the report {report.name} has no row with the purpose:\n{text[:800]}")
        check(any(any(day in cell or _day_in_other_form(day, cell) for cell in row) and PURPOSE in row for row in rows),
              f"the report {report.name} does not date the trip {day}:\n{text[:800]}")
        print(f"report {report.name}: {len(rows)} rows", flush=True)

        # Every page the driver sees, at every size.
        visit("trips", f"/trips?from={day}&to={day}")
        visit("trip", f"/trips/{trip_id}")
        visit("live", "/live")
        visit("reports", "/reports")
        visit("account", "/account")

        # Work hours on a phone: the own link in the menu, a shift added through the form.
        browser.resize(*SIZES[0])
        browser.get(server.base + "/hours")
        # The driver's own link is under "More" (the tab bar holds the most used pages).
        menu_text = browser.find("header nav").get_attribute("textContent")
        check("Payroll" in menu_text, f"the driver's link is not in the menu: {menu_text}")
        check(browser.find("header nav a[href='/hours']").text == "Hours", "the menu has no Hours")
        today = time.strftime("%Y-%m-%d", time.gmtime())
        browser.find("#add-shift").click()
        browser.wait(lambda d: "/hours/shifts/new" in d.current_url, "the new shift form")
        browser.driver.execute_script(
            "document.querySelector('#date').value = arguments[0];"
            "document.querySelector('#start').value = '07:00';"
            "document.querySelector('#end').value = '15:30';", today)
        browser.find("#break_minutes").clear()
        browser.find("#break_minutes").send_keys("30")
        browser.find("#message").send_keys(SHIFT_MESSAGE)
        browser.driver.execute_script("document.querySelector('#vehicle').value = 'ABC1';")
        browser.screenshot(screenshots, "shift-form")
        browser.find("#save-shift").click()
        browser.wait(lambda d: "/hours?period=" in d.current_url, "the period page after saving the shift")
        shifts = browser.driver.find_elements("css selector", "a.shift")
        check(len(shifts) == 1, f"the period page shows {len(shifts)} shifts, not the one added: {browser.text()[:500]}")
        text = shifts[0].text
        # 07:00 to 15:30 is 8 h 30 min; less 30 min of break, 8:00 net.
        check("07:00–15:30" in text and "net 8:00" in text and SHIFT_MESSAGE in text and "ABC1" in text,
              f"the shift on the period page reads {text!r}")
        check(browser.find("#total-net").text == "8:00", f"the period's net total is {browser.find('#total-net').text}")
        browser.screenshot(screenshots, "hours-added")
        sheet = server.api(f"/hours/shifts?period={today}", token)
        check([s["net_minutes"] for s in sheet["shifts"]] == [480],
              f"the API lists the period's shifts as {sheet['shifts']}")
        check(sheet["shifts"][0]["message"] == SHIFT_MESSAGE, f"the API has the message {sheet['shifts'][0]['message']!r}")
        visit("hours", "/hours")
        visit("shift", f"/hours/shifts/{sheet['shifts'][0]['number']}")
        # The admin's page is refused to the driver, on an error page that keeps the navigation.
        browser.get(server.base + "/vehicles")
        check(browser.find("p.big").text == "403" and browser.find("h1").text != "Vehicles",
              f"the driver was not refused the vehicles page: {browser.text()[:300]}")
        check(browser.find("header nav").text and browser.find("footer form button").text == "Log out",
              "the error page lost the navigation and the logout")
        log_out(browser)

        # The admin's vehicles page.
        log_in(browser, server, ADMIN_NAME, PASSWORD)
        check(browser.path().startswith("/trips"), f"the admin's login led to {browser.path()}")
        visit("vehicles", "/vehicles")
        check("ABC1" in browser.text() and "XYZ9" in browser.text(), "the vehicles page does not list both vehicles")

        # Restaurant checklists: a shift manager on a phone starts a shift and marks a child task not ok.
        server.cli("checklists", "restaurants", "add", "Main Street")
        server.cli("users", "add", "sam", "--role", "shift-manager", "--restaurant", "Main Street",
                   "--password-file", str(work / "pw"))
        server.cli("checklists", "templates", "import",
                   str(ROOT / "Tests/Fixtures/checklists/main-street-day-pre-shift.json"))
        log_out(browser)
        browser.resize(*SIZES[0])
        log_in(browser, server, "sam", PASSWORD)
        check(browser.path().startswith("/checklists"), f"the shift manager's login led to {browser.path()}")
        check(browser.find("header nav a[href='/checklists']").text == "Checklists", "the menu has no Checklists")
        check(not browser.driver.find_elements("css selector", "header nav a[href='/trips']"),
              "restaurant staff see the mileage log's Trips")
        browser.find("form[action='/checklists/shifts'] button[type=submit]").click()
        browser.wait(lambda d: "/checklists/shifts/" in d.current_url, "the working screen")
        shift_path = browser.path().split("#")[0]
        oil = browser.find("li[data-path='Kitchen/Fryer/Oil level']")
        oil.find_element("css selector", "input[name=note]").send_keys("low")
        oil.find_element("css selector", "button[value='not-ok']").click()
        def parent_not_ok(driver):
            try:  # the page reloads after the tap: an element found before may go stale
                return driver.find_element("css selector", "li[data-path='Kitchen/Fryer']") \
                    .get_attribute("data-state") == "not-ok"
            except Exception:  # noqa: BLE001 - stale or not yet there: look again
                return False
        browser.wait(parent_not_ok, "the parent to take its child's state")
        todos = browser.find("#todos").text
        check("Fryer: Oil level" in todos and "kitchen" in todos, f"the not-ok task made no to-do: {todos!r}")
        visit("checklist-shift", shift_path)

        # Value-stream maps: the admin opens a map on a phone; its lane scrolls sideways inside the page, and a
        # sticker added through the form lands at the end of the chosen section.
        log_out(browser)
        server.cli("vsm", "create", MAP, "--demand", "40", "--available", "7h30m")
        server.cli("vsm", "section", "add", MAP, "Auftragseingang")
        for number in range(1, 9):
            server.cli("vsm", "add", MAP, "--text", f"Schritt {number} Prüfung", "--kind",
                       ["value", "auxiliary", "waste"][number % 3], "--process", f"{number * 5}m", "--wait", "1h")
        server.cli("vsm", "section", "add", MAP, "Fertigung")
        server.cli("vsm", "add", MAP, "--text", "Zuschnitt", "--kind", "value", "--process", "20m")
        browser.resize(*SIZES[0])
        log_in(browser, server, ADMIN_NAME, PASSWORD)
        map_path = "/vsm/maps/" + MAP.replace(" ", "%20")
        visit("vsm-map", map_path)
        browser.resize(*SIZES[0])
        browser.get(server.base + map_path)
        lane = browser.find(".vsm-lane .vsm-track")
        scrolls = browser.driver.execute_script(
            "return [arguments[0].scrollWidth, arguments[0].clientWidth];", lane)
        check(scrolls[0] > scrolls[1], f"the first lane of 8 stickers does not scroll sideways at 390 px: {scrolls}")
        for number in range(1, 9):
            check(f"Schritt {number} Prüfung" in browser.text(), f"sticker {number} is not on the page")
        browser.find("#sticker-text").send_keys("Qualitätskontrolle")
        browser.find("#sticker-process").send_keys("12m")
        browser.find("#sticker-wait").send_keys("30m")
        browser.find("#add-sticker button[type=submit]").click()
        browser.wait(lambda d: _text_has(d, "#timeline", "Qualitätskontrolle"), "the new sticker on the timeline")
        shown = json.loads(server.cli("vsm", "show", MAP, "--format", "json"))
        last = shown["sections"][-1]["stickers"][-1]
        check(last["text"] == "Qualitätskontrolle" and last["process_s"] == 720 and last["wait_s"] == 1800,
              f"the sticker added on the page is stored as {last}")
        visit("vsm-maps", "/vsm")

        # Roofing: the admin on a phone searches the catalogue and changes a line's quantity on the project page.
        server.cli("roofing", "catalogue", "import", str(ROOT / "Tests/Fixtures/roofing/tagdaekning-2026.csv"),
                   "--name", "Tagdækning 2026")
        server.cli("roofing", "project", "add", ROOF, "--roofer", "Jens:30", "--roofer", "Ole:10")
        server.cli("roofing", "add", ROOF, "--pos", "12.1", "--quantity", "33,333")
        visit("roofing-catalogue", "/roofing/catalogue?q=tagrende")
        check("Tagrende, zink" in browser.text(), "the catalogue search did not find Tagrende, zink")
        project_path = "/roofing/projects/" + ROOF.replace(" ", "%20")
        visit("roofing-project", project_path)
        browser.resize(*SIZES[0])
        browser.get(server.base + project_path)
        field = browser.find("input[name=quantity][inputmode=decimal]")
        field.clear()
        field.send_keys("40")
        field.find_element("xpath", "./ancestor::form").find_element("css selector", "button[type=submit]").click()
        browser.wait(lambda d: _text_has(d, "body", "1.886,00"), "the new amount 40 × 47,15")
        account = json.loads(server.cli("roofing", "account", ROOF, "--format", "json"))
        check(account["lines"][0]["quantity"] == "40" and account["lines"][0]["amount"] == "1886.00",
              f"the quantity changed on the page is stored as {account['lines'][0]}")

        check(not layout, "layout problems:\n" + "\n".join(f"  {p} at {s}: {x}" for p, s, x in layout))
        print(f"screenshots in {screenshots}")


def _text_has(driver, css, text):
    """Whether the element's text holds `text`; False while the page is being replaced (stale or not yet there)."""
    try:
        return text in driver.find_element("css selector", css).text
    except Exception:  # noqa: BLE001 - a reload in progress: look again
        return False


def _stale(element):
    """Whether the element's page was replaced. Chrome says so as a stale reference, or, while the new document is
    being attached, as an inspector error that the node is not in the document (seen once in CI)."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error) or "No node with given id" in str(error):
            return True
        raise


def _downloaded(folder, suffix):
    files = [f for f in folder.iterdir() if f.suffix == suffix]
    partial = [f for f in folder.iterdir() if f.suffix == ".crdownload"]
    return files[0] if files and not partial and files[0].stat().st_size > 0 else None


def _delimiter(text):
    first = text.splitlines()[0] if text else ""
    return ";" if first.count(";") > first.count(",") else ","


def _day_in_other_form(day, cell):
    year, month, mday = day.split("-")
    return f"{mday}.{month}.{year}" in cell or f"{mday}/{month}/{year}" in cell


def run_main(run, description, name):
    """The command line every page test shares: --logbook, --screenshots, and a FAIL or OK line with the time."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--logbook", default=os.environ.get("LOGBOOK_BINARY", str(ROOT / ".build/debug/logbook")))
    parser.add_argument("--screenshots",
                        default=os.environ.get("LOGBOOK_SCREENSHOTS", str(ROOT / ".build/screenshots")))
    arguments = parser.parse_args()
    logbook = Path(arguments.logbook).resolve()
    if not os.access(logbook, os.X_OK):
        print(f"FAIL: no logbook binary at {logbook} (build it, or give --logbook)", file=sys.stderr)
        return 1
    screenshots = Path(arguments.screenshots)
    screenshots.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    try:
        result = run(str(logbook), screenshots)
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    except Exception:  # noqa: BLE001 - a crash of the test is a failure too, with its trace
        print(f"FAIL: the {name} crashed:", file=sys.stderr)
        traceback.print_exc()
        return 1
    if result:
        return result
    print(f"OK: {name} passed in {time.monotonic() - started:.1f} s")
    return 0


def main():
    return run_main(run, __doc__.splitlines()[0], "browser test")


if __name__ == "__main__":
    sys.exit(main())
