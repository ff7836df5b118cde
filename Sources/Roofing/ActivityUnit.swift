/// The unit an activity is measured in: square metres, running metres (lbm), pieces, a percentage of a base (a
/// supplement), or any other unit as free text (`time`, `kg`).
public enum ActivityUnit: Sendable, Hashable, Codable, CustomStringConvertible {
    case squareMetre
    case runningMetre
    case piece
    case percent
    case other(String)

    /// `m²` (also `m2`, `kvm`), `lbm` (also `lb.m`, `lm`), `stk` (also `stk.`, `pcs`), `%`; anything else as
    /// written. Empty text is refused.
    public init(parsing text: String, field: String = "unit") throws(RoofingError) {
        let trimmed = text.trimmingWhitespace()
        switch trimmed.lowercased() {
        case "m²", "m2", "kvm", "m^2": self = .squareMetre
        case "lbm", "lb.m", "lb.m.", "lm", "lbm.": self = .runningMetre
        case "stk", "stk.", "pcs", "pc", "st": self = .piece
        case "%", "pct", "pct.": self = .percent
        case "": throw RoofingError(.invalid, path: field, "a unit is required (m², lbm, stk, % or another)")
        default: self = .other(trimmed)
        }
    }

    /// `m²`, `lbm`, `stk`, `%` or the text.
    public var description: String {
        switch self {
        case .squareMetre: "m²"
        case .runningMetre: "lbm"
        case .piece: "stk"
        case .percent: "%"
        case .other(let text): text
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self = try ActivityUnit(parsing: try container.decode(String.self))
        } catch let error as RoofingError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
