import ValueStreams

extension ValueStreamService {
    /// Adds a section (at the end unless `position`).
    @discardableResult
    public func addSection(map name: String, _ input: ValueStreamSectionInput) throws -> ValueStreamMapView {
        view(
            try change(name, fields: ["section": "name"]) { map throws(ValueStreamError) in
                try map.addSection(input.name, at: input.position)
            })
    }

    /// Renames a section, moves it to a position, or both.
    @discardableResult
    public func changeSection(map name: String, section: String, _ input: ValueStreamSectionChange) throws
        -> ValueStreamMapView
    {
        view(
            try change(name, fields: ["section": "name"]) { map throws(ValueStreamError) in
                var current = map.sections[try map.sectionIndex(section)].name
                if let newName = input.name {
                    try map.renameSection(current, to: newName)
                    current = newName
                }
                if let position = input.position { try map.moveSection(current, to: position) }
            })
    }

    /// Removes a section with its stickers.
    @discardableResult
    public func removeSection(map name: String, section: String) throws -> ValueStreamMapView {
        view(try change(name) { map throws(ValueStreamError) in try map.removeSection(section) })
    }
}
