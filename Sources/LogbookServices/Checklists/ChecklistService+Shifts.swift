public import Checklists
import Foundation
import LogbookStore

/// A task marked: the shift as it is now, the task's path as the template spells it, the to-do it made.
public struct ChecklistMarkedView: Encodable, Sendable, Hashable {
    public var shift: ChecklistShiftView
    public var kind: ChecklistKind
    public var path: String
    public var state: TaskState
    /// The to-do a not-ok pre-shift task has.
    public var todo: ChecklistTodoView?

    /// The shift's JSON: what the API answers.
    public func encode(to encoder: any Encoder) throws { try shift.encode(to: encoder) }
}

extension ChecklistService {
    /// Starts a shift: a working copy of the restaurant's latest checklists for the day part. Through the server the
    /// user starts their own, now; at the terminal `manager` names whose (default the restaurant's only shift
    /// manager) and `at` when.
    public func startShift(_ input: ChecklistShiftStartInput) throws -> ChecklistStartedView {
        let restaurant = try access.restaurant(input.restaurant)
        guard access.isManager else { throw ServiceError(.forbidden, "only a shift manager starts a shift") }
        let dayPart = try ChecklistRules.dayPart(input.dayPart)
        let manager = try self.manager(input.manager, at: restaurant)
        let started = try moment(input.at, clock: RestaurantClock(restaurant))
        let id = try writer.startChecklistShift(
            restaurant: restaurant.name, dayPart: dayPart, manager: manager, at: started)
        return ChecklistStartedView(shift: view(try database.checklistShift(id)))
    }

    /// The manager of a shift to start: the signed-in user; at the terminal the user named, else the restaurant's
    /// only shift manager.
    func manager(_ name: String?, at restaurant: Restaurant) throws -> String {
        if let user = context.caller.user {
            if let name, name.caseInsensitiveCompare(user.name) != .orderedSame {
                throw ServiceError(.forbidden, field: "manager", "a shift manager starts their own shift")
            }
            return user.name
        }
        let users = try database.users()
        if let name {
            guard let user = users.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ServiceError(
                    .invalid, field: "manager",
                    "\(name) is not a user; add them with `logbook users add \(name) --role shift-manager "
                        + "--restaurant \"\(restaurant.name)\"`")
            }
            return user.name
        }
        let managers = users.filter { $0.role == .shiftManager && $0.worksAt(restaurant.name) }
        guard managers.count == 1 else {
            throw ServiceError(
                .invalid, field: managers.isEmpty ? nil : "manager",
                managers.isEmpty
                    ? "\(restaurant.name) has no shift manager yet; add one with `logbook users add NAME "
                        + "--role shift-manager --restaurant \"\(restaurant.name)\"`"
                    : "\(restaurant.name) has \(managers.count) shift managers; say whose shift")
        }
        return managers[0].name
    }

    /// A shift: its checklists, to-dos and reminders.
    public func shift(_ id: Int64) throws -> ChecklistShiftView { view(try access.shift(id)) }

    /// The open shifts of the caller's restaurants.
    public func openShifts() throws -> ChecklistShiftsView {
        ChecklistShiftsView(shifts: try access.openShifts().map(view))
    }

    /// Whether the caller may work on the shift (mark, to-dos, reminders, end): the working screen's buttons.
    public func mayWork(on id: Int64) -> Bool { (try? access.workingShift(id)) != nil }

    /// Marks a task of one of the shift's checklists. On the pre-shift checklist a not-ok task makes a to-do; set
    /// back, its to-do goes unless it was done or noted.
    public func mark(shift id: Int64, _ input: ChecklistMarkInput) throws -> ChecklistMarkedView {
        let current = try access.workingShift(id)
        guard !input.path.isEmpty else { throw ServiceError(.invalid, field: "path", "is required") }
        let state = try ChecklistRules.state(input.state)
        let kind = try ChecklistRules.kind(input.kind)
        let note = try input.note.map { try ChecklistRules.text($0, "note") }.flatMap { $0.isEmpty ? nil : $0 }
        let when = try moment(input.at, clock: RestaurantClock(current.restaurant))
        let shift = try writer.markTask(shift: id, kind: kind, path: input.path, state: state, note: note, at: when)
        let path = shift.runs[kind]?.canonical(input.path)?.description ?? input.path
        let todo = kind == .preShift ? shift.todos.first { $0.path == path } : nil
        return ChecklistMarkedView(
            shift: view(shift), kind: kind, path: path, state: state, todo: todo.map(ChecklistTodoView.init))
    }

    /// Ends the shift at `at` (default now), refused (naming every task in the way) while a pre-shift task is
    /// unchecked or a not-ok task's to-do is neither done nor noted; from then on it is its archive. The reminders
    /// due until then are recorded first, so the statistics count them whether or not a reminder round ran. Unless
    /// `mail` is false, the completed checklists are mailed to the restaurant through the outbox.
    public func endShift(
        _ id: Int64, _ input: ChecklistMomentInput = ChecklistMomentInput(), mail: Bool = true,
        mailer: (any ChecklistMailer)?
    ) throws -> ChecklistEndedView {
        let shift = try access.workingShift(id)
        let when = try moment(input.at, clock: RestaurantClock(shift.restaurant))
        try recordReminders(shift, until: when, rules: settings.reminders)
        let ended = try writer.endChecklistShift(id, at: when)
        var status = ChecklistMailStatus.notRequested
        if mail {
            if let email = ended.restaurant.email {
                status =
                    (try? send(ChecklistMail.archive(ended, now: now()), to: [email], shift: ended, mailer: mailer))
                    ?? .notMailed("the outbox refused it")
            } else {
                status = .noAddress(restaurant: ended.restaurant.name)
            }
        }
        return ChecklistEndedView(shift: view(ended), mail: status)
    }
}

/// A shift ended: the shift as its archive keeps it, and what became of its mail. The JSON is the shift's.
public struct ChecklistEndedView: Encodable, Sendable, Hashable {
    public var shift: ChecklistShiftView
    public var mail: ChecklistMailStatus

    public func encode(to encoder: any Encoder) throws { try shift.encode(to: encoder) }
}
