import Foundation

/// An exact amount of money as an integer of minor units (øre for DKK): never binary floating point.
///
/// The currency belongs to the catalogue and the project, not to each amount; `Money` encodes as the JSON
/// contract's string with exactly two places (`"1234.50"`, `"-12.00"`).
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Øre (hundredths).
    public var minorUnits: Int64

    public init(minorUnits: Int64) { self.minorUnits = minorUnits }

    public static let zero = Money(minorUnits: 0)

    /// The largest amount read from text: 10^13 kr (lines and totals stay far from `Int64`'s limits).
    public static let limit: Int64 = 1_000_000_000_000_000

    /// An amount as people write it (`1234.50`, `1234,50`, `1.234,50`, `1,234.50`, `-12`), at most two decimals.
    public init(parsing text: String, field: String = "amount") throws(RoofingError) {
        minorUnits = try DecimalText.parse(text, places: 2, limit: Self.limit, field: field)
    }

    /// The contract's form: exactly two places, a point, no grouping, a leading minus (`-1234.50`).
    public var description: String { DecimalText.format(minorUnits, places: 2) }

    /// The Danish display form: `1.234,50 kr.` (for another currency its code: `1.234,50 EUR`).
    public func danish(currency: String = "DKK") -> String {
        DecimalText.format(minorUnits, places: 2, decimal: ",", grouping: ".")
            + (currency == "DKK" ? " kr." : " " + currency)
    }

    public var isNegative: Bool { minorUnits < 0 }

    public static func < (a: Money, b: Money) -> Bool { a.minorUnits < b.minorUnits }
    public static func + (a: Money, b: Money) -> Money { Money(minorUnits: a.minorUnits + b.minorUnits) }
    public static func - (a: Money, b: Money) -> Money { Money(minorUnits: a.minorUnits - b.minorUnits) }
    public static prefix func - (a: Money) -> Money { Money(minorUnits: -a.minorUnits) }
    public static func += (a: inout Money, b: Money) { a = a + b }
    public static func -= (a: inout Money, b: Money) { a = a - b }

    /// `quantity × self` rounded to øre half away from zero (exact: the product is taken in 128 bits).
    public func times(_ quantity: Quantity) -> Money {
        let product = Int128(minorUnits) * Int128(quantity.thousandths)
        return Money(exact: DecimalText.divideRounded(product, by: 1_000))
    }

    /// `percent` % of this amount, rounded to øre half away from zero.
    public func percent(_ percent: Quantity) -> Money {
        let product = Int128(minorUnits) * Int128(percent.thousandths)
        return Money(exact: DecimalText.divideRounded(product, by: 100_000))
    }

    /// This amount per one unit of `quantity` (an hourly rate from a sum and hours), rounded to øre; nil for 0.
    public func divided(by quantity: Quantity) -> Money? {
        guard quantity.thousandths != 0 else { return nil }
        return Money(exact: DecimalText.divideRounded(Int128(minorUnits) * 1_000, by: Int128(quantity.thousandths)))
    }

    /// Results of exact arithmetic on values read within their limits always fit; clamped otherwise.
    init(exact value: Int128) {
        minorUnits = Int64(clamping: value)
    }

    /// The sum of `amounts`, refused when it does not fit.
    public static func sum(_ amounts: some Sequence<Money>, field: String) throws(RoofingError) -> Money {
        var total: Int64 = 0
        for amount in amounts {
            let (sum, overflow) = total.addingReportingOverflow(amount.minorUnits)
            guard !overflow else { throw RoofingError(.invalid, path: field, "the sum is too large") }
            total = sum
        }
        return Money(minorUnits: total)
    }

    /// From a JSON string or a form's text, as people write it (`1234.50`). A JSON number is refused: it may not
    /// be exact. A value that does not read names its field by the decoder's coding path, not the value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an amount as a string such as \"1234.50\"")
        }
        do {
            self = try Money(parsing: text, field: decoder.codingPath.last?.stringValue ?? "")
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
