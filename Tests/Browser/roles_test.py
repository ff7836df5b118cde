#!/usr/bin/env python3
"""Roles, checklists and roofing on a phone (issue 29 §1–2), in a real browser: headless Debian Chromium driven by
selenium on a phone's screen (390x844), against `logbook serve` on a fresh log with no roofing catalogue (the sample
one answers the search), the restaurant Main Street with its pre-shift checklist, and the users boss (admin), rita
(restaurant manager), sam (shift manager), cole (crew) and Jens (roofer). It:

  * as the admin, searches the roofing catalogue (the sample's hits marked as example prices), makes a project from
    it with its team, adds lines and a supplement, sets hours, has a split refused beside its shares (60 + 30 %)
    and agreed (60 + 40 %), and adds the roofer Ole under People (a name taken refused beside its field first);
  * as the roofer Jens: sees Roofing alone in the menu and only his project, changes a quantity, has bad hours
    refused beside the field, records his own, uploads a photo and deletes it; another page of Logbook is 403;
  * as the admin again: submits, has a blank reason refused beside it, revises, submits, settles and e-mails the
    final account to the employer (in the outbox with the PDF), and deletes an open project;
  * as the restaurant manager: has a restaurant with an unknown time zone refused beside the field, adds Oak Street,
    creates its first checklist, adds a task with a description, writes a description on Main Street's checklist,
    and adds the crew member kim under People;
  * as the shift manager: starts a shift, sees the description under its task, marks a kitchen task not ok;
  * as the crew member: opens the kitchen's view of the to-dos and marks the new to-do done with a note (the API
    has it done).
Every page is checked at 390 px (no sideways scrolling, touch targets of at least 44 px) and photographed at
390x844 (and the whole page) into the screenshots folder, as roles-*.png.

Usage: roles_test.py [--logbook PATH] [--screenshots DIR] (as browser_test.py). Exits 0 when everything holds.
"""

import http.client
import json
import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import (  # noqa: E402 - the shared browser and server of the page tests
    run_main,
    ROOT, check, log_in, log_out, PageTest
)

PASSWORD = "secret-pass-1"
PHONE = (390, 844)
PROJECT = "Skolegade 4"
SAMPLE = "Sample catalogue (example prices)"


def roof_png(width=320, height=240):
    """A small real PNG (sky over a red roof), as a phone's photo would be one."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            roof = y > height * 0.85 - (width / 2 - abs(x - width / 2)) * 0.8
            row += bytes((170, 40, 30) if roof else (120, 170, 230))
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
            + chunk(b"IEND", b""))


def _gone(element):
    """Whether the page that held `element` has been replaced: the element is stale, or (while Chromium swaps the
    document) no longer belongs to one."""
    from selenium.common.exceptions import WebDriverException

    try:
        element.is_enabled()
        return False
    except WebDriverException:
        return True


def api(server, method, path, token, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        headers = {"Authorization": f"Bearer {token}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, "/api/v1" + path, body=data, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


def run(logbook, screenshots):
    layout = []
    with PageTest(logbook, "logbook-roles-") as test:
        work, server = test.work, test.server
        with open(work / "logbook.toml", "a") as config:
            config.write('[mail]\nhost = "127.0.0.1"\nport = 2525\ntls = "none"\nfrom = "logbook@example.org"\n')
            config.write('[roofing]\nemployer_email = "akkord@tagfirma.dk"\n')
        (work / "pw").write_text(PASSWORD + "\n")
        server.cli("checklists", "restaurants", "add", "Main Street", "--email", "ms@example.org",
                   "--timezone", "Europe/Copenhagen")
        server.cli("checklists", "templates", "import", str(ROOT / "Tests/Fixtures/checklists/main-street-day-pre-shift.json"))
        for name, role, extra in [("boss", "admin", []), ("rita", "restaurant-manager", ["--restaurant", "Main Street"]),
                                  ("sam", "shift-manager", ["--restaurant", "Main Street"]),
                                  ("cole", "crew", ["--restaurant", "Main Street"]), ("Jens", "roofer", [])]:
            server.cli("users", "add", name, "--role", role, *extra, "--password-file", str(work / "pw"))
        admin_token = server.cli("users", "token", "boss").strip()
        crew_token = server.cli("users", "token", "cole").strip()
        server.start()
        print(f"server on {server.base} (log {work})", flush=True)

        browser = test.open_browser()
        browser.resize(*PHONE)

        def look(name, at=None):
            """The page as it is now, on the phone: layout checks and a screenshot (the whole page too); `at`: the
            phone's screen shows that element (a refusal beside its field) rather than the page's top."""
            layout.extend((name, f"{PHONE[0]}px", p) for p in browser.layout_problems())
            target = browser.screenshot(screenshots, f"roles-{name}")
            if at:
                browser.driver.execute_script(
                    "arguments[0].scrollIntoView({block: 'center'})", browser.find(at))
                check(browser.driver.save_screenshot(str(target)), f"could not save {target}")

        def visit(name, path):
            browser.get(server.base + path)
            check(browser.driver.execute_script("return document.title").endswith("Logbook"),
                  f"{path} has no page title: {browser.text()[:200]}")
            look(name)

        def submit(css):
            """Taps the button and waits for the next page."""
            old = browser.find("body")
            button = browser.find(css)
            browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            browser.wait(lambda d: _gone(old), f"the page after tapping {css}")
            browser.wait(lambda d: d.execute_script("return document.readyState") == "complete", "the page to load")

        def fill(css, text):
            field = browser.find(css)
            field.clear()
            field.send_keys(text)

        def choose(css, value, text=False):
            from selenium.webdriver.support.ui import Select
            select = Select(browser.find(css))
            select.select_by_visible_text(value) if text else select.select_by_value(value)

        def below(field_css, error_css, within=80):
            """Whether the error is shown right under its field."""
            return browser.driver.execute_script("""
                const f = document.querySelector(arguments[0]).getBoundingClientRect();
                const e = document.querySelector(arguments[1]).getBoundingClientRect();
                return e.top >= f.bottom - 1 && e.top - f.bottom < arguments[2] && e.height > 0;""",
                                                 field_css, error_css, within)

        def menu():
            return [a.get_attribute("href").split("/", 3)[3] for a in
                    browser.driver.find_elements("css selector", "header nav a")]

        project_path = "/roofing/projects/" + PROJECT.replace(" ", "%20")

        # 1. The admin: the sample catalogue, a project priced from it, lines, a supplement, hours and the split.
        log_in(browser, server, "boss", PASSWORD)
        visit("roofing-catalogue-sample", "/roofing/catalogue?q=tagrende")
        check("Tagrende, zink, halvrund" in browser.text(), f"the search found {browser.text()[:400]}")
        check(browser.find("#example-prices").is_displayed(), "the sample's prices are not marked as examples")
        check("example price" in browser.find("#hit-1").text, f"the first hit reads {browser.find('#hit-1').text!r}")
        visit("roofing-fresh", "/roofing")
        check("example prices" in browser.find("#no-catalogue").text, "the empty state does not mention the sample")
        fill("#new-name", PROJECT)
        fill("#new-address", "Skolegade 4, 8000 Aarhus")
        fill("#new-customer", "Familien Holm")
        choose("#new-catalogue", SAMPLE, text=True)
        fill("#new-roofers", "Jens, Ole")
        fill("#new-rate", "150")
        submit("#create-project button")
        check(browser.path().startswith(project_path), f"creating the project led to {browser.path()}")
        check(browser.find("#example-prices").is_displayed(), "the project's page does not mark the example prices")
        for pos, quantity in [("30.1", "120"), ("50.1", "24,5"), ("50.2", "9")]:
            fill("#line-pos", pos)
            fill("#line-quantity", quantity)
            submit("#add-line button")
        choose("#supplement-pos", "90.1")
        submit("#add-supplement button")
        check("Højdetillæg" in browser.find("#supplements").text, "the supplement is not listed")
        for roofer, hours in [("Jens", "30"), ("Ole", "20")]:
            fill("#hours-roofer", roofer)
            fill("#hours-hours", hours)
            submit("#hours-form button")
        browser.get(server.base + project_path + "#split")
        fill("#share-0", "60")
        fill("#share-1", "30")
        submit("#save-split")
        error = browser.find("#split-error").text
        check("100" in error, f"a split of 90 % was answered with {error!r}")
        check(below("#share-1", "#split-error"), "the split's error is not right under the shares")
        check(browser.find("#share-1").get_attribute("value") == "30", "the typed share was lost")
        look("roofing-split-refused", at="#split-error")
        fill("#share-0", "60")
        fill("#share-1", "40")
        submit("#save-split")
        check(browser.find("#split-kind").text == "percentages", f"the split is {browser.find('#split-kind').text}")
        visit("roofing-project-admin", project_path)

        # People: the roofer Ole, a name taken refused first (the field keeps it, the password is asked again).
        visit("people", "/users")
        fill("#user-name", "cole")
        choose("#user-role", "roofer", text=True)
        fill("#user-password", "secret-pass-2")
        submit("#save-user")
        error = browser.find("#user_name-error").text
        check("already a user" in error, f"a name taken was answered with {error!r}")
        check(below("#user-name", "#user_name-error"), "the name's error is not under the field")
        check(browser.find("#user-password").get_attribute("value") == "", "the password was sent back")
        check(browser.find("#user-role").get_attribute("value") == "roofer", "the chosen role was lost")
        look("people-refused", at="#user_name-error")
        fill("#user-name", "Ole")
        fill("#user-password", "secret-pass-2")
        submit("#save-user")
        check("Added roofer Ole" in browser.find("#people-message").text, f"People says {browser.text()[:300]}")
        log_out(browser)

        # 2. The roofer on the roof.
        log_in(browser, server, "Jens", PASSWORD)
        check(browser.path().startswith("/roofing"), f"the roofer's login led to {browser.path()}")
        check(menu() == ["roofing", "account"], f"the roofer's menu is {menu()}")
        look("roofer-projects")
        browser.get(server.base + project_path)
        fill("#quantity-1", "125")
        submit("#line-1 form button")
        fill("#hours-hours", "lots")
        submit("#hours-form button")
        error = browser.find("#hours_hours-error").text
        check("hours" in error, f"bad hours were answered with {error!r}")
        check(below("#hours-hours", "#hours_hours-error"), "the hours' error is not under the field")
        look("roofer-hours-refused", at="#hours_hours-error")
        fill("#hours-hours", "31,5")
        submit("#hours-form button")
        check("Jens: 31.5 h" in browser.find("#roofers").text, f"the hours read {browser.find('#roofers').text!r}")
        photo = work / "tag-nord.png"
        photo.write_bytes(roof_png())
        browser.find("#photo-file").send_keys(str(photo))
        fill("#photo-caption", "Nordside")
        submit("#add-photo button")
        photos = browser.driver.find_elements("css selector", "#photos li")
        check(len(photos) == 1 and "Nordside" in photos[0].text, "the photo is not on the page")
        look("roofer-project")
        submit("#photos li form button")
        check(not browser.driver.find_elements("css selector", "#photos li"), "the photo was not deleted")
        for path in ("/trips", "/checklists", "/users"):
            browser.get(server.base + path)
            check("403" in browser.find("main").text, f"{path} opened for the roofer: {browser.text()[:200]}")
        visit("roofer-forbidden", "/users")
        log_out(browser)

        # 3. The admin submits, revises, settles, e-mails the final account; deletes an open project.
        log_in(browser, server, "boss", PASSWORD)
        browser.get(server.base + project_path)
        submit("#submit button")
        fill("#revise-reason", " ")
        submit("#revise button")
        error = browser.find("#revise_reason-error").text
        check("reason" in error, f"a blank reason was answered with {error!r}")
        check(below("#revise-reason", "#revise_reason-error"), "the reason's error is not under the field")
        look("roofing-revise-refused", at="#revise_reason-error")
        fill("#revise-reason", "Tagrenden var 2 m længere")
        submit("#revise button")
        fill("#quantity-2", "26,5")
        submit("#line-2 form button")
        submit("#submit button")
        submit("#settle button")
        check(browser.find("#status").text == "settled", f"the status is {browser.find('#status').text}")
        check(browser.find("#email-to").get_attribute("value") == "akkord@tagfirma.dk", "the employer is not filled in")
        choose("#email-lang", "en")
        submit("#send-account")
        check("queued for sending" in browser.find("#roof-message").text, f"sending said {browser.text()[:300]}")
        look("roofing-settled", at="#history")
        status, outbox = api(server, "GET", "/outbox", admin_token)
        mails = [m for m in outbox["messages"] if PROJECT in m["subject"]]
        check(status == 200 and len(mails) == 1 and mails[0]["recipients"] == ["akkord@tagfirma.dk"],
              f"the outbox holds {outbox}")
        browser.get(server.base + "/roofing")
        fill("#new-name", "Prøvetag")
        submit("#create-project button")
        browser.find("#delete-project input[name=confirm]").click()
        look("roofing-delete", at="#delete-project")
        submit("#delete-project button")
        check(browser.path().startswith("/roofing?flash="), f"deleting led to {browser.path()}")
        check("Prøvetag" not in browser.find("#projects").text, "the deleted project is still listed")
        log_out(browser)

        # 4. The restaurant manager: a restaurant, its first checklist, descriptions, a crew member.
        log_in(browser, server, "rita", PASSWORD)
        browser.get(server.base + "/checklists")
        fill("#restaurant-name", "Oak Street")
        fill("#restaurant-timezone", "Mars/Olympus")
        submit("#save-restaurant")
        error = browser.find("#restaurant_timezone-error").text
        check("time zone" in error, f"an unknown zone was answered with {error!r}")
        check(below("#restaurant-timezone", "#restaurant_timezone-error"), "the zone's error is not under the field")
        check(browser.find("#restaurant-name").get_attribute("value") == "Oak Street", "the typed name was lost")
        look("checklists-restaurant-refused", at="#restaurant_timezone-error")
        fill("#restaurant-timezone", "Europe/Copenhagen")
        submit("#save-restaurant")
        check(browser.path().startswith("/checklists/templates/Oak%20Street"), f"adding led to {browser.path()}")
        choose("#kind", "before", text=True)
        submit("form.card[method=get] button")
        look("checklists-new")
        fill("#create-section", "Opening")
        submit("#create-checklist")
        browser.find("section.card form[action$='Oak%20Street'] input[name=name][placeholder='New task']").send_keys(
            "Unlock the back door")
        browser.find("section.card form[action$='Oak%20Street'] input[name=time][placeholder='HH:MM']").send_keys(
            "09:30")
        browser.find("section.card form[action$='Oak%20Street'] textarea[name=description]").send_keys(
            "The key is in the office safe.\nSwitch the alarm off first.")
        submit("section.card form[action$='Oak%20Street'] button[value=add-task]")
        look("checklists-template")
        browser.get(server.base + "/checklists/templates/Main%20Street?day_part=day&kind=pre-shift")
        browser.find("form.template-task textarea[aria-label='Description of Kitchen/Fryer/Oil level']").send_keys(
            "Golden, not brown. Skim it before you look.")
        submit("form.template-task:has(textarea[aria-label='Description of Kitchen/Fryer/Oil level']) "
               "button[value=edit-task]")
        browser.get(server.base + "/users")
        fill("#user-name", "kim")
        choose("#user-role", "crew", text=True)
        fill("#user-password", "secret-pass-3")
        browser.find("input[name=restaurant_0]").click()
        look("people-restaurant-manager", at="#add-user")
        submit("#save-user")
        check("Added crew kim" in browser.find("#people-message").text, f"People says {browser.text()[:300]}")
        log_out(browser)

        # 5. The shift manager runs a shift: the description under its task, a kitchen task not ok.
        log_in(browser, server, "sam", PASSWORD)
        browser.get(server.base + "/checklists")
        choose("#restaurant", "Main Street", text=True)
        submit("form.card button.primary")
        shift_path = browser.path().split("#")[0]
        note = browser.find("li[data-path='Kitchen/Fryer/Oil level'] .task-note").text
        check(note.startswith("Golden, not brown"), f"the task's note reads {note!r}")
        browser.find("li[data-path='Kitchen/Fryer/Oil level'] input[name=note]").send_keys("dark")
        submit("li[data-path='Kitchen/Fryer/Oil level'] button[value=not-ok]")
        look("checklists-shift", at="li[data-path='Kitchen/Fryer/Oil level']")
        log_out(browser)

        # 6. The crew member marks the kitchen's to-do done.
        log_in(browser, server, "cole", PASSWORD)
        browser.get(server.base + shift_path + "?area=kitchen#todos")
        todo = browser.find("#todos li.todo")
        check("Oil level" in todo.text, f"the kitchen's view lists {browser.find('#todos').text!r}")
        check(not browser.driver.find_elements("css selector", "form.states"), "crew are offered to mark tasks")
        look("checklists-crew-kitchen", at="#todos")
        todo.find_element("css selector", "input[name=note]").send_keys("oil changed")
        submit("#todos li.todo button[value=done]")
        check("?area=kitchen" in browser.path(), f"marking done left the kitchen's view for {browser.path()}")
        shift_id = shift_path.rsplit("/", 1)[1]
        status, todos = api(server, "GET", f"/checklists/shifts/{shift_id}/todos", crew_token)
        done = [t for t in todos["todos"] if "Oil level" in t["task"]]
        check(status == 200 and len(done) == 1 and done[0]["done"] and done[0]["note"] == "oil changed",
              f"the API lists the to-dos as {todos}")
        look("checklists-crew-done", at="#todos")

        check(not layout, "layout problems:\n" + "\n".join(f"  {p} at {s}: {x}" for p, s, x in layout))
        print(f"screenshots in {screenshots}")


def main():
    return run_main(run, __doc__.splitlines()[0], "roles browser test")


if __name__ == "__main__":
    sys.exit(main())
