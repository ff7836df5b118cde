import Foundation
import Hummingbird
import LogbookConfiguration
import LogbookServices
import LogbookStore

/// The shift-manager checklists' slice of the server: restaurants' shifts, their marks, to-dos and reminders,
/// archives, statistics and template editing. The use cases and who may do what are `ChecklistService`'s.
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
        user.mayUseChecklists
            ? [MenuItem(label: "Checklists", href: "/checklists", rank: MenuItem.Rank.checklists)] : []
    }
}

extension ServerEnvironment {
    /// `[checklists]` (reminder rules and policy); the defaults when the file has none.
    var checklistSettings: ChecklistSettings {
        (try? configuration.decode(ChecklistSettings.self, table: "checklists")) ?? ChecklistSettings()
    }

    /// The checklists' use cases for a signed-in user.
    func checklists(_ user: AppUser) -> ChecklistService {
        ChecklistService(
            ServiceContext(database: database, caller: .user(user), clock: clock), settings: checklistSettings)
    }
}
