import Foundation
import HTTPTypes
import Hummingbird
import LogbookCLI
import LogbookStore
import NIOCore
import Reports
import TrackModel
import ValueStreams
import ReportDocuments

/// `/api/v1/vsm/…`: the maps as `logbook vsm … --format json` shows them, their sections and stickers, search,
/// import and downloads (JSON, PDF, SVG, PNG).
enum ValueStreamAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        @Sendable func access(_ context: AppRequestContext) throws -> VSMAccess {
            try VSMAccess(environment, try context.requireUser())
        }
        api.get("/vsm/maps") { _, context in
            JSONResponse.make(try listJSON(try access(context)))
        }
        api.post("/vsm/maps") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(
                request, allowed: ["name", "description", "demand_per_day", "available_time_per_day_s", "future_of"])
            let name = try body.string("name") ?? ""
            let futureOf = try body.string("future_of").map { try access.checkFutureOf($0) }
            let map = ValueStreamMap(
                name: name, description: try body.string("description") ?? "",
                state: futureOf == nil ? .current : .future, futureOf: futureOf,
                demandPerDay: try body.number("demand_per_day"),
                availableSecondsPerDay: try body.number("available_time_per_day_s"), created: VSMAccess.now)
            try access.create(map)
            return mapResponse(try access.map(name), access, status: .created)
        }
        api.get("/vsm/maps/{name}") { _, context in
            let access = try access(context)
            return mapResponse(try access.map(try VSMAccess.name(context)), access)
        }
        api.patch("/vsm/maps/{name}") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(
                request, allowed: ["name", "description", "demand_per_day", "available_time_per_day_s", "future_of"])
            let map = try patchMap(try VSMAccess.name(context), body, access)
            return mapResponse(map, access)
        }
        api.delete("/vsm/maps/{name}") { _, context in
            try access(context).delete(try VSMAccess.name(context))
            return Response(status: .noContent)
        }
        api.post("/vsm/maps/{name}/duplicate") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["name", "future"])
            let copy = try duplicate(
                try VSMAccess.name(context), as: try body.string("name") ?? "",
                future: try body.bool("future") ?? false,
                access)
            return mapResponse(copy, access, status: .created)
        }
        api.post("/vsm/maps/{name}/sections") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["name", "position"])
            let section = try body.string("name") ?? ""
            let position = try body.integer("position")
            let map = try access.change(try VSMAccess.name(context), fields: ["section": "name"]) {
                map throws(ValueStreamError) in try map.addSection(section, at: position)
            }
            return mapResponse(map, access, status: .created)
        }
        api.patch("/vsm/maps/{name}/sections/{section}") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: ["name", "position"])
            let section = try VSMAccess.name(context, "section")
            let newName = try body.string("name")
            let position = try body.integer("position")
            let map = try access.change(try VSMAccess.name(context), fields: ["section": "name"]) {
                map throws(ValueStreamError) in
                var current = map.sections[try map.sectionIndex(section)].name
                if let newName {
                    try map.renameSection(current, to: newName)
                    current = newName
                }
                if let position { try map.moveSection(current, to: position) }
            }
            return mapResponse(map, access)
        }
        api.delete("/vsm/maps/{name}/sections/{section}") { _, context in
            let section = try VSMAccess.name(context, "section")
            try access(context).change(try VSMAccess.name(context)) { map throws(ValueStreamError) in
                try map.removeSection(section)
            }
            return Response(status: .noContent)
        }
        api.post("/vsm/maps/{name}/stickers") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let body = try await JSONBody.read(request, allowed: StickerFields.keys.union(["section", "position"]))
            let fields = try StickerFields(body)
            guard let text = fields.change.text else { throw APIError.invalid("text: missing", field: "text") }
            guard let kind = fields.change.kind else {
                throw APIError.invalid("kind: missing (value, auxiliary or waste)", field: "kind")
            }
            let draft = fields.change.applied(to: Sticker(id: 0, text: text, kind: kind))
            let section = try body.string("section")
            let position = try body.integer("position")
            var added: Sticker?
            let map = try access.change(try VSMAccess.name(context)) { map throws(ValueStreamError) in
                let named = try section.map { name throws(ValueStreamError) in try VSMAccess.section(name, in: map) }
                added = try map.addSticker(draft, section: named, at: position)
            }
            return JSONResponse.make(try stickerJSON(try requireAdded(added), in: map), status: .created)
        }
        api.patch("/vsm/maps/{name}/stickers/{id}") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let name = try VSMAccess.name(context)
            let id = try VSMAccess.stickerID(context.parameters.get("id"), in: name)
            let body = try await JSONBody.read(request, allowed: StickerFields.keys)
            let change = try StickerFields(body).change
            let map = try access.change(name) { map throws(ValueStreamError) in try map.editSticker(id, change) }
            return JSONResponse.make(try stickerJSON(id, in: map))
        }
        api.post("/vsm/maps/{name}/stickers/{id}/move") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let name = try VSMAccess.name(context)
            let id = try VSMAccess.stickerID(context.parameters.get("id"), in: name)
            let body = try await JSONBody.read(request, allowed: ["position", "section"])
            guard let position = try body.integer("position") else {
                throw APIError.invalid("position: missing", field: "position")
            }
            let section = try body.string("section")
            let map = try access.change(name) { map throws(ValueStreamError) in
                let named = try section.map { name throws(ValueStreamError) in try VSMAccess.section(name, in: map) }
                try map.moveSticker(id, to: position, section: named)
            }
            return JSONResponse.make(try stickerJSON(id, in: map))
        }
        api.delete("/vsm/maps/{name}/stickers/{id}") { _, context in
            let access = try access(context)
            let name = try VSMAccess.name(context)
            let id = try VSMAccess.stickerID(context.parameters.get("id"), in: name)
            try access.change(name) { map throws(ValueStreamError) in try map.removeSticker(id) }
            return Response(status: .noContent)
        }
        api.get("/vsm/search") { request, context in
            let access = try access(context)
            let query = FormData.parse(request.uri.query ?? "").text("q") ?? ""
            guard !query.isEmpty, query.count <= 200 else {
                throw APIError.invalid("q: give 1 to 200 characters to look for", field: "q")
            }
            return JSONResponse.make(try searchJSON(query, access))
        }
        api.post("/vsm/import") { request, context in
            let access = try access(context)
            try access.requireEditor()
            let query = FormData.parse(request.uri.query ?? "")
            let data = try await JSONBody.collect(request)
            try RequestText.check(json: data)
            let (map, replaced) = try importMap(
                data, name: query.text("name"), replace: ["1", "true", "yes"].contains(query.text("replace") ?? ""),
                access)
            return mapResponse(map, access, status: replaced ? .ok : .created)
        }
        for format in ExportFormat.allCases {
            api.get("/vsm/maps/{name}/export.\(format.rawValue)") { request, context in
                let access = try access(context)
                let map = try access.map(try VSMAccess.name(context))
                let paper = FormData.parse(request.uri.query ?? "").text("paper")
                return try format.response(map, current: access.current(of: map), paper: paper)
            }
        }
    }

    // MARK: Maps

    static func mapResponse(_ map: ValueStreamMap, _ access: VSMAccess, status: HTTPResponse.Status = .ok)
        -> Response
    {
        var data = ValueStreamJSON.encode(map, measures: true, current: access.current(of: map))
        data.append(contentsOf: Array("\n".utf8))
        return JSONResponse.make(data, status: status)
    }

    /// `vsm list --format json`: the maps, the last saved first, with their lead time and PCE.
    static func listJSON(_ access: VSMAccess) throws -> String {
        var listing = Listing([
            ("name", "Map"), ("state", "State"), ("future_of", "Future of"), ("sections", "Sections"),
            ("stickers", "Stickers"), ("lead_time_s", "Lead time s"), ("pce", "PCE"), ("created", "Created"),
            ("updated", "Saved"),
        ])
        for (summary, measures) in try summaries(access) {
            listing.append([
                .text(summary.name), .text(summary.state.rawValue), .text(summary.futureOf),
                .integer(summary.sections), .integer(summary.stickers), .number(measures.leadTimeSeconds, decimals: 0),
                .number(measures.pce, decimals: 3),
                .time(Timestamp(secondsSince1970: summary.created.timeIntervalSince1970)),
                .time(Timestamp(secondsSince1970: summary.updated.timeIntervalSince1970)),
            ])
        }
        return listing.json()
    }

    /// Every map with its measures, the last saved first.
    static func summaries(_ access: VSMAccess) throws -> [(ValueStreamMapSummary, Measures)] {
        try access.database.valueStreamMaps().compactMap { summary in
            // A map deleted between the two reads is simply not listed.
            guard let map = try? access.map(summary.name) else { return nil }
            return (summary, map.measures)
        }
    }

    /// Applies a patch of the map's own fields (`null` clears demand, available time and `future_of`).
    static func patchMap(_ name: String, _ body: JSONBody, _ access: VSMAccess) throws -> ValueStreamMap {
        let newName = try body.string("name")
        let description = try body.string("description")
        let demand = try body.number("demand_per_day")
        let available = try body.number("available_time_per_day_s")
        let futureOf = try body.string("future_of").map { try access.checkFutureOf($0) }
        if let futureOf, futureOf.caseInsensitiveCompare(name) == .orderedSame {
            throw APIError.invalid("future_of: a map cannot improve itself", field: "future_of")
        }
        return try access.change(name) { map throws(ValueStreamError) in
            if let newName {
                try ValueStreamMap.checkName(newName)
                map.name = newName
            }
            if let description { map.description = description }
            if body.has("demand_per_day") { map.demandPerDay = demand }
            if body.has("available_time_per_day_s") { map.availableSecondsPerDay = available }
            if body.has("future_of") {
                map.state = futureOf == nil ? .current : .future
                map.futureOf = futureOf
            }
        }
    }

    /// A copy under a new name, with the same stickers and numbers; `future`: as the map's future state.
    static func duplicate(_ name: String, as newName: String, future: Bool, _ access: VSMAccess) throws
        -> ValueStreamMap
    {
        var copy = try access.map(name)
        if future, copy.state == .future {
            throw APIError.refused("\(copy.name) is a future state itself; duplicate its current map")
        }
        let original = copy.name
        let now = VSMAccess.now
        copy.name = newName
        copy.created = now
        copy.updated = now
        if future {
            copy.state = .future
            copy.futureOf = original
        }
        try access.create(copy)
        return try access.map(newName)
    }

    /// Stores a map from its JSON document (under `name` if given); an existing map of that name is replaced
    /// only with `replace` (it keeps its creation date), else 409. Returns the map and whether it replaced one.
    static func importMap(_ data: Data, name: String?, replace: Bool, _ access: VSMAccess) throws -> (
        ValueStreamMap, Bool
    ) {
        var map: ValueStreamMap
        do throws(ValueStreamError) {
            map = try ValueStreamJSON.decode(data)
            if let name {
                try ValueStreamMap.checkName(name)
                map.name = name
            }
        } catch {
            throw VSMAccess.apiError(error)
        }
        if let futureOf = map.futureOf { map.futureOf = try access.checkFutureOf(futureOf) }
        guard (try? access.map(map.name)) != nil else {
            try access.create(map)
            return (try access.map(map.name), false)
        }
        guard replace else {
            throw APIError.refused("a map named \"\(map.name)\" exists; add ?replace=true to overwrite it or ?name=NEW")
        }
        let imported = map
        let stored = try access.change(map.name) { stored throws(ValueStreamError) in
            let created = stored.created
            stored = imported
            stored.created = created
        }
        return (stored, true)
    }

    // MARK: Stickers

    /// The fields of a sticker a request may give, as a change (`null` clears background, %C&A and inventory).
    struct StickerFields {
        static let keys: Set<String> = [
            "text", "kind", "background", "font", "size", "process_s", "wait_s", "ca", "inventory",
        ]
        var change = StickerChange()

        init(_ body: JSONBody) throws {
            change.text = try body.string("text")
            if let kind = try body.string("kind") {
                guard let parsed = StickerKind(parsing: kind) else {
                    throw APIError.invalid("kind: expected value, auxiliary or waste", field: "kind")
                }
                change.kind = parsed
            }
            if body.has("background") {
                if let text = try body.string("background"), text.lowercased() != "default" {
                    guard let colour = Colour(parsing: text) else {
                        throw APIError.invalid(
                            "background: expected #RRGGBB, a colour name or null", field: "background")
                    }
                    change.background = .some(colour)
                } else {
                    change.background = .some(nil)
                }
            }
            change.font = try body.string("font")
            change.size = try body.number("size")
            change.processSeconds = try body.number("process_s")
            change.waitSeconds = try body.number("wait_s")
            if body.has("ca") { change.ca = .some(try body.number("ca")) }
            if body.has("inventory") { change.inventory = .some(try body.integer("inventory")) }
        }
    }

    static func requireAdded(_ sticker: Sticker?) throws -> Int {
        guard let sticker else { throw APIError.internalError }
        return sticker.id
    }

    /// A sticker as the JSON format writes it, with where it is: `{"id", "text", "kind", …, "section", "position"}`.
    static func stickerJSON(_ id: Int, in map: ValueStreamMap) throws -> Data {
        let (s, k) = try stickerLocation(id, in: map)
        var object = stickerObject(map.sections[s].stickers[k])
        object["section"] = map.sections[s].name
        object["position"] = k + 1
        object["map"] = map.name
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) + Data("\n".utf8)
    }

    static func stickerLocation(_ id: Int, in map: ValueStreamMap) throws -> (Int, Int) {
        do throws(ValueStreamError) {
            return try map.location(of: id)
        } catch {
            throw VSMAccess.apiError(error)
        }
    }

    static func stickerObject(_ s: Sticker) -> [String: Any] {
        [
            "id": s.id, "text": s.text, "kind": s.kind.rawValue,
            "background": s.style.background.map { $0.description as Any } ?? NSNull(), "font": s.style.font,
            "size": number(s.style.size), "process_s": number(s.processSeconds), "wait_s": number(s.waitSeconds),
            "ca": s.ca.map(number) ?? NSNull(), "inventory": s.inventory.map { $0 as Any } ?? NSNull(),
        ]
    }

    /// Whole numbers as integers (as the map's JSON format writes them).
    static func number(_ value: Double) -> Any {
        value.rounded() == value && abs(value) < 1e15 ? Int(value) : value
    }

    // MARK: Search

    /// `{"maps": [{"name", "state", "updated"}], "stickers": [{"map", "section", "id", "text", "kind"}]}`.
    static func searchJSON(_ query: String, _ access: VSMAccess) throws -> Data {
        let found = try access.database.searchValueStreams(query)
        let object: [String: Any] = [
            "query": query,
            "maps": found.maps.map { summary in
                [
                    "name": summary.name, "state": summary.state.rawValue,
                    "updated": Timestamp(secondsSince1970: summary.updated.timeIntervalSince1970).iso8601,
                ] as [String: Any]
            },
            "stickers": found.stickers.map { match in
                [
                    "map": match.map, "section": match.section, "id": match.sticker.id, "text": match.sticker.text,
                    "kind": match.sticker.kind.rawValue,
                ] as [String: Any]
            },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) + Data("\n".utf8)
    }

    // MARK: Downloads

    /// What a map downloads as.
    enum ExportFormat: String, CaseIterable {
        case json, pdf, svg, png

        var contentType: String {
            switch self {
            case .json: "application/json; charset=utf-8"
            case .pdf: "application/pdf"
            case .svg: "image/svg+xml"
            case .png: "image/png"
            }
        }

        /// The map's file, offered for saving under its name (`paper`: a4, a3 or letter for the PDF).
        func response(_ map: ValueStreamMap, current: ValueStreamMap?, paper: String?) throws -> Response {
            let bytes: [UInt8]
            let comparison = current.map { MapComparison(future: map, current: $0) }
            do {
                switch self {
                case .json: bytes = Array(ValueStreamJSON.encode(map)) + Array("\n".utf8)
                case .pdf:
                    let size = paper.map { $0.lowercased() } ?? "a4"
                    guard let paper = ValueStreamRendering.Paper(rawValue: size) else {
                        throw APIError.invalid("paper: expected a4, a3 or letter", field: "paper")
                    }
                    bytes = try ValueStreamRendering.pdf(map, paper: paper, comparison: comparison)
                case .svg: bytes = try ValueStreamRendering.svg(map, comparison: comparison)
                case .png: bytes = try ValueStreamRendering.png(map, comparison: comparison)
                }
            } catch let error as ReportError {
                throw APIError(.internalServerError, "rendering", "the map could not be drawn: \(error.reason)")
            }
            return Response(
                status: .ok,
                headers: [
                    .contentType: contentType,
                    .contentDisposition: "attachment; filename=\"\(fileName(map.name)).\(rawValue)\"",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }

        /// The map's name as a file name in a header: ASCII letters, digits, `-`, `_` and `.`; anything else `_`.
        func fileName(_ name: String) -> String {
            String(
                name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }.prefix(100))
        }
    }
}

/// A request's JSON object, read by key: unknown keys and values of the wrong type are 422 naming the field.
struct JSONBody {
    var object: [String: Any]

    /// The body's bytes, at most 1 MiB (`BodyLimit`).
    static func collect(_ request: Request) async throws -> Data {
        Data(try await BodyLimit.collect(request).readableBytesView)
    }

    static func read(_ request: Request, allowed: Set<String>) async throws -> JSONBody {
        let data = try await collect(request)
        try RequestText.check(json: data)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data.isEmpty ? Data("{}".utf8) : data)
        } catch {
            throw APIError.badRequest("the body is not JSON")
        }
        guard let object = parsed as? [String: Any] else { throw APIError.badRequest("the body is not a JSON object") }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIError.invalid(
                "\(unknown): unknown field (this route takes \(allowed.sorted().joined(separator: ", ")))",
                field: unknown)
        }
        return JSONBody(object: object)
    }

    /// Whether the key is there (`null` included).
    func has(_ key: String) -> Bool { object[key] != nil }

    private func value(_ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    private func wrong(_ key: String, _ expected: String) -> APIError {
        APIError.invalid("\(key): expected \(expected)", field: key)
    }

    func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value as? String else { throw wrong(key, "a string") }
        return text
    }

    func number(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value as? NSNumber, !Self.isBool(number), number.doubleValue.isFinite else {
            throw wrong(key, "a number")
        }
        return number.doubleValue
    }

    func integer(_ key: String) throws -> Int? {
        guard let value = try number(key) else { return nil }
        guard value.rounded() == value, abs(value) < 1e12 else { throw wrong(key, "a whole number") }
        return Int(value)
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard let number = value as? NSNumber, Self.isBool(number) else { throw wrong(key, "true or false") }
        return number.boolValue
    }

    /// JSON's true and false arrive as NSNumber too, of type "c" (char).
    static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }
}
