import PlainText

/// The keys an app sends beyond the ones a position reads, kept as text. Bounded, and plain text only: a value
/// holding a control character (PlainText's one rule) is left out rather than refusing the position, since the
/// apps would resend it forever.
public struct IngestAttributes: Sendable, Hashable {
    /// At most this many attributes per position; the rest are left out.
    public static let maximumCount = 32
    /// Keys longer than this (in characters) are left out.
    public static let maximumKeyLength = 64
    /// Values longer than this (in characters) are cut to it.
    public static let maximumValueLength = 256

    public private(set) var values: [String: String] = [:]

    public init() {}

    public mutating func add(_ key: String, _ value: String) {
        guard values.count < Self.maximumCount || values[key] != nil, !key.isEmpty,
            key.count <= Self.maximumKeyLength, PlainText.firstRefused(in: key) == nil,
            PlainText.firstRefused(in: value) == nil
        else { return }
        values[key] = value.count > Self.maximumValueLength ? String(value.prefix(Self.maximumValueLength)) : value
    }
}

extension IngestAttributes {
    /// Keys that carry a device's credential or repeat it (Traccar Client 9's `_` holds `&id=TOKEN&…`): never kept.
    static let credentialKeys: Set<String> = ["id", "deviceid", "device_id", "token", "_"]

    /// Every item of a query or form not in `known`, in the order sent.
    mutating func add(_ fields: FormFields, except known: Set<String>) {
        for name in fields.names where !known.contains(name) && !Self.credentialKeys.contains(name) {
            if let value = fields.values[name] { add(name, value) }
        }
    }

    /// Every member of a JSON object not in `known`, by key: scalars as text, arrays of scalars joined by commas;
    /// nested objects are left out.
    mutating func add(_ fields: JSONFields, except known: Set<String>) {
        for key in fields.members.keys.sorted() where !known.contains(key) && !Self.credentialKeys.contains(key) {
            switch fields.members[key] {
            case .array(let elements):
                let texts = elements.compactMap(\.attributeText)
                if texts.count == elements.count, !texts.isEmpty { add(key, texts.joined(separator: ",")) }
            case .some(let value):
                if let text = value.attributeText { add(key, text) }
            case nil:
                break
            }
        }
    }
}
