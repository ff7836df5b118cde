/// A measured line of the account: an activity at the unit price it was accounted at (so later indexings or
/// catalogue edits do not change it), a quantity and a note. A negative quantity corrects an earlier line.
public struct AccountLine: Sendable, Hashable, Codable {
    public var position: String
    public var section: String
    public var name: String
    public var unit: ActivityUnit
    public var quantity: Quantity
    public var unitPrice: Money
    public var note: String

    public init(
        position: String, section: String, name: String, unit: ActivityUnit, quantity: Quantity, unitPrice: Money,
        note: String = ""
    ) {
        self.position = position
        self.section = section
        self.name = name
        self.unit = unit
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.note = note
    }

    /// `quantity × unitPrice` rounded to øre half away from zero (33.333 × 47.15 = 1571.65095 → 1571.65).
    public var amount: Money { unitPrice.times(quantity) }
}
