import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import Roofing

/// The `roofing` subcommands; `RoofingCommand` groups them under `logbook roofing`.
package enum RoofingCommands {
    package static let all: [any ParsableCommand.Type] = [
        RoofingCatalogueCommand.self, RoofingProjectCommand.self, RoofingAddCommand.self, RoofingEditCommand.self,
        RoofingRemoveCommand.self, RoofingSupplementCommand.self, RoofingExtraCommand.self,
        RoofingDeductCommand.self, RoofingAdvanceCommand.self,
        RoofingSubmitCommand.self, RoofingReviseCommand.self, RoofingHistoryCommand.self, RoofingPhotoCommand.self,
        RoofingSplitCommand.self, RoofingSettleCommand.self,
    ]
}

/// The options every `logbook roofing` command takes, and the service over the log they open.
package struct RoofingOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    /// The use cases over the log, for a command that changes it (the person at the terminal may do everything).
    package func service() throws -> (RoofingService, LocalClock) {
        let (database, clock) = try log.open()
        return (try RoofingService(ServiceContext(database: database, caller: .terminal, clock: clock)), clock)
    }

    /// The same over the existing log opened read-only.
    package func reader() throws -> (RoofingService, LocalClock) {
        let (database, clock) = try log.openForReading()
        return (try RoofingService(ServiceContext(database: database, caller: .terminal, clock: clock)), clock)
    }
}

/// Cells of the roofing listings: amounts in tables are Danish (`1.234,50 kr.`); JSON and CSV keep the contract's
/// `1234.50`.
package enum RoofingCells {
    static func amount(_ money: Money?, _ format: OutputFormat, currency: String = "DKK") -> Cell {
        guard let money else { return .text(nil) }
        return .text(format == .table ? money.danish(currency: currency) : money.description)
    }

    static func number(_ quantity: Quantity?, _ format: OutputFormat) -> Cell {
        guard let quantity else { return .text(nil) }
        return .text(format == .table ? quantity.danish : quantity.description)
    }
}

/// Writes `text` to standard output.
package func roofingPrint(_ text: String) {
    var output = StandardOutput()
    output.write(text.hasSuffix("\n") ? text : text + "\n")
    output.flush()
}

/// Writes a view as JSON (`--format json`): the API's encoding, pretty where the command printed it so before.
package func roofingPrint(json value: some Encodable, pretty: Bool = false) throws {
    roofingPrint(try ServiceJSON.text(value, pretty: pretty))
}

/// A listing's rows for `--format table|csv`; JSON is the views themselves (`roofingPrint(json:)`).
extension Listing {
    func print(_ format: OutputFormat, clock: LocalClock, json views: some Encodable) throws {
        if format == .json {
            try roofingPrint(json: views)
        } else {
            print(format, clock: clock)
        }
    }
}
