public import Checklists
public import Foundation
public import LogbookStore

extension ChecklistService {
    /// Who a template change is recorded for: the signed-in user (`web:NAME`), else `actor` (`--as`), else the log's
    /// actor.
    func templateActor(_ actor: String?) -> String {
        context.caller.auditName ?? actor ?? database.policy.actor
    }

    /// Stores each template as the next version of its restaurant, day part and kind (an import identical to the
    /// latest version stores nothing). `restaurant`, when given (the API's address), is the one every template must
    /// be of; `actor` (at the terminal) is whom the change is recorded for, a restaurant manager of it or an admin.
    public func importTemplates(
        _ templates: [ChecklistTemplate], restaurant: String? = nil, actor: String? = nil
    ) throws -> ChecklistTemplateImportView {
        var names: [String: String] = [:]
        for name in Set(templates.map(\.restaurant) + (restaurant.map { [$0] } ?? [])).sorted() {
            names[name.lowercased()] = try access.templateEditor(name, actor: actor).name
        }
        if let restaurant {
            let name = names[restaurant.lowercased()] ?? restaurant
            for (index, template) in templates.enumerated()
            where template.restaurant.caseInsensitiveCompare(name) != .orderedSame {
                throw ServiceError(
                    .invalid, field: templates.count > 1 ? "[\(index)].restaurant" : "restaurant",
                    "must be \(name), as in the address")
            }
        }
        let by = templateActor(actor)
        var entries: [ChecklistTemplateImportView.Entry] = []
        for template in templates {
            let before = try database.template(
                restaurant: template.restaurant, dayPart: template.dayPart, kind: template.kind)
            let stored = try writer.saveTemplate(template, by: by)
            entries.append(
                .init(
                    restaurant: stored.template.restaurant, dayPart: template.dayPart, kind: template.kind,
                    version: stored.version, unchanged: before?.id == stored.id))
        }
        return ChecklistTemplateImportView(versions: entries)
    }

    /// The same from a file's or a body's JSON (`ChecklistTemplateFile`), the caller's rights checked first.
    public func importTemplates(json data: Data, restaurant: String) throws -> ChecklistTemplateImportView {
        _ = try access.templateEditor(restaurant)
        return try importTemplates(try ChecklistTemplateFile.decode(data), restaurant: restaurant)
    }

    /// The restaurant's latest templates (every day part and kind it has).
    public func latestTemplates(restaurant: String) throws -> [ChecklistTemplate] {
        let found = try access.restaurant(restaurant)
        return try database.templates(restaurant: found.name).map(\.template)
    }

    /// The templates to export: the latest of a day part and kind, or all; an earlier `version` of one day part and
    /// kind. None found is an error.
    public func exportTemplates(
        restaurant: String, dayPart: DayPart? = nil, kind: ChecklistKind? = nil, version: Int? = nil
    ) throws -> [ChecklistTemplate] {
        if version != nil, dayPart == nil || kind == nil {
            throw ServiceError(.invalid, field: "version", "needs a day part and a kind")
        }
        let found = try access.restaurant(restaurant)
        var templates =
            version == nil
            ? try database.templates(restaurant: found.name) : try database.templateVersions(restaurant: found.name)
        if let dayPart { templates = templates.filter { $0.template.dayPart == dayPart } }
        if let kind { templates = templates.filter { $0.template.kind == kind } }
        if let version { templates = templates.filter { $0.version == version } }
        guard !templates.isEmpty else {
            throw ServiceError(
                .notFound, "\(found.name) has no such template; see `logbook checklists templates list`")
        }
        return templates.map(\.template)
    }

    /// Every version of the restaurant's templates, by day part, kind and version.
    public func templateVersions(restaurant: String) throws -> [ChecklistTemplateVersionView] {
        let found = try access.restaurant(restaurant)
        return try database.templateVersions(restaurant: found.name).map(ChecklistTemplateVersionView.init)
    }

    /// A restaurant manager's change to the latest template of a day part and kind: the next version.
    public func editTemplate(
        restaurant: String, _ input: ChecklistTemplateEditInput, actor: String? = nil
    ) throws -> ChecklistTemplateVersionView {
        let found = try access.templateEditor(restaurant, actor: actor)
        let dayPart = try ChecklistRules.dayPart(input.dayPart)
        let kind = try ChecklistRules.kind(input.kind)
        guard let latest = try database.template(restaurant: found.name, dayPart: dayPart, kind: kind) else {
            throw ServiceError(
                .notFound,
                "\(found.name) has no \(dayPart.rawValue) \(kind.rawValue) checklist yet; import one first")
        }
        let edit = try input.edit(of: latest.template)
        return ChecklistTemplateVersionView(
            try writer.editTemplate(
                restaurant: found.name, dayPart: dayPart, kind: kind, edit, by: templateActor(actor)))
    }

    /// The latest template of a day part and kind, if the restaurant has one (the editor's page).
    public func template(restaurant: String, dayPart: DayPart, kind: ChecklistKind) throws -> TemplateVersion? {
        let found = try access.templateEditor(restaurant)
        return try database.template(restaurant: found.name, dayPart: dayPart, kind: kind)
    }
}
