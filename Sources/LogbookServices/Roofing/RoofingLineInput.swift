public import Roofing
import Foundation

/// A new line (`roofing add`, `POST …/lines`, the add-line forms): the catalogue's activity at `pos` with a
/// quantity in its unit, and a note.
public struct RoofingLineInput: RoofingInput, Hashable {
    public var pos: String?
    public var quantity: Quantity?
    public var note: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case pos, quantity, note }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(pos: String, quantity: Quantity, note: String? = nil) {
        self.pos = pos
        self.quantity = quantity
        self.note = note
    }

    func validated() throws(ServiceError) -> (pos: String, quantity: Quantity, note: String) {
        let pos = try Self.text(pos, "pos", "pos is required: the activity's position number, such as 12.3.4")
        return (pos.trimmingCharacters(in: .whitespaces), try Self.required(quantity, "quantity"), note ?? "")
    }
}

/// A change of a line (`roofing edit`, `PATCH …/lines/{line}`, the quantity form): its quantity, its note, or
/// both; the price stays the one it was accounted at.
public struct RoofingLineChange: RoofingInput, Hashable {
    public var quantity: Quantity?
    public var note: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case quantity, note }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(quantity: Quantity? = nil, note: String? = nil) {
        self.quantity = quantity
        self.note = note
    }

    func validated() throws(ServiceError) -> RoofingLineChange {
        guard quantity != nil || note != nil else {
            throw ServiceError(.invalid, field: "quantity", "give the quantity or the note to change")
        }
        return self
    }
}

/// A supplement (`roofing supplement`): the catalogue's `%` activity at `pos`, on its base.
public struct RoofingSupplementInput: RoofingInput, Hashable {
    public var pos: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case pos }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(pos: String) { self.pos = pos }
}
