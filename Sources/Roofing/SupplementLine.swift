/// A supplement ("tillæg") on the account: a percentage of its base, computed when the account is made.
public struct SupplementLine: Sendable, Hashable, Codable {
    public var position: String
    public var section: String
    public var name: String
    public var percent: Quantity
    public var base: SupplementBase

    public init(position: String, section: String = "", name: String, percent: Quantity, base: SupplementBase) {
        self.position = position
        self.section = section
        self.name = name
        self.percent = percent
        self.base = base
    }

    /// The measured lines the percentage applies to (never supplements, extra work or deductions).
    public func baseLines(_ lines: [AccountLine]) -> [AccountLine] {
        switch base {
        case .account: lines
        case .section(let name): lines.filter { $0.section == name }
        case .positions(let positions): lines.filter { positions.contains($0.position) }
        }
    }
}
