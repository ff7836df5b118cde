import CalendarDays
import Foundation
import Roofing

func money(_ text: String) -> Money { try! Money(parsing: text) }
func qty(_ text: String) -> Quantity { try! Quantity(parsing: text) }
func date(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

func activity(_ pos: String, _ section: String, _ name: String, _ unit: ActivityUnit, _ price: String) -> Activity {
    try! Activity(position: pos, section: section, name: name, unit: unit, price: money(price))
}

/// Catches a `RoofingError` from `body`; nil if nothing was thrown.
func roofingError(_ body: () throws -> Void) -> RoofingError? {
    do {
        try body()
        return nil
    } catch {
        return error as? RoofingError
    }
}
