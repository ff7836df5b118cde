#!/usr/bin/env python3
"""Work hours' payroll state and timesheet, and a value-stream map's overview, kinds and dragging, in a real browser
(issue 29 §1): headless Debian Chromium driven by selenium on a phone's screen (390x844), against `logbook serve` on
a temporary log whose `[hours] endpoint` is a payroll system on 127.0.0.1 (Tests/Fixtures/payroll/payroll_server.py)
that refuses the first change it gets, and whose `[mail]` is an SMTP sink on 127.0.0.1 (Tests/Fixtures/smtp). With
the driver anna's two shifts of yesterday (the first refused by the payroll system, the second taken), as anna it:

  * reads the refused shift's state on its own page (failed, the receiver's message, Retry), then each shift's state
    on the period's page — failed with the message, sent — and taps "Retry" on the refused one: it is pending, then
    sent within the server's next syncs, and the payroll system holds it; its page then says sent;
  * downloads the period's timesheet as PDF and as CSV from the period page (the CSV byte for byte what
    `logbook hours report --csv` writes), has an address refused beside the e-mail field, e-mails the timesheet,
    and finds the message with both files in the SMTP sink once `logbook mail send-pending` delivered it;
then, as the admin boss on a map of two lanes:
  * finds every sticker in the overview strip in order, and taps an icon to reach its card;
  * sets a sticker's kind with one tap (the card takes the kind's colour);
  * drags a card by its handle to the end of its lane and another into the other lane (the API has the new order);
  * picks a font and a size on the sticker's page.
Every page is checked at 390 px (no sideways scrolling, touch targets of at least 44 px) and photographed at 390x844
(and the whole page) into the screenshots folder, as hours-maps-*.png.

Usage: hours_maps_test.py [--logbook PATH] [--screenshots DIR] (as browser_test.py). Exits 0 when everything holds.
"""

import email
import json
import socket
import subprocess
import sys
import time
import urllib.request
from email import policy
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import (  # noqa: E402 - the shared browser and server of the page tests
    run_main,
    ROOT, Failure, _downloaded, check, log_in, log_out, PageTest
)
from roles_test import _gone, api  # noqa: E402

DRIVER_NAME, ADMIN_NAME, PASSWORD = "anna", "boss", "secret-pass-1"
PHONE = (390, 844)
MAP = "Werkstatt Ablauf"
PAYROLL_TOKEN = "payroll-secret-token"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, process, what):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Failure(f"{what} exited {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise Failure(f"{what} did not listen on {port} within 20 s")


def run(logbook, screenshots):
    peers = []
    layout = []
    with PageTest(logbook, "logbook-hours-maps-") as test:
        work, downloads, server = test.work, test.downloads, test.server
        sink_dir = work / "sink"
        sink_dir.mkdir()
        test.on_exit(lambda: _stop(peers))
        payroll_port, smtp_port = free_port(), free_port()
        peers.append(subprocess.Popen(
            [sys.executable, str(ROOT / "Tests/Fixtures/payroll/payroll_server.py"), "--port", str(payroll_port),
             "--token", PAYROLL_TOKEN, "--refuse", "1"],
            stdout=open(work / "payroll.log", "w"), stderr=subprocess.STDOUT))
        wait_for_port(payroll_port, peers[-1], "the payroll server")
        peers.append(subprocess.Popen(
            [sys.executable, str(ROOT / "Tests/Fixtures/smtp/smtp_sink.py"), "--port", str(smtp_port),
             "--dir", str(sink_dir)], stdout=open(work / "smtp.log", "w"), stderr=subprocess.STDOUT))
        wait_for_port(smtp_port, peers[-1], "the SMTP sink")
        token_file = work / "payroll-token"
        token_file.write_text(PAYROLL_TOKEN + "\n")
        token_file.chmod(0o600)
        # Server() wrote `[hours] timezone`; the payroll system and the mail server join it.
        (work / "logbook.toml").write_text(
            f'[hours]\ntimezone = "UTC"\nendpoint = "http://127.0.0.1:{payroll_port}/api/shifts"\n'
            f'token_file = "{token_file}"\ntimeout = 2\n\n'
            f'[mail]\nhost = "127.0.0.1"\nport = {smtp_port}\ntls = "none"\nfrom = "logbook@example.org"\n')
        (work / "pw").write_text(PASSWORD + "\n")
        server.cli("vehicles", "add", "--plate", "ABC1")
        server.cli("drivers", "add", DRIVER_NAME)
        server.cli("users", "add", DRIVER_NAME, "--role", "driver", "--vehicle", "ABC1",
                   "--password-file", str(work / "pw"))
        server.cli("users", "add", ADMIN_NAME, "--role", "admin", "--password-file", str(work / "pw"))
        day = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
        # Two shifts of yesterday: the first change the payroll system gets is refused.
        server.cli("hours", "add", "--date", day, "--start", "00:05", "--end", "00:35", "--message", "Frühtour",
                   "--vehicle", "ABC1", "--driver", DRIVER_NAME)
        server.cli("hours", "add", "--date", day, "--start", "00:40", "--end", "00:50", "--message", "Kurztour",
                   "--driver", DRIVER_NAME)
        server.cli("vsm", "create", MAP)
        server.cli("vsm", "section", "add", MAP, "Annahme")
        for text, kind in [("Auftrag prüfen", "value"), ("Teile suchen", "waste"), ("Rückfrage Kunde", "auxiliary")]:
            server.cli("vsm", "add", MAP, "--text", text, "--kind", kind, "--process", "10m", "--section", "Annahme")
        server.cli("vsm", "section", "add", MAP, "Werkstatt")
        server.cli("vsm", "add", MAP, "--text", "Reparatur", "--kind", "value", "--process", "1h",
                   "--section", "Werkstatt")
        token = server.cli("users", "token", DRIVER_NAME).strip()
        admin_token = server.cli("users", "token", ADMIN_NAME).strip()
        server.start()
        print(f"server on {server.base} (log {work})", flush=True)

        def shifts():
            return {s["number"]: s for s in server.api(f"/hours/shifts?period={day}", token)["shifts"]}

        # The server sends every five seconds: the first shift is refused, the second taken.
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline and sorted(s["sync"] for s in shifts().values()) != ["failed", "sent"]:
            time.sleep(0.5)
        listed = shifts()
        check(listed[1]["sync"] == "failed" and listed[2]["sync"] == "sent", f"the shifts' sync: {listed}")
        check("not on the payroll" in (listed[1]["sync_error"] or ""), f"shift 1's sync_error: {listed[1]}")

        browser = test.open_browser()
        browser.resize(*PHONE)

        def look(name, at=None):
            """The page as it is now, on the phone: layout checks and a screenshot (the whole page too); `at`: the
            phone's screen shows that element rather than the page's top."""
            layout.extend((name, f"{PHONE[0]}px", p) for p in browser.layout_problems())
            target = browser.screenshot(screenshots, f"hours-maps-{name}")
            if at:
                browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", browser.find(at))
                check(browser.driver.save_screenshot(str(target)), f"could not save {target}")

        def submit(css):
            """Taps the button and waits for the next page."""
            old = browser.find("body")
            button = browser.find(css)
            browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            browser.wait(lambda d: _gone(old), f"the page after tapping {css}")
            browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the page to load")

        def below(field_css, error_css, within=80):
            return browser.driver.execute_script("""
                const f = document.querySelector(arguments[0]).getBoundingClientRect();
                const e = document.querySelector(arguments[1]).getBoundingClientRect();
                return e.top >= f.bottom - 1 && e.top - f.bottom < arguments[2] && e.height > 0;""",
                                                 field_css, error_css, within)

        log_in(browser, server, DRIVER_NAME, PASSWORD)

        period = server.api(f"/hours/shifts?period={day}", token)["period"]["start"]
        page = f"/hours?period={day}"

        # 1. Each shift's payroll state on its page and on the period's page; the refused one sent again.
        browser.get(server.base + "/hours/shifts/1")
        check(browser.find("#sync-state").text == "failed", f"shift 1's page shows {browser.find('#sync-state').text!r}")
        check("vehicle ABC1 is not on the payroll" in browser.find("#sync .sync-error").text, "the page lacks the refusal")
        check(browser.find("#retry-1").is_displayed(), "shift 1's page offers no Retry")
        look("hours-shift-failed", at="#sync")
        browser.get(server.base + page)
        check(browser.find("#sync-state-1").text == "payroll: failed", f"shift 1 shows {browser.find('#sync-state-1').text!r}")
        check(browser.find("#sync-state-2").text == "payroll: sent", f"shift 2 shows {browser.find('#sync-state-2').text!r}")
        refusal = browser.find("#sync-1 .sync-error").text
        check("vehicle ABC1 is not on the payroll" in refusal, f"the receiver's message reads {refusal!r}")
        check(not browser.driver.find_elements("css selector", "#retry-2"), "a sent shift offers Retry")
        look("hours-sync", at="#sync-1")
        submit("#retry-1")
        check(browser.path().startswith(f"/hours?period={day}"), f"Retry led to {browser.path()}")
        state = browser.find("#sync-state-1").text
        check(state in ("payroll: pending", "payroll: sent"), f"after Retry shift 1 shows {state!r}")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and shifts()[1]["sync"] != "sent":
            time.sleep(0.5)
        browser.get(server.base + page)
        check(browser.find("#sync-state-1").text == "payroll: sent", "shift 1 was not sent after Retry")
        check(not browser.driver.find_elements("css selector", "#sync-1"), "the refusal is still shown")
        with urllib.request.urlopen(f"http://127.0.0.1:{payroll_port}/_state", timeout=10) as answer:
            received = json.load(answer)["shifts"]
        check(listed[1]["id"] in received and received[listed[1]["id"]]["message"] == "Frühtour",
              f"the payroll system holds {sorted(received)}, not shift 1 ({listed[1]['id']})")
        look("hours-retried", at="#shift-1")
        browser.get(server.base + "/hours/shifts/1")
        check(browser.find("#sync-state").text == "sent", f"the shift's page shows {browser.find('#sync-state').text!r}")
        look("hours-shift-sync", at="#sync")

        # 2. The period's timesheet: PDF and CSV from the page, then by e-mail.
        browser.get(server.base + page)
        browser.find("#timesheet-pdf").click()
        pdf = browser.wait(lambda d: _downloaded(downloads, ".pdf"), "the timesheet PDF to arrive in the downloads")
        check(pdf.read_bytes().startswith(b"%PDF-"), f"{pdf.name} is not a PDF")
        check(pdf.name == f"timesheet-{DRIVER_NAME}-{period}.pdf", f"the PDF is named {pdf.name}")
        browser.find("#timesheet-csv").click()
        csv_file = browser.wait(lambda d: _downloaded(downloads, ".csv"), "the timesheet CSV to arrive in the downloads")
        server.cli("hours", "report", "--period", day, "--driver", DRIVER_NAME, "--csv", str(work / "cli.csv"))
        check(csv_file.read_bytes() == (work / "cli.csv").read_bytes(),
              f"the page's CSV differs from `hours report --csv`:\n{csv_file.read_text()}\n---\n"
              f"{(work / 'cli.csv').read_text()}")
        check("Frühtour" in csv_file.read_text(encoding="utf-8"), "the CSV lacks the shift's message")
        to = browser.find("#timesheet-to")
        browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", to)
        to.send_keys("lohnbuero@localhost")  # an address a browser takes, but no mail domain
        submit("#send-timesheet")
        error = browser.find("#timesheet-to-error").text
        check("is not an e-mail address" in error, f"the bad address was answered with {error!r}")
        check(below("#timesheet-to", "#timesheet-to-error"), "the address's error is not right under the field")
        check(browser.find("#timesheet-to").get_attribute("value") == "lohnbuero@localhost", "the typed address is lost")
        look("hours-timesheet-refused", at="#timesheet-to-error")
        to = browser.find("#timesheet-to")
        to.clear()
        to.send_keys("lohnbuero@example.org")
        submit("#send-timesheet")
        check("queued for sending" in browser.find("#timesheet-queued").text,
              f"the e-mail was answered with {browser.text()[:300]}")
        look("hours-timesheet-queued", at="#timesheet-queued")
        log_out(browser)
        server.cli("mail", "send-pending")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not list(sink_dir.glob("*.json")):
            time.sleep(0.2)
        received = sorted(sink_dir.glob("*.eml"))
        check(len(received) == 1, f"the SMTP sink holds {len(received)} messages")
        meta = json.loads(received[0].with_suffix(".json").read_text())
        check(meta["rcpt_tos"] == ["lohnbuero@example.org"], f"the message went to {meta['rcpt_tos']}")
        message = email.message_from_bytes(received[0].read_bytes(), policy=policy.default)
        check(message["Subject"].startswith(f"Timesheet {DRIVER_NAME}, "), f"the subject is {message['Subject']!r}")
        # The decoded bytes (the mailer names no charset on a text/csv part: the CSV is UTF-8 as the download).
        files = {part.get_filename(): part.get_payload(decode=True) for part in message.iter_attachments()}
        stem = f"timesheet-{DRIVER_NAME}-{period}"
        check(set(files) == {stem + ".pdf", stem + ".csv"}, f"the attachments are {sorted(files)}")
        check(files[stem + ".pdf"].startswith(b"%PDF-"), "the attached PDF is not a PDF")
        check(files[stem + ".csv"] == (work / "cli.csv").read_bytes(),
              f"the attached CSV is not `hours report --csv`'s: {files[stem + '.csv'][:200]!r}")

        # 3. The map as the admin: the overview strip, one-tap kinds, dragging, the pickers.
        log_in(browser, server, ADMIN_NAME, PASSWORD)
        map_path = "/vsm/maps/" + MAP.replace(" ", "%20")
        api_path = "/api/v1/vsm/maps/" + MAP.replace(" ", "%20")

        def lanes():
            status, shown = api(server, "GET", api_path[len("/api/v1"):], admin_token)
            check(status == 200, f"GET {api_path}: {status}")
            return {s["name"]: [k["id"] for k in s["stickers"]] for s in shown["sections"]}, shown

        order, _ = lanes()
        browser.get(server.base + map_path)
        icons = [a.get_attribute("id") for a in browser.driver.find_elements("css selector", "#overview .vsm-icon")]
        check(icons == [f"icon-{n}" for n in order["Annahme"] + order["Werkstatt"]],
              f"the overview strip shows {icons}, the map holds {order}")
        colour = browser.driver.execute_script(
            "return getComputedStyle(document.querySelector('#icon-2')).backgroundColor")
        check(colour == "rgb(229, 57, 53)", f"the waste sticker's icon is {colour}, not the waste red")
        look("vsm-overview")
        browser.find("#icon-4").click()
        browser.wait(lambda d: d.current_url.endswith("#sticker-4"), "the icon to lead to its card")
        check(browser.driver.execute_script(
            "const r = document.querySelector('#sticker-4').getBoundingClientRect();"
            "return r.top >= 0 && r.bottom <= window.innerHeight + 200 && r.left >= 0 && r.left < window.innerWidth;"),
            "tapping the icon did not bring its card into view")

        # One tap: "Teile suchen" (waste) becomes auxiliary, in the auxiliary orange.
        submit("#kind-2-auxiliary")
        _, shown = lanes()
        sticker = [k for s in shown["sections"] for k in s["stickers"] if k["id"] == 2][0]
        check(sticker["kind"] == "auxiliary", f"sticker 2 is {sticker['kind']} after the tap")
        check(browser.find("#kind-2-auxiliary").get_attribute("aria-pressed") == "true", "the tapped kind is not pressed")
        card = browser.driver.execute_script(
            "return getComputedStyle(document.querySelector('#sticker-2 .vsm-card')).backgroundColor")
        check(card == "rgb(255, 152, 0)", f"the card is {card} after the tap, not the auxiliary orange")
        look("vsm-kind", at="#sticker-2")

        # Drag: the first card of Annahme held at the screen's right edge (its lane scrolls on) and let go at the end
        # of the lane; then Reparatur from Werkstatt to the left edge of Annahme, before its first card.
        from selenium.webdriver.common.action_chains import ActionChains

        def hold(handle_css, x, y):
            """Holds the handle and moves the pointer to (x, y) of the screen, where it stays: the drag is on."""
            handle = browser.find(handle_css)
            check(handle.is_displayed(), f"{handle_css} is not shown (the drag script did not run)")
            chain = ActionChains(browser.driver, duration=100)
            chain.click_and_hold(handle).pause(0.2)
            chain.w3c_actions.pointer_action.move_to_location(x, y)
            chain.pause(2).perform()

        def let_go():
            old = browser.find("body")
            ActionChains(browser.driver).release().perform()
            browser.wait(lambda d: _gone(old), "the page after the drop")
            browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the page to load")

        def rect(css):
            return browser.driver.execute_script(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                "return {left: r.left, top: r.top, width: r.width, height: r.height};", css)

        def lane_order(section):
            return browser.driver.execute_script(
                "return [...document.querySelectorAll(`[data-section='${arguments[0]}'] > .vsm-step`)]"
                ".map(e => Number(e.dataset.sticker))", section)

        browser.get(server.base + map_path)
        check(browser.find("#timeline").get_attribute("data-drag"), "the timeline is not draggable for the admin")
        browser.driver.execute_script("document.querySelector('#section-1').scrollIntoView({block: 'start'})")
        card = rect("#sticker-1 .vsm-card")
        hold("#drag-1", PHONE[0] - 8, int(card["top"] + card["height"] / 2))
        check(lane_order("Annahme") == [2, 3, 1], f"while dragging Annahme shows {lane_order('Annahme')}")
        check(browser.driver.find_elements("css selector", ".vsm-ghost"), "no card follows the pointer")
        browser.driver.save_screenshot(str(screenshots / f"hours-maps-vsm-dragging-{PHONE[0]}x{PHONE[1]}.png"))
        let_go()
        order, _ = lanes()
        check(order["Annahme"] == [2, 3, 1], f"after the drag Annahme holds {order['Annahme']}")

        browser.driver.execute_script("document.querySelector('#section-1').scrollIntoView({block: 'start'})")
        card = rect("#sticker-2 .vsm-card")
        check(rect("#drag-4")["top"] < PHONE[1] - 60, "Werkstatt's handle is not on the screen with Annahme")
        hold("#drag-4", 20, int(card["top"] + card["height"] / 2))
        let_go()
        order, _ = lanes()
        check(order == {"Annahme": [4, 2, 3, 1], "Werkstatt": []}, f"after dragging into Annahme: {order}")
        # The move buttons stay: ‹ on the last card of Annahme.
        submit("#left-1")
        order, _ = lanes()
        check(order["Annahme"] == [4, 2, 1, 3], f"after ‹ Annahme holds {order['Annahme']}")
        look("vsm-dragged")

        # The sticker's page: font and size from pickers.
        browser.get(server.base + map_path + "/stickers/3")
        from selenium.webdriver.support.ui import Select
        fonts = [o.text for o in Select(browser.find("#edit-font")).options]
        check("DejaVu Serif" in fonts and "Noto Sans" in fonts, f"the font picker offers {fonts}")
        Select(browser.find("#edit-font")).select_by_visible_text("DejaVu Serif")
        Select(browser.find("#edit-size")).select_by_value("16")
        look("vsm-sticker-pickers", at="#edit-font")
        submit("#edit-sticker button[type=submit]")
        _, shown = lanes()
        sticker = [k for s in shown["sections"] for k in s["stickers"] if k["id"] == 3][0]
        check(sticker["font"] == "DejaVu Serif" and sticker["size"] == 16, f"sticker 3 is now {sticker}")

        check(not layout, "layout problems:\n" + "\n".join(f"  {p} at {s}: {x}" for p, s, x in layout))
        print(f"screenshots in {screenshots}")


def _stop(peers):
    for peer in peers:
        peer.terminate()
        try:
            peer.wait(timeout=10)
        except subprocess.TimeoutExpired:
            peer.kill()


def main():
    return run_main(run, __doc__.splitlines()[0], "hours and maps browser test")


if __name__ == "__main__":
    sys.exit(main())
