import Foundation
import LogbookTestSupport
import Testing

/// The shift manager's checklists end to end — the thesis' acceptance tests US1A1 … US7A1 — through the real binary
/// on an on-disk log, a real SMTP server on loopback for the mails, and a notify command that writes a file.
@Suite("logbook checklists")
struct ChecklistCommandTests {
    /// A log with the restaurant Main Street (Europe/Berlin), a shift manager anna, a restaurant manager rita, the
    /// day pre-shift checklist from the fixtures and day shift checklists with carry-out times.
    struct Restaurant {
        let dir: TemporaryDirectory
        var database: String { dir.path("log.sqlite") }
        var config: String { dir.path("logbook.toml") }
        var notifications: String { dir.path("notifications.log") }

        init(mailPort: Int? = nil) throws {
            dir = try TemporaryDirectory()
            let mail =
                mailPort.map {
                    """
                    [mail]
                    host = "127.0.0.1"
                    port = \($0)
                    tls = "none"
                    from = "Logbook <logbook@example.org>"
                    timeout = 10
                    """
                } ?? ""
            _ = try dir.write(
                "logbook.toml",
                Array(
                    """
                    [log]
                    timezone = "Europe/Berlin"

                    [checklists]
                    reminders = [
                      { name = "Travel path", every_minutes = 30, day_from = "10:15", evening_from = "17:15" },
                      { name = "Hand-washing", every_minutes = 60 },
                    ]
                    notify_command = 'echo "$LOGBOOK_EVENT|$LOGBOOK_REMINDER|$LOGBOOK_REMINDER_DUE|$LOGBOOK_MANAGER|$LOGBOOK_ESCALATE_TO" >> \(dir.path("notifications.log"))'
                    \(mail)
                    """.utf8))
            try run(["checklists", "restaurants", "add", "Main Street", "--email", "ms@example.org"])
            try run(["users", "add", "anna", "--role", "shift-manager", "--restaurant", "Main Street", "--no-password"])
            try run([
                "users", "add", "rita", "--role", "restaurant-manager", "--restaurant", "Main Street", "--no-password",
            ])
            try run([
                "checklists", "templates", "import", Fixtures.url("checklists/main-street-day-pre-shift.json").path,
            ])
            let shiftChecklists = try dir.write(
                "shift-checklists.json",
                Array(
                    """
                    [{"restaurant": "Main Street", "day_part": "day", "kind": "before", "sections": [
                       {"name": "Opening", "tasks": [
                         {"name": "Lights on", "time": "09:30", "area": "service", "priority": 2},
                         {"name": "Till counted", "time": "10:00", "area": "manager", "priority": 1}]}]},
                     {"restaurant": "Main Street", "day_part": "day", "kind": "after", "sections": [
                       {"name": "Closing", "tasks": [
                         {"name": "Fryer off", "area": "kitchen", "priority": 1, "children": [
                           {"name": "Oil filtered", "time": "16:00", "area": "kitchen"},
                           {"name": "Power off", "time": "16:15", "area": "kitchen"}]}]}]}]
                    """.utf8))
            try run(["checklists", "templates", "import", shiftChecklists])
        }

        @discardableResult
        func run(
            _ arguments: [String], expect status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> CLIRunner.Result {
            let result = try CLIRunner.run(
                arguments + ["--database", database], environment: ["LOGBOOK_CONFIG": config, "LOGBOOK_ACTOR": "units"])
            #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
            return result
        }

        func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let result = try run(arguments + ["--format", "json"], sourceLocation: sourceLocation)
            return try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                sourceLocation: sourceLocation)
        }

        /// Starts a day shift at a local time on 2026-11-20 (CET, UTC+1); its id.
        func start(at time: String = "2026-11-20T09:00", manager: String = "anna") throws -> String {
            let object = try json([
                "checklists", "shift", "start", "--restaurant", "Main Street", "--day-part", "day", "--manager",
                manager, "--at", time,
            ])
            return String(try #require(object["id"] as? Int))
        }

        /// Marks every pre-shift task ok, a minute apart from `from`.
        func checkAll(_ shift: String, from minute: Int = 5, except: Set<String> = []) throws {
            let paths = [
                "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Kitchen/Floors dry",
                "Dining room/Tables clean", "Dining room/Music on",
            ]
            for (index, path) in paths.enumerated() where !except.contains(path) {
                try run([
                    "checklists", "mark", shift, path, "ok", "--at",
                    String(format: "2026-11-20T09:%02d", minute + index),
                ])
            }
        }
    }

    static func tasks(_ shift: [String: Any]) -> [String: [String: Any]] {
        Dictionary(
            uniqueKeysWithValues: ((shift["tasks"] as? [[String: Any]]) ?? []).map { ($0["path"] as? String ?? "", $0) }
        )
    }

    @Test("US1A1: a shift's pre-shift checklist — three states, parents from their children, a full check ends it")
    func us1PreShiftChecklist() throws {
        let r = try Restaurant()
        let shift = try r.start()
        // A parent cannot be marked itself: the refusal names its children.
        let parent = try r.run(["checklists", "mark", shift, "Kitchen/Fryer", "ok"], expect: 65)
        #expect(
            parent.stderr.contains("Kitchen/Fryer/Oil level") && parent.stderr.contains("Kitchen/Fryer/Temperature"))
        try r.run(["checklists", "mark", shift, "kitchen/fryer/oil level", "ok", "--at", "2026-11-20T09:05"])
        var tasks = Self.tasks(try r.json(["checklists", "shift", "show", shift]))
        // One child ok, one unchecked: the parent is unchecked.
        #expect(tasks["Kitchen/Fryer/Oil level"]?["state"] as? String == "ok")
        #expect(tasks["Kitchen/Fryer"]?["state"] as? String == "unchecked")
        #expect(tasks["Kitchen/Floors dry"]?["general"] as? Bool == true)
        try r.run(["checklists", "mark", shift, "Kitchen/Fryer/Temperature", "not-ok", "--at", "2026-11-20T09:06"])
        tasks = Self.tasks(try r.json(["checklists", "shift", "show", shift]))
        #expect(tasks["Kitchen/Fryer"]?["state"] as? String == "not-ok")
        try r.run(["checklists", "mark", shift, "Kitchen/Fryer/Temperature", "ok", "--at", "2026-11-20T09:07"])
        tasks = Self.tasks(try r.json(["checklists", "shift", "show", shift]))
        #expect(tasks["Kitchen/Fryer"]?["state"] as? String == "ok")
        // Unchecked tasks keep the shift open, each named.
        let early = try r.run(
            ["checklists", "shift", "end", shift, "--no-mail", "--at", "2026-11-20T09:10"], expect: 65)
        #expect(early.stderr.contains("Kitchen/Floors dry: not checked"))
        #expect(early.stderr.contains("Dining room/Music on: not checked"))
        try r.run(["checklists", "mark", shift, "Kitchen/Floors dry", "ok", "--at", "2026-11-20T09:08"])
        try r.run(["checklists", "mark", shift, "Dining room/Tables clean", "ok", "--at", "2026-11-20T09:09"])
        try r.run(["checklists", "mark", shift, "Dining room/Music on", "unchecked", "--at", "2026-11-20T09:09"])
        try r.run(["checklists", "shift", "end", shift, "--no-mail", "--at", "2026-11-20T09:10"], expect: 65)
        try r.run(["checklists", "mark", shift, "Dining room/Music on", "ok", "--at", "2026-11-20T09:10"])
        try r.run(["checklists", "shift", "end", shift, "--no-mail", "--at", "2026-11-20T17:00"])
        // No task path that is not in the checklist, and unknown states are refused.
        let second = try r.start(at: "2026-11-20T17:30")
        try r.run(["checklists", "mark", second, "Kitchen/Grill", "ok"], expect: 65)
        try r.run(["checklists", "mark", second, "Kitchen/Floors dry", "fine"], expect: 64)
    }

    @Test("US2A1: not-ok tasks become to-dos, sorted by priority, section, name; added, picked, done, noted, deleted")
    func us2TodoList() throws {
        let r = try Restaurant()
        let shift = try r.start()
        try r.run(["checklists", "mark", shift, "Dining room/Tables clean", "not-ok", "--note", "sticky"])
        try r.run(["checklists", "mark", shift, "Kitchen/Floors dry", "not-ok"])
        try r.run(["checklists", "mark", shift, "Kitchen/Fryer/Oil level", "not-ok", "--note", "low"])
        try r.run([
            "checklists", "todo", shift, "--add", "Order straws", "--area", "service", "--priority", "2", "--section",
            "Dining room",
        ])
        try r.run(["checklists", "todo", shift, "--add", "Call the plumber", "--priority", "2", "--section", "Kitchen"])
        let listed = try #require(try r.json(["checklists", "todo", shift])["todos"] as? [[String: Any]])
        // The fixture's priorities: Oil level 1, Floors dry 2, Tables clean 3. Priority 2 in section order (Kitchen
        // before Dining room), then by name within a section.
        #expect(
            listed.map { $0["task"] as? String ?? "" } == [
                "Fryer: Oil level", "Call the plumber", "Floors dry", "Order straws", "Tables clean",
            ])
        #expect(listed.map { $0["source"] as? String ?? "" } == ["not-ok", "added", "not-ok", "added", "not-ok"])
        for key in ["id", "task", "section", "area", "priority", "done", "source"] {
            #expect(listed.allSatisfy { $0[key] != nil }, "missing \(key)")
        }
        let ids = listed.map { String($0["id"] as? Int ?? 0) }
        // A to-do from a not-ok task cannot be deleted; an added one can.
        try r.run(["checklists", "todo", shift, "--delete", ids[0]], expect: 65)
        try r.run(["checklists", "todo", shift, "--delete", ids[3]])
        // Set back to ok, the task's to-do goes.
        try r.run(["checklists", "mark", shift, "Kitchen/Floors dry", "ok"])
        let after = try #require(try r.json(["checklists", "todo", shift])["todos"] as? [[String: Any]])
        #expect(after.map { $0["task"] as? String ?? "" } == ["Fryer: Oil level", "Call the plumber", "Tables clean"])
        // An earlier shift's own to-dos can be picked on the next shift.
        try r.checkAll(shift, except: ["Dining room/Tables clean", "Kitchen/Fryer/Oil level"])
        try r.run(["checklists", "todo", shift, "--done", ids[0], "--note", "topped up"])
        try r.run(["checklists", "todo", shift, "--not-done", ids[4], "--note", "cleaner comes at noon"])
        try r.run(["checklists", "shift", "end", shift, "--no-mail"])
        let next = try r.start(at: "2026-11-20T17:30")
        let earlier = try #require(
            try r.json(["checklists", "todo", next, "--earlier"])["todos"] as? [[String: Any]])
        let plumber = try #require(earlier.first { $0["task"] as? String == "Call the plumber" })
        try r.run(["checklists", "todo", next, "--pick", String(plumber["id"] as? Int ?? 0)])
        let picked = try #require(try r.json(["checklists", "todo", next])["todos"] as? [[String: Any]])
        #expect(picked.count == 1 && picked[0]["task"] as? String == "Call the plumber")
        #expect(picked[0]["priority"] as? Int == 2 && picked[0]["done"] as? Bool == false)
    }

    @Test("Nothing not-ok is forgotten: the shift cannot end while a not-ok task's to-do is neither done nor noted")
    func nothingForgotten() throws {
        let r = try Restaurant()
        let shift = try r.start()
        try r.checkAll(shift, except: ["Kitchen/Fryer/Oil level"])
        try r.run(["checklists", "mark", shift, "Kitchen/Fryer/Oil level", "not-ok"])
        let refused = try r.run(["checklists", "shift", "end", shift, "--no-mail"], expect: 65)
        #expect(refused.stderr.contains("Kitchen/Fryer/Oil level: not ok, and its to-do is neither done nor noted"))
        let todo = try #require(try r.json(["checklists", "todo", shift])["todos"] as? [[String: Any]]).first
        let id = String(try #require(todo?["id"] as? Int))
        // Not done, but a note saying why: the corrective action is recorded and the shift may end.
        try r.run(["checklists", "todo", shift, "--not-done", id, "--note", "   "])
        try r.run(["checklists", "shift", "end", shift, "--no-mail"], expect: 65)
        try r.run(["checklists", "todo", shift, "--not-done", id, "--note", "oil delivery tomorrow"])
        try r.run(["checklists", "shift", "end", shift, "--no-mail"])
        // The archive is read-only from then on.
        try r.run(["checklists", "mark", shift, "Kitchen/Floors dry", "not-ok"], expect: 65)
        try r.run(["checklists", "todo", shift, "--add", "late"], expect: 65)
    }

    @Test("US3A1 and US4A1: the to-do list and the completed checklist are mailed as HTML in three areas")
    func us3us4Mail() throws {
        let sink = try SMTPSink(tls: .none)
        defer { sink.stop() }
        let r = try Restaurant(mailPort: sink.port)
        let shift = try r.start()
        try r.checkAll(shift, except: ["Kitchen/Floors dry", "Dining room/Tables clean"])
        try r.run(["checklists", "mark", shift, "Kitchen/Floors dry", "not-ok", "--note", "wet <again>"])
        try r.run(["checklists", "mark", shift, "Dining room/Tables clean", "not-ok"])
        try r.run(["checklists", "todo", shift, "--add", "Check the safe", "--priority", "1"])
        let mailed = try r.run(["checklists", "todo", shift, "--mail"])
        #expect(mailed.stderr.contains("mailed to ms@example.org"))
        let todoMail = try sink.parse(try #require(try sink.messages(count: 1).first).file)
        #expect(todoMail.defects.isEmpty)
        #expect(todoMail.subject.hasPrefix("To-do list: Main Street, 2026-11-20 day shift, anna"))
        #expect(todoMail.htmlHeadings.contains("Manager") && todoMail.htmlHeadings.contains("Kitchen"))
        #expect(todoMail.htmlHeadings.contains("Service"))
        let rows = todoMail.htmlTables.mapValues { $0.dropFirst().map { $0[2] } }
        #expect(rows["manager"] == ["Check the safe"])
        #expect(rows["kitchen"] == ["Floors dry"])
        #expect(rows["service"] == ["Tables clean"])
        #expect(todoMail.text?.contains("Floors dry") == true)

        let ids = try #require(try r.json(["checklists", "todo", shift])["todos"] as? [[String: Any]]).map {
            String($0["id"] as? Int ?? 0)
        }
        for id in ids { try r.run(["checklists", "todo", shift, "--done", id]) }
        let ended = try r.run(["checklists", "shift", "end", shift, "--at", "2026-11-20T17:00"])
        #expect(ended.stderr.contains("The completed checklist: mailed to ms@example.org"))
        let archive = try sink.parse(try #require(try sink.messages(count: 2).last).file)
        #expect(archive.subject == "Pre-shift checklist: Main Street, 2026-11-20 day shift, anna")
        #expect(archive.html?.contains("Shift manager: <strong>anna</strong>") == true)
        let preShift = try #require(archive.htmlTables["pre-shift"])
        let byTask = Dictionary(preShift.filter { $0.count == 4 }.map { ($0[0], $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byTask["Floors dry (general)"]?[1] == "not ok")
        #expect(byTask["Floors dry (general)"]?[3] == "wet <again>")
        #expect(byTask["Music on"]?[1] == "ok")
        #expect(archive.htmlTables["before"] != nil && archive.htmlTables["after"] != nil)
    }

    @Test("US4A1: archives by date range, restaurant and manager, exactly as they were")
    func us4Archive() throws {
        let r = try Restaurant()
        try r.run(["users", "add", "carl", "--role", "shift-manager", "--restaurant", "Main Street", "--no-password"])
        let first = try r.start(at: "2026-11-19T09:00")
        try r.run(["checklists", "mark", first, "Kitchen/Floors dry", "not-ok", "--note", "mop broken"])
        let todo = try #require(try r.json(["checklists", "todo", first])["todos"] as? [[String: Any]]).first
        try r.run(["checklists", "todo", first, "--done", String(try #require(todo?["id"] as? Int))])
        for path in [
            "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Dining room/Tables clean", "Dining room/Music on",
        ] {
            try r.run(["checklists", "mark", first, path, "ok", "--at", "2026-11-19T09:20"])
        }
        try r.run(["checklists", "shift", "end", first, "--no-mail", "--at", "2026-11-19T17:00"])
        let second = try r.start(at: "2026-11-20T09:00", manager: "carl")
        try r.checkAll(second)
        try r.run(["checklists", "shift", "end", second, "--no-mail", "--at", "2026-11-20T17:00"])

        let all = try #require(try r.json(["checklists", "archive"])["shifts"] as? [[String: Any]])
        #expect(all.map { String($0["id"] as? Int ?? 0) } == [second, first])
        let annas = try #require(
            try r.json(["checklists", "archive", "--manager", "anna"])["shifts"] as? [[String: Any]])
        #expect(annas.count == 1)
        let shift = try #require(annas.first)
        for key in ["id", "restaurant", "manager", "day_part", "started", "ended", "template_version", "tasks"] {
            #expect(shift[key] != nil, "missing \(key)")
        }
        #expect(shift["started"] as? String == "2026-11-19T09:00:00+01:00")
        #expect(shift["ended"] as? String == "2026-11-19T17:00:00+01:00")
        #expect(shift["template_version"] as? Int == 1)
        let floors = Self.tasks(shift)["Kitchen/Floors dry"]
        #expect(floors?["state"] as? String == "not-ok" && floors?["note"] as? String == "mop broken")
        // Days are whole days on the restaurant's clock: --to 2026-11-19 includes that day only.
        let day = try #require(
            try r.json([
                "checklists", "archive", "--from", "2026-11-19", "--to", "2026-11-19", "--restaurant", "Main Street",
            ])[
                "shifts"] as? [[String: Any]])
        #expect(day.map { String($0["id"] as? Int ?? 0) } == [first])
        try r.run(["checklists", "archive", "--restaurant", "Elm Street"], expect: 65)
        try r.run(["checklists", "archive", "--from", "19.11.2026"], expect: 64)
    }

    @Test("US5A1: shift checklists with carry-out times — a task not done by its time is flagged, and stays so")
    func us5CarryOutTimes() throws {
        let r = try Restaurant()
        let shift = try r.start(at: "2026-11-20T09:00")
        try r.run([
            "checklists", "mark", shift, "Opening/Lights on", "ok", "--kind", "before", "--at", "2026-11-20T09:25",
        ])
        try r.run([
            "checklists", "mark", shift, "Opening/Till counted", "ok", "--kind", "before", "--at", "2026-11-20T10:20",
        ])
        try r.run([
            "checklists", "mark", shift, "Closing/Fryer off/Oil filtered", "ok", "--kind", "after", "--at",
            "2026-11-20T15:50",
        ])
        // The shift ends at 16:30 with Power off (due 16:15) never done.
        try r.checkAll(shift)
        try r.run(["checklists", "shift", "end", shift, "--no-mail", "--at", "2026-11-20T16:30"])
        let archived = try #require(
            (try r.json(["checklists", "archive"])["shifts"] as? [[String: Any]])?.first)
        let checklists = try #require(archived["shift_checklists"] as? [[String: Any]])
        var carry: [String: String] = [:]
        for checklist in checklists {
            for task in (checklist["tasks"] as? [[String: Any]]) ?? [] {
                carry[task["path"] as? String ?? ""] = task["carry_out"] as? String
            }
        }
        #expect(carry["Opening/Lights on"] == "on-time")
        #expect(carry["Opening/Till counted"] == "late")
        #expect(carry["Closing/Fryer off/Oil filtered"] == "on-time")
        #expect(carry["Closing/Fryer off/Power off"] == "overdue")
        let show = try r.run(["checklists", "shift", "show", shift])
        #expect(show.stdout.contains("Power off  OVERDUE"))
    }

    @Test("US6A1: the travel path every 30 minutes from 10:15, repeated every 2 minutes, escalated after 10, recorded")
    func us6Reminders() throws {
        let r = try Restaurant()
        let shift = try r.start(at: "2026-11-20T09:00")
        func remind(_ time: String) throws -> [String] {
            try r.run(["checklists", "remind", "--at", time])
            let lines = (try? String(contentsOfFile: r.notifications, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: r.notifications)
            return lines.split(separator: "\n").map(String.init).sorted()
        }
        // 10:05: hand-washing is due every 60 minutes from the start (09:00, 10:00), the travel path not yet. Only
        // the newest hand-washing is nagged about: 09:00's was missed once 10:00's fell due.
        #expect(
            try remind("2026-11-20T10:05:00+01:00") == [
                "checklist-reminder|Hand-washing|2026-11-20T10:00:00+01:00|anna|"
            ])
        try r.run(["checklists", "reminders", shift, "--ack", "hand-washing", "--at", "2026-11-20T10:06"])
        #expect(
            try remind("2026-11-20T10:15:00+01:00") == [
                "checklist-reminder|Travel path|2026-11-20T10:15:00+01:00|anna|"
            ])
        // Not again within two minutes; again after two.
        #expect(try remind("2026-11-20T10:16:00+01:00").isEmpty)
        #expect(
            try remind("2026-11-20T10:17:00+01:00") == [
                "checklist-reminder|Travel path|2026-11-20T10:15:00+01:00|anna|"
            ])
        // Ten minutes unacknowledged: the restaurant manager is told (once), and the manager again.
        #expect(
            try remind("2026-11-20T10:25:00+01:00") == [
                "checklist-escalation|Travel path|2026-11-20T10:15:00+01:00|anna|rita",
                "checklist-reminder|Travel path|2026-11-20T10:15:00+01:00|anna|",
            ])
        #expect(
            try remind("2026-11-20T10:27:00+01:00") == [
                "checklist-reminder|Travel path|2026-11-20T10:15:00+01:00|anna|"
            ])
        try r.run(["checklists", "reminders", shift, "--ack", "Travel path", "--at", "2026-11-20T10:28"])
        #expect(try remind("2026-11-20T10:30:00+01:00").isEmpty)
        // 10:45 is walked on time, 11:15 never: missed once 11:45 is due.
        #expect(
            try remind("2026-11-20T10:45:00+01:00") == [
                "checklist-reminder|Travel path|2026-11-20T10:45:00+01:00|anna|"
            ])
        try r.run(["checklists", "reminders", shift, "--ack", "Travel path", "--at", "2026-11-20T10:46"])
        _ = try remind("2026-11-20T11:50:00+01:00")
        // Walked at 11:48: that answers 11:45 (the newest call), on time; 11:15 stays missed.
        try r.run(["checklists", "reminders", shift, "--ack", "Travel path", "--at", "2026-11-20T11:48"])
        let reminders = try #require(
            try r.json(["checklists", "shift", "show", shift])["reminders"] as? [[String: Any]])
        let travel = reminders.filter { $0["name"] as? String == "Travel path" }
        #expect(
            travel.map { $0["due"] as? String ?? "" }.map { String($0.dropFirst(11).prefix(5)) } == [
                "10:15", "10:45", "11:15", "11:45",
            ])
        // 10:15 acknowledged 13 minutes late; 10:45 on time; 11:15 missed; 11:45 on time.
        #expect(travel.map { $0["outcome"] as? String ?? "" } == ["late", "on-time", "missed", "on-time"])
        #expect(travel[0]["acknowledged"] as? String == "2026-11-20T10:28:00+01:00")
        #expect(
            travel[0]["notifications"] as? Int == 4 && travel[0]["escalated"] as? String == "2026-11-20T10:25:00+01:00")
        // Nothing due yet is refused with a reason.
        let shift2 = try r.start(at: "2026-11-20T17:30", manager: "rita")
        try r.run(["checklists", "reminders", shift2, "--ack", "Travel path", "--at", "2026-11-20T17:40"], expect: 65)
    }

    @Test("US7A1: a restaurant manager's edit makes a new version; later shifts see it, the archive keeps the old")
    func us7TemplateVersions() throws {
        let r = try Restaurant()
        let early = try r.start(at: "2026-11-19T09:00")
        try r.checkAll(early)
        try r.run(["checklists", "shift", "end", early, "--no-mail", "--at", "2026-11-19T17:00"])
        // A shift manager may not change the template; the restaurant manager may.
        let refused = try r.run(
            [
                "checklists", "templates", "edit", "Main Street", "--day-part", "day", "--edit-task",
                "Kitchen/Floors dry", "--name", "Floors dry and clean", "--priority", "1", "--as", "anna",
            ], expect: 64)
        #expect(refused.stderr.contains("only a restaurant manager of Main Street"))
        try r.run([
            "checklists", "templates", "edit", "Main Street", "--day-part", "day", "--edit-task", "Kitchen/Floors dry",
            "--name", "Floors dry and clean", "--priority", "1", "--as", "rita",
        ])
        let exported = try r.run([
            "checklists", "templates", "export", "Main Street", "--day-part", "day", "--kind", "pre-shift",
        ])
        let template = try #require(
            try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
        let kitchen = try #require((template["sections"] as? [[String: Any]])?.first)
        let floors = try #require((kitchen["tasks"] as? [[String: Any]])?.last)
        #expect(floors["name"] as? String == "Floors dry and clean" && floors["priority"] as? Int == 1)
        let late = try r.start(at: "2026-11-20T09:00")
        let lateShift = try r.json(["checklists", "shift", "show", late])
        #expect(lateShift["template_version"] as? Int == 2)
        #expect(Self.tasks(lateShift)["Kitchen/Floors dry and clean"] != nil)
        let archived = try #require(
            (try r.json(["checklists", "archive", "--to", "2026-11-19"])["shifts"] as? [[String: Any]])?.first)
        #expect(archived["template_version"] as? Int == 1)
        #expect(Self.tasks(archived)["Kitchen/Floors dry"]?["state"] as? String == "ok")
        #expect(Self.tasks(archived)["Kitchen/Floors dry and clean"] == nil)
        // Importing the exported file again changes nothing; the list shows both versions by rita and units.
        let file = try r.dir.write("export.json", Array(exported.stdout.utf8))
        let again = try r.run(["checklists", "templates", "import", file])
        #expect(again.stderr.contains("unchanged, still version 2"))
        let versions = try r.run(["checklists", "templates", "list", "Main Street", "--format", "csv"])
        #expect(versions.stdout.contains("day,pre-shift,1,") && versions.stdout.contains("day,pre-shift,2,"))
        #expect(versions.stdout.contains(",rita"))
    }

    @Test("statistics per shift manager: checklists completed, median minutes, not ok by section, travel paths")
    func statistics() throws {
        let r = try Restaurant()
        // Shift 1: Floors dry not ok at 09:02 (its to-do done: a corrective action), the other four ok at
        // 09:05–09:08 of a 09:00 start → complete after 8 minutes.
        let one = try r.start(at: "2026-11-19T09:00")
        try r.run(["checklists", "mark", one, "Kitchen/Floors dry", "not-ok", "--at", "2026-11-19T09:02"])
        let todo = try #require(try r.json(["checklists", "todo", one])["todos"] as? [[String: Any]]).first
        try r.run(["checklists", "todo", one, "--done", String(try #require(todo?["id"] as? Int))])
        for (index, path) in [
            "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Dining room/Tables clean", "Dining room/Music on",
        ].enumerated() {
            try r.run(["checklists", "mark", one, path, "ok", "--at", "2026-11-19T09:0\(5 + index)"])
        }
        try r.run(["checklists", "reminders", one, "--ack", "Travel path", "--at", "2026-11-19T10:16"])
        try r.run(["checklists", "shift", "end", one, "--no-mail", "--at", "2026-11-19T11:00"])
        // Shift 2: the same manager, all ok from 09:25 on (29 minutes); the travel paths at 10:15 and 10:45 missed,
        // 11:15 walked at 11:30 (late).
        let two = try r.start(at: "2026-11-20T09:00")
        try r.checkAll(two, from: 25)
        try r.run(["checklists", "reminders", two, "--ack", "Travel path", "--at", "2026-11-20T11:30"])
        try r.run(["checklists", "shift", "end", two, "--no-mail", "--at", "2026-11-20T11:40"])
        let stats = try #require(
            try r.json(["checklists", "stats", "--manager", "anna"])["managers"] as? [[String: Any]])
        let anna = try #require(stats.first)
        #expect(stats.count == 1 && anna["manager"] as? String == "anna")
        #expect(anna["shifts"] as? Int == 2 && anna["completed"] as? Int == 2)
        // Median of 8 and 29 minutes.
        #expect(anna["median_minutes"] as? Double == 18.5)
        #expect((anna["not_ok_by_section"] as? [String: Int]) == ["Kitchen": 1])
        #expect((anna["not_ok_by_task"] as? [String: Int]) == ["Kitchen/Floors dry": 1])
        #expect(anna["corrective_actions"] as? Int == 1)
        let travel = try #require(anna["travel_paths"] as? [String: Int])
        // Shift 1 (09:00–11:00): 10:15 on time, 10:45 missed (its shift ended unwalked). Shift 2 (09:00–11:40):
        // 10:15 and 10:45 missed, 11:15 late.
        #expect(travel == ["on-time": 1, "late": 1, "missed": 3])
        let csv = try r.run(["checklists", "stats", "--format", "csv", "--from", "2026-11-20"])
        let lines = csv.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(
            lines.first
                == "kind,manager,name,shifts,completed,median_minutes,not_ok,corrective_actions,travel_on_time,"
                + "travel_late,travel_missed")
        // One shift from the 20th: 29 minutes, nothing not ok, no corrective action, travel paths 0 on time, 1 late,
        // 2 missed; then a row per section of the checklist, nothing not ok in either.
        #expect(lines.dropFirst().first == "manager,anna,,1,1,29,0,0,0,1,2", "\(csv.stdout)")
        let sections = lines.filter { $0.hasPrefix("section,anna,") }.map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(sections.map { String($0[2]) } == ["Dining room", "Kitchen"] && sections.allSatisfy { $0[6] == "0" })
        #expect(!lines.contains { $0.hasPrefix("task,") })
        // Over both shifts the one not-ok task has its row, in CSV and in the table's own section.
        let all = try r.run(["checklists", "stats", "--format", "csv"]).stdout
        #expect(
            all.split(whereSeparator: \.isNewline).contains("task,anna,Kitchen/Floors dry,,,,1,,,,"), "\(all)")
        let table = try r.run(["checklists", "stats"]).stdout
        #expect(table.contains("By section") && table.contains("Not ok, by task"))
        #expect(table.split(separator: "\n").contains { $0.contains("anna") && $0.contains("Kitchen/Floors dry") })
    }

    @Test("bad template files and settings name the file and the field; roles need a restaurant")
    func badInput() throws {
        let r = try Restaurant()
        let typo = try r.dir.write(
            "typo.json",
            Array(
                #"{"restaurant": "Main Street", "day_part": "day", "kind": "pre-shift", "sections": [{"name": "A", "tasks": [{"name": "B", "priorty": 1}]}]}"#
                    .utf8))
        let refused = try r.run(["checklists", "templates", "import", typo], expect: 65)
        #expect(
            refused.stderr.contains("typo.json: sections[0].tasks[0].priorty: unknown key; did you mean 'priority'?"))
        let broken = try r.dir.write("broken.json", Array(#"{"restaurant": "Main Street", "#.utf8))
        let syntax = try r.run(["checklists", "templates", "import", broken], expect: 65)
        #expect(syntax.stderr.contains("broken.json: not valid JSON"))
        let kind = try r.dir.write(
            "kind.json",
            Array(#"{"restaurant": "Main Street", "day_part": "noon", "kind": "pre-shift", "sections": []}"#.utf8))
        let badKind = try r.run(["checklists", "templates", "import", kind], expect: 65)
        #expect(badKind.stderr.contains("kind.json: day_part:"))
        let timed = try r.dir.write(
            "timed.json",
            Array(
                #"{"restaurant": "Main Street", "day_part": "day", "kind": "during", "sections": [{"name": "A", "tasks": [{"name": "B"}]}]}"#
                    .utf8))
        let untimed = try r.run(["checklists", "templates", "import", timed], expect: 65)
        #expect(untimed.stderr.contains("A/B") && untimed.stderr.contains("carry-out time"))
        try r.run(["checklists", "templates", "import", r.dir.path("missing.json")], expect: 66)
        let crew = try r.run(["users", "add", "bob", "--role", "crew", "--no-password"], expect: 64)
        #expect(crew.stderr.contains("--restaurant"))
        try r.run(["users", "add", "bob", "--role", "crew", "--restaurant", "Elm Street", "--no-password"], expect: 65)
        // Crew cannot run a shift.
        try r.run(["users", "add", "bob", "--role", "crew", "--restaurant", "Main Street", "--no-password"])
        try r.run(
            ["checklists", "shift", "start", "--restaurant", "Main Street", "--day-part", "day", "--manager", "bob"],
            expect: 65)
        _ = try r.dir.write(
            "logbook.toml", Array("[checklists]\nreminders = [{ name = \"X\", evry_minutes = 5 }]\n".utf8))
        let setting = try r.run(["checklists", "restaurants", "list"], expect: 78)
        #expect(setting.stderr.contains("logbook.toml:2") && setting.stderr.contains("every_minutes"))
    }
}

/// `logbook serve` runs the reminder scheduler beside the web server.
@Suite("logbook serve reminders")
struct ServeReminderTests {
    @Test("a travel path due while logbook serve runs reaches notify_command without anyone asking")
    func serveNotifies() throws {
        let r = try ChecklistCommandTests.Restaurant()
        // A day shift started long ago (in local time) is due for its travel path now.
        let object = try r.json([
            "checklists", "shift", "start", "--restaurant", "Main Street", "--day-part", "day", "--manager", "anna",
            "--at", "2026-11-20T09:00",
        ])
        #expect(object["id"] as? Int == 1)
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--database", r.database, "--config", r.config]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(20)
        var lines: [String] = []
        while Date() < deadline {
            lines = ((try? String(contentsOfFile: r.notifications, encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
            if lines.contains(where: { $0.hasPrefix("checklist-reminder|Travel path|") }) { break }
            usleep(200_000)
        }
        #expect(
            lines.contains { $0.hasPrefix("checklist-reminder|Travel path|") && $0.hasSuffix("|anna|") }, "\(lines)")
        // The newest travel path is the one nagged about, and it is now recorded with the shift.
        let reminders = try #require(try r.json(["checklists", "shift", "show", "1"])["reminders"] as? [[String: Any]])
        #expect(
            reminders.contains { $0["name"] as? String == "Travel path" && ($0["notifications"] as? Int ?? 0) >= 1 })
    }
}
