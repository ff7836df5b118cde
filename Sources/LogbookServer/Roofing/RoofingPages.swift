import CalendarDays
import Foundation
import Hummingbird
import LogbookStore
import NIOCore
import Roofing

/// The roofing pages, phone first: `/roofing` (the projects; a new project), `/roofing/catalogue?q=` (catalogue
/// search with large touch targets, each hit with a quick "add to project" form) and `/roofing/projects/NAME`
/// (the lines by section with quick quantity entry, extra work, deductions, advances, the roofers' hours, the
/// account with each roofer's share, downloads and submission). Every form carries the session's CSRF token.
enum RoofingPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        pages.get("/static/roofing.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: RoofingTemplates.stylesheet)))
        }
        pages.get("/roofing") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try RoofingAccess(environment, user)
            let projects = try access.database.roofingProjects()
            let values: [String: Any] = [
                "csrf": session.csrfToken, "message": PageFlow.message(request), "editor": access.canEdit,
                "none": projects.isEmpty,
                "projects": projects.map { p -> [String: Any] in
                    [
                        "name": p.name, "path": RoofingAccess.pathComponent(p.name), "status": p.status,
                        "customer": p.customer, "address": p.address, "lines": p.lines,
                    ]
                },
                "catalogues": try access.database.roofingCatalogues().map(\.name),
            ]
            return renderer.page("roofing/index", title: "Roofing", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/roofing/projects") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            return try PageFlow.redirecting(to: "/roofing") {
                let project = try access.create(
                    name: form.text("name") ?? "", address: form.text("address") ?? "",
                    customer: form.text("customer") ?? "", catalogue: form.text("catalogue"),
                    start: try RoofingAccess.day(form.text("start"), "start"), end: nil,
                    rate: try RoofingAccess.money(form.text("guaranteed_rate"), "guaranteed_rate") ?? .zero,
                    roofers: [])
                return projectURL(project.name)
            }
        }
        pages.get("/roofing/catalogue") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try RoofingAccess(environment, user)
            let query = String((FormData.parse(request.uri.query ?? "").text("q") ?? "").prefix(200))
            let open = try access.database.roofingProjects().filter { $0.status == "open" || $0.status == "revising" }
            var hits: [[String: Any]] = []
            if !query.isEmpty {
                for summary in try access.database.roofingCatalogues() {
                    let catalogue = try access.database.roofingCatalogue(named: summary.name)
                    let targets = open.filter { $0.catalogue.caseInsensitiveCompare(catalogue.name) == .orderedSame }
                    for hit in CatalogueSearch.search(query, in: catalogue, limit: 50) {
                        let a = catalogue.activity(hit.activity.position, on: RoofingAccess.today()) ?? hit.activity
                        hits.append([
                            "pos": a.position, "name": a.name, "section": a.section, "unit": a.unit.description,
                            "catalogue": catalogue.name,
                            "price": a.price.map { $0.danish(currency: catalogue.currency) } ?? "",
                            "supplement": a.isSupplement,
                            "add": access.canEdit && !a.isSupplement && !targets.isEmpty,
                            "projects": targets.map(\.name),
                        ])
                    }
                }
            }
            for index in hits.indices { hits[index]["number"] = index + 1 }
            let values: [String: Any] = [
                "csrf": session.csrfToken, "query": query, "searched": !query.isEmpty, "hits": hits,
                "none": !query.isEmpty && hits.isEmpty, "message": PageFlow.message(request),
            ]
            return renderer.page(
                "roofing/catalogue", title: "Roofing catalogue", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/roofing/add") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = form.text("project") ?? ""
            let back = "/roofing/catalogue?q=" + RoofingAccess.pathComponent(form.text("q") ?? "")
            return try PageFlow.redirecting(to: back) {
                guard !name.isEmpty else { throw APIError.invalid("project: choose a project", field: "project") }
                let (number, project) = try RoofingAPI.addLine(
                    name, pos: form.text("pos"), quantity: form.text("quantity"), note: form.text("note") ?? "",
                    access)
                return projectURL(project.name) + "#line-\(number)"
            }
        }
        pages.get("/roofing/projects/{name}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try RoofingAccess(environment, user)
            let stored = try access.project(try RoofingAccess.name(context))
            var values = projectValues(stored, access)
            let path = RoofingAccess.pathComponent(stored.project.name)
            values["photos"] = try access.database.roofingPhotos(project: stored.project.name).map {
                ["id": Int($0.id), "caption": $0.caption, "name": $0.originalName, "path": path] as [String: Any]
            }
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page(
                "roofing/project", title: stored.project.name, values, user: user, csrf: session.csrfToken)
        }
        for download in RoofingAPI.Download.allCases {
            pages.get("/roofing/projects/{name}/\(download.rawValue)") { request, context in
                let (user, _) = try requireLogin(request, context)
                let access = try RoofingAccess(environment, user)
                return try download.response(
                    try access.project(try RoofingAccess.name(context)).project, query: request.uri.query,
                    database: access.database)
            }
        }
        pages.post("/roofing/projects/{name}/lines") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#add-line") {
                let (number, project) = try RoofingAPI.addLine(
                    name, pos: form.text("pos"), quantity: form.text("quantity"), note: form.text("note") ?? "",
                    access)
                return projectURL(project.name) + "#line-\(number)"
            }
        }
        pages.post("/roofing/projects/{name}/lines/{line}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            let line = try RoofingAccess.line(context.parameters.get("line"), in: name)
            return try PageFlow.redirecting(to: projectURL(name) + "#line-\(line)") {
                let quantity = try RoofingAccess.quantity(form.text("quantity"), "quantity")
                try access.change(name) { p throws(RoofingError) in
                    try p.editLine(at: line - 1, quantity: quantity, note: form["note"])
                }
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/lines/{line}/delete") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            let line = try RoofingAccess.line(context.parameters.get("line"), in: name)
            return try PageFlow.redirecting(to: projectURL(name) + "#lines") {
                try access.change(name) { p throws(RoofingError) in try p.removeLine(at: line - 1) }
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/extra-work") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#extra") {
                let work = try RoofingAPI.extraWork(
                    text: form.text("text"), hours: form.text("hours"), rate: form.text("rate"),
                    amount: form.text("amount"))
                try access.change(name) { p throws(RoofingError) in try p.addExtraWork(work) }
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/deductions") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#deductions") {
                let deduction = try RoofingAPI.deduction(text: form.text("text"), amount: form.text("amount"))
                try access.change(name) { p throws(RoofingError) in try p.addDeduction(deduction) }
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/advances") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#advances") {
                let advance = try RoofingAPI.advance(
                    amount: form.text("amount"), date: form.text("date"), note: form.text("note"))
                try access.change(name) { p throws(RoofingError) in try p.addAdvance(advance) }
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/hours") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            return try PageFlow.redirecting(to: projectURL(name) + "#roofers") {
                let (roofer, hours) = try RoofingAPI.rooferHours(roofer: form.text("roofer"), hours: form.text("hours"))
                try access.change(name) { p throws(RoofingError) in try p.setHours(hours, for: roofer) }
                return nil
            }
        }
        pages.post("/roofing/projects/{name}/submit") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let access = try RoofingAccess(environment, user, editing: true)
            let name = try RoofingAccess.name(context)
            return try PageFlow.redirecting(to: projectURL(name)) {
                let version = try access.submit(name)
                return PageFlow.withMessage(projectURL(name), "Submitted as version \(version.number)")
            }
        }
    }

    static func projectURL(_ name: String) -> String { "/roofing/projects/" + RoofingAccess.pathComponent(name) }

    /// The project page's values: the lines grouped by section (in the order they were first used), the other
    /// entries, the roofers, and the account's sums and shares in Danish amounts.
    static func projectValues(_ stored: StoredRoofingProject, _ access: RoofingAccess) -> [String: Any] {
        let p = stored.project
        func kr(_ m: Money) -> String { m.danish(currency: p.currency) }
        let open = stored.status == "open" || stored.status == "revising"
        let editable = open && access.canEdit
        var sections: [(String, [[String: Any]])] = []
        for (offset, line) in p.lines.enumerated() {
            let row: [String: Any] = [
                "number": offset + 1, "pos": line.position, "name": line.name, "unit": line.unit.description,
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
            "name": p.name, "path": RoofingAccess.pathComponent(p.name), "status": stored.status,
            "address": p.address, "customer": p.customer, "catalogue": p.catalogue, "editable": editable,
            "noLines": p.lines.isEmpty,
            "sections": sections.enumerated().map { index, section -> [String: Any] in
                ["title": section.0.isEmpty ? "Other work" : section.0, "number": index + 1, "lines": section.1]
            },
            "roofers": p.roofers.map { ["name": $0.name, "hours": $0.hours.description] },
            "guaranteedRate": kr(p.guaranteedHourlyRate),
        ]
        do throws(RoofingError) {
            let a = try Account(p)
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
        } catch {
            values["accountError"] = error.description
        }
        return values
    }
}
