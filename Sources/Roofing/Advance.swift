import CalendarDays

/// An amount paid to the team on account ("a conto") before the account is settled.
public struct Advance: Sendable, Hashable, Codable {
    public var date: CalendarDay
    public var amount: Money
    public var note: String

    public init(date: CalendarDay, amount: Money, note: String = "") {
        self.date = date
        self.amount = amount
        self.note = note
    }
}
