import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import NIOCore
import TrackModel
import ValueStreams

/// The value-stream pages, phone first: `/vsm` (the maps, the last saved first, with lead time and PCE; search;
/// a new map), `/vsm/maps/NAME` (an overview strip of every sticker as an icon, the timeline of lanes and sticker
/// cards with the lean ladder, the measures, downloads, and forms to add stickers, move them left and right — or
/// drag them, with `/static/vsm.js` —, set their kind with one tap, and add, rename, move and remove sections),
/// `/vsm/maps/NAME/stickers/ID` (edit with font and size pickers, move to another section, remove) and
/// `/vsm/search?q=`. Each form is read
/// into the use case's input (`input(_:_:names:leaving:)`) and goes through `PageFlow`.
enum ValueStreamPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        @Sendable func service(_ user: AppUser, editing: Bool = false) throws -> ValueStreamService {
            try ValueStreamsDomain.service(environment, user, editing: editing)
        }
        @Sendable func name(_ context: AppRequestContext) throws -> String {
            try RequestText.path(context, "name", missing: "no map named")
        }
        @Sendable func sticker(_ context: AppRequestContext) throws -> String {
            try RequestText.path(context, "id", missing: "no such sticker")
        }

        pages.get("/static/vsm.css") { _, _ in
            css(ValueStreamTemplates.stylesheet, cache: "public, max-age=3600")
        }
        pages.get("/static/vsm.js") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: ValueStreamScript.source)))
        }
        pages.get("/vsm") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            var values = indexValues(try service.list(), editor: service.access.mayChange, environment)
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page("vsm/index", title: "Value-stream maps", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/vsm/maps") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            return try PageFlow.redirecting(to: "/vsm") {
                mapURL(try service.create(try input(ValueStreamMapInput.self, form)).map.name)
            }
        }
        pages.get("/vsm/search") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            let query = String(
                ((try? RequestInput.query(ValueStreamSearchInput.self, from: request))?.q ?? "")
                    .trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))
            var values: [String: Any] = ["query": query, "searched": !query.isEmpty]
            if !query.isEmpty {
                let found = try service.search(ValueStreamSearchInput(q: query))
                values["maps"] = found.maps.map { summary -> [String: Any] in
                    ["name": summary.name, "path": pathComponent(summary.name), "state": summary.state.rawValue]
                }
                values["stickers"] = found.stickers.map { match -> [String: Any] in
                    [
                        "map": match.map, "path": pathComponent(match.map), "section": match.section,
                        "id": match.sticker.id, "text": match.sticker.text, "kind": match.sticker.kind.rawValue,
                    ]
                }
            }
            return renderer.page("vsm/search", title: "Search the maps", values, user: user, csrf: session.csrfToken)
        }
        pages.get("/vsm/maps/{name}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            let view = try service.map(named: try name(context))
            var values = mapValues(view, editor: service.access.mayChange, environment)
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page("vsm/map", title: view.map.name, values, user: user, csrf: session.csrfToken)
        }
        pages.get("/vsm/maps/{name}/stickers.css") { request, context in
            let (user, _) = try requireLogin(request, context)
            return css(stickerCSS(try service(user).map(named: try name(context)).map), cache: "private, max-age=86400")
        }
        for format in ValueStreamExportFormat.allCases {
            pages.get("/vsm/maps/{name}/export.\(format.rawValue)") { request, context in
                let (user, _) = try requireLogin(request, context)
                return try format.response(try service(user).export(named: try name(context)), request: request)
            }
        }
        pages.post("/vsm/maps/{name}/settings") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            return try PageFlow.redirecting(to: mapURL(name)) {
                var change = try input(
                    ValueStreamMapChange.self, form,
                    names: ["demand": "demand_per_day", "available": "available_time_per_day_s"])
                // The form shows every setting: one left blank is cleared, and 0 clears demand and working time.
                change.description = change.description ?? ""
                change.demandPerDay = .some((change.demandPerDay ?? nil).flatMap { $0 == 0 ? nil : $0 })
                change.availableTime = .some((change.availableTime ?? nil).flatMap { $0.seconds == 0 ? nil : $0 })
                return mapURL(try service.change(named: name, change).map.name)
            }
        }
        pages.post("/vsm/maps/{name}/duplicate") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            return try PageFlow.redirecting(to: mapURL(name)) {
                mapURL(try service.duplicate(named: name, try input(ValueStreamDuplicateInput.self, form)).map.name)
            }
        }
        pages.post("/vsm/maps/{name}/delete") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            return try PageFlow.redirecting(to: mapURL(name)) {
                try service.delete(named: name)
                return "/vsm"
            }
        }
        pages.post("/vsm/maps/{name}/sections") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            return try PageFlow.redirecting(to: mapURL(name) + "#sections") {
                try service.addSection(map: name, try input(ValueStreamSectionInput.self, form))
                return nil
            }
        }
        for action in ["rename", "move", "delete"] {
            pages.post("/vsm/maps/{name}/sections/\(action)") { request, context in
                let (user, _, form) = try await submittedForm(request, context)
                let service = try service(user, editing: true)
                let name = try name(context)
                let section = form.text("section") ?? ""
                return try PageFlow.redirecting(to: mapURL(name) + "#sections") {
                    switch action {
                    case "delete": try service.removeSection(map: name, section: section)
                    default:
                        var change = try input(
                            ValueStreamSectionChange.self, form, names: ["to": "position"], leaving: ["section"])
                        // Renaming to nothing is refused, not a change of nothing.
                        if action == "rename" { change.name = change.name ?? "" }
                        try service.changeSection(map: name, section: section, change)
                    }
                    return nil
                }
            }
        }
        pages.post("/vsm/maps/{name}/stickers") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            return try PageFlow.redirecting(to: mapURL(name) + "#add-sticker") {
                let added = try service.addSticker(
                    map: name, try input(ValueStreamStickerInput.self, form, names: stickerFields))
                return mapURL(name) + "#sticker-\(added.sticker.id)"
            }
        }
        pages.get("/vsm/maps/{name}/stickers/{id}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            let name = try name(context)
            let found = try service.sticker(map: name, try sticker(context))
            let view = try service.map(named: name)
            var values = stickerValues(found, in: view.map, editor: service.access.mayChange)
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page(
                "vsm/sticker", title: "Sticker #\(found.sticker.id)", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/vsm/maps/{name}/stickers/{id}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            let sticker = try sticker(context)
            return try PageFlow.redirecting(to: mapURL(name) + "/stickers/" + pathComponent(sticker)) {
                var change = try input(ValueStreamStickerChange.self, form, names: stickerFields)
                // The form shows every field: the text is required; a blank %C&A, inventory or colour is cleared.
                change.text = change.text ?? ""
                change.ca = change.ca ?? .some(nil)
                change.inventory = change.inventory ?? .some(nil)
                change.background = change.background ?? .some(nil)
                let edited = try service.editSticker(map: name, sticker, change)
                return mapURL(name) + "#sticker-\(edited.sticker.id)"
            }
        }
        pages.post("/vsm/maps/{name}/stickers/{id}/move") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            let sticker = try sticker(context)
            return try PageFlow.redirecting(to: mapURL(name) + "#sticker-" + pathComponent(sticker)) {
                try service.moveSticker(
                    map: name, sticker, try input(ValueStreamStickerMove.self, form, names: ["to": "position"]))
                return nil
            }
        }
        // One tap on a sticker's kind (value-adding, auxiliary, waste): the kind and its colour (a colour set by hand
        // gives way to the kind's, so the card takes the colour tapped).
        pages.post("/vsm/maps/{name}/stickers/{id}/kind") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            let sticker = try sticker(context)
            return try PageFlow.redirecting(to: mapURL(name) + "#sticker-" + pathComponent(sticker)) {
                let input = try input(ValueStreamStickerChange.self, form)
                guard let kind = input.kind, input == ValueStreamStickerChange(kind: kind) else {
                    throw ServiceError(.invalid, field: "kind", "choose value, auxiliary or waste")
                }
                try service.editSticker(
                    map: name, sticker, ValueStreamStickerChange(kind: kind, background: .some(nil)))
                return nil
            }
        }
        pages.post("/vsm/maps/{name}/stickers/{id}/delete") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let service = try service(user, editing: true)
            let name = try name(context)
            let sticker = try sticker(context)
            return try PageFlow.redirecting(to: mapURL(name) + "/stickers/" + pathComponent(sticker)) {
                try service.removeSticker(map: name, sticker)
                return mapURL(name) + "#timeline"
            }
        }
    }

    // MARK: Forms

    /// The sticker forms' names for the input's fields.
    static let stickerFields = ["process": "process_s", "wait": "wait_s", "colour": "background"]

    /// Fields people may write with a decimal comma or a trailing `%`.
    static let decimalFields: Set<String> = ["ca", "size", "demand_per_day"]

    /// A form as a use case's input: the CSRF token and the fields in `leaving` left out, blank fields absent (not
    /// given), the form's names renamed to the input's (`names`: `process` is `process_s`), values trimmed (a
    /// sticker's text kept as written), and `95 %` or `2,5` read as numbers. A value that does not read is refused
    /// naming its field (422, said on the form's page).
    static func input<T: Decodable>(
        _ type: T.Type, _ form: FormData, names: [String: String] = [:], leaving: Set<String> = []
    ) throws -> T {
        var fields: [(String, String)] = []
        for (field, value) in form.values.sorted(by: { $0.key < $1.key }) where field != "csrf" {
            guard !leaving.contains(field) else { continue }
            let key = names[field] ?? field
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            var text = key == "text" ? value : trimmed
            if decimalFields.contains(key) {
                if text.hasSuffix("%") { text = String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
                text = text.replacingOccurrences(of: ",", with: ".")
            }
            fields.append((key, text))
        }
        return try FormDecoder().decode(T.self, from: fields)
    }

    static func mapURL(_ name: String) -> String { "/vsm/maps/" + pathComponent(name) }

    /// A name for an address: every character outside A–Z, a–z, 0–9 and `-._~` percent-encoded (so addresses and
    /// the `Location` header stay ASCII).
    static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    // MARK: Values

    static func indexValues(_ maps: [ValueStreamSummaryView], editor: Bool, _ environment: ServerEnvironment)
        -> [String: Any]
    {
        let rows = maps.enumerated().map { index, row -> [String: Any] in
            let summary = row.summary
            return [
                "number": index + 1, "name": summary.name, "path": pathComponent(summary.name),
                "state": summary.state.rawValue, "futureOf": summary.futureOf.map { $0 as Any } ?? false,
                "lead": DurationText.text(row.measures.leadTimeSeconds), "pce": percent(row.measures.pce),
                "stickers": summary.stickers, "saved": saved(summary.updated, environment),
            ]
        }
        return [
            "maps": rows, "none": rows.isEmpty, "editor": editor,
            "currents": maps.filter { $0.summary.state == .current }.map(\.summary.name),
        ]
    }

    static func mapValues(_ view: ValueStreamMapView, editor: Bool, _ environment: ServerEnvironment) -> [String: Any] {
        let map = view.map
        let m = map.measures
        var values: [String: Any] = [
            "name": map.name, "path": pathComponent(map.name), "description": map.description,
            "state": map.state.rawValue, "isFuture": map.state == .future,
            "futureOf": map.futureOf.map { $0 as Any } ?? false,
            "futureOfPath": map.futureOf.map(pathComponent) ?? "", "saved": saved(map.updated, environment),
            "stamp": Int(map.updated.timeIntervalSince1970), "editor": editor,
            "demand": map.demandPerDay.map(number) ?? "",
            "available": map.availableSecondsPerDay.map(DurationText.text)?.replacingOccurrences(of: " ", with: "")
                ?? "",
            "noSections": map.sections.isEmpty,
            "kinds": StickerKind.allCases.map { ["value": $0.rawValue, "title": $0.title] },
        ]
        values["measures"] =
            [
                "lead": DurationText.text(m.leadTimeSeconds), "process": DurationText.text(m.processSeconds),
                "waiting": DurationText.text(m.waitingSeconds), "valueAdded": DurationText.text(m.valueAddedSeconds),
                "nonValueAdded": DurationText.text(m.nonValueAddedSeconds), "pce": percent(m.pce),
                "rolledCA": percent(m.rolledCA),
                "takt": m.taktSeconds.map(DurationText.text) ?? "– (set demand and time)",
                "kinds": StickerKind.allCases.map { kind -> [String: Any] in
                    let total = m.byKind[kind] ?? Measures.KindTotal()
                    return [
                        "kind": kind.rawValue, "title": kind.title, "count": total.count,
                        "time": DurationText.text(total.seconds),
                    ]
                },
            ] as [String: Any]
        if let c = view.comparison {
            values["comparison"] =
                [
                    "current": c.current, "currentPath": pathComponent(c.current),
                    "leadChange": (c.leadTimeChangeSeconds <= 0 ? "−" : "+")
                        + DurationText.text(abs(c.leadTimeChangeSeconds)),
                    "pceChange": c.pceChange.map { String(format: "%+.1f points", $0 * 100) } ?? "–",
                    "wasteRemoved": DurationText.text(c.wasteRemovedSeconds), "wasteCount": c.wasteRemovedCount,
                    "waitingRemoved": DurationText.text(c.waitingRemovedSeconds),
                ] as [String: Any]
        }
        values["sections"] = zip(map.sections, map.sectionMeasures).enumerated().map { index, pair -> [String: Any] in
            let (section, measures) = pair
            let count = section.stickers.count
            return [
                "number": index + 1, "name": section.name, "lead": DurationText.text(measures.leadTimeSeconds),
                "pce": percent(measures.pce), "count": count, "empty": count == 0,
                "stickers": section.stickers.enumerated().map { position, s -> [String: Any] in
                    [
                        "id": s.id, "text": s.text, "kind": s.kind.rawValue, "kindTitle": s.kind.title,
                        "kindButtons": kindButtons(s),
                        "process": DurationText.text(s.processSeconds), "wait": DurationText.text(s.waitSeconds),
                        "hasWait": s.waitSeconds > 0, "ca": s.ca.map { number($0) + " %" as Any } ?? false,
                        "inventory": s.inventory.map { String($0) as Any } ?? false,
                        "canLeft": position > 0, "left": position, "canRight": position < count - 1,
                        "right": position + 2,
                    ]
                },
            ]
        }
        // The overview strip: every sticker as a small icon in its colour, in order, by section.
        values["overview"] = map.sections.map { section -> [String: Any] in
            [
                "name": section.name,
                "icons": section.stickers.map { s -> [String: Any] in
                    ["id": s.id, "label": "#\(s.id) \(s.text.prefix(80)), \(s.kind.title)"]
                },
            ]
        }
        values["hasOverview"] = !map.stickers.isEmpty
        values["sectionNames"] = map.sections.enumerated().map { index, section -> [String: Any] in
            ["name": section.name, "last": index == map.sections.count - 1]
        }
        return values
    }

    /// The one-tap buttons of a sticker's kind, the sticker's own pressed.
    static func kindButtons(_ sticker: Sticker) -> [[String: Any]] {
        StickerKind.allCases.map { kind in
            [
                "value": kind.rawValue, "title": kind.title, "chosen": kind == sticker.kind,
                "pressed": kind == sticker.kind ? "true" : "false",
                "short": kind == .auxiliary ? "aux" : kind.rawValue,
            ]
        }
    }

    /// The pickers' choices: the offered fonts and sizes, and the sticker's own where it is none of them.
    static func choices(_ style: StickerStyle) -> (fonts: [[String: Any]], sizes: [[String: Any]]) {
        var fonts = StickerStyle.fontChoices
        if !fonts.contains(style.font) { fonts.append(style.font) }
        var sizes = StickerStyle.sizeChoices
        if !sizes.contains(style.size) { sizes = (sizes + [style.size]).sorted() }
        return (
            fonts.map { ["name": $0, "chosen": $0 == style.font] },
            sizes.map { ["value": number($0), "chosen": $0 == style.size] }
        )
    }

    static func stickerValues(_ found: ValueStreamStickerView, in map: ValueStreamMap, editor: Bool) -> [String: Any] {
        let sticker = found.sticker
        return [
            "map": map.name, "path": pathComponent(map.name), "stamp": Int(map.updated.timeIntervalSince1970),
            "section": found.section, "position": found.position, "id": sticker.id, "text": sticker.text,
            "kindTitle": sticker.kind.title, "editor": editor,
            "kinds": StickerKind.allCases.map {
                ["value": $0.rawValue, "title": $0.title, "chosen": $0 == sticker.kind]
            },
            "process": DurationText.text(sticker.processSeconds).replacingOccurrences(of: " ", with: ""),
            "wait": DurationText.text(sticker.waitSeconds).replacingOccurrences(of: " ", with: ""),
            "ca": sticker.ca.map(number) ?? "", "inventory": sticker.inventory.map(String.init) ?? "",
            "colour": sticker.style.background?.description ?? "", "font": sticker.style.font,
            "size": number(sticker.style.size), "fonts": choices(sticker.style).fonts,
            "sizes": choices(sticker.style).sizes,
            "sectionNames": map.sections.map { ["name": $0.name, "chosen": $0.name == found.section] },
        ]
    }

    /// `12.5 %` or `–`.
    static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "–" }
        return String(format: "%.1f %%", fraction * 100)
    }

    /// `95`, `99.5`, `0.125`: to 3 decimals, whole numbers without.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1_000).rounded() / 1_000
        return rounded.rounded() == rounded && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    static func saved(_ date: Date, _ environment: ServerEnvironment) -> String {
        environment.clock.dateTime(Timestamp(secondsSince1970: date.timeIntervalSince1970))
    }

    // MARK: Stylesheets

    static func css(_ text: String, cache: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: cache],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Each sticker's colour, text colour (dark on light backgrounds) and font, as the map's own stylesheet: the
    /// pages allow no inline styles. Font names keep letters, digits, spaces and hyphens only; sizes are the
    /// sticker's points as pixels, kept between 12 and 28 px so a card stays readable on a phone.
    static func stickerCSS(_ map: ValueStreamMap) -> String {
        var css = ""
        for sticker in map.stickers {
            let colour = sticker.colour
            let luminance = 0.299 * Double(colour.red) + 0.587 * Double(colour.green) + 0.114 * Double(colour.blue)
            let font = String(
                sticker.style.font.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "-") }
                    .prefix(60))
            let family = font.isEmpty ? "system-ui, sans-serif" : "\"\(font)\", system-ui, sans-serif"
            let pixels = Int((min(max(sticker.style.size, 9), 21) * 4 / 3).rounded())
            css += ".vsm-s\(sticker.id) { background: \(colour); color: \(luminance > 150 ? "#111" : "#fff"); "
            css += "font-family: \(family); font-size: \(pixels)px; }\n"
        }
        return css
    }
}
