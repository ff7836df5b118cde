import Foundation
import LogbookStore
import ValueStreams

/// The value-stream maps' use cases, written once for the command line (`logbook vsm …`), the API
/// (`/api/v1/vsm/…`) and the pages (`/vsm`): maps (list, show, create, change, duplicate, delete), their sections,
/// their stickers (add, edit, move, remove), search, import and export.
///
/// Every use case asks `ValueStreamAccess` first; changes are written under the caller's name. What the map's rules
/// refuse comes back as a `ServiceError` naming the input's field: a value out of its rules is `invalid`, an operation
/// the map refuses (a section there twice, a position past the end) `refused`, a map, section or sticker that is not
/// there `notFound`.
public struct ValueStreamService: Sendable {
    public let context: ServiceContext

    /// The use cases for `context`'s caller; refused (forbidden) unless they may read maps, or with `editing` change
    /// them — before a request's body is read.
    public init(_ context: ServiceContext, editing: Bool = false) throws(ServiceError) {
        self.context = context
        try access.requireReader()
        if editing { try access.requireEditor() }
    }

    public var access: ValueStreamAccess { ValueStreamAccess(context.caller) }

    /// Now, to the second (the store keeps whole seconds).
    static var now: Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }

    // MARK: Maps

    /// Every map with its lead time and PCE, the last saved first.
    public func list() throws -> [ValueStreamSummaryView] {
        try access.requireReader()
        return try context.database.valueStreamMaps().compactMap { summary in
            // A map deleted between the two reads is simply not listed.
            guard let map = try? context.database.valueStreamMap(named: summary.name) else { return nil }
            return ValueStreamSummaryView(summary: summary, measures: map.measures)
        }
    }

    /// The map named (any case), with its measures.
    public func map(named name: String) throws -> ValueStreamMapView {
        try access.requireReader()
        return view(try context.database.valueStreamMap(named: name))
    }

    /// Stores a new, empty map; a name taken (in any case) is refused.
    public func create(_ input: ValueStreamMapInput) throws -> ValueStreamMapView {
        try access.requireEditor()
        try Self.checked { () throws(ValueStreamError) in try ValueStreamMap.checkName(input.name) }
        let futureOf = try input.futureOf.map { try currentMap($0) }
        let map = ValueStreamMap(
            name: input.name, description: input.description ?? "", state: futureOf == nil ? .current : .future,
            futureOf: futureOf, demandPerDay: input.demandPerDay, availableSecondsPerDay: input.availableTime?.seconds,
            created: Self.now)
        try Self.checked { () throws(ValueStreamError) in try map.validate() }
        try context.writer.createValueStreamMap(map)
        return try self.map(named: map.name)
    }

    /// Renames a map or changes its description, demand, working time or the map it improves.
    public func change(named name: String, _ input: ValueStreamMapChange) throws -> ValueStreamMapView {
        try access.requireEditor()
        let futureOf: String?? = try input.futureOf.map { name in try name.map { try currentMap($0) } }
        if case .some(.some(let current)) = futureOf, current.caseInsensitiveCompare(name) == .orderedSame {
            throw ServiceError(.invalid, field: "future_of", "a map cannot improve itself")
        }
        let saved = try change(name) { map throws(ValueStreamError) in
            if let newName = input.name {
                try ValueStreamMap.checkName(newName)
                map.name = newName
            }
            if let description = input.description { map.description = description }
            if let demand = input.demandPerDay { map.demandPerDay = demand }
            if let available = input.availableTime { map.availableSecondsPerDay = available?.seconds }
            if let futureOf {
                map.state = futureOf == nil ? .current : .future
                map.futureOf = futureOf
            }
        }
        return view(saved)
    }

    /// A copy under a new name, with the same sections, stickers and numbers; `future`: as the map's future state.
    public func duplicate(named name: String, _ input: ValueStreamDuplicateInput) throws -> ValueStreamMapView {
        try access.requireEditor()
        try Self.checked { () throws(ValueStreamError) in try ValueStreamMap.checkName(input.name) }
        var copy = try context.database.valueStreamMap(named: name)
        if input.future, copy.state == .future {
            throw ServiceError(
                .refused, field: "future", "\(copy.name) is a future state itself; duplicate its current map",
                exitCode: 64)
        }
        let original = copy.name
        let now = Self.now
        copy.name = input.name
        copy.created = now
        copy.updated = now
        if input.future {
            copy.state = .future
            copy.futureOf = original
        }
        try Self.checked { () throws(ValueStreamError) in try copy.validate() }
        try context.writer.createValueStreamMap(copy)
        return try map(named: input.name)
    }

    /// Deletes a map; a future map that improved it keeps its stickers and loses the link.
    public func delete(named name: String) throws {
        try access.requireEditor()
        try context.writer.deleteValueStreamMap(named: name)
    }

    // MARK: Search

    /// Maps whose name holds the text and stickers whose text does, across all maps (any case, any accents).
    public func search(_ input: ValueStreamSearchInput) throws -> ValueStreamSearchView {
        try access.requireReader()
        let query = try input.validated()
        let found = try context.database.searchValueStreams(query)
        return ValueStreamSearchView(query: query, maps: found.maps, stickers: found.stickers)
    }

    // MARK: Helpers

    func view(_ map: ValueStreamMap) -> ValueStreamMapView {
        ValueStreamMapView(map: map, current: current(of: map))
    }

    /// The current map a future map improves, for its comparison (none when it is gone).
    func current(of map: ValueStreamMap) -> ValueStreamMap? {
        map.futureOf.flatMap { try? context.database.valueStreamMap(named: $0) }
    }

    /// The map `name` names as the one a map improves: it exists and is a current state. Its name as stored.
    func currentMap(_ name: String) throws -> String {
        let current: ValueStreamMap
        do {
            current = try context.database.valueStreamMap(named: name)
        } catch let error as StoreError where error.code == .notFound {
            // On the command line, a map that is not there is data the log does not have (65), as ever.
            throw ServiceError(.invalid, field: "future_of", "there is no map named \"\(name)\"", exitCode: 65)
        }
        guard current.state == .current else {
            throw ServiceError(
                .invalid, field: "future_of", "\(current.name) is a future state itself; name a current map")
        }
        return current.name
    }

    /// Runs `body` on the map named and saves it whole, checked before the store sees it. The model's refusal keeps
    /// its meaning: `fields` renames its fields to the input's (a section's `section` is the input's `name`), and
    /// `exitCodes` gives the command line's status where it is not the kind's.
    @discardableResult
    func change(
        _ name: String, fields: [String: String] = [:], exitCodes: [String: Int32] = [:],
        _ body: (inout ValueStreamMap) throws(ValueStreamError) -> Void
    ) throws -> ValueStreamMap {
        try access.requireEditor()
        var failure: ValueStreamError?
        do {
            return try context.writer.updateValueStreamMap(named: name) { map throws(ValueStreamError) in
                do throws(ValueStreamError) {
                    try body(&map)
                    try map.validate()
                } catch {
                    failure = error
                    throw error
                }
            }
        } catch let error as StoreError {
            guard let failure else { throw error }
            var mapped = failure.serviceError
            if let field = mapped.field {
                mapped.field = fields[field] ?? field
                mapped.exitCode = exitCodes[field]
            }
            throw mapped
        }
    }

    /// Runs a check of the model, its refusal as a `ServiceError`.
    static func checked(_ check: () throws(ValueStreamError) -> Void) throws(ServiceError) {
        do throws(ValueStreamError) {
            try check()
        } catch {
            throw error.serviceError
        }
    }

    /// The section an input names (any case): one the map does not have is a value out of its rules, not a missing
    /// resource.
    static func section(_ name: String, in map: ValueStreamMap) throws(ValueStreamError) -> String {
        do throws(ValueStreamError) {
            return map.sections[try map.sectionIndex(name)].name
        } catch {
            throw ValueStreamError(.invalid, path: "section", error.message)
        }
    }
}
