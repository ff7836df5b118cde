import CalendarDays
import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import NIOCore
import Roofing

/// The roofing pages, phone first: `/roofing` (the projects; a new project), `/roofing/catalogue?q=` (catalogue
/// search with large touch targets, each hit with a quick "add to project" form) and `/roofing/projects/NAME`
/// (the lines by section with quick quantity entry, extra work, deductions, advances, the roofers' hours, the
/// account with each roofer's share, downloads and submission). Every form carries the session's CSRF token; what
/// the rules refuse goes back to the form with the words (`PageFlow`).
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
            let catalogues = try service.catalogues().map(\.name)
            let values: [String: Any] = [
                "csrf": session.csrfToken, "message": PageFlow.message(request), "editor": service.canEdit,
                "none": projects.isEmpty,
                "projects": projects.map { p -> [String: Any] in
                    [
                        "name": p.name, "path": R.pathComponent(p.name), "status": p.status,
                        "customer": p.customer, "address": p.address, "lines": p.lines,
                    ]
                },
                "catalogues": catalogues, "hasCatalogues": !catalogues.isEmpty,
            ]
            return renderer.page("roofing/index", title: "Roofing", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/roofing/projects") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, editing: true)
            return try PageFlow.redirecting(to: "/roofing") {
                projectURL(try service.createProject(try R.form(RoofingProjectInput.self, form)).name)
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
            if !query.isEmpty {
                for hit in try service.search(RoofingSearchInput(q: query, limit: 50)) {
                    let targets = open.filter { $0.catalogue.caseInsensitiveCompare(hit.catalogue) == .orderedSame }
                    let supplement = hit.activity.isSupplement
                    hits.append([
                        "number": hits.count + 1, "pos": hit.activity.position, "name": hit.activity.name,
                        "section": hit.activity.section, "unit": hit.activity.unit.description,
                        "catalogue": hit.catalogue, "price": hit.price.map { $0.danish(currency: hit.currency) } ?? "",
                        "supplement": supplement, "add": service.canEdit && !supplement && !targets.isEmpty,
                        "projects": targets.map(\.name),
                    ])
                }
            }
            let values: [String: Any] = [
                "csrf": session.csrfToken, "query": query, "searched": !query.isEmpty, "hits": hits,
                "none": !query.isEmpty && hits.isEmpty, "message": PageFlow.message(request),
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
            let service = try R.service(environment, user)
            let project = try service.project(named: try R.name(context))
            var values = projectValues(project, canEdit: service.canEdit)
            let path = R.pathComponent(project.name)
            values["photos"] = try service.photos(project: project.name).map {
                ["id": Int($0.id), "caption": $0.caption, "name": $0.name, "path": path] as [String: Any]
            }
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page("roofing/project", title: project.name, values, user: user, csrf: session.csrfToken)
        }
        for download in RoofingDownload.allCases {
            pages.get("/roofing/projects/{name}/\(download.rawValue)") { request, context in
                let (user, _) = try requireLogin(request, context)
                return try download.response(
                    try R.service(environment, user, level: download.level), project: try R.name(context),
                    request: request)
            }
        }
        pages.post("/roofing/projects/{name}/lines") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, level: .work)
            let name = try R.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#add-line") {
                let line = try service.addLine(project: name, try R.form(RoofingLineInput.self, form))
                return projectURL(line.project ?? name) + "#line-\(line.line)"
            }
        }
        pages.post("/roofing/projects/{name}/lines/{line}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, level: .work)
            let name = try R.name(context)
            let line = try R.line(context, project: name)
            return try PageFlow.redirecting(to: projectURL(name) + "#line-\(line)") {
                try service.editLine(project: name, line: line, try R.form(RoofingLineChange.self, form))
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/lines/{line}/delete") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let service = try R.service(environment, user, level: .work)
            let name = try R.name(context)
            let line = try R.line(context, project: name)
            return try PageFlow.redirecting(to: projectURL(name) + "#lines") {
                try service.removeLine(project: name, line: line)
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/extra-work") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, editing: true)
            let name = try R.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#extra") {
                try service.addExtraWork(project: name, try R.form(RoofingExtraWorkInput.self, form))
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/deductions") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, editing: true)
            let name = try R.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#deductions") {
                try service.addDeduction(project: name, try R.form(RoofingDeductionInput.self, form))
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/advances") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, editing: true)
            let name = try R.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#advances") {
                try service.addAdvance(project: name, try R.form(RoofingAdvanceInput.self, form))
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/hours") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try R.service(environment, user, level: .work)
            let name = try R.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#roofers") {
                try service.setHours(project: name, try R.form(RoofingHoursInput.self, form))
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/submit") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let service = try R.service(environment, user, editing: true)
            let name = try R.name(context)
            return try PageFlow.redirecting(to: projectURL(name)) {
                let submitted = try service.submit(project: name)
                return PageFlow.withMessage(
                    projectURL(name), "Submitted as version \(submitted.version ?? submitted.versions)")
            }
        }
    }

    static func projectURL(_ name: String) -> String {
        "/roofing/projects/" + RoofingRequests.pathComponent(name)
    }

    /// The project page's values: the lines grouped by section (in the order they were first used), the other
    /// entries, the roofers, and the account's sums and shares in Danish amounts.
    static func projectValues(_ p: RoofingProjectView, canEdit: Bool) -> [String: Any] {
        func kr(_ m: Money) -> String { m.danish(currency: p.currency) }
        let editable = p.isOpen && canEdit
        var sections: [(String, [[String: Any]])] = []
        for line in p.lines {
            let row: [String: Any] = [
                "number": line.line, "pos": line.pos, "name": line.name, "unit": line.unit,
                "quantity": line.quantity.description, "price": kr(line.unitPrice), "amount": kr(line.amount),
                "note": line.note, "editable": editable,
            ]
            if let index = sections.firstIndex(where: { $0.0 == line.section }) {
                sections[index].1.append(row)
            } else {
                sections.append((line.section, [row]))
            }
        }
        var values: [String: Any] = [
            "name": p.name, "path": RoofingRequests.pathComponent(p.name), "status": p.status,
            "address": p.address, "customer": p.customer, "catalogue": p.catalogue, "editable": editable,
            "noLines": p.lines.isEmpty,
            "sections": sections.enumerated().map { index, section -> [String: Any] in
                ["title": section.0.isEmpty ? "Other work" : section.0, "number": index + 1, "lines": section.1]
            },
            "roofers": p.roofers.map { ["name": $0.name, "hours": $0.hours.description] },
            "guaranteedRate": kr(p.guaranteedRate),
        ]
        if let a = p.account {
            values["account"] =
                [
                    "linesTotal": kr(a.linesTotal), "supplementsTotal": kr(a.supplementsTotal),
                    "extraWorkTotal": kr(a.extraWorkTotal), "deductionsTotal": kr(-a.deductionsTotal),
                    "total": kr(a.total), "guaranteed": kr(-a.guaranteed), "advances": kr(-a.advances),
                    "surplus": kr(a.surplus), "hours": a.hours.danish, "hourly": a.hourly.map(kr) ?? "–",
                    "unshared": a.unshared == .zero ? "" : kr(a.unshared),
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
