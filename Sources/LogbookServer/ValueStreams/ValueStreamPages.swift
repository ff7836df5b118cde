import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookStore
import NIOCore
import TrackModel
import ValueStreams
import LogbookServices

/// The value-stream pages, phone first: `/vsm` (the maps, the last saved first, with lead time and PCE; search;
/// a new map), `/vsm/maps/NAME` (the timeline of lanes and sticker cards with the lean ladder, the measures,
/// downloads, and forms to add stickers, move them left and right, and add, rename, move and remove sections),
/// `/vsm/maps/NAME/stickers/ID` (edit, move to another section, remove) and `/vsm/search?q=`.
enum ValueStreamPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        pages.get("/static/vsm.css") { _, _ in
            css(ValueStreamTemplates.stylesheet, cache: "public, max-age=3600")
        }
        pages.get("/vsm") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try VSMAccess(environment, user)
            var values = try indexValues(access, environment)
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page("vsm/index", title: "Value-stream maps", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/vsm/maps") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = form.text("name") ?? ""
            return try PageFlow.redirecting(to: "/vsm") {
                let futureOf = try form.text("future_of").map { try access.checkFutureOf($0) }
                try access.create(
                    ValueStreamMap(
                        name: name, description: form.text("description") ?? "",
                        state: futureOf == nil ? .current : .future, futureOf: futureOf, created: VSMAccess.now))
                return mapURL(name)
            }
        }
        pages.get("/vsm/search") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try VSMAccess(environment, user)
            let query = String((FormData.parse(request.uri.query ?? "").text("q") ?? "").prefix(200))
            var values: [String: Any] = ["query": query, "searched": !query.isEmpty]
            if !query.isEmpty {
                let found = try access.database.searchValueStreams(query)
                values["maps"] = found.maps.map { summary -> [String: Any] in
                    [
                        "name": summary.name, "path": VSMAccess.pathComponent(summary.name),
                        "state": summary.state.rawValue,
                    ]
                }
                values["stickers"] = found.stickers.map { match -> [String: Any] in
                    [
                        "map": match.map, "path": VSMAccess.pathComponent(match.map), "section": match.section,
                        "id": match.sticker.id, "text": match.sticker.text, "kind": match.sticker.kind.rawValue,
                    ]
                }
            }
            return renderer.page("vsm/search", title: "Search the maps", values, user: user, csrf: session.csrfToken)
        }
        pages.get("/vsm/maps/{name}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try VSMAccess(environment, user)
            let map = try access.map(try VSMAccess.name(context))
            var values = mapValues(map, current: access.current(of: map), access: access, environment)
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page("vsm/map", title: map.name, values, user: user, csrf: session.csrfToken)
        }
        pages.get("/vsm/maps/{name}/stickers.css") { request, context in
            let (user, _) = try requireLogin(request, context)
            let map = try VSMAccess(environment, user).map(try VSMAccess.name(context))
            return css(stickerCSS(map), cache: "private, max-age=86400")
        }
        for format in ValueStreamAPI.ExportFormat.allCases {
            pages.get("/vsm/maps/{name}/export.\(format.rawValue)") { request, context in
                let (user, _) = try requireLogin(request, context)
                let access = try VSMAccess(environment, user)
                let map = try access.map(try VSMAccess.name(context))
                let paper = FormData.parse(request.uri.query ?? "").text("paper")
                return try format.response(map, current: access.current(of: map), paper: paper)
            }
        }
        pages.post("/vsm/maps/{name}/settings") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            return try PageFlow.redirecting(to: mapURL(name)) {
                let newName = form.text("name") ?? name
                let description = form["description"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                let demand = try number(form, "demand")
                let available = try duration(form, "available")
                let saved = try access.change(
                    name, fields: ["demand_per_day": "demand", "available_time_per_day_s": "available"]
                ) {
                    map throws(ValueStreamError) in
                    try ValueStreamMap.checkName(newName)
                    map.name = newName
                    map.description = description
                    map.demandPerDay = demand == 0 ? nil : demand
                    map.availableSecondsPerDay = available == 0 ? nil : available
                }
                return mapURL(saved.name)
            }
        }
        pages.post("/vsm/maps/{name}/duplicate") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            return try PageFlow.redirecting(to: mapURL(name)) {
                let copy = try ValueStreamAPI.duplicate(
                    name, as: form.text("name") ?? "", future: form.text("future") != nil, access)
                return mapURL(copy.name)
            }
        }
        pages.post("/vsm/maps/{name}/delete") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            return try PageFlow.redirecting(to: mapURL(name)) {
                try access.delete(name)
                return "/vsm"
            }
        }
        pages.post("/vsm/maps/{name}/sections") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            return try PageFlow.redirecting(to: mapURL(name) + "#sections") {
                let section = form.text("name") ?? ""
                let position = try integer(form, "position")
                try access.change(name, fields: ["section": "name"]) { map throws(ValueStreamError) in
                    try map.addSection(section, at: position)
                }
                return nil
            }
        }
        for action in ["rename", "move", "delete"] {
            pages.post("/vsm/maps/{name}/sections/\(action)") { request, context in
                let (user, _, form) = try await submittedForm(request, context)
                let access = try VSMAccess(environment, user, editing: true)
                let name = try VSMAccess.name(context)
                return try PageFlow.redirecting(to: mapURL(name) + "#sections") {
                    let section = form.text("section") ?? ""
                    let newName = form.text("name") ?? ""
                    let position = try integer(form, "to") ?? 0
                    try access.change(name, fields: ["section": "name", "--to": "to"]) { map throws(ValueStreamError) in
                        switch action {
                        case "rename": try map.renameSection(section, to: newName)
                        case "move": try map.moveSection(section, to: position)
                        default: try map.removeSection(section)
                        }
                    }
                    return nil
                }
            }
        }
        pages.post("/vsm/maps/{name}/stickers") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            return try PageFlow.redirecting(to: mapURL(name) + "#add-sticker") {
                let change = try stickerChange(form)
                let draft = change.applied(to: Sticker(id: 0, text: form["text"] ?? "", kind: change.kind ?? .value))
                let section = form.text("section")
                let position = try integer(form, "position")
                var added: Sticker?
                try access.change(name) { map throws(ValueStreamError) in
                    let named = try section.map { name throws(ValueStreamError) in
                        try VSMAccess.section(name, in: map)
                    }
                    added = try map.addSticker(draft, section: named, at: position)
                }
                return mapURL(name) + (added.map { "#sticker-\($0.id)" } ?? "#timeline")
            }
        }
        pages.get("/vsm/maps/{name}/stickers/{id}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try VSMAccess(environment, user)
            let map = try access.map(try VSMAccess.name(context))
            let id = try VSMAccess.stickerID(context.parameters.get("id"), in: map.name)
            var values = try stickerValues(id, in: map, access: access)
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page(
                "vsm/sticker", title: "Sticker #\(id)", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/vsm/maps/{name}/stickers/{id}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            let id = try VSMAccess.stickerID(context.parameters.get("id"), in: name)
            return try PageFlow.redirecting(to: mapURL(name) + "/stickers/\(id)") {
                var change = try stickerChange(form, editing: true)
                change.text = form["text"] ?? ""
                try access.change(name) { map throws(ValueStreamError) in try map.editSticker(id, change) }
                return mapURL(name) + "#sticker-\(id)"
            }
        }
        pages.post("/vsm/maps/{name}/stickers/{id}/move") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            let id = try VSMAccess.stickerID(context.parameters.get("id"), in: name)
            return try PageFlow.redirecting(to: mapURL(name) + "#sticker-\(id)") {
                guard let position = try integer(form, "to") else {
                    throw APIError.invalid("to: give the position, from 1", field: "to")
                }
                let section = form.text("section")
                try access.change(name, fields: ["--to": "to"]) { map throws(ValueStreamError) in
                    let named = try section.map { name throws(ValueStreamError) in
                        try VSMAccess.section(name, in: map)
                    }
                    try map.moveSticker(id, to: position, section: named)
                }
                return nil
            }
        }
        pages.post("/vsm/maps/{name}/stickers/{id}/delete") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let access = try VSMAccess(environment, user, editing: true)
            let name = try VSMAccess.name(context)
            let id = try VSMAccess.stickerID(context.parameters.get("id"), in: name)
            return try PageFlow.redirecting(to: mapURL(name) + "/stickers/\(id)") {
                try access.change(name) { map throws(ValueStreamError) in try map.removeSticker(id) }
                return mapURL(name) + "#timeline"
            }
        }
    }

    // MARK: Forms

    /// Does `body` and goes to the address it returns (or `url`); what the map's rules refuse (409, 422) is said on
    /// `url`'s page.
    static func mapURL(_ name: String) -> String { "/vsm/maps/" + VSMAccess.pathComponent(name) }

    /// `5m`, `1h30m`; empty is none.
    static func duration(_ form: FormData, _ field: String) throws -> Double? {
        guard let text = form.text(field) else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            throw APIError.invalid(
                "\(field): '\(text.prefix(40))' is not a duration such as 45s, 5m or 1h30m", field: field)
        }
        return seconds
    }

    static func number(_ form: FormData, _ field: String) throws -> Double? {
        guard let text = form.text(field) else { return nil }
        let trimmed = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(trimmed.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            throw APIError.invalid("\(field): '\(text.prefix(40))' is not a number", field: field)
        }
        return value
    }

    static func integer(_ form: FormData, _ field: String) throws -> Int? {
        guard let text = form.text(field) else { return nil }
        guard let value = Int(text) else {
            throw APIError.invalid("\(field): '\(text.prefix(40))' is not a whole number", field: field)
        }
        return value
    }

    /// A sticker's fields from a form; `editing`: an empty %C&A, inventory or colour clears it.
    static func stickerChange(_ form: FormData, editing: Bool = false) throws -> StickerChange {
        var change = StickerChange()
        if let kind = form.text("kind") {
            guard let parsed = StickerKind(parsing: kind) else {
                throw APIError.invalid("kind: expected value, auxiliary or waste", field: "kind")
            }
            change.kind = parsed
        }
        change.processSeconds = try duration(form, "process") ?? (editing ? nil : 0)
        change.waitSeconds = try duration(form, "wait") ?? (editing ? nil : 0)
        if let ca = try number(form, "ca") {
            change.ca = .some(ca)
        } else if editing {
            change.ca = .some(nil)
        }
        if let inventory = try integer(form, "inventory") {
            change.inventory = .some(inventory)
        } else if editing {
            change.inventory = .some(nil)
        }
        if let text = form.text("colour"), text.lowercased() != "default" {
            guard let colour = Colour(parsing: text) else {
                throw APIError.invalid("colour: expected #RRGGBB or a colour name such as yellow", field: "colour")
            }
            change.background = .some(colour)
        } else if editing {
            change.background = .some(nil)
        }
        change.font = form.text("font")
        change.size = try number(form, "size")
        return change
    }

    // MARK: Values

    static func indexValues(_ access: VSMAccess, _ environment: ServerEnvironment) throws -> [String: Any] {
        let rows = try ValueStreamAPI.summaries(access)
        let maps = rows.enumerated().map { index, row -> [String: Any] in
            let (summary, measures) = row
            return [
                "number": index + 1, "name": summary.name, "path": VSMAccess.pathComponent(summary.name),
                "state": summary.state.rawValue, "futureOf": summary.futureOf.map { $0 as Any } ?? false,
                "lead": DurationText.text(measures.leadTimeSeconds), "pce": percent(measures.pce),
                "stickers": summary.stickers, "saved": saved(summary.updated, environment),
            ]
        }
        return [
            "maps": maps, "none": maps.isEmpty, "editor": access.canEdit,
            "currents": rows.filter { $0.0.state == .current }.map(\.0.name),
        ]
    }

    static func mapValues(
        _ map: ValueStreamMap, current: ValueStreamMap?, access: VSMAccess, _ environment: ServerEnvironment
    ) -> [String: Any] {
        let m = map.measures
        var values: [String: Any] = [
            "name": map.name, "path": VSMAccess.pathComponent(map.name), "description": map.description,
            "state": map.state.rawValue, "isFuture": map.state == .future,
            "futureOf": map.futureOf.map { $0 as Any } ?? false,
            "futureOfPath": map.futureOf.map(VSMAccess.pathComponent) ?? "", "saved": saved(map.updated, environment),
            "stamp": Int(map.updated.timeIntervalSince1970), "editor": access.canEdit,
            "demand": map.demandPerDay.map { JSONText.fixed($0, decimals: $0.rounded() == $0 ? 0 : 3) } ?? "",
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
        if let current, map.state == .future {
            let c = MapComparison(future: map, current: current)
            values["comparison"] =
                [
                    "current": c.current, "currentPath": VSMAccess.pathComponent(c.current),
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
                        "process": DurationText.text(s.processSeconds), "wait": DurationText.text(s.waitSeconds),
                        "hasWait": s.waitSeconds > 0, "ca": s.ca.map { number($0) + " %" as Any } ?? false,
                        "inventory": s.inventory.map { String($0) as Any } ?? false,
                        "canLeft": position > 0, "left": position, "canRight": position < count - 1,
                        "right": position + 2,
                    ]
                },
            ]
        }
        values["sectionNames"] = map.sections.enumerated().map { index, section -> [String: Any] in
            ["name": section.name, "last": index == map.sections.count - 1]
        }
        return values
    }

    static func stickerValues(_ id: Int, in map: ValueStreamMap, access: VSMAccess) throws -> [String: Any] {
        let (s, k) = try ValueStreamAPI.stickerLocation(id, in: map)
        let sticker = map.sections[s].stickers[k]
        return [
            "map": map.name, "path": VSMAccess.pathComponent(map.name), "stamp": Int(map.updated.timeIntervalSince1970),
            "section": map.sections[s].name, "position": k + 1, "id": id, "text": sticker.text,
            "kindTitle": sticker.kind.title, "editor": access.canEdit,
            "kinds": StickerKind.allCases.map {
                ["value": $0.rawValue, "title": $0.title, "chosen": $0 == sticker.kind]
            },
            "process": DurationText.text(sticker.processSeconds).replacingOccurrences(of: " ", with: ""),
            "wait": DurationText.text(sticker.waitSeconds).replacingOccurrences(of: " ", with: ""),
            "ca": sticker.ca.map(number) ?? "", "inventory": sticker.inventory.map(String.init) ?? "",
            "colour": sticker.style.background?.description ?? "", "font": sticker.style.font,
            "size": number(sticker.style.size),
            "sectionNames": map.sections.enumerated().map { ["name": $0.element.name, "chosen": $0.offset == s] },
        ]
    }

    /// `12.5 %` or `–`.
    static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "–" }
        return String(format: "%.1f %%", fraction * 100)
    }

    /// `95` or `99.5`.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : JSONText.fixed(value, decimals: 3)
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
