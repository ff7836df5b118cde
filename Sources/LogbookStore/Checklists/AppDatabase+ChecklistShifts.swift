import Foundation
public import Checklists
import TrackModel

extension AppDatabase {
    /// Starts a shift: a working copy of the restaurant's latest checklists for the day part (the pre-shift one must
    /// exist), kept with the versions it was started with. The manager must be a shift or restaurant manager (or an
    /// admin) of the restaurant.
    public func startChecklistShift(restaurant: String, dayPart: DayPart, manager: String, at: Double) throws -> Int64 {
        try write("startShift") { db in
            let restaurantID = try Self.requireRestaurant(restaurant, db)
            guard let userID = try Self.userRow(manager, db) else { throw Self.unknownUser(manager) }
            let user = try Self.user(id: userID, db, now: at)
            guard user.mayRunChecklistShifts, user.worksAt(restaurant) else {
                throw StoreError(
                    .refused, operation: "startShift",
                    detail: "\(user.name) is not a shift manager of \(try Self.restaurant(restaurantID, db).name)")
            }
            if let open = try Int64.fetchOne(
                db,
                sql: "SELECT id FROM checklist_shift WHERE restaurant_id = ? AND manager_id = ? AND ended_at IS NULL",
                arguments: [restaurantID, userID])
            {
                throw StoreError(
                    .refused, operation: "startShift", detail: "\(user.name) has shift \(open) open here; end it first")
            }
            guard try Self.latestTemplate(restaurantID, dayPart, .preShift, db) != nil else {
                throw StoreError(
                    .notFound, operation: "startShift",
                    detail: "there is no \(dayPart.rawValue) pre-shift checklist for this restaurant; import one "
                        + "(`logbook checklists templates import FILE`)")
            }
            let shiftID = try db.insertReturningID(
                sql:
                    "INSERT INTO checklist_shift (restaurant_id, day_part, manager_id, started_at) VALUES (?, ?, ?, ?)",
                arguments: [restaurantID, dayPart.rawValue, userID, at])
            for kind in ChecklistKind.allCases {
                guard let template = try Self.latestTemplate(restaurantID, dayPart, kind, db) else { continue }
                try db.execute(
                    sql: "INSERT INTO checklist_shift_template (shift_id, kind, template_id) VALUES (?, ?, ?)",
                    arguments: [shiftID, kind.rawValue, template.id])
            }
            return shiftID
        }
    }

    public func checklistShift(_ id: Int64) throws -> ChecklistShift {
        try read("checklistShift") { db in try Self.checklistShift(id, db) }
    }

    /// Marks a task of one of the shift's checklists. On the pre-shift checklist a not-ok task makes a to-do; set
    /// back to ok or unchecked, its to-do goes unless it was done or noted.
    public func markTask(
        shift id: Int64, kind: ChecklistKind = .preShift, path: String, state: TaskState, note: String?, at: Double
    ) throws -> ChecklistShift {
        try checklistWrite("markTask") { db in
            let shift = try Self.checklistShift(id, db)
            guard !shift.isEnded else { throw Self.archived(id) }
            guard var run = shift.runs[kind] else {
                throw StoreError(
                    .notFound, operation: "markTask", detail: "shift \(id) has no \(kind.rawValue) checklist")
            }
            do {
                try run.mark(path, state, note: note, at: at)
            } catch let error as ChecklistError {
                throw StoreError(
                    error.code == .unknownTask ? .notFound : .refused, operation: "markTask", detail: error.description)
            }
            let canonical = run.canonical(path)!.description
            let mark = run.marks[canonical]!
            try db.execute(
                sql: """
                    INSERT INTO checklist_mark (shift_id, kind, path, state, note, at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (shift_id, kind, path) DO UPDATE SET state = excluded.state, note = excluded.note,
                        at = excluded.at
                    """, arguments: [id, kind.rawValue, canonical, mark.state.rawValue, mark.note, at])
            if kind == .preShift {
                let wanted = TodoList.fromNotOk(run)
                if let todo = wanted[canonical] {
                    try db.execute(
                        sql: """
                            INSERT INTO checklist_todo (shift_id, task, section, area, priority, source, path, created_at)
                            VALUES (?, ?, ?, ?, ?, 'not-ok', ?, ?) ON CONFLICT DO NOTHING
                            """,
                        arguments: [id, todo.task, todo.section, todo.area.rawValue, todo.priority, canonical, at])
                } else {
                    try db.execute(
                        sql: """
                            DELETE FROM checklist_todo WHERE shift_id = ? AND path = ? AND done = 0
                            AND (note IS NULL OR trim(note) = '')
                            """, arguments: [id, canonical])
                }
            }
            return try Self.checklistShift(id, db)
        }
    }

    /// Adds a to-do of the manager's own (new, or picked from an earlier one).
    @discardableResult
    public func addTodo(
        shift id: Int64, task: String, section: String, area: Area, priority: Int, at: Double
    ) throws -> Todo {
        try checklistWrite("addTodo") { db in
            guard !(try Self.checklistShift(id, db)).isEnded else { throw Self.archived(id) }
            let todoID = try db.insertReturningID(
                sql: """
                    INSERT INTO checklist_todo (shift_id, task, section, area, priority, source, created_at)
                    VALUES (?, ?, ?, ?, ?, 'added', ?)
                    """, arguments: [id, task, section, area.rawValue, priority, at])
            return try Self.checklistShift(id, db).todos.first { $0.id == todoID }!
        }
    }

    /// Marks a to-do done (or not), with a note saying what was done or why not.
    public func settleTodo(_ todoID: Int64, done: Bool, note: String?, at: Double) throws {
        try checklistWrite("settleTodo") { db in
            guard
                try Int64.fetchOne(db, sql: "SELECT shift_id FROM checklist_todo WHERE id = ?", arguments: [todoID])
                    != nil
            else { throw StoreError(.notFound, operation: "settleTodo", detail: "there is no to-do \(todoID)") }
            try db.execute(
                sql: "UPDATE checklist_todo SET done = ?, note = coalesce(?, note), done_at = ? WHERE id = ?",
                arguments: [done ? 1 : 0, note, done ? at : nil as Double?, todoID])
        }
    }

    /// Deletes a to-do the manager added (one from a not-ok task stays until the task is ok).
    public func deleteTodo(_ todoID: Int64) throws {
        try checklistWrite("deleteTodo") { db in
            guard
                let source = try String.fetchOne(
                    db, sql: "SELECT source FROM checklist_todo WHERE id = ?", arguments: [todoID])
            else { throw StoreError(.notFound, operation: "deleteTodo", detail: "there is no to-do \(todoID)") }
            guard source == "added" else {
                throw StoreError(
                    .refused, operation: "deleteTodo",
                    detail: "to-do \(todoID) comes from a task that is not ok: mark it done or note why not")
            }
            try db.execute(sql: "DELETE FROM checklist_todo WHERE id = ?", arguments: [todoID])
        }
    }

    /// To-dos added on earlier shifts of the restaurant, newest first and once each: to pick from.
    public func earlierTodos(restaurant: String, limit: Int = 50) throws -> [Todo] {
        try read("earlierTodos") { db in
            let id = try Self.requireRestaurant(restaurant, db)
            return try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT t.* FROM checklist_todo t WHERE t.id IN (
                        SELECT max(a.id) FROM checklist_todo a JOIN checklist_shift s ON s.id = a.shift_id
                        WHERE s.restaurant_id = ? AND a.source = 'added' GROUP BY \(db.dialect.fold("a.task")), \(db.dialect.fold("a.section")))
                    ORDER BY t.id DESC LIMIT ?
                    """, arguments: [id, limit]
            ).map(Self.todo)
        }
    }

    /// Ends the shift, refused (naming every task in the way) while a pre-shift task is unchecked or a not-ok
    /// task's to-do is neither done nor noted. From then on the shift is its archive.
    public func endChecklistShift(_ id: Int64, at: Double) throws -> ChecklistShift {
        try checklistWrite("endShift") { db in
            let shift = try Self.checklistShift(id, db)
            guard !shift.isEnded else { throw Self.archived(id) }
            let problems = ShiftEndRule.problems(preShift: shift.preShift, todos: shift.todos)
            guard problems.isEmpty else {
                throw StoreError(
                    .refused, operation: "endShift",
                    detail: "shift \(id) cannot end yet:\n  " + problems.joined(separator: "\n  "))
            }
            try db.execute(
                sql: "UPDATE checklist_shift SET ended_at = ? WHERE id = ?", arguments: [max(at, shift.startedAt), id])
            return try Self.checklistShift(id, db)
        }
    }

    /// Ended shifts by start time, newest first: of a restaurant and manager, started between two moments.
    public func checklistArchive(
        restaurant: String?, manager: String?, from: Double?, to: Double?, includeOpen: Bool = false
    ) throws -> [ChecklistShift] {
        try read("archive") { db in
            var sql = "SELECT s.id FROM checklist_shift s JOIN app_user u ON u.id = s.manager_id WHERE 1 = 1"
            var arguments = SQLArguments()
            if !includeOpen { sql += " AND s.ended_at IS NOT NULL" }
            if let restaurant {
                sql += " AND s.restaurant_id = ?"
                arguments += [try Self.requireRestaurant(restaurant, db)]
            }
            if let manager {
                sql += " AND " + db.dialect.sameName("u.name")
                arguments += [manager]
            }
            if let from {
                sql += " AND s.started_at >= ?"
                arguments += [from]
            }
            if let to {
                sql += " AND s.started_at < ?"
                arguments += [to]
            }
            sql += " ORDER BY s.started_at DESC, s.id DESC"
            return try Int64.fetchAll(db, sql: sql, arguments: arguments).map { try Self.checklistShift($0, db) }
        }
    }

    /// The open shifts (for the reminder scheduler and the working screen).
    public func openChecklistShifts() throws -> [ChecklistShift] {
        try read("openShifts") { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM checklist_shift WHERE ended_at IS NULL ORDER BY id").map {
                try Self.checklistShift($0, db)
            }
        }
    }

    // MARK: Reminders

    /// Records the occurrences a shift's reminders will have (once each).
    public func scheduleReminders(shift id: Int64, _ occurrences: [(name: String, due: Double)]) throws {
        try checklistWrite("scheduleReminders") { db in
            for occurrence in occurrences {
                try db.execute(
                    sql:
                        "INSERT INTO checklist_reminder (shift_id, name, due_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    arguments: [id, occurrence.name, occurrence.due])
            }
        }
    }

    /// Stores what the scheduler did with an occurrence.
    public func updateReminder(_ reminder: StoredReminder) throws {
        try checklistWrite("updateReminder") { db in
            let o = reminder.occurrence
            try db.execute(
                sql: """
                    UPDATE checklist_reminder SET notifications = ?, last_notified_at = ?, escalated_at = ?,
                        acknowledged_at = ? WHERE id = ?
                    """, arguments: [o.notifications, o.lastNotified, o.escalated, o.acknowledged, reminder.id])
        }
    }

    /// Acknowledges the newest open occurrence of a reminder that is due (the travel path walked now answers the
    /// latest call; an older one left open was missed), with the time it was done; nil when none is due.
    @discardableResult
    public func acknowledgeReminder(shift id: Int64, name: String, at: Double) throws -> StoredReminder? {
        try checklistWrite("acknowledgeReminder") { db in
            let ended = try SQLRow.fetchOne(
                db, sql: "SELECT ended_at FROM checklist_shift WHERE id = ?", arguments: [id])
            if let ended, (try ended["ended_at"] as Double?) != nil { throw Self.archived(id) }
            guard
                let row = try SQLRow.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM checklist_reminder WHERE shift_id = ? AND \(db.dialect.equalIgnoringCase("name"))
                        AND acknowledged_at IS NULL AND due_at <= ? ORDER BY due_at DESC LIMIT 1
                        """, arguments: [id, name, at])
            else { return nil }
            let reminderID: Int64 = try row["id"]
            try db.execute(
                sql: "UPDATE checklist_reminder SET acknowledged_at = ? WHERE id = ?", arguments: [at, reminderID])
            return try SQLRow.fetchOne(
                db, sql: "SELECT * FROM checklist_reminder WHERE id = ?", arguments: [reminderID]
            )
            .map(Self.reminder)
        }
    }

    // MARK: Helpers

    func checklistWrite<T>(_ operation: String, _ updates: (any SQLSession) throws -> T) throws -> T {
        do {
            return try write(operation, updates)
        } catch let error as StoreError where error.detail.hasPrefix("checklist_archive: ") {
            throw StoreError(.refused, operation: operation, detail: String(error.detail.dropFirst(19)))
        }
    }

    static func archived(_ id: Int64) -> StoreError {
        StoreError(.refused, operation: "shift", detail: "shift \(id) has ended; its archive stays as it was")
    }

    static func checklistShift(_ id: Int64, _ db: any SQLSession) throws -> ChecklistShift {
        guard
            let row = try SQLRow.fetchOne(
                db,
                sql: """
                    SELECT s.*, u.name AS manager_name FROM checklist_shift s JOIN app_user u ON u.id = s.manager_id
                    WHERE s.id = ?
                    """, arguments: [id])
        else { throw StoreError(.notFound, operation: "shift", detail: "there is no checklist shift \(id)") }
        var runs: [ChecklistKind: ChecklistRun] = [:]
        var versions: [ChecklistKind: Int] = [:]
        for templateRow in try SQLRow.fetchAll(
            db,
            sql: """
                SELECT st.kind AS shift_kind, t.* FROM checklist_shift_template st
                JOIN checklist_template t ON t.id = st.template_id WHERE st.shift_id = ?
                """, arguments: [id])
        {
            guard let kind = ChecklistKind(rawValue: try templateRow["shift_kind"]) else { continue }
            let version = try templateVersion(templateRow)
            runs[kind] = ChecklistRun(template: version.template)
            versions[kind] = version.version
        }
        for mark in try SQLRow.fetchAll(db, sql: "SELECT * FROM checklist_mark WHERE shift_id = ?", arguments: [id]) {
            guard let kind = ChecklistKind(rawValue: try mark["kind"]),
                let state = TaskState(rawValue: try mark["state"])
            else { continue }
            runs[kind]?.marks[try mark["path"]] = TaskMark(state: state, note: try mark["note"], at: try mark["at"])
        }
        let preShift = runs[.preShift]
        let todos = TodoList.sorted(
            try SQLRow.fetchAll(db, sql: "SELECT * FROM checklist_todo WHERE shift_id = ?", arguments: [id]).map(todo),
            sectionOrder: preShift?.sectionOrder ?? [])
        let reminders = try SQLRow.fetchAll(
            db,
            sql:
                "SELECT * FROM checklist_reminder WHERE shift_id = ? ORDER BY due_at, \(db.dialect.binaryOrder("name"))",
            arguments: [id]
        ).map(reminder)
        return ChecklistShift(
            id: id, restaurant: try restaurant(row["restaurant_id"], db),
            dayPart: DayPart(rawValue: try row["day_part"]) ?? .day, manager: try row["manager_name"],
            startedAt: try row["started_at"], endedAt: try row["ended_at"], runs: runs, versions: versions,
            todos: todos,
            reminders: reminders)
    }

    static func todo(_ row: SQLRow) throws -> Todo {
        Todo(
            id: try row["id"], task: try row["task"], section: try row["section"],
            area: Area(rawValue: try row["area"]) ?? .manager,
            priority: try row["priority"], done: (try row["done"] as Int) == 1, note: try row["note"],
            source: TodoSource(rawValue: try row["source"]) ?? .added, path: try row["path"])
    }

    static func reminder(_ row: SQLRow) throws -> StoredReminder {
        StoredReminder(
            id: try row["id"], shiftID: try row["shift_id"],
            occurrence: ReminderOccurrence(
                name: try row["name"], due: try row["due_at"], lastNotified: try row["last_notified_at"],
                notifications: try row["notifications"], escalated: try row["escalated_at"],
                acknowledged: try row["acknowledged_at"]))
    }
}
