#!/usr/bin/env python3
""""Record a trip" in a real browser: headless Debian Chromium (selenium) with emulated geolocation.

On a temporary log (vehicle ABC1, driver `anna`, admin `boss`; the engine's parking and gap thresholds set to
20 s so that a trip closes within the test) it starts `logbook serve` and, as a driver with a phone would:

  * opens /record at 390x844, taps Start, and drives: the emulated position stands for a few seconds, then moves
    east at 15 m/s, one position a second, for about 1.4 km;
  * loses the network for a stretch of the drive (offline emulation): the page keeps the positions and sends them
    when the network is back;
  * taps Stop; the page's distance is the route's within 10 %, nothing waits any more;
  * the server has every position the page says it sent, under the device `browser-anna-ABC1`, and, once the
    phone has been silent for the gap threshold, a trip of ABC1 whose distance is the route's within 5 %;
  * as the admin adds a device on /devices: its token and each app's address are shown once;
  * checks /record, /devices and /live at 390 px (no sideways scrolling, touch targets of 44 px) and saves
    screenshots in the screenshot folder.

Usage: record_test.py [--logbook PATH] [--screenshots DIR]; see browser_test.py for the defaults and needs.
"""

import json
import math
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import PASSWORD, Browser, Failure, Server, check, log_in, run_main  # noqa: E402

START = (59.4370, 24.7450)
SPEED = 15.0  # m/s
EARTH = 6371008.8


def east(point, metres):
    lat, lon = point
    return lat, lon + math.degrees(metres / (EARTH * math.cos(math.radians(lat))))


def haversine(a, b):
    rad = math.pi / 180
    d_lat, d_lon = (b[0] - a[0]) * rad, (b[1] - a[1]) * rad
    h = math.sin(d_lat / 2) ** 2 + math.cos(a[0] * rad) * math.cos(b[0] * rad) * math.sin(d_lon / 2) ** 2
    return 2 * EARTH * math.asin(min(1, math.sqrt(h)))


def set_position(browser, point, speed):
    parameters = {"latitude": point[0], "longitude": point[1], "accuracy": 5}
    if speed is not None:
        parameters.update({"speed": speed, "heading": 90 if speed > 0 else 0, "altitude": 30,
                           "altitudeAccuracy": 5})
    try:
        browser.driver.execute_cdp_cmd("Emulation.setGeolocationOverride", parameters)
    except Exception:  # noqa: BLE001 - an older Chromium takes position and accuracy only
        browser.driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {
            "latitude": point[0], "longitude": point[1], "accuracy": 5})


def offline(browser, yes):
    browser.driver.execute_cdp_cmd("Network.enable", {})
    browser.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": yes, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def run(logbook, screenshots):
    work = Path(tempfile.mkdtemp(prefix="logbook-record-"))
    server = Server(logbook, work)
    (work / "logbook.toml").write_text(
        '[hours]\ntimezone = "UTC"\n\n[engine]\nparking_threshold = 20\ngap_threshold = 20\n')
    browser = None
    problems = []
    try:
        server.cli("vehicles", "add", "--plate", "ABC1")
        (work / "pw").write_text(PASSWORD + "\n")
        server.cli("users", "add", "anna", "--role", "driver", "--vehicle", "ABC1", "--password-file",
                   str(work / "pw"))
        server.cli("users", "add", "boss", "--role", "admin", "--password-file", str(work / "pw"))
        server.start()
        print(f"server on {server.base} (log {work})", flush=True)

        browser = Browser(work)
        browser.resize(390, 844)
        browser.driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": server.base, "permissions": ["geolocation"]})
        set_position(browser, START, 0)
        log_in(browser, server, "anna", PASSWORD)
        browser.get(server.base + "/record")
        check("screen locks" in browser.text(), "/record does not say that a browser stops when the screen locks")
        problems += [("record", p) for p in browser.layout_problems()]
        browser.find("#record-start").click()
        browser.wait(lambda d: d.find_element("id", "record-stop").is_displayed(), "Stop to show")

        route = [START] * 5
        for _ in range(95):
            route.append(east(route[-1], SPEED))
        truth = sum(haversine(a, b) for a, b in zip(route, route[1:]))
        for index, point in enumerate(route):
            if index == 40:
                offline(browser, True)
            if index == 60:
                offline(browser, False)
            set_position(browser, point, 0 if index < 5 else SPEED)
            time.sleep(1)
            if index == 50:
                waiting = browser.find("#record-sent").text
                check("waiting" in waiting, f"offline, the page does not say positions wait: {waiting!r}")
                browser.screenshot(screenshots, "record-offline")
        browser.screenshot(screenshots, "record")
        browser.find("#record-stop").click()
        browser.wait(lambda d: "waiting" not in d.find_element("id", "record-sent").text,
                     "the waiting positions to be sent", timeout=60)
        sent = int(browser.find("#record-sent").text.split()[0])
        shown = float(browser.find("#record-distance").text.split()[0]) * 1000
        check(abs(shown - truth) <= 0.10 * truth, f"the page shows {shown:.0f} m for a route of {truth:.0f} m")
        check(sent >= 0.9 * len(route), f"the page sent {sent} of {len(route)} positions")

        devices = json.loads(server.cli("devices", "list", "--format", "json"))["devices"]
        mine = [d for d in devices if d["name"] == "browser-anna-ABC1"]
        check(len(mine) == 1, f"no device browser-anna-ABC1 in {devices}")
        check(mine[0]["positions"] == sent, f"the server has {mine[0]['positions']} positions, the page sent {sent}")

        deadline = time.monotonic() + 90
        trips = []
        while time.monotonic() < deadline:
            trips = json.loads(server.cli("trips", "list", "--period", "all", "--format", "json"))["trips"]
            if trips:
                break
            time.sleep(2)
        check(len(trips) == 1, f"{len(trips)} trips after the recording, not 1: {trips}")
        distance = trips[0]["distance_m"]
        check(abs(distance - truth) <= 0.05 * truth, f"the trip is {distance:.0f} m, the route {truth:.0f} m")
        print(f"recorded: {sent} positions, page {shown:.0f} m, trip {distance:.0f} m, route {truth:.0f} m",
              flush=True)

        browser.driver.delete_all_cookies()
        log_in(browser, server, "boss", PASSWORD)
        browser.get(server.base + "/devices")
        problems += [("devices", p) for p in browser.layout_problems()]
        browser.find("#device-name").send_keys("annas-phone")
        browser.find("form[action='/devices'] button[type=submit]").click()
        browser.wait(lambda d: d.find_elements("id", "added"), "the added device")
        token = browser.find("#token").text
        check(len(token) == 64, f"the token shown is {token!r}")
        check(f"ingest/osmand?id={token}" in browser.text(), "the Traccar Client address is not shown")
        browser.screenshot(screenshots, "devices-added")
        browser.get(server.base + "/live")
        check("browser-anna-ABC1" in browser.text(), "the live page does not list the browser's device")
        problems += [("live", p) for p in browser.layout_problems()]
        browser.screenshot(screenshots, "live-devices")
        check(not problems, "layout at 390 px: " + "; ".join(f"{page}: {p}" for page, p in problems))
        return 0
    except Failure as failure:
        print(f"FAILED: {failure}", flush=True)
        print(server.log_text(), flush=True)
        return 1
    except Exception:  # noqa: BLE001 - anything else is a failure too, with its trace
        traceback.print_exc()
        print(server.log_text(), flush=True)
        return 1
    finally:
        if browser:
            browser.quit()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def main():
    return run_main(run, "Record a trip in Chromium with emulated geolocation", "record browser test")


if __name__ == "__main__":
    sys.exit(main())
