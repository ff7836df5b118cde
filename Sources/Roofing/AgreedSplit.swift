/// A split of the piecework sum the team agreed on instead of the equal hourly rate: a percentage for each
/// roofer (summing to exactly 100) or a fixed amount for each (summing to exactly the total).
public enum AgreedSplit: Sendable, Hashable, Codable {
    case percentages([String: Quantity])
    case amounts([String: Money])
}
