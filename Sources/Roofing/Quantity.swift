import Foundation

/// An exact decimal with up to three places, as an integer of thousandths: a quantity (`33.333` m²), hours
/// worked (`7.5`), a percentage (`12.5` %).
///
/// Encodes as a string without trailing zeros (`"33.333"`, `"12.5"`, `"7"`), so JSON keeps it exact.
public struct Quantity: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    public var thousandths: Int64

    public init(thousandths: Int64) { self.thousandths = thousandths }

    public init(integerLiteral value: Int64) { thousandths = value * 1_000 }

    public static let zero = Quantity(thousandths: 0)

    /// The largest value read from text: 10^9 (a billion square metres, hours or per cent).
    public static let limit: Int64 = 1_000_000_000_000

    /// A number as people write it (`12.5`, `12,5`, `1.234,567`, `1,234.567`), at most three decimals.
    public init(parsing text: String, field: String = "quantity") throws(RoofingError) {
        thousandths = try DecimalText.parse(text, places: 3, limit: Self.limit, field: field)
    }

    /// Without trailing zeros: `33.333`, `12.5`, `7`, `-2.25`.
    public var description: String { DecimalText.format(thousandths, places: 3, minimumPlaces: 0) }

    /// The Danish display form: `1.234,5`.
    public var danish: String {
        DecimalText.format(thousandths, places: 3, minimumPlaces: 0, decimal: ",", grouping: ".")
    }

    public static func < (a: Quantity, b: Quantity) -> Bool { a.thousandths < b.thousandths }
    public static func + (a: Quantity, b: Quantity) -> Quantity { Quantity(thousandths: a.thousandths + b.thousandths) }
    public static func - (a: Quantity, b: Quantity) -> Quantity { Quantity(thousandths: a.thousandths - b.thousandths) }

    /// From a JSON string or a form's text, as people write it (`12.5`). A JSON number is refused: it may not
    /// be exact. A value that does not read names its field by the decoder's coding path, not the value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an exact decimal as a string such as \"12.5\"")
        }
        do {
            self = try Quantity(parsing: text, field: decoder.codingPath.last?.stringValue ?? "")
        } catch {
            // The reason without the value (which may be personal): `is not a number: at most 3 decimals`.
            let reason = error.message.replacingOccurrences(of: "'\(text)' ", with: "")
            throw DecodingError.dataCorruptedError(in: container, debugDescription: reason)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
