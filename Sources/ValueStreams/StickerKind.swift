import Foundation

/// What a step is to the customer, as lean practice sorts it: the colour of its sticker.
public enum StickerKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Value-adding work (green): what the customer pays for.
    case value
    /// Auxiliary work (orange): needed today, adds no value (checks, set-up, transport).
    case auxiliary
    /// Pure waste (red): waiting, rework, searching.
    case waste

    /// The sticker's colour unless its style says otherwise.
    public var defaultColour: Colour {
        switch self {
        case .value: Colour(red: 0x4C, green: 0xAF, blue: 0x50)
        case .auxiliary: Colour(red: 0xFF, green: 0x98, blue: 0x00)
        case .waste: Colour(red: 0xE5, green: 0x39, blue: 0x35)
        }
    }

    /// "value-adding", "auxiliary", "waste".
    public var title: String {
        switch self {
        case .value: "value-adding"
        case .auxiliary: "auxiliary"
        case .waste: "waste"
        }
    }

    /// `value` (also `value-adding`, `va`, `green`), `auxiliary` (`aux`, `orange`), `waste` (`red`).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "value", "value-adding", "va", "green": self = .value
        case "auxiliary", "aux", "orange": self = .auxiliary
        case "waste", "red": self = .waste
        default: return nil
        }
    }
}

/// An sRGB colour, written `#RRGGBB`.
public struct Colour: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB` or `#RGB` (any case), or one of a few names (green, orange, red, yellow, blue, grey, white).
    public init?(parsing text: String) {
        let named: [String: String] = [
            "green": "#4CAF50", "orange": "#FF9800", "red": "#E53935", "yellow": "#FFEB3B", "blue": "#42A5F5",
            "grey": "#BDBDBD", "gray": "#BDBDBD", "white": "#FFFFFF", "pink": "#F48FB1", "purple": "#AB47BC",
        ]
        var hex = named[text.lowercased()] ?? text
        guard hex.first == "#" else { return nil }
        hex.removeFirst()
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Whether dark text reads better on it than white (WCAG relative luminance above 0.4).
    public var isLight: Bool {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.040_45 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue) > 0.4
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let colour = Colour(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a colour #RRGGBB, got \"\(text)\""))
        }
        self = colour
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
