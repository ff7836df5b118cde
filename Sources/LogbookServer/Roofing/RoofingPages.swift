import CalendarDays
import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import NIOCore
import Roofing
import TrackModel

/// The roofing pages, phone first: `/roofing` (the projects; a new project), `/roofing/catalogue?q=` (catalogue
/// search with large touch targets, each hit with a quick "add to project" form) and `/roofing/projects/NAME` (the
/// lines by section with quick quantity entry, supplements, extra work, deductions, advances, the roofers' hours,
/// photos, the account with each roofer's share and the agreed split, downloads, submission, revision, settling,
/// the final account by e-mail and the versions). Every form carries the session's CSRF token; what the rules
/// refuse on the project page comes back on it beside the field it concerns (`FormProblem`), the rest of the
/// page as it was.
enum RoofingPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        typealias R = RoofingRequests
        pages.get("/static/roofing.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: RoofingTemplates.stylesheet)))
        }
        pages.get("/roofing") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try R.service(environment, user)
            let projects = try service.projects()
            let choices = try service.catalogueChoices()
            let values: [String: Any] = [
                "csrf": session.csrfToken, "message": PageFlow.message(request), "editor": service.canEdit,
                "none": projects.isEmpty, "roofer": !user.readsEveryRoofingProject,
                "projects": projects.map { p -> [String: Any] in
                    [
                        "name": p.name, "path": R.pathComponent(p.name), "status": p.status,
                        "customer": p.customer, "address": p.address, "lines": p.lines,
                    ]
                },
                "catalogues": choices.map(\.name), "hasCatalogues": !choices.isEmpty,
                "onlySample": choices.allSatisfy(\.example), "sample": SampleCatalogue.name,
            ]
            return renderer.page("roofing/index", title: "Roofing", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/roofing/projects") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, editing: true)
            return try PageFlow.redirecting(to: "/roofing") {
                var input = try R.form(RoofingProjectInput.self, form)
                // The team on one line, separated by commas (`Jens, Ole:12`).
                input.roofers = form.text("roofers").map {
                    $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                }
                return projectURL(try service.createProject(input).name)
            }
        }
        pages.get("/roofing/catalogue") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try R.service(environment, user)
            let query = String(
                (RequestText.query(request)["q"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
                    .prefix(200))
            let open = try service.projects().filter(\.isOpen)
            var hits: [[String: Any]] = []
            var examples = false
            if !query.isEmpty {
                for hit in try service.search(RoofingSearchInput(q: query, limit: 50)) {
                    let targets = open.filter { $0.catalogue.caseInsensitiveCompare(hit.catalogue) == .orderedSame }
                    let supplement = hit.activity.isSupplement
                    examples = examples || hit.example
                    hits.append([
                        "number": hits.count + 1, "pos": hit.activity.position, "name": hit.activity.name,
                        "section": hit.activity.section, "unit": hit.activity.unit.description,
                        "catalogue": hit.catalogue, "price": hit.price.map { $0.danish(currency: hit.currency) } ?? "",
                        "supplement": supplement, "example": hit.example,
                        "add": service.canRecordWork && !supplement && !targets.isEmpty,
                        "projects": targets.map(\.name),
                    ])
                }
            }
            let values: [String: Any] = [
                "csrf": session.csrfToken, "query": query, "searched": !query.isEmpty, "hits": hits,
                "none": !query.isEmpty && hits.isEmpty, "message": PageFlow.message(request), "examples": examples,
            ]
            return renderer.page(
                "roofing/catalogue", title: "Roofing catalogue", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/roofing/add") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, level: .work)
            let name = form.text("project") ?? ""
            let back = "/roofing/catalogue?q=" + R.pathComponent(form.text("q") ?? "")
            return try PageFlow.redirecting(to: back) {
                guard !name.isEmpty else { throw ServiceError(.invalid, field: "project", "choose a project") }
                let line = try service.addLine(project: name, try R.form(RoofingLineInput.self, form))
                return projectURL(line.project ?? name) + "#line-\(line.line)"
            }
        }
        pages.get("/roofing/projects/{name}") { request, context in
            let (user, session) = try requireLogin(request, context)
            return try projectPage(
                try R.service(environment, user), try R.name(context), user: user, session: session,
                message: PageFlow.message(request), environment: environment, renderer: renderer)
        }
        for download in RoofingDownload.allCases {
            pages.get("/roofing/projects/{name}/\(download.rawValue)") { request, context in
                let (user, _) = try requireLogin(request, context)
                return try download.response(
                    try R.service(environment, user, level: download.level), project: try R.name(context),
                    request: request)
            }
        }
        registerForms(pages, environment, renderer)
    }

    /// The project page's forms. Done, each goes on to the project page at its section; refused, the page again with
    /// the words beside the field (or at the top of the form) and what was typed.
    static func registerForms(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        typealias R = RoofingRequests
        func form(
            _ suffix: String, _ level: RoofingAccess.Level, form id: @escaping @Sendable (AppRequestContext) -> String,
            fields: Set<String>, anchor: String,
            _ body: @escaping @Sendable (RoofingService, String, FormData, AppRequestContext) throws -> String?
        ) {
            pages.post(RouterPath("/roofing/projects/{name}" + suffix)) { request, context in
                let (user, session, data) = try await submittedForm(request, context)
                let service = try R.service(environment, user, level: level)
                let name = try R.name(context)
                do {
                    return PageRenderer.redirect(try body(service, name, data, context) ?? projectURL(name) + anchor)
                } catch {
                    guard let problem = FormProblem(error, form: id(context), fields: fields) else { throw error }
                    return try projectPage(
                        service, name, user: user, session: session, problem: problem, typed: data,
                        environment: environment, renderer: renderer)
                }
            }
        }
        func fixed(_ id: String) -> @Sendable (AppRequestContext) -> String { { _ in id } }
        let lineForm: @Sendable (AppRequestContext) -> String = { context in
            "line_" + String(context.parameters.get("line") ?? "")
        }

        form("/lines", .work, form: fixed("add_line"), fields: ["pos", "quantity", "note"], anchor: "#add-line") {
            service, name, data, _ in
            let line = try service.addLine(project: name, try R.form(RoofingLineInput.self, data))
            return projectURL(line.project ?? name) + "#line-\(line.line)"
        }
        form("/lines/{line}", .work, form: lineForm, fields: ["quantity", "note"], anchor: "") {
            service, name, data, context in
            let line = try R.line(context, project: name)
            try service.editLine(project: name, line: line, try R.form(RoofingLineChange.self, data))
            return projectURL(name) + "#line-\(line)"
        }
        form("/lines/{line}/delete", .work, form: lineForm, fields: [], anchor: "#lines") { service, name, _, context in
            try service.removeLine(project: name, line: try R.line(context, project: name))
            return nil
        }
        form("/supplements", .account, form: fixed("supplement"), fields: ["pos"], anchor: "#supplements") {
            service, name, data, _ in
            try service.addSupplement(project: name, try R.form(RoofingSupplementInput.self, data))
            return nil
        }
        form(
            "/extra-work", .account, form: fixed("extra"), fields: ["text", "hours", "rate", "amount"], anchor: "#extra"
        ) { service, name, data, _ in
            try service.addExtraWork(project: name, try R.form(RoofingExtraWorkInput.self, data))
            return nil
        }
        form("/deductions", .account, form: fixed("deduction"), fields: ["text", "amount"], anchor: "#deductions") {
            service, name, data, _ in
            try service.addDeduction(project: name, try R.form(RoofingDeductionInput.self, data))
            return nil
        }
        form("/advances", .account, form: fixed("advance"), fields: ["amount", "date", "note"], anchor: "#advances") {
            service, name, data, _ in
            try service.addAdvance(project: name, try R.form(RoofingAdvanceInput.self, data))
            return nil
        }
        form("/hours", .work, form: fixed("hours"), fields: ["roofer", "hours"], anchor: "#roofers") {
            service, name, data, _ in
            try service.setHours(project: name, try R.form(RoofingHoursInput.self, data))
            return nil
        }
        form("/split", .account, form: fixed("split"), fields: [], anchor: "#split") { service, name, data, _ in
            _ = try service.split(project: name, try splitInput(service, name, data))
            return nil
        }
        form("/submit", .account, form: fixed("submit"), fields: [], anchor: "") { service, name, _, _ in
            let submitted = try service.submit(project: name)
            return PageFlow.withMessage(
                projectURL(name), "Submitted as version \(submitted.version ?? submitted.versions)")
        }
        form("/revise", .account, form: fixed("revise"), fields: ["reason"], anchor: "#lines") {
            service, name, data, _ in
            try service.revise(project: name, try R.form(RoofingReviseInput.self, data))
            return PageFlow.withMessage(
                projectURL(name), "Reopened for its next version: change it, then submit it again")
        }
        form("/settle", .account, form: fixed("settle"), fields: [], anchor: "") { service, name, _, _ in
            let version = try service.settle(project: name)
            return PageFlow.withMessage(projectURL(name), "Settled (version \(version)): the account is final")
        }
        form("/email", .pay, form: fixed("email"), fields: ["to", "lang"], anchor: "#email") {
            service, name, data, _ in
            let input = RoofingAccountMailInput(
                to: RoofingAccountMailInput.addresses(data["to"] ?? ""), lang: data.text("lang"))
            let id = try RoofingAccountMail.queue(service, project: name, input, environment: environment)
            return PageFlow.withMessage(
                projectURL(name) + "#email", "The final account is queued for sending (message \(id)).")
        }
        form("/delete", .account, form: fixed("delete"), fields: [], anchor: "") { service, name, _, _ in
            try service.deleteProject(name)
            return PageFlow.withMessage("/roofing", "Deleted the project \(name)")
        }
        form(
            "/photos/{id}/delete", .work,
            form: { context in "photo_" + String(context.parameters.get("id") ?? "") }, fields: [],
            anchor: "#photos"
        ) { service, name, _, context in
            let photo = try RoofingPhotos.photo(context, service)
            try service.removePhoto(project: name, id: photo.id)
            return nil
        }
    }

    /// The split form's fields as the use case's input: `mode` (`percentages`, `amounts` or `clear`) and a `share_N`
    /// for each roofer of the project, in the team's order (the names come from the project, not the form).
    static func splitInput(_ service: RoofingService, _ name: String, _ data: FormData) throws -> RoofingSplitInput {
        let roofers = try service.project(named: name).roofers.map(\.name)
        var percentages: [String: Quantity] = [:]
        var amounts: [String: Money] = [:]
        let mode = data["mode"] ?? "percentages"
        guard mode != "clear" else { return RoofingSplitInput() }
        for (index, roofer) in roofers.enumerated() {
            let text = data.text("share_\(index)") ?? ""
            do throws(RoofingError) {
                if mode == "amounts" {
                    amounts[roofer] = try Money(parsing: text, field: "amounts")
                } else {
                    percentages[roofer] = try Quantity(parsing: text, field: "percentages")
                }
            } catch {
                throw ServiceError(.invalid, field: mode, "\(roofer): \(error.message)")
            }
        }
        return mode == "amounts" ? RoofingSplitInput(amounts: amounts) : RoofingSplitInput(percentages: percentages)
    }

    static func projectURL(_ name: String) -> String {
        "/roofing/projects/" + RoofingRequests.pathComponent(name)
    }

    /// The project page, with a form's refusal and what was typed when there is one (answered with the refusal's
    /// status: 422 or 409).
    static func projectPage(
        _ service: RoofingService, _ name: String, user: AppUser, session: WebSession, message: Any = false,
        problem: FormProblem? = nil, typed: FormData? = nil, environment: ServerEnvironment, renderer: PageRenderer
    ) throws -> Response {
        let project = try service.project(named: name)
        let path = RoofingRequests.pathComponent(project.name)
        var values = projectValues(project, service: service, user: user)
        let work = project.isOpen && service.canRecordWork
        values["photos"] = try service.photos(project: project.name).map {
            ["id": Int($0.id), "caption": $0.caption, "name": $0.name, "path": path, "work": work] as [String: Any]
        }
        values["history"] = try service.history(project: project.name).reversed().map { v -> [String: Any] in
            [
                "version": v.version, "author": v.author, "date": String(v.date.iso8601.prefix(10)),
                "reason": v.reason, "changes": v.changes,
                "total": v.total.map { $0.danish(currency: v.currency) } ?? "–",
            ]
        }
        values["hasHistory"] = project.versions > 0
        values["supplementChoices"] = try supplementChoices(service, project)
        values["hasSupplementChoices"] = !(values["supplementChoices"] as? [Any] ?? []).isEmpty
        values["csrf"] = session.csrfToken
        values["message"] = message
        var employer = RoofingAccountMail.employer(environment)
        if let problem, problem.field == nil, problem.status == .conflict {
            // The log's rules refuse what the account's state no longer allows (a submitted account): the form may
            // not be on the page any more, so the words go at its top.
            values["problem"] = problem.message
        } else if let problem, let typed {
            let shown = problem.values(typed: typed)
            values.merge(shown) { $1 }
            let errors = shown["errors"] as? [String: String] ?? [:]
            let typedValues = shown["typed"] as? [String: String] ?? [:]
            // A line's own form: its message and its typed quantity in the line's row.
            if var sections = values["sections"] as? [[String: Any]] {
                for s in sections.indices {
                    guard var lines = sections[s]["lines"] as? [[String: Any]] else { continue }
                    for l in lines.indices {
                        let key = "line_\(lines[l]["number"] as? Int ?? 0)"
                        if let error = errors[key + "_quantity"] ?? errors[key + "_note"] ?? errors[key] {
                            lines[l]["error"] = error
                            lines[l]["quantity"] = typedValues[key + "_quantity"] ?? lines[l]["quantity"] ?? ""
                        }
                    }
                    sections[s]["lines"] = lines
                }
                values["sections"] = sections
            }
            employer = typedValues["email_to"] ?? employer
            // The split's shares and mode as typed.
            if var shares = values["shares"] as? [[String: Any]] {
                for index in shares.indices { shares[index]["value"] = typedValues["split_share_\(index)"] ?? "" }
                values["shares"] = shares
            }
            values["splitByAmounts"] = typedValues["split_mode"] == "amounts"
        }
        values["employer"] = employer
        return renderer.page(
            "roofing/project", title: project.name, values, user: user, csrf: session.csrfToken,
            status: problem?.status ?? .ok)
    }

    /// The supplements (`%` activities) of the project's catalogue that it has not yet.
    static func supplementChoices(_ service: RoofingService, _ project: RoofingProjectView) throws -> [[String: Any]] {
        guard project.isOpen, service.canEdit, !project.catalogue.isEmpty else { return [] }
        let catalogue = try service.catalogue(named: project.catalogue)
        let have = Set(project.account?.supplements.map(\.pos) ?? [])
        return catalogue.activities.filter { $0.isSupplement && !have.contains($0.position) }.map { activity in
            [
                "pos": activity.position, "name": activity.name,
                "percent": activity.supplement.map { $0.percent.danish } ?? "",
            ]
        }
    }

    /// The project page's values: the lines grouped by section (in the order they were first used), the other
    /// entries, the roofers, the account's sums and shares in Danish amounts, and what the user may do: `work` (lines,
    /// quantities, photos, hours while the account is open), `editable` (the account's own entries), and revising,
    /// settling, e-mailing and deleting as the account's state allows.
    static func projectValues(_ p: RoofingProjectView, service: RoofingService, user: AppUser) -> [String: Any] {
        func kr(_ m: Money) -> String { m.danish(currency: p.currency) }
        let editable = p.isOpen && service.canEdit
        let work = p.isOpen && service.canRecordWork
        var sections: [(String, [[String: Any]])] = []
        for line in p.lines {
            let row: [String: Any] = [
                "number": line.line, "pos": line.pos, "name": line.name, "unit": line.unit,
                "quantity": line.quantity.description, "price": kr(line.unitPrice), "amount": kr(line.amount),
                "note": line.note.isEmpty ? false : line.note, "work": work,
            ]
            if let index = sections.firstIndex(where: { $0.0 == line.section }) {
                sections[index].1.append(row)
            } else {
                sections.append((line.section, [row]))
            }
        }
        let ownHours = !user.mayChangeRoofing
        var values: [String: Any] = [
            "name": p.name, "path": RoofingRequests.pathComponent(p.name), "status": p.status,
            "address": p.address, "customer": p.customer, "catalogue": p.catalogue,
            "example": SampleCatalogue.isSample(p.catalogue), "editable": editable, "work": work,
            "noLines": p.lines.isEmpty,
            "sections": sections.enumerated().map { index, section -> [String: Any] in
                ["title": section.0.isEmpty ? "Other work" : section.0, "number": index + 1, "lines": section.1]
            },
            "roofers": p.roofers.map { ["name": $0.name, "hours": $0.hours.description] },
            "team": p.roofers.map(\.name).joined(separator: ", "), "hasTeam": !p.roofers.isEmpty,
            "shares": p.roofers.enumerated().map { ["index": $0.offset, "name": $0.element.name] as [String: Any] },
            "guaranteedRate": kr(p.guaranteedRate), "ownHours": ownHours, "me": user.name,
            "canRevise": service.canEdit && p.status == "submitted",
            "canSettle": service.canEdit && p.status == "submitted",
            "canDelete": service.canEdit && p.status == "open",
            "canMail": service.access.allows(.pay) && (p.status == "submitted" || p.status == "settled"),
            "payroll": service.access.allows(.pay),
        ]
        if let a = p.account {
            values["split"] = a.split.rawValue
            values["account"] =
                [
                    "linesTotal": kr(a.linesTotal), "supplementsTotal": kr(a.supplementsTotal),
                    "extraWorkTotal": kr(a.extraWorkTotal), "deductionsTotal": kr(-a.deductionsTotal),
                    "total": kr(a.total), "guaranteed": kr(-a.guaranteed), "advances": kr(-a.advances),
                    "surplus": kr(a.surplus), "hours": a.hours.danish, "hourly": a.hourly.map(kr) ?? "–",
                    "unshared": kr(a.unshared), "hasUnshared": a.unshared != .zero, "split": a.split.rawValue,
                    "shares": a.shares.map { s -> [String: Any] in
                        [
                            "roofer": s.roofer, "hours": s.hours.danish, "amount": kr(s.amount),
                            "hourly": s.hourly.map(kr) ?? "–", "balance": kr(s.balance),
                        ]
                    },
                    "supplements": a.supplements.map { s -> [String: Any] in
                        ["pos": s.pos, "name": s.name, "percent": s.percent.danish, "amount": kr(s.amount)]
                    },
                    "extraWork": a.extraWork.map { ["text": $0.text, "amount": kr($0.amount)] },
                    "deductions": a.deductions.map { ["text": $0.text, "amount": kr($0.amount)] },
                    "advancePayments": a.advancePayments.map {
                        ["date": $0.date.description, "amount": kr($0.amount), "note": $0.note]
                    },
                ] as [String: Any]
        }
        if let error = p.accountError { values["accountError"] = error }
        return values
    }
}
