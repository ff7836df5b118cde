import ArgumentParser
import CalendarDays
import Foundation
import LogbookDaemon
import LogbookStore
import Roofing
import LogbookServices

/// The `roofing` subcommands; LogbookReporting's `RoofingCommand` groups them under `logbook roofing`.
package enum RoofingCommands {
    package static let all: [any ParsableCommand.Type] = [
        RoofingCatalogueCommand.self, RoofingProjectCommand.self, RoofingAddCommand.self, RoofingEditCommand.self,
        RoofingRemoveCommand.self, RoofingSupplementCommand.self, RoofingExtraCommand.self,
        RoofingDeductCommand.self, RoofingAdvanceCommand.self,
        RoofingSubmitCommand.self, RoofingReviseCommand.self, RoofingHistoryCommand.self, RoofingPhotoCommand.self,
        RoofingSplitCommand.self, RoofingSettleCommand.self,
    ]
}

/// The options every `logbook roofing` command takes, and the log they open.
package struct RoofingOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    /// Opens the log for a command that changes it.
    package func open() throws -> (AppDatabase, LocalClock) { try log.open() }

    /// Opens the existing log read-only.
    package func openForReading() throws -> (AppDatabase, LocalClock) { try log.openForReading() }
}

/// Parsing of what `roofing` commands take; a mistake is one line naming the option, exit 64.
package enum RoofingArguments {
    static func money(_ text: String, _ option: String) throws -> Money {
        do {
            return try Money(parsing: text, field: option)
        } catch {
            throw usageError("\(option) '\(text)': expected an amount such as 1234.50 or 1.234,50 (\(error.message))")
        }
    }

    static func quantity(_ text: String, _ option: String) throws -> Quantity {
        do {
            return try Quantity(parsing: text, field: option)
        } catch {
            throw usageError("\(option) '\(text)': expected a number with at most 3 decimals (\(error.message))")
        }
    }

    static func hours(_ text: String, _ option: String) throws -> Quantity {
        let hours = try quantity(text, option)
        guard hours.thousandths >= 0 else { throw usageError("\(option) '\(text)': hours cannot be negative") }
        return hours
    }

    static func day(_ text: String, _ option: String) throws -> CalendarDay {
        if text == "today" { return today() }
        guard let day = CalendarDay(parsing: text) else {
            throw usageError("\(option) '\(text)': expected a date YYYY-MM-DD")
        }
        return day
    }

    /// The local date today.
    static func today() -> CalendarDay {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return CalendarDay(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDay(dayNumber: 0)
    }

    /// A 1-based line number as the user counts lines.
    static func line(_ text: String, _ option: String = "LINE") throws -> Int {
        guard let number = Int(text), number >= 1 else {
            throw usageError("\(option) '\(text)': expected a line number from 1 (see roofing account)")
        }
        return number
    }

    /// The project named, or the one selected with `roofing project select`.
    package static func project(_ given: String?, _ database: AppDatabase) throws -> String {
        if let given { return given }
        if let selected = try storeCall({ try database.selectedRoofingProject() }) { return selected }
        throw usageError("PROJECT: name a project, or select one with `logbook roofing project select NAME`")
    }

    /// Amounts in tables are Danish (`1.234,50 kr.`); JSON and CSV keep the contract's `1234.50`.
    static func amount(_ money: Money?, _ format: OutputFormat, currency: String = "DKK") -> Cell {
        guard let money else { return .text(nil) }
        return .text(format == .table ? money.danish(currency: currency) : money.description)
    }

    static func number(_ quantity: Quantity?, _ format: OutputFormat) -> Cell {
        guard let quantity else { return .text(nil) }
        return .text(format == .table ? quantity.danish : quantity.description)
    }
}

/// Runs a change of the project named in the store, mapping refusals to one line and exit 65.
func roofingChange(
    _ database: AppDatabase, _ name: String, _ change: (inout Project) throws(RoofingError) -> Void
) throws -> Project {
    try storeCall { try database.updateRoofingProject(named: name, change) }
}

/// Writes `text` to standard output.
package func roofingPrint(_ text: String) {
    var output = StandardOutput()
    output.write(text.hasSuffix("\n") ? text : text + "\n")
    output.flush()
}
