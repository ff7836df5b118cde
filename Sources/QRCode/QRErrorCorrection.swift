/// How much of a QR code may be damaged or hidden and still be read (ISO/IEC 18004, 5.4 and Table 13).
///
/// A higher level adds Reed–Solomon codewords, so the same text needs a larger version: `.low` restores about 7 %
/// of the codewords, `.medium` 15 %, `.quartile` 25 % and `.high` 30 %. A code shown on a screen and scanned at
/// arm's length reads well at `.medium`; `.high` is for print that may be scuffed or partly covered.
public enum QRErrorCorrection: Sendable, Hashable, CaseIterable {
    case low
    case medium
    case quartile
    case high

    /// The two bits the format information gives the level (Table 12): not in the order of strength.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The level's row in the block tables, weakest first.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The level's name in messages.
    var name: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .quartile: "quartile"
        case .high: "high"
        }
    }
}
