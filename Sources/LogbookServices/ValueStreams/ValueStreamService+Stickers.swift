import LogbookStore
import ValueStreams

extension ValueStreamService {
    /// The sticker a reference names in the map: its number (`7` or `#7`), else the one sticker with this text.
    public func sticker(map name: String, _ reference: String) throws -> ValueStreamStickerView {
        try access.requireReader()
        let map = try context.database.valueStreamMap(named: name)
        return try Self.stickerView(reference, in: map)
    }

    /// Adds a sticker after the last one of the last section (or of `section`, or at `position`); the map's first
    /// sticker makes a section if it has none. Answers the sticker with its number.
    @discardableResult
    public func addSticker(map name: String, _ input: ValueStreamStickerInput) throws -> ValueStreamStickerView {
        let draft = input.sticker
        var added: Sticker?
        // A section the input names that the map lacks: 422 for the API, 65 on the command line, as before.
        let map = try change(name, exitCodes: ["section": 65]) { map throws(ValueStreamError) in
            let section = try input.section.map { name throws(ValueStreamError) in try Self.section(name, in: map) }
            added = try map.addSticker(draft, section: section, at: input.position)
        }
        guard let added else { throw ServiceError(.failed, "the sticker was not added") }
        return try Self.stickerView("\(added.id)", in: map)
    }

    /// Changes a sticker's text, kind, style, times, %C&A or inventory.
    @discardableResult
    public func editSticker(map name: String, _ reference: String, _ input: ValueStreamStickerChange) throws
        -> ValueStreamStickerView
    {
        var id = 0
        let map = try change(name) { map throws(ValueStreamError) in
            id = try map.sticker(named: reference).id
            try map.editSticker(id, input.stickerChange)
        }
        return try Self.stickerView("\(id)", in: map)
    }

    /// Moves a sticker to a position of its section, or of `section`.
    @discardableResult
    public func moveSticker(map name: String, _ reference: String, _ input: ValueStreamStickerMove) throws
        -> ValueStreamStickerView
    {
        var id = 0
        let map = try change(name, exitCodes: ["section": 65]) { map throws(ValueStreamError) in
            id = try map.sticker(named: reference).id
            let section = try input.section.map { name throws(ValueStreamError) in try Self.section(name, in: map) }
            try map.moveSticker(id, to: input.position, section: section)
        }
        return try Self.stickerView("\(id)", in: map)
    }

    /// Removes a sticker; its number is never given again.
    public func removeSticker(map name: String, _ reference: String) throws {
        try change(name) { map throws(ValueStreamError) in
            try map.removeSticker(try map.sticker(named: reference).id)
        }
    }

    /// The sticker and where it is.
    static func stickerView(_ reference: String, in map: ValueStreamMap) throws(ServiceError) -> ValueStreamStickerView
    {
        do throws(ValueStreamError) {
            let sticker = try map.sticker(named: reference)
            let (s, k) = try map.location(of: sticker.id)
            return ValueStreamStickerView(
                map: map.name, section: map.sections[s].name, position: k + 1, sticker: map.sections[s].stickers[k])
        } catch {
            throw error.serviceError
        }
    }
}
