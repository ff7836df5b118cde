import Foundation
import Hummingbird

// Roofing's reading of JSON bodies, moved here unchanged from the value-stream maps' API when the maps went over to
// `RequestInput` (issue 27); roofing's own move to `RequestInput` removes it.

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
