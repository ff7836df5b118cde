public import Foundation
import LogbookStore
public import ValueStreams

/// A map to export: its JSON document (what import reads) and, for its drawings, the comparison of a future map
/// with its current map. The edges draw the PDF, SVG and PNG (`Reports`).
public struct ValueStreamExport: Sendable {
    public var map: ValueStreamMap
    public var current: ValueStreamMap?

    public var comparison: MapComparison? {
        guard map.state == .future, let current else { return nil }
        return MapComparison(future: map, current: current)
    }

    /// The map's JSON document (`ValueStreamJSON`), with a final line feed.
    public var json: Data { ValueStreamJSON.encode(map) + Data("\n".utf8) }
}

/// A map imported, and whether it replaced one of the same name.
public struct ValueStreamImport: Sendable {
    public var view: ValueStreamMapView
    public var replaced: Bool
}

extension ValueStreamService {
    /// A map's JSON document read (`docs/value-stream-map.schema.json`); what is wrong names its JSON path. A file
    /// that does not read is bad input data on the command line (65).
    public static func document(_ data: Data) throws(ServiceError) -> ValueStreamMap {
        do throws(ValueStreamError) {
            return try ValueStreamJSON.decode(data)
        } catch {
            var failure = error.serviceError
            failure.exitCode = 65
            throw failure
        }
    }

    /// Stores a map read from its document (under `name` if given); a map of that name is replaced only with
    /// `replace` (it keeps its creation date).
    public func importMap(_ document: ValueStreamMap, _ input: ValueStreamImportInput) throws -> ValueStreamImport {
        try access.requireEditor()
        var map = document
        if let name = input.name {
            try Self.checked { () throws(ValueStreamError) in try ValueStreamMap.checkName(name) }
            map.name = name
        }
        if let futureOf = map.futureOf { map.futureOf = try currentMap(futureOf) }
        guard (try? context.database.valueStreamMap(named: map.name)) != nil else {
            let created = map
            try Self.checked { () throws(ValueStreamError) in try created.validate() }
            try context.writer.createValueStreamMap(created)
            return ValueStreamImport(view: try self.map(named: created.name), replaced: false)
        }
        guard input.replace else {
            throw ServiceError(
                .refused, "a map named \"\(map.name)\" exists; replace it, or import the file under another name",
                exitCode: 64)
        }
        let imported = map
        let saved = try change(map.name) { stored throws(ValueStreamError) in
            let created = stored.created
            stored = imported
            stored.created = created
        }
        return ValueStreamImport(view: view(saved), replaced: true)
    }

    /// The map named, to export.
    public func export(named name: String) throws -> ValueStreamExport {
        try access.requireReader()
        let map = try context.database.valueStreamMap(named: name)
        return ValueStreamExport(map: map, current: current(of: map))
    }
}
