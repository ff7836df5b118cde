import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices
import NIOCore
import ReportDocuments
import Reports
import Roofing

/// `/api/v1/roofing/…`: the catalogues and their search, the projects with their account (the `roofing account
/// --format json` document), lines, supplements, extra work, deductions, advances, hours, the agreed split,
/// submission, revision, settling, the versions, deleting an open project, the final account by e-mail and the
/// downloads.
/// Amounts and quantities go in and out as strings of exact decimals (`"1234.50"`, `"33.333"`).
enum RoofingAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        @Sendable func service(_ context: AppRequestContext, editing: Bool = false) throws -> RoofingService {
            try RoofingRequests.service(environment, try context.requireUser(), editing: editing)
        }
        @Sendable func service(_ context: AppRequestContext, level: RoofingAccess.Level) throws -> RoofingService {
            try RoofingRequests.service(environment, try context.requireUser(), level: level)
        }
        typealias R = RoofingRequests
        api.get("/roofing/catalogues") { _, context in
            try R.json(try service(context).catalogues())
        }
        api.get("/roofing/catalogues/{name}/search") { request, context in
            let service = try service(context)
            var input = try RequestInput.query(RoofingSearchInput.self, from: request)
            input.catalogue = try R.name(context)
            input.limit = 50
            return try R.json(try service.search(input))
        }
        api.get("/roofing/projects") { _, context in
            try R.json(try service(context).projects())
        }
        api.post("/roofing/projects") { request, context in
            let service = try service(context, editing: true)
            let input = try await R.body(RoofingProjectInput.self, request, context)
            return try R.json(try service.createProject(input), status: .created)
        }
        api.get("/roofing/projects/{name}") { _, context in
            try R.json(try service(context).project(named: try R.name(context)))
        }
        api.post("/roofing/projects/{name}/lines") { request, context in
            let service = try service(context, level: .work)
            let input = try await R.body(RoofingLineInput.self, request, context)
            return try R.json(try service.addLine(project: try R.name(context), input), status: .created)
        }
        api.patch("/roofing/projects/{name}/lines/{line}") { request, context in
            let service = try service(context, level: .work)
            let name = try R.name(context)
            let line = try R.line(context, project: name)
            let input = try await R.body(RoofingLineChange.self, request, context)
            return try R.json(try service.editLine(project: name, line: line, input))
        }
        api.delete("/roofing/projects/{name}/lines/{line}") { _, context in
            let service = try service(context, level: .work)
            let name = try R.name(context)
            try service.removeLine(project: name, line: try R.line(context, project: name))
            return Response(status: .noContent)
        }
        api.post("/roofing/projects/{name}/extra-work") { request, context in
            let service = try service(context, editing: true)
            let input = try await R.body(RoofingExtraWorkInput.self, request, context)
            return try R.json(try service.addExtraWork(project: try R.name(context), input), status: .created)
        }
        api.post("/roofing/projects/{name}/deductions") { request, context in
            let service = try service(context, editing: true)
            let input = try await R.body(RoofingDeductionInput.self, request, context)
            return try R.json(try service.addDeduction(project: try R.name(context), input), status: .created)
        }
        api.post("/roofing/projects/{name}/advances") { request, context in
            let service = try service(context, editing: true)
            let input = try await R.body(RoofingAdvanceInput.self, request, context)
            return try R.json(try service.addAdvance(project: try R.name(context), input), status: .created)
        }
        api.post("/roofing/projects/{name}/hours") { request, context in
            let service = try service(context, level: .work)
            let input = try await R.body(RoofingHoursInput.self, request, context)
            return try R.json(try service.setHours(project: try R.name(context), input))
        }
        api.post("/roofing/projects/{name}/submit") { _, context in
            let service = try service(context, editing: true)
            return try R.json(try service.submit(project: try R.name(context)))
        }
        // Issue 29 §1: the rest of what `logbook roofing` does, for the pages and apps alike.
        api.delete("/roofing/projects/{name}") { _, context in
            let service = try service(context, editing: true)
            try service.deleteProject(try R.name(context))
            return Response(status: .noContent)
        }
        api.post("/roofing/projects/{name}/supplements") { request, context in
            let service = try service(context, editing: true)
            let input = try await R.body(RoofingSupplementInput.self, request, context)
            let name = try R.name(context)
            try service.addSupplement(project: name, input)
            return try R.json(try service.project(named: name), status: .created)
        }
        api.post("/roofing/projects/{name}/split") { request, context in
            let service = try service(context, editing: true)
            let input = try await R.body(RoofingSplitInput.self, request, context)
            let name = try R.name(context)
            _ = try service.split(project: name, input)
            return try R.json(try service.project(named: name))
        }
        api.post("/roofing/projects/{name}/revise") { request, context in
            let service = try service(context, editing: true)
            let input = try await R.body(RoofingReviseInput.self, request, context)
            let name = try R.name(context)
            try service.revise(project: name, input)
            return try R.json(try service.project(named: name))
        }
        api.post("/roofing/projects/{name}/settle") { _, context in
            let service = try service(context, editing: true)
            let name = try R.name(context)
            let version = try service.settle(project: name)
            var view = try service.project(named: name)
            view.version = version
            return try R.json(view)
        }
        api.get("/roofing/projects/{name}/history") { _, context in
            try R.json(try service(context).history(project: try R.name(context)))
        }
        api.post("/roofing/projects/{name}/email") { request, context in
            let service = try service(context, level: .pay)
            let input = try await R.body(RoofingAccountMailInput.self, request, context)
            let id = try RoofingAccountMail.queue(
                service, project: try R.name(context), input, environment: environment)
            return try R.json(["queued": id], status: .accepted)
        }
        for download in RoofingDownload.allCases {
            api.get("/roofing/projects/{name}/\(download.rawValue)") { request, context in
                try download.response(
                    try service(context, level: download.level), project: try R.name(context), request: request)
            }
        }
    }
}

/// What an account downloads as, from the API and the pages alike: the union's form as PDF, its entries as CSV,
/// each roofer's pay for payroll.
enum RoofingDownload: String, CaseIterable {
    case pdf = "account.pdf"
    case csv = "account.csv"
    case payroll = "payroll.csv"

    /// `?lang=en` for English labels (Danish otherwise), `?paper=a4|letter` for the PDF.
    struct Query: Decodable {
        var lang: String?
        var paper: String?
    }

    var contentType: String { self == .pdf ? "application/pdf" : "text/csv; charset=utf-8" }

    /// Who may download it: the account is read by whoever sees the project, the payroll file is the firm's.
    var level: RoofingAccess.Level { self == .payroll ? .pay : .read }

    /// The file of the project named; the PDF carries the project's photos as its appendix.
    func response(_ service: RoofingService, project name: String, request: Request) throws -> Response {
        let query = try RequestInput.query(Query.self, from: request)
        let paper: ReportPDF.Paper
        switch query.paper?.lowercased() ?? "a4" {
        case "a4": paper = .a4
        case "letter": paper = .letter
        default: throw ServiceError(.invalid, field: "paper", "expected a4 or letter")
        }
        let document = try service.accountDocument(
            project: name, language: query.lang == "en" ? .english : .danish, photos: self == .pdf)
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
            document.project.name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }
                .prefix(100))
        let suffix = self == .payroll ? "-payroll.csv" : self == .pdf ? ".pdf" : ".csv"
        return Response(
            status: .ok,
            headers: [.contentType: contentType, .contentDisposition: "attachment; filename=\"\(file)\(suffix)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
