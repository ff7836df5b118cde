import CalendarDays
import Foundation
import HTTPTypes
import Hummingbird
import LogbookReporting
import LogbookStore
import NIOCore
import Reports
import Roofing
import ReportDocuments

/// `/api/v1/roofing/…`: the catalogues and their search, the projects with their account (the `roofing account
/// --format json` document), lines, extra work, deductions, advances, hours, submission and the downloads.
/// Amounts and quantities go in and out as strings of exact decimals (`"1234.50"`, `"33.333"`).
enum RoofingAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        @Sendable func access(_ context: AppRequestContext) throws -> RoofingAccess {
            try RoofingAccess(environment, try context.requireUser())
        }
        api.get("/roofing/catalogues") { _, context in
            let catalogues = try access(context).database.roofingCatalogues()
            return try json(
                catalogues.map {
                    [
                        "name": $0.name, "currency": $0.currency, "activities": $0.activities,
                        "supplements": $0.supplements, "indexings": $0.indexings,
                    ] as [String: Any]
                })
        }
        api.get("/roofing/catalogues/{name}/search") { request, context in
            let access = try access(context)
            let catalogue = try access.database.roofingCatalogue(named: try RoofingAccess.name(context))
            let query = FormData.parse(request.uri.query ?? "").text("q") ?? ""
            guard !query.isEmpty, query.count <= 200 else {
                throw APIError.invalid("q: give 1 to 200 characters to look for", field: "q")
            }
            let day = CalendarDay(parsing: FormData.parse(request.uri.query ?? "").text("date") ?? "")
            return try json(
                CatalogueSearch.search(query, in: catalogue, limit: 50).map { hit in
                    activityObject(hit.activity, catalogue: catalogue, on: day ?? RoofingAccess.today())
                        .merging(["match": "\(hit.match)"]) { $1 }
                })
        }
        api.get("/roofing/projects") { _, context in
            try json(
                try access(context).database.roofingProjects().map {
                    [
                        "name": $0.name, "customer": $0.customer, "address": $0.address, "status": $0.status,
                        "catalogue": $0.catalogue, "roofers": $0.roofers, "lines": $0.lines,
                        "versions": $0.versions,
                    ] as [String: Any]
                })
        }
        api.post("/roofing/projects") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(
                request,
                allowed: ["name", "address", "customer", "catalogue", "start", "end", "guaranteed_rate", "roofers"])
            var roofers: [Roofer] = []
            if body.has("roofers") {
                guard let texts = body.object["roofers"] as? [String] else {
                    throw APIError.invalid("roofers: expected an array of \"NAME\" or \"NAME:HOURS\"", field: "roofers")
                }
                for text in texts {
                    do throws(RoofingError) {
                        roofers.append(try Roofer(parsing: text, field: "roofers"))
                    } catch {
                        throw APIError.invalid("roofers: '\(text.prefix(40))': \(error.message)", field: "roofers")
                    }
                }
            }
            let project = try access.create(
                name: try body.string("name") ?? "", address: try body.string("address") ?? "",
                customer: try body.string("customer") ?? "", catalogue: try body.string("catalogue"),
                start: try RoofingAccess.day(try body.string("start"), "start"),
                end: try RoofingAccess.day(try body.string("end"), "end"),
                rate: try RoofingAccess.money(try body.string("guaranteed_rate"), "guaranteed_rate") ?? .zero,
                roofers: roofers)
            return try projectResponse(try access.project(project.name), status: .created)
        }
        api.get("/roofing/projects/{name}") { _, context in
            let access = try access(context)
            return try projectResponse(try access.project(try RoofingAccess.name(context)))
        }
        api.post("/roofing/projects/{name}/lines") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["pos", "quantity", "note"])
            let name = try RoofingAccess.name(context)
            let (number, project) = try addLine(
                name, pos: try decimalText(body, "pos"), quantity: try decimalText(body, "quantity"),
                note: try body.string("note") ?? "", access)
            var object = lineObject(project.lines[number - 1], number: number)
            object["project"] = project.name
            return try json(object, status: .created)
        }
        api.patch("/roofing/projects/{name}/lines/{line}") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let name = try RoofingAccess.name(context)
            let line = try RoofingAccess.line(context.parameters.get("line"), in: name)
            let body = try await JSONBody.read(request, allowed: ["quantity", "note"])
            let quantity = try RoofingAccess.quantity(try body.string("quantity"), "quantity")
            let note = try body.string("note")
            guard quantity != nil || note != nil else {
                throw APIError.invalid("quantity: give the quantity or the note to change", field: "quantity")
            }
            let project = try access.change(name) { p throws(RoofingError) in
                try p.editLine(at: line - 1, quantity: quantity, note: note)
            }
            return try json(lineObject(project.lines[line - 1], number: line))
        }
        api.delete("/roofing/projects/{name}/lines/{line}") { _, context in
            let access = try access(context)
            let name = try RoofingAccess.name(context)
            let line = try RoofingAccess.line(context.parameters.get("line"), in: name)
            try access.change(name) { p throws(RoofingError) in try p.removeLine(at: line - 1) }
            return Response(status: .noContent)
        }
        api.post("/roofing/projects/{name}/extra-work") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["text", "hours", "rate", "amount"])
            let work = try extraWork(
                text: try body.string("text"), hours: try body.string("hours"), rate: try body.string("rate"),
                amount: try body.string("amount"))
            try access.change(try RoofingAccess.name(context)) { p throws(RoofingError) in try p.addExtraWork(work) }
            return try projectResponse(try access.project(try RoofingAccess.name(context)), status: .created)
        }
        api.post("/roofing/projects/{name}/deductions") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["text", "amount"])
            let deduction = try deduction(text: try body.string("text"), amount: try body.string("amount"))
            try access.change(try RoofingAccess.name(context)) { p throws(RoofingError) in
                try p.addDeduction(deduction)
            }
            return try projectResponse(try access.project(try RoofingAccess.name(context)), status: .created)
        }
        api.post("/roofing/projects/{name}/advances") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["amount", "date", "note"])
            let advance = try advance(
                amount: try body.string("amount"), date: try body.string("date"), note: try body.string("note"))
            try access.change(try RoofingAccess.name(context)) { p throws(RoofingError) in try p.addAdvance(advance) }
            return try projectResponse(try access.project(try RoofingAccess.name(context)), status: .created)
        }
        api.post("/roofing/projects/{name}/hours") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["roofer", "hours"])
            let (roofer, hours) = try rooferHours(roofer: try body.string("roofer"), hours: try body.string("hours"))
            try access.change(try RoofingAccess.name(context)) { p throws(RoofingError) in
                try p.setHours(hours, for: roofer)
            }
            return try projectResponse(try access.project(try RoofingAccess.name(context)))
        }
        api.post("/roofing/projects/{name}/submit") { _, context in
            let access = try access(context)
            let name = try RoofingAccess.name(context)
            let version = try access.submit(name)
            var object = try projectObject(try access.project(name))
            object["version"] = version.number
            return try json(object)
        }
        for download in Download.allCases {
            api.get("/roofing/projects/{name}/\(download.rawValue)") { request, context in
                let access = try access(context)
                return try download.response(
                    try access.project(try RoofingAccess.name(context)).project, query: request.uri.query,
                    database: access.database)
            }
        }
    }

    // MARK: Changes shared with the pages

    /// Adds a line for the activity at `pos` with `quantity`; its 1-based number and the saved project.
    static func addLine(_ name: String, pos: String?, quantity: String?, note: String, _ access: RoofingAccess)
        throws -> (Int, Project)
    {
        try access.requireEditor()
        guard let pos, !pos.isEmpty else { throw APIError.invalid("pos: missing", field: "pos") }
        guard let quantity = try RoofingAccess.quantity(quantity, "quantity") else {
            throw APIError.invalid("quantity: missing", field: "quantity")
        }
        let activity = try access.activity(pos, project: try access.project(name).project)
        let project = try access.change(name) { p throws(RoofingError) in
            try p.add(activity, quantity: quantity, note: note)
        }
        return (project.lines.count, project)
    }

    static func extraWork(text: String?, hours: String?, rate: String?, amount: String?) throws -> ExtraWork {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.invalid("text: say what was done", field: "text")
        }
        if let amount = try RoofingAccess.money(amount, "amount") {
            guard hours == nil, rate == nil else {
                throw APIError.invalid("amount: give an amount, or hours and a rate, not both", field: "amount")
            }
            return ExtraWork(text: text, pricing: .fixed(amount))
        }
        guard let hours = try RoofingAccess.hours(hours, "hours") else {
            throw APIError.invalid("hours: give hours and a rate, or an amount", field: "hours")
        }
        guard let rate = try RoofingAccess.money(rate, "rate") else {
            throw APIError.invalid("rate: give the hourly rate with the hours", field: "rate")
        }
        return ExtraWork(text: text, pricing: .hours(hours, rate: rate))
    }

    static func deduction(text: String?, amount: String?) throws -> Deduction {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.invalid("text: say what is deducted", field: "text")
        }
        guard let amount = try RoofingAccess.money(amount, "amount"), amount > .zero else {
            throw APIError.invalid("amount: a deduction is a positive amount (it is subtracted)", field: "amount")
        }
        return Deduction(text: text, amount: amount)
    }

    static func advance(amount: String?, date: String?, note: String?) throws -> Advance {
        guard let amount = try RoofingAccess.money(amount, "amount"), amount > .zero else {
            throw APIError.invalid("amount: an advance is a positive amount", field: "amount")
        }
        guard let day = try RoofingAccess.day(date, "date") else {
            throw APIError.invalid("date: the day it was paid (YYYY-MM-DD)", field: "date")
        }
        return Advance(date: day, amount: amount, note: note ?? "")
    }

    static func rooferHours(roofer: String?, hours: String?) throws -> (String, Quantity) {
        guard let roofer, !roofer.trimmingCharacters(in: .whitespaces).isEmpty, !roofer.contains(":") else {
            throw APIError.invalid("roofer: expected a name", field: "roofer")
        }
        guard let hours = try RoofingAccess.hours(hours, "hours") else {
            throw APIError.invalid("hours: missing", field: "hours")
        }
        return (roofer, hours)
    }

    /// A decimal as the API takes it: a string (`"12.5"`); a JSON number is refused, as it may not be exact.
    static func decimalText(_ body: JSONBody, _ key: String) throws -> String? {
        guard let value = body.object[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else {
            throw APIError.invalid("\(key): expected a string of an exact decimal such as \"12.5\"", field: key)
        }
        return text
    }

    // MARK: Documents

    static func json(_ object: Any, status: HTTPResponse.Status = .ok) throws -> Response {
        var data = try JSONSerialization.data(
            withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        data.append(contentsOf: Array("\n".utf8))
        return JSONResponse.make(data, status: status)
    }

    static func projectResponse(_ stored: StoredRoofingProject, status: HTTPResponse.Status = .ok) throws -> Response {
        try json(try projectObject(stored), status: status)
    }

    /// The project as `roofing project show --format json` shows it, its lines numbered, and `account`: the
    /// `roofing account --format json` document (null when the account cannot be made, with `account_error`).
    static func projectObject(_ stored: StoredRoofingProject) throws -> [String: Any] {
        let p = stored.project
        var object: [String: Any] = [
            "name": p.name, "address": p.address, "customer": p.customer,
            "start": p.start?.description ?? NSNull(), "end": p.end?.description ?? NSNull(),
            "status": stored.status, "catalogue": p.catalogue, "currency": p.currency,
            "guaranteed_rate": p.guaranteedHourlyRate.description,
            "roofers": p.roofers.map { ["name": $0.name, "hours": $0.hours.description] },
            "lines": p.lines.enumerated().map { lineObject($0.element, number: $0.offset + 1) },
            "versions": stored.versions.count,
        ]
        let account: Account
        do throws(RoofingError) {
            account = try Account(p)
        } catch {
            object["account"] = NSNull()
            object["account_error"] = error.description
            return object
        }
        object["account"] = try JSONSerialization.jsonObject(with: account.json())
        return object
    }

    static func lineObject(_ line: AccountLine, number: Int) -> [String: Any] {
        [
            "line": number, "pos": line.position, "section": line.section, "name": line.name,
            "unit": line.unit.description, "quantity": line.quantity.description,
            "unit_price": line.unitPrice.description, "amount": line.amount.description, "note": line.note,
        ]
    }

    static func activityObject(_ activity: Activity, catalogue: Catalogue, on day: CalendarDay) -> [String: Any] {
        let priced = catalogue.activity(activity.position, on: day) ?? activity
        var object: [String: Any] = [
            "pos": activity.position, "section": activity.section, "name": activity.name,
            "unit": activity.unit.description, "catalogue": catalogue.name,
            "price": priced.price?.description ?? NSNull(),
        ]
        if let (percent, base) = activity.supplement {
            object["percent"] = percent.description
            object["base"] = base.description
        }
        return object
    }

    /// What an account downloads as: the union's form as PDF, its entries as CSV, each roofer's pay for payroll.
    enum Download: String, CaseIterable {
        case pdf = "account.pdf"
        case csv = "account.csv"
        case payroll = "payroll.csv"

        var contentType: String { self == .pdf ? "application/pdf" : "text/csv; charset=utf-8" }

        /// `?lang=en` for English labels, `?paper=letter` for the PDF on Letter.
        /// The PDF carries the project's photos as its appendix (read from `database`).
        func response(_ project: Project, query: String?, database: AppDatabase) throws -> Response {
            let form = FormData.parse(query ?? "")
            let language: RoofingAccountDocument.Language = form.text("lang") == "en" ? .english : .danish
            let paper: ReportPDF.Paper
            switch form.text("paper")?.lowercased() ?? "a4" {
            case "a4": paper = .a4
            case "letter": paper = .letter
            default: throw APIError.invalid("paper: expected a4 or letter", field: "paper")
            }
            let account: Account
            do throws(RoofingError) {
                account = try Account(project)
            } catch {
                throw RoofingAccess.apiError(error)
            }
            let photos = self == .pdf ? try RoofingAccountPhotos.load(project: project.name, database) : []
            let document = RoofingAccountDocument(
                project: project, account: account, language: language, photos: photos)
            let bytes: [UInt8]
            switch self {
            case .pdf:
                do throws(ReportError) {
                    bytes = try RoofingAccountPDF.render(document, paper: paper)
                } catch {
                    throw APIError(.internalServerError, "rendering", "the account could not be drawn: \(error.reason)")
                }
            case .csv: bytes = Array(RoofingAccountCSV.account(document).utf8)
            case .payroll: bytes = Array(RoofingAccountCSV.payroll(document).utf8)
            }
            let file = String(
                project.name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }
                    .prefix(100))
            let suffix = self == .payroll ? "-payroll.csv" : self == .pdf ? ".pdf" : ".csv"
            return Response(
                status: .ok,
                headers: [
                    .contentType: contentType, .contentDisposition: "attachment; filename=\"\(file)\(suffix)\"",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
}
