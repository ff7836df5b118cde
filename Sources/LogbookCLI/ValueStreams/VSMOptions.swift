import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import TrackModel
import ValueStreams
import LogbookServices

/// The options every `logbook vsm` command takes, and the log they open.
package struct VSMOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    /// Opens the log for a command that changes it.
    package func open() throws -> (AppDatabase, LocalClock) { try log.open() }

    /// Opens the existing log read-only.
    package func openForReading() throws -> (AppDatabase, LocalClock) { try log.openForReading() }
}

/// Parsing of what `vsm` commands take; a mistake is one line naming the option, exit 64.
package enum VSMArguments {
    /// `5m`, `1h30m`, `2d`; `option` names the flag in the message.
    package static func duration(_ text: String?, _ option: String) throws -> Double? {
        guard let text else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            throw usageError(
                "\(option) '\(text)': expected a duration with units s, m, h or d, such as 45s, 5m or 1h30m")
        }
        return seconds
    }

    /// `--available 7h30m`: working time per day, more than 0 and at most 24 h (0 clears it with `vsm set`).
    package static func available(_ text: String?, allowZero: Bool = false) throws -> Double? {
        guard let seconds = try duration(text, "--available") else { return nil }
        guard seconds <= 86_400, seconds > 0 || allowZero else {
            throw usageError("--available '\(text ?? "")': working time per day, more than 0 and at most 24h")
        }
        return seconds
    }

    /// `--demand 40`: pieces or orders per day, 0.001 to 1e9 (0 clears it with `vsm set`).
    package static func demand(_ value: Double?, allowZero: Bool = false) throws -> Double? {
        guard let value else { return nil }
        guard value.isFinite, (allowZero && value == 0) || (0.001...1e9).contains(value) else {
            throw usageError("--demand \(value): expected 0.001 to 1000000000 a day")
        }
        return value
    }

    package static func kind(_ text: String?) throws -> StickerKind? {
        guard let text else { return nil }
        guard let kind = StickerKind(parsing: text) else {
            throw usageError("--kind '\(text)': expected value, auxiliary or waste")
        }
        return kind
    }

    /// `--ca 95`; `none` clears it (returns .some(nil)).
    package static func ca(_ text: String?) throws -> Double?? {
        guard let text else { return nil }
        if text.lowercased() == "none" { return .some(nil) }
        let trimmed = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(trimmed), value.isFinite, (0...100).contains(value) else {
            throw usageError("--ca '\(text)': expected a percentage from 0 to 100 (or none)")
        }
        return .some(value)
    }

    /// `--colour #ffcc00` or a name; `default` goes back to the kind's colour (returns .some(nil)).
    package static func colour(_ text: String?) throws -> Colour?? {
        guard let text else { return nil }
        if text.lowercased() == "default" { return .some(nil) }
        guard let colour = Colour(parsing: text) else {
            throw usageError("--colour '\(text)': expected #RRGGBB, a name such as yellow, or default")
        }
        return .some(colour)
    }

    package static func size(_ value: Double?) throws -> Double? {
        guard let value else { return nil }
        guard StickerStyle.sizes.contains(value) else { throw usageError("--size \(value): expected 6 to 48 points") }
        return value
    }

    package static func inventory(_ text: String?) throws -> Int?? {
        guard let text else { return nil }
        if text.lowercased() == "none" { return .some(nil) }
        guard let value = Int(text), value >= 0 else { throw usageError("--inventory '\(text)': expected 0 or more") }
        return .some(value)
    }

    /// A map name given on the command line.
    package static func name(_ text: String, option: String = "NAME") throws -> String {
        do {
            try ValueStreamMap.checkName(text, field: option)
        } catch {
            throw usageError(error.description)
        }
        return text
    }
}

/// Runs a change of the map named, mapping the model's refusals and the store's errors to one line and an exit
/// status (64 for a refused operation of the command line, 65 for data, as everywhere).
package func vsmChange(
    _ database: AppDatabase, _ name: String, _ change: (inout ValueStreamMap) throws(ValueStreamError) -> Void
) throws -> ValueStreamMap {
    try storeCall { try database.updateValueStreamMap(named: name, change) }
}
