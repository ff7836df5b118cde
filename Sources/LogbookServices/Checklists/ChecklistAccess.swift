public import Checklists
public import LogbookStore

/// Who may see and do what with the checklists. At the terminal everything (the log file's permissions are the
/// access control). Through the server: crew read their restaurants' shifts; shift managers run shifts there;
/// restaurant managers also work on every shift of their restaurants, hear escalations and edit templates; admins
/// may do everything. A restaurant or shift that is not the user's does not exist for them (not found, so names and
/// ids cannot be probed).
public struct ChecklistAccess: Sendable {
    public var database: AppDatabase
    public var caller: Caller

    public init(database: AppDatabase, caller: Caller) {
        self.database = database
        self.caller = caller
    }

    var user: AppUser? { caller.user }

    /// Reads the checklists of their restaurants.
    public var isStaff: Bool { user?.mayUseChecklists ?? true }
    /// Runs shifts: starts them, marks tasks, keeps the to-do list, walks the travel path, ends them.
    public var isManager: Bool { user?.mayRunChecklistShifts ?? true }
    /// Works on every shift of their restaurants, hears escalations, edits templates.
    public var isOverseer: Bool { user?.managesRestaurants ?? true }

    public func worksAt(_ restaurant: String) -> Bool { user?.worksAt(restaurant) ?? true }

    func requireStaff() throws(ServiceError) {
        guard isStaff else { throw ServiceError(.forbidden, "checklists are for restaurant staff") }
    }

    /// The restaurants the caller works at (all at the terminal and for an admin).
    public func restaurants() throws -> [Restaurant] {
        try requireStaff()
        return try database.restaurants().filter { worksAt($0.name) }
    }

    public func restaurant(_ name: String) throws -> Restaurant {
        try requireStaff()
        guard user != nil else { return try database.restaurant(named: name) }
        guard worksAt(name), let restaurant = try? database.restaurant(named: name) else {
            throw ServiceError(.notFound, "there is no restaurant '\(name)'")
        }
        return restaurant
    }

    public func shift(_ id: Int64) throws -> ChecklistShift {
        try requireStaff()
        guard user != nil else { return try database.checklistShift(id) }
        guard let shift = try? database.checklistShift(id), worksAt(shift.restaurant.name) else {
            throw ServiceError(.notFound, "there is no checklist shift \(id)")
        }
        return shift
    }

    /// A shift the caller may work on: their own, or any of their restaurants' for a restaurant manager or admin;
    /// refused once it has ended (its archive stays as it was).
    public func workingShift(_ id: Int64) throws -> ChecklistShift {
        let shift = try shift(id)
        guard isManager else { throw ServiceError(.forbidden, "only a shift manager works on a shift's checklists") }
        if let user, shift.manager != user.name, !isOverseer {
            throw ServiceError(.forbidden, "shift \(id) is \(shift.manager)'s")
        }
        guard !shift.isEnded else {
            throw ServiceError(.refused, "shift \(id) has ended; its archive stays as it was")
        }
        return shift
    }

    /// The areas whose to-dos the crew do and mark done: the kitchen's and the service's (the manager's stay with
    /// those who run the shift).
    public static let crewAreas: Set<Area> = [.kitchen, .service]

    /// Whether the caller may mark to-dos of `area` done on a shift of their restaurants: those who run shifts any
    /// area's on the shifts they work on, crew the kitchen's and the service's.
    public func maySettle(area: Area) -> Bool {
        if isManager { return true }
        return (user?.maySettleCrewTodos ?? true) && Self.crewAreas.contains(area)
    }

    /// The shift on which the caller marks to-do `todo` done (or not done, with a note): a shift they work on, or, for
    /// crew, an open shift of their restaurants when the to-do is the kitchen's or the service's.
    public func settlingShift(_ id: Int64, todo: Int64) throws -> ChecklistShift {
        if isManager { return try workingShift(id) }
        let shift = try shift(id)
        guard user?.maySettleCrewTodos ?? true else {
            throw ServiceError(.forbidden, "only the restaurant's staff mark to-dos done")
        }
        guard let found = shift.todos.first(where: { $0.id == todo }) else {
            throw ServiceError(.notFound, "to-do \(todo) is not on shift \(shift.id)'s list", exitCode: 64)
        }
        guard Self.crewAreas.contains(found.area) else {
            throw ServiceError(.forbidden, "the \(found.area.rawValue)'s to-dos are marked by those who run the shift")
        }
        guard !shift.isEnded else {
            throw ServiceError(.refused, "shift \(id) has ended; its archive stays as it was")
        }
        return shift
    }

    /// The restaurant, for a caller who may change its checklists: a restaurant manager of it or an admin. At the
    /// terminal, `actor` (who the change is recorded for) must be such a user too, when given.
    public func templateEditor(_ restaurant: String, actor: String? = nil) throws -> Restaurant {
        let found = try self.restaurant(restaurant)
        if user != nil {
            guard isOverseer else {
                throw ServiceError(.forbidden, "only a restaurant manager changes the checklists")
            }
        } else if let actor {
            let named = try database.user(named: actor)
            guard named.role == .admin || (named.role == .restaurantManager && named.worksAt(found.name)) else {
                throw ServiceError(
                    .invalid, field: "actor",
                    "only a restaurant manager of \(found.name) (or an admin) changes its checklists")
            }
        }
        return found
    }

    /// The shifts of the caller's restaurants that `filter` names, newest first.
    func archive(restaurant: String?, manager: String?, from: Double?, to: Double?) throws -> [ChecklistShift] {
        if let restaurant { _ = try self.restaurant(restaurant) } else { try requireStaff() }
        return try database.checklistArchive(restaurant: restaurant, manager: manager, from: from, to: to).filter {
            worksAt($0.restaurant.name)
        }
    }

    /// The open shifts of the caller's restaurants.
    func openShifts() throws -> [ChecklistShift] {
        try requireStaff()
        return try database.openChecklistShifts().filter { worksAt($0.restaurant.name) }
    }
}
