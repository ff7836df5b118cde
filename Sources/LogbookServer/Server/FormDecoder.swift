import Foundation

/// Decodes an HTML form's fields into a use case's `Decodable` input, naming the field in every error.
///
/// A form is flat: `name=value` pairs, a name repeated (or written `name[]`) for a list. Values are text and are read
/// as the property's type asks — a number from `7.5`, a flag from `on`/`true`/`1`, a value type of a domain through
/// its own `init(from:)` on a single value (`Money` from `1234.50`). Hummingbird's `URLEncodedFormDecoder` reads
/// nested forms too, but its errors leave out the field a value belonged to; a form's user needs it beside the
/// field.
package struct FormDecoder {
    package init() {}

    package func decode<T: Decodable>(_ type: T.Type, from fields: [(String, String)]) throws -> T {
        var values: [String: [String]] = [:]
        for (name, value) in fields {
            let key = name.hasSuffix("[]") ? String(name.dropLast(2)) : name
            values[key, default: []].append(value)
        }
        return try T(from: FormFieldsDecoder(values: values, codingPath: []))
    }
}

/// The form as a whole: a keyed container of its fields.
private struct FormFieldsDecoder: Decoder {
    let values: [String: [String]]
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FormKeyedContainer<Key>(values: values, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a form is a set of named fields"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            String.self, .init(codingPath: codingPath, debugDescription: "a form is a set of named fields"))
    }
}

private struct FormKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: [String: [String]]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { values[key.stringValue] == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let texts = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "is required"))
        }
        return try T(from: FormValueDecoder(texts: texts, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(
            [String: Any].self, .init(codingPath: codingPath + [key], debugDescription: "a form's field is text"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        FormListContainer(texts: values[key.stringValue] ?? [], codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder { FormFieldsDecoder(values: values, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        FormValueDecoder(texts: values[key.stringValue] ?? [], codingPath: codingPath + [key])
    }
}

/// One field: its text (or, for a list, its texts).
private struct FormValueDecoder: Decoder, SingleValueDecodingContainer {
    let texts: [String]
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(
            [String: Any].self, .init(codingPath: codingPath, debugDescription: "a form's field is text"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        FormListContainer(texts: texts, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    private var text: String { texts.last ?? "" }

    private func mismatch(_ what: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(what)"))
    }

    func decodeNil() -> Bool { texts.isEmpty }
    func decode(_ type: String.Type) throws -> String { text }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch text.lowercased() {
        case "on", "true", "1", "yes": return true
        case "off", "false", "0", "no", "": return false
        default: throw mismatch("true or false")
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw mismatch("a number")
        }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard let value = I(text.trimmingCharacters(in: .whitespaces)) else { throw mismatch("a whole number") }
        return value
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// A field given several times (`roofer=A&roofer=B`, or `roofer[]=…`).
private struct FormListContainer: UnkeyedDecodingContainer {
    let texts: [String]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(texts: [String], codingPath: [any CodingKey]) {
        self.texts = texts
        self.codingPath = codingPath
    }

    var count: Int? { texts.count }
    var isAtEnd: Bool { currentIndex >= texts.count }

    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                T.self, .init(codingPath: codingPath, debugDescription: "the list has no more values"))
        }
        let value = try T(
            from: FormValueDecoder(
                texts: [texts[currentIndex]], codingPath: codingPath + [Index(intValue: currentIndex)]))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(
            [String: Any].self, .init(codingPath: codingPath, debugDescription: "a form's field is text"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a form's field is text"))
    }

    mutating func superDecoder() throws -> any Decoder {
        FormValueDecoder(texts: isAtEnd ? [] : [texts[currentIndex]], codingPath: codingPath)
    }
}
