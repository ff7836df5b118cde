import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Checklists

/// The shift-manager checklists' slice of the server: restaurants' shifts, their marks, to-dos and reminders,
/// archives, statistics and template editing.
package enum ChecklistsDomain: ServerDomain {
    package static var templates: [String: String] { ChecklistPageTemplates.all }

    package static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        ChecklistAPI.register(api, environment)
    }

    package static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        ChecklistPages.register(pages, environment, renderer)
    }

    /// `Checklists` for restaurant staff and admins.
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] {
        user.mayUseChecklists ? [MenuItem(label: "Checklists", href: "/checklists")] : []
    }
}

/// Who may see and do what with checklists, for the API and the pages alike. Crew read their restaurants'
/// shifts; shift managers run shifts there; restaurant managers also edit templates; admins may do everything.
/// A restaurant that is not the user's does not exist for them (404, so names cannot be probed).
struct ChecklistAccess {
    var database: AppDatabase
    var user: AppUser

    var isStaff: Bool { user.mayUseChecklists }
    var isManager: Bool { user.mayRunChecklistShifts }
    /// Works on every shift of the user's restaurants, sees escalations, edits templates.
    var isOverseer: Bool { user.managesRestaurants }

    func requireStaff() throws {
        guard isStaff else { throw APIError.forbidden("checklists are for restaurant staff") }
    }

    /// The restaurants the user works at (all for an admin).
    func restaurants() throws -> [Restaurant] {
        try requireStaff()
        return try database.restaurants().filter { user.worksAt($0.name) }
    }

    func restaurant(_ name: String) throws -> Restaurant {
        try requireStaff()
        guard user.worksAt(name), let restaurant = try? database.restaurant(named: name) else {
            throw APIError.notFound("there is no restaurant '\(name)'")
        }
        return restaurant
    }

    func shift(_ id: Int64) throws -> ChecklistShift {
        try requireStaff()
        guard let shift = try? database.checklistShift(id), user.worksAt(shift.restaurant.name) else {
            throw APIError.notFound("there is no checklist shift \(id)")
        }
        return shift
    }

    /// A shift the user may work on: their own, or any of their restaurants' for a restaurant manager or admin.
    func workingShift(_ id: Int64) throws -> ChecklistShift {
        let shift = try shift(id)
        guard isManager else { throw APIError.forbidden("only a shift manager works on a shift's checklists") }
        guard shift.manager == user.name || isOverseer else {
            throw APIError.forbidden("shift \(id) is \(shift.manager)'s")
        }
        guard !shift.isEnded else { throw APIError.refused("shift \(id) has ended; its archive stays as it was") }
        return shift
    }

    func requireTemplateEditor(_ restaurant: String) throws -> Restaurant {
        let found = try self.restaurant(restaurant)
        guard isOverseer else {
            throw APIError.forbidden("only a restaurant manager changes the checklists")
        }
        return found
    }

    /// Ended shifts of the user's restaurants.
    func archive(restaurant: String?, manager: String?, from: Double?, to: Double?) throws -> [ChecklistShift] {
        if let restaurant { _ = try self.restaurant(restaurant) } else { try requireStaff() }
        return try database.checklistArchive(restaurant: restaurant, manager: manager, from: from, to: to).filter {
            user.worksAt($0.restaurant.name)
        }
    }

    var writer: AppDatabase { database.acting(as: "web:" + user.name) }
}

extension ServerEnvironment {
    /// `[checklists]` (reminder rules and policy); the defaults when the file has none.
    var checklistSettings: ChecklistSettings {
        (try? configuration.table(ChecklistSettings.self, "checklists")) ?? ChecklistSettings()
    }
}
