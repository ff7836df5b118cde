import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices

/// `/api/v1/vsm/…`: the maps as `logbook vsm … --format json` shows them, their sections and stickers, search,
/// import and downloads (JSON, PDF, SVG, PNG). Each route decodes its input (`RequestInput`), calls
/// `ValueStreamService` and answers its view; errors are mapped by the error middleware.
enum ValueStreamAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        @Sendable func service(_ context: AppRequestContext, editing: Bool = false) throws -> ValueStreamService {
            try ValueStreamsDomain.service(environment, try context.requireUser(), editing: editing)
        }
        @Sendable func name(_ context: AppRequestContext) throws -> String {
            try RequestText.path(context, "name", missing: "no map named")
        }

        api.get("/vsm/maps") { _, context in
            try json(try service(context).list())
        }
        api.post("/vsm/maps") { request, context in
            let service = try service(context, editing: true)
            let input = try await RequestInput.decode(ValueStreamMapInput.self, from: request, context: context)
            return try json(try service.create(input), status: .created)
        }
        api.get("/vsm/maps/{name}") { _, context in
            try json(try service(context).map(named: try name(context)))
        }
        api.patch("/vsm/maps/{name}") { request, context in
            let service = try service(context, editing: true)
            let input = try await RequestInput.decode(ValueStreamMapChange.self, from: request, context: context)
            return try json(try service.change(named: try name(context), input))
        }
        api.delete("/vsm/maps/{name}") { _, context in
            try service(context, editing: true).delete(named: try name(context))
            return Response(status: .noContent)
        }
        api.post("/vsm/maps/{name}/duplicate") { request, context in
            let service = try service(context, editing: true)
            let input = try await RequestInput.decode(ValueStreamDuplicateInput.self, from: request, context: context)
            return try json(try service.duplicate(named: try name(context), input), status: .created)
        }
        api.post("/vsm/maps/{name}/sections") { request, context in
            let service = try service(context, editing: true)
            let input = try await RequestInput.decode(ValueStreamSectionInput.self, from: request, context: context)
            return try json(try service.addSection(map: try name(context), input), status: .created)
        }
        api.patch("/vsm/maps/{name}/sections/{section}") { request, context in
            let service = try service(context, editing: true)
            let section = try RequestText.path(context, "section", missing: "no section named")
            let input = try await RequestInput.decode(ValueStreamSectionChange.self, from: request, context: context)
            return try json(try service.changeSection(map: try name(context), section: section, input))
        }
        api.delete("/vsm/maps/{name}/sections/{section}") { _, context in
            let service = try service(context, editing: true)
            let section = try RequestText.path(context, "section", missing: "no section named")
            try service.removeSection(map: try name(context), section: section)
            return Response(status: .noContent)
        }
        api.post("/vsm/maps/{name}/stickers") { request, context in
            let service = try service(context, editing: true)
            let input = try await RequestInput.decode(ValueStreamStickerInput.self, from: request, context: context)
            return try json(try service.addSticker(map: try name(context), input), status: .created)
        }
        api.patch("/vsm/maps/{name}/stickers/{id}") { request, context in
            let service = try service(context, editing: true)
            let sticker = try RequestText.path(context, "id", missing: "no such sticker")
            let input = try await RequestInput.decode(ValueStreamStickerChange.self, from: request, context: context)
            return try json(try service.editSticker(map: try name(context), sticker, input))
        }
        api.post("/vsm/maps/{name}/stickers/{id}/move") { request, context in
            let service = try service(context, editing: true)
            let sticker = try RequestText.path(context, "id", missing: "no such sticker")
            let input = try await RequestInput.decode(ValueStreamStickerMove.self, from: request, context: context)
            return try json(try service.moveSticker(map: try name(context), sticker, input))
        }
        api.delete("/vsm/maps/{name}/stickers/{id}") { _, context in
            let service = try service(context, editing: true)
            let sticker = try RequestText.path(context, "id", missing: "no such sticker")
            try service.removeSticker(map: try name(context), sticker)
            return Response(status: .noContent)
        }
        api.get("/vsm/search") { request, context in
            let service = try service(context)
            return try json(try service.search(try RequestInput.query(ValueStreamSearchInput.self, from: request)))
        }
        api.post("/vsm/import") { request, context in
            let service = try service(context, editing: true)
            let input = try RequestInput.query(ValueStreamImportInput.self, from: request)
            let data = Data(try await BodyLimit.collect(request).readableBytesView)
            try RequestText.check(json: data)
            let imported = try service.importMap(try ValueStreamService.document(data), input)
            return try json(imported.view, status: imported.replaced ? .ok : .created)
        }
        for format in ValueStreamExportFormat.allCases {
            api.get("/vsm/maps/{name}/export.\(format.rawValue)") { request, context in
                try format.response(try service(context).export(named: try name(context)), request: request)
            }
        }
    }

    /// The view as the answer's JSON (`ServiceJSON`, as `--format json` prints it).
    static func json(_ view: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        JSONResponse.make(try ServiceJSON.encode(view), status: status)
    }
}
