/// Work outside the catalogue ("ekstraarbejde"): free text with hours at an hourly rate, or a fixed amount.
public struct ExtraWork: Sendable, Hashable, Codable {
    public enum Pricing: Sendable, Hashable, Codable {
        case hours(Quantity, rate: Money)
        case fixed(Money)
    }

    public var text: String
    public var pricing: Pricing

    public init(text: String, pricing: Pricing) {
        self.text = text
        self.pricing = pricing
    }

    /// Hours × rate rounded to øre, or the fixed amount.
    public var amount: Money {
        switch pricing {
        case .hours(let hours, let rate): rate.times(hours)
        case .fixed(let amount): amount
        }
    }
}
