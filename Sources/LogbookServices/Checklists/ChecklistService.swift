import Checklists
import Foundation
import LogbookStore

/// The restaurant checklists' use cases, written once for the command line and the server: restaurants, templates
/// (import, export, versions, edits), shifts (start, marks, end), to-dos, reminders and their acknowledgements, the
/// reminder round with its escalations, the archive, statistics and the mails. Each checks the caller's rights
/// (`ChecklistAccess`), validates its input naming the field, and answers a view that `--format json` and the API
/// both return.
public struct ChecklistService: Sendable {
    public var context: ServiceContext
    /// `[checklists]`: the reminder rules and how reminders are judged.
    public var settings: ChecklistSettings
    /// Now, in seconds since 1970 (tests set it).
    public var now: @Sendable () -> Double

    public init(
        _ context: ServiceContext, settings: ChecklistSettings = ChecklistSettings(),
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.context = context
        self.settings = settings
        self.now = now
    }

    public var access: ChecklistAccess { ChecklistAccess(database: context.database, caller: context.caller) }
    var database: AppDatabase { context.database }
    /// The log writing as the caller (`web:NAME` through the server).
    var writer: AppDatabase { context.writer }

    func view(_ shift: ChecklistShift) -> ChecklistShiftView {
        ChecklistShiftView(shift, now: now(), policy: settings.policy)
    }

    // MARK: Restaurants

    /// Adds a restaurant (at the terminal, an admin or a restaurant manager, who then works there too); its zone is
    /// the input's, else the caller's clock's.
    public func addRestaurant(_ input: ChecklistRestaurantInput) throws -> ChecklistRestaurantView {
        let user = context.caller.user
        guard user?.managesPeople ?? true else {
            throw ServiceError(.forbidden, "only an admin or a restaurant manager adds restaurants")
        }
        let input = try input.validated()
        return ChecklistRestaurantView(
            try writer.addRestaurant(
                name: input.name, email: input.email, timezone: input.timezone ?? context.clock.name,
                staff: user.flatMap { $0.worksAt(input.name) ? nil : $0.name }))
    }

    /// A new checklist of a restaurant for a day part and kind that has none yet (a restaurant manager of it or an
    /// admin): version 1, with its first section, to fill in on the template page.
    public func createTemplate(restaurant: String, _ input: ChecklistTemplateCreateInput) throws
        -> ChecklistTemplateVersionView
    {
        let found = try access.templateEditor(restaurant)
        let (dayPart, kind, section) = try input.validated()
        if try database.template(restaurant: found.name, dayPart: dayPart, kind: kind) != nil {
            throw ServiceError(
                .refused, field: "kind",
                "\(found.name) has a \(dayPart.rawValue) \(kind.rawValue) checklist already: change it instead")
        }
        let template = ChecklistTemplate(
            restaurant: found.name, dayPart: dayPart, kind: kind, sections: [SectionTemplate(name: section)])
        if let problem = template.problems().first {
            throw ServiceError(.invalid, field: "section", problem.message)
        }
        return ChecklistTemplateVersionView(try writer.saveTemplate(template, by: templateActor(nil)))
    }

    /// The restaurants the caller works at.
    public func restaurants() throws -> ChecklistRestaurantsView {
        ChecklistRestaurantsView(restaurants: try access.restaurants().map(ChecklistRestaurantView.init))
    }

    // MARK: Moments

    /// `at` on the restaurant's clock: a moment given at the terminal, not in the future by more than a minute; now
    /// when absent. Through the server it is always now.
    func moment(_ text: String?, field: String = "at", clock: RestaurantClock) throws(ServiceError) -> Double {
        let now = now()
        guard let text else { return now }
        guard context.caller.user == nil else {
            throw ServiceError(.invalid, field: field, "is the server's time; leave it out")
        }
        guard let moment = clock.moment(parsing: text) else {
            throw ServiceError(.invalid, field: field, "expected YYYY-MM-DDTHH:MM (the restaurant's clock) or ISO 8601")
        }
        guard moment <= now + 60 else { throw ServiceError(.invalid, field: field, "\(text) is in the future") }
        return moment
    }
}
