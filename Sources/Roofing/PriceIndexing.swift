import CalendarDays

/// A dated percentage that raises every unit price of a catalogue from `from` on (supplements' percentages are
/// not prices and stay). Several indexings compound, each step rounded to øre.
public struct PriceIndexing: Sendable, Hashable, Codable {
    public var from: CalendarDay
    public var percent: Quantity

    public init(from: CalendarDay, percent: Quantity) {
        self.from = from
        self.percent = percent
    }

    /// `price` raised by `percent` %, rounded to øre half away from zero.
    public func apply(to price: Money) -> Money { price + price.percent(percent) }
}
