import ArgumentParser
import LogbookDaemon
import LogbookServices
import ValueStreams

/// The options every `logbook vsm` command takes, and the use cases on the log they open.
package struct ValueStreamOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    /// The maps' use cases for the person at the terminal, on the log opened to change it, or (`reading`) the
    /// existing log opened read-only; and the local clock for tables.
    package func service(reading: Bool = false) throws -> (ValueStreamService, LocalClock) {
        let (database, clock) = try reading ? log.openForReading() : log.open()
        return (try ValueStreamService(ServiceContext(database: database, caller: .terminal, clock: clock)), clock)
    }
}

/// `45s`, `5m`, `1h30m`, `2d` on the command line.
extension ValueStreamDuration: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(text: argument)
    }
}

/// `value` (also `value-adding`, `va`, `green`), `auxiliary` (`aux`, `orange`), `waste` (`red`).
extension StickerKind: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}

/// `--ca 95` or `95%`; `none` clears it.
package struct StickerCAArgument: ExpressibleByArgument, Sendable {
    package var value: Double?

    package init?(argument: String) {
        if argument.lowercased() == "none" {
            value = nil
            return
        }
        let number = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let value = Double(number), value.isFinite else { return nil }
        self.value = value
    }
}

/// `--inventory 12`; `none` clears it.
package struct StickerInventoryArgument: ExpressibleByArgument, Sendable {
    package var value: Int?

    package init?(argument: String) {
        if argument.lowercased() == "none" {
            value = nil
            return
        }
        guard let value = Int(argument) else { return nil }
        self.value = value
    }
}

/// `--colour #ffcc00`, `#fc0` or a name such as yellow; `default` goes back to the kind's colour.
package struct StickerColourArgument: ExpressibleByArgument, Sendable {
    package var colour: Colour?

    package init?(argument: String) {
        if argument.lowercased() == "default" {
            colour = nil
            return
        }
        guard let colour = Colour(parsing: argument) else { return nil }
        self.colour = colour
    }
}
