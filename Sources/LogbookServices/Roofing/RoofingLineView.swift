public import Roofing

/// A measured line as `roofing project show --format json` and the API show it: its number (from 1), the
/// activity, the quantity and the price it was accounted at; `project` when the line was just added.
public struct RoofingLineView: Encodable, Sendable, Hashable {
    public var line: Int
    public var pos: String
    public var section: String
    public var name: String
    public var unit: String
    public var quantity: Quantity
    public var unitPrice: Money
    public var amount: Money
    public var note: String
    public var project: String?

    enum CodingKeys: String, CodingKey {
        case line, pos, section, name, unit, quantity, amount, note, project
        case unitPrice = "unit_price"
    }

    public init(_ line: AccountLine, number: Int, project: String? = nil) {
        self.line = number
        pos = line.position
        section = line.section
        name = line.name
        unit = line.unit.description
        quantity = line.quantity
        unitPrice = line.unitPrice
        amount = line.amount
        note = line.note
        self.project = project
    }
}
