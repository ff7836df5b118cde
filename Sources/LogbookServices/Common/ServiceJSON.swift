public import Foundation

/// The one JSON encoding of views, shared by `--format json` and the API: keys sorted (stable output, easy to
/// compare), slashes not escaped. Views spell their keys in snake_case themselves (`CodingKeys`) and carry times as
/// ISO 8601 UTC strings, so nothing depends on an encoder strategy.
public enum ServiceJSON {
    public static func encode(_ value: some Encodable, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [
                .sortedKeys, .withoutEscapingSlashes,
            ]
        return try encoder.encode(value)
    }

    public static func text(_ value: some Encodable, pretty: Bool = false) throws -> String {
        String(decoding: try encode(value, pretty: pretty), as: UTF8.self)
    }

    /// A request body or file's JSON as `T`: a body that does not decode is a `DecodingError`, which says the field
    /// (`ServiceErrorConvertible`).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        return try decoder.decode(T.self, from: data)
    }
}
