/// An amount taken off the account ("fradrag"): material the firm supplied, work not done. Kept positive here
/// and subtracted from the total; the account's JSON shows it as a negative line.
public struct Deduction: Sendable, Hashable, Codable {
    public var text: String
    public var amount: Money

    public init(text: String, amount: Money) {
        self.text = text
        self.amount = amount
    }
}
