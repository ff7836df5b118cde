#!/usr/bin/env python3
"""The mileage log on the road, in a real browser (issue 29 §1): headless Debian Chromium driven by selenium on a
phone's screen (390x844), against `logbook serve` on a temporary log with ABC1 (the driver anna's, one GPS trip from
SampleTracks/commute.nmea) and XYZ9, and an admin boss. As the driver on the phone it:

  * adds a trip by hand from the trip list: a business trip without a purpose is refused beside the purpose field
    (the error right under the field, the typed distance kept); with the purpose the trip is in the day's list and in
    the API;
  * classifies the GPS trip, saves it with the star as the regular trip "Pendelfahrt", picks it on the add form
    (which fills in its purpose and category) and adds a trip from it;
  * voids the trip it added by hand, with a reason;
  * imports SampleTracks/errands.jsonl through the import page (and a broken GPX first, refused naming the file,
    the line and the field);
  * reads the profile; e-mails the month's report with the category business from the link on the trip list;
then, as the admin, saves the profile. Every new page is checked at 390 px (no sideways scrolling, touch targets of
at least 44 px) and photographed at 390x844 (and the whole page) into the screenshots folder, as mileage-*.png.

Usage: mileage_test.py [--logbook PATH] [--screenshots DIR] (as browser_test.py). Exits 0 when everything holds.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import (  # noqa: E402 - the shared browser and server of the page tests
    run_main,
    ROOT, _stale, check, log_in, log_out, PageTest
)

DRIVER_NAME, ADMIN_NAME, PASSWORD = "anna", "boss", "secret-pass-1"
PHONE = (390, 844)
PURPOSE = "Kundenbesuch Ülemiste"
REGULAR = "Pendelfahrt"


def run(logbook, screenshots):
    layout = []
    with PageTest(logbook, "logbook-mileage-") as test:
        work, server = test.work, test.server
        # Mail goes to the outbox only (nothing delivers it here): the report's e-mail can be queued.
        with open(work / "logbook.toml", "a") as config:
            config.write('[mail]\nhost = "127.0.0.1"\nport = 2525\ntls = "none"\nfrom = "logbook@example.org"\n')
        server.cli("vehicles", "add", "--plate", "ABC1", "--odometer", "12000")
        server.cli("vehicles", "add", "--plate", "XYZ9")
        server.cli("import", "--vehicle", "ABC1", str(ROOT / "SampleTracks/commute.nmea"))
        (work / "pw").write_text(PASSWORD + "\n")
        server.cli("users", "add", DRIVER_NAME, "--role", "driver", "--vehicle", "ABC1",
                   "--password-file", str(work / "pw"))
        server.cli("users", "add", ADMIN_NAME, "--role", "admin", "--password-file", str(work / "pw"))
        token = server.cli("users", "token", DRIVER_NAME).strip()
        admin_token = server.cli("users", "token", ADMIN_NAME).strip()
        server.start()
        print(f"server on {server.base} (log {work})", flush=True)
        gps_trip = server.api("/trips?period=all", token)["trips"][0]
        today = time.strftime("%Y-%m-%d", time.gmtime())

        browser = test.open_browser()
        browser.resize(*PHONE)

        def look(page, name=None):
            """The page as it is now, on the phone: layout checks and a screenshot."""
            layout.extend((name or page, f"{PHONE[0]}px", p) for p in browser.layout_problems())
            browser.screenshot(screenshots, f"mileage-{name or page}")

        def visit(name, path):
            browser.get(server.base + path)
            check(browser.driver.execute_script("return document.title").endswith("Logbook"),
                  f"{path} has no page title: {browser.text()[:200]}")
            look(name)

        def submit(css):
            """Taps the button and waits for the next page."""
            old = browser.find("body")
            browser.find(css).click()
            browser.wait(lambda d: _stale(old), f"the page after tapping {css}")
            browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the page to load")

        def choose(css, value, text=False):
            from selenium.webdriver.support.ui import Select
            select = Select(browser.find(css))
            select.select_by_visible_text(value) if text else select.select_by_value(value)

        def below(field_css, error_css):
            """Whether the error is shown right under its field (within 40 px, as wide as the form)."""
            return browser.driver.execute_script("""
                const f = document.querySelector(arguments[0]).getBoundingClientRect();
                const e = document.querySelector(arguments[1]).getBoundingClientRect();
                return e.top >= f.bottom - 1 && e.top - f.bottom < 40 && e.height > 0;""", field_css, error_css)

        log_in(browser, server, DRIVER_NAME, PASSWORD)
        check(browser.path().startswith("/trips"), f"the login led to {browser.path()}")

        # 1. A trip by hand, from the trip list.
        browser.find("#add-trip-link").click()
        browser.wait(lambda d: "/trips/new" in d.current_url, "the add form")
        check(browser.find("#date").get_attribute("value") == today,
              f"the date is {browser.find('#date').get_attribute('value')}, not today {today}")
        browser.driver.execute_script("document.querySelector('#start').value = '07:30';"
                                      "document.querySelector('#end').value = '08:05';")
        browser.find("#distance").send_keys("23.4")
        choose("#category", "business")
        browser.find("#to").send_keys("Ülemiste")
        look("trip-new", "trip-new-filled")
        submit("#add-trip")
        check(browser.path().startswith("/trips/new"), f"a business trip without purpose led to {browser.path()}")
        error = browser.find("#purpose-error").text
        check("needs a purpose" in error, f"the purpose's error reads {error!r}")
        check(below("#purpose", "#purpose-error"), "the purpose's error is not right under the purpose field")
        check(browser.find("#distance").get_attribute("value") == "23.4", "the typed distance was lost")
        look("trip-new-refused")
        browser.find("#purpose").send_keys(PURPOSE)
        submit("#add-trip")
        check(browser.path().startswith(f"/trips?from={today}&to={today}"),
              f"the added trip led to {browser.path()}: {browser.text()[:300]}")
        message = browser.find("#message").text
        check("added: 07:30–08:05, 23.4 km" in message, f"the list says {message!r}")
        listing = server.api(f"/trips?from={today}&to={today}", token)["trips"]
        manual = [t for t in listing if t["purpose"] == PURPOSE]
        check(len(manual) == 1 and manual[0]["category"] == "business" and abs(manual[0]["distance_m"] - 23400) < 1,
              f"the API lists the day's trips as {listing}")
        manual_id = manual[0]["id"]
        card = browser.find(f"article#trip-{manual_id}").text
        check(PURPOSE in card and "23.4 km" in card, f"the new trip's card reads {card!r}")
        look("trips-added")

        # 2. The GPS trip, classified and starred as a regular trip, then reused from the add form.
        browser.get(f"{server.base}/trips/{gps_trip['id']}")
        browser.find("#purpose").send_keys("Pendeln")
        submit("form.card button[name=category][value=commute]")
        browser.get(f"{server.base}/trips/{gps_trip['id']}")
        look("trip")
        browser.find("#regular-name").send_keys(REGULAR)
        submit("#star")
        check(browser.path().startswith("/regular-trips"), f"starring led to {browser.path()}")
        check(f"★ {REGULAR}" in browser.text(), f"the regular trips do not list {REGULAR}: {browser.text()[:400]}")
        look("regular-trips")
        browser.get(server.base + "/trips/new")
        choose("#regular-choice", REGULAR, text=True)
        submit("#fill-regular")
        check(browser.find("input[name=regular]").get_attribute("value") == REGULAR, "the form is not filled in")
        check(browser.find("#purpose").get_attribute("value") == "Pendeln", "the regular trip's purpose is not there")
        check(browser.find("#category").get_attribute("value") == "commute", "the regular trip's category is not there")
        look("trip-new-regular")
        browser.driver.execute_script(
            "document.querySelector('#date').value = arguments[0];", time.strftime("%Y-%m-%d", time.gmtime(
                time.time() - 86400)))
        submit("#add-trip")
        check(browser.path().startswith("/trips?from="), f"the trip from the regular one led to {browser.path()}")
        made = [t for t in server.api("/trips?period=all", token)["trips"]
                if t["purpose"] == "Pendeln" and t["id"] != gps_trip["id"]]
        check(len(made) == 1 and made[0]["category"] == "commute"
              and abs(made[0]["distance_m"] - gps_trip["distance_m"]) < 1,
              f"the trip from the regular one is {made}")

        # 3. The trip added by hand is voided with a reason.
        browser.get(f"{server.base}/trips/{manual_id}")
        browser.find("#reason").send_keys("Doppelt erfasst")
        submit("#void")
        check("voided" in browser.find("dl.facts").text, f"the trip page does not say voided: {browser.text()[:300]}")
        detail = server.api(f"/trips/{manual_id}", token)
        check(detail["trip"]["voided"], "the API does not have the trip voided")
        look("trip-voided")

        # 4. A track file through the import page: a broken one first.
        broken = work / "broken.gpx"
        text = (ROOT / "SampleTracks/commute.gpx").read_text()
        start = text.index('<trkpt lat="') + len('<trkpt lat="')
        broken.write_text(text[:start] + "north" + text[text.index('"', start):][:3000])
        browser.get(server.base + "/trips/import")
        look("import")
        browser.find("#file").send_keys(str(broken))
        submit("#import")
        error = browser.find("#file-error").text
        check("broken.gpx:" in error and "(field 'lat')" in error, f"the broken file was answered with {error!r}")
        check(below("#file", "#file-error"), "the file's error is not right under the file field")
        look("import-refused")
        browser.find("#file").send_keys(str(ROOT / "SampleTracks/errands.jsonl"))
        submit("#import")
        check(browser.path().startswith("/trips?from=2026-11-17"), f"the import led to {browser.path()}")
        message = browser.find("#message").text
        check("errands.jsonl: 1 trip added" in message, f"the import says {message!r}")

        # 5. The profile as a driver reads it; the month's report e-mailed with a category.
        visit("profile-driver", "/profile")
        check("An admin changes the profile" in browser.text(), "the driver is offered to change the profile")
        visit("trips-all", "/trips?period=all")
        check(browser.find("a.current").text == "All", "the All period is not the current one")
        browser.find("#month-report a[href*='#email']").click()
        browser.wait(lambda d: "/reports?" in d.current_url, "the reports page from the trip list")
        choose("#mail-category", "business")
        browser.find("#to").send_keys("buchhaltung@example.org")
        look("reports")
        submit("#send-report")
        check("queued for sending" in browser.text(), f"the e-mail was answered with {browser.text()[:300]}")
        log_out(browser)
        outbox = server.api("/outbox", admin_token)["messages"]
        check(len(outbox) == 1 and outbox[0]["recipients"] == ["buchhaltung@example.org"],
              f"the outbox holds {outbox}")

        # 6. The admin keeps the profile.
        log_in(browser, server, ADMIN_NAME, PASSWORD)
        browser.get(server.base + "/profile")
        browser.find("#name").send_keys("Anna Tamm")
        browser.find("#company").send_keys("Õun OÜ")
        browser.find("#employee_id").send_keys("E-7")
        look("profile-admin")
        submit("#save-profile")
        check("The profile is saved." in browser.text(), f"saving the profile said {browser.text()[:300]}")
        check(browser.find("#name").get_attribute("value") == "Anna Tamm", "the saved name is not shown")

        check(not layout, "layout problems:\n" + "\n".join(f"  {p} at {s}: {x}" for p, s, x in layout))
        print(f"screenshots in {screenshots}")


def main():
    return run_main(run, __doc__.splitlines()[0], "mileage browser test")


if __name__ == "__main__":
    sys.exit(main())
