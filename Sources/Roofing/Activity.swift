/// One entry of a catalogue: a measured activity with its unit price, or a supplement ("tillæg") whose unit is
/// `%` and whose "price" is the percentage of its base.
public struct Activity: Sendable, Hashable, Codable {
    public enum Rate: Sendable, Hashable, Codable {
        /// Kroner per unit.
        case price(Money)
        /// Per cent of the base.
        case percent(Quantity, of: SupplementBase)
    }

    /// The position number, unique within a catalogue (`12.3.4`).
    public var position: String
    public var section: String
    public var name: String
    public var unit: ActivityUnit
    public var rate: Rate

    /// A measured activity; the unit must not be `%`.
    public init(position: String, section: String, name: String, unit: ActivityUnit, price: Money)
        throws(RoofingError)
    {
        guard unit != .percent else {
            throw RoofingError(.invalid, path: "unit", "a % activity is a supplement: give its base")
        }
        self.position = position
        self.section = section
        self.name = name
        self.unit = unit
        self.rate = .price(price)
        try validate()
    }

    /// A supplement: `percent` % of `base`.
    public init(supplement position: String, section: String, name: String, percent: Quantity, base: SupplementBase)
        throws(RoofingError)
    {
        self.position = position
        self.section = section
        self.name = name
        self.unit = .percent
        self.rate = .percent(percent, of: base)
        try validate()
    }

    func validate() throws(RoofingError) {
        guard Self.isPosition(position) else {
            throw RoofingError(
                .invalid, path: "pos", "'\(position)' is not a position number (digits and dots, like 12.3.4)")
        }
        guard !name.trimmingWhitespace().isEmpty else {
            throw RoofingError(.invalid, path: "name", "a name is required")
        }
        if case .percent(let percent, _) = rate, percent.thousandths < 0 {
            throw RoofingError(.invalid, path: "price", "a supplement's percentage cannot be negative")
        }
    }

    /// Digits, letters and dots without empty parts: `12`, `12.3.4`, `7.2a`.
    public static func isPosition(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !text.isEmpty
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter || $0 == "-") }
            }
    }

    public var isSupplement: Bool { unit == .percent }

    /// The unit price, nil for a supplement.
    // Not inlined (nor `supplement` and `priceText`): Swift 6.3.1 -O crashed (SIL ownership verifier in
    // CopyPropagation) on callers that inlined a switch over `rate` into closures (roofing catalogue search).
    @inline(never)
    public var price: Money? {
        if case .price(let price) = rate { return price }
        return nil
    }

    /// The percentage and base, nil for a measured activity.
    @inline(never)
    public var supplement: (percent: Quantity, base: SupplementBase)? {
        if case .percent(let percent, let base) = rate { return (percent, base) }
        return nil
    }

    /// The price column's text: the unit price (`47.15`) or the percentage (`12.5`).
    @inline(never)
    public var priceText: String {
        switch rate {
        case .price(let price): price.description
        case .percent(let percent, _): percent.description
        }
    }

    /// Position numbers in the handbook's order: part by part, numbers as numbers (`2.10` after `2.9`).
    public static func positionOrder(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: ".")
        let y = b.split(separator: ".")
        for (p, q) in zip(x, y) where p != q {
            if let m = Int(p), let n = Int(q) { return m < n }
            return p < q
        }
        return x.count < y.count
    }
}
