import ValueStreams

/// How the value-stream inputs read their fields: only the fields they know (a misspelt one is refused by name, not
/// ignored), a field that may be cleared read as absent (left as it is), `null` (cleared) or a value, and the kinds
/// and colours as people write them.
enum ValueStreamInputFields {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Refuses a field the input does not have (`colour` where the API says `background`).
    static func refuseUnknown<Key: CodingKey & CaseIterable>(_ decoder: any Decoder, _ keys: Key.Type) throws {
        let known = Key.allCases.map(\.stringValue)
        let given = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        for key in given.sorted() where !known.contains(key) {
            throw ServiceError(
                .invalid, field: key, "unknown field (this input has \(known.sorted().joined(separator: ", ")))")
        }
    }

    /// `value` (also `value-adding`, `va`, `green`), `auxiliary`, `waste`.
    static func kind<Key>(_ c: KeyedDecodingContainer<Key>, _ key: Key) throws -> StickerKind? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let kind = StickerKind(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "expected value, auxiliary or waste")
        }
        return kind
    }

    /// A background: `#RRGGBB`, `#RGB` or a colour's name; `null` or `default` for the kind's own colour (nil).
    static func colour<Key>(_ c: KeyedDecodingContainer<Key>, _ key: Key) throws -> Colour?? {
        guard c.contains(key) else { return nil }
        guard let text = try c.decodeIfPresent(String.self, forKey: key), text.lowercased() != "default" else {
            return .some(nil)
        }
        guard let colour = Colour(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "expected #RRGGBB, a colour name such as yellow, or default")
        }
        return .some(colour)
    }

    /// Absent: nil (left as it is); `null`: `.some(nil)` (cleared); else the value.
    static func change<T: Decodable, Key>(_ type: T.Type, _ c: KeyedDecodingContainer<Key>, _ key: Key) throws -> T?? {
        guard c.contains(key) else { return nil }
        if try c.decodeNil(forKey: key) { return .some(nil) }
        return .some(try c.decode(T.self, forKey: key))
    }
}
