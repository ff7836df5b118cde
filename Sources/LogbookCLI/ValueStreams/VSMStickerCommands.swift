import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import ValueStreams

/// `vsm section add|rename|move|remove`: the map's process streams.
struct VSMSectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "section", abstract: "Add, rename, move or remove a map's sections (process streams).",
        subcommands: [Add.self, Rename.self, Move.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a section.")
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section's name.") var section: String
        @Option(name: .long, help: "Its position, from 1 (default: last).") var at: Int?
        @OptionGroup var options: VSMOptions

        func run() throws {
            let (database, _) = try options.open()
            _ = try vsmChange(database, name) { map throws(ValueStreamError) in try map.addSection(section, at: at) }
            Diagnostics.print("Added the section \(section) to \(name)")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a section.")
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section.") var section: String
        @Argument(help: "Its new name.") var newName: String
        @OptionGroup var options: VSMOptions

        func run() throws {
            let (database, _) = try options.open()
            _ = try vsmChange(database, name) { map throws(ValueStreamError) in
                try map.renameSection(section, to: newName)
            }
            Diagnostics.print("Renamed the section \(section) to \(newName)")
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a section.")
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section.") var section: String
        @Option(name: .long, help: "Its new position, from 1.") var to: Int
        @OptionGroup var options: VSMOptions

        func run() throws {
            let (database, _) = try options.open()
            _ = try vsmChange(database, name) { map throws(ValueStreamError) in try map.moveSection(section, to: to) }
            Diagnostics.print("Moved the section \(section) to position \(to)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a section with its stickers.")
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section.") var section: String
        @OptionGroup var options: VSMOptions

        func run() throws {
            let (database, _) = try options.open()
            _ = try vsmChange(database, name) { map throws(ValueStreamError) in try map.removeSection(section) }
            Diagnostics.print("Removed the section \(section)")
        }
    }
}

/// The style and measure options of `vsm add` and `vsm edit`.
struct StickerOptions: ParsableArguments {
    @Option(name: .long, help: "The sticker's text.") var text: String?
    @Option(name: .long, help: "value (green), auxiliary (orange) or waste (red).") var kind: String?
    @Option(name: .long, help: "How long the step takes: 45s, 5m, 1h30m, 2d.") var process: String?
    @Option(name: .long, help: "How long the work waits before the step.") var wait: String?
    @Option(name: .long, help: "Percent complete and accurate, 0 to 100 (none clears it).") var ca: String?
    @Option(name: .long, help: "Pieces waiting before the step (none clears it).") var inventory: String?
    @Option(name: [.customLong("colour"), .customLong("color")], help: "Background: #RRGGBB, a name, or default.")
    var colour: String?
    @Option(name: .long, help: "Font family (an installed font; falls back to DejaVu Sans).") var font: String?
    @Option(name: .long, help: "Font size in points, 6 to 48.") var size: Double?

    func change() throws -> StickerChange {
        StickerChange(
            text: text, kind: try VSMArguments.kind(kind), background: try VSMArguments.colour(colour), font: font,
            size: try VSMArguments.size(size), processSeconds: try VSMArguments.duration(process, "--process"),
            waitSeconds: try VSMArguments.duration(wait, "--wait"), ca: try VSMArguments.ca(ca),
            inventory: try VSMArguments.inventory(inventory))
    }
}

/// `vsm add NAME --text T --kind K …`: a sticker after the last one (of the last or named section).
struct VSMAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a sticker: after the last one of the last section (or --section S), or at --at N.")

    @Argument(help: "The map.") var name: String
    @OptionGroup var sticker: StickerOptions
    @Option(name: .long, help: "The section (made with `vsm section add`; default: the last).") var section: String?
    @Option(name: .long, help: "Its position in the section, from 1 (default: after the last).") var at: Int?
    @Option(name: .long, help: "Output: table (the sticker's number) or json.") var format: OutputFormat = .table
    @OptionGroup var options: VSMOptions

    func validate() throws {
        if sticker.text == nil { throw ValidationError("--text is required.") }
        if sticker.kind == nil { throw ValidationError("--kind is required (value, auxiliary or waste).") }
    }

    func run() throws {
        let change = try sticker.change()
        let draft = change.applied(
            to: Sticker(id: 0, text: sticker.text ?? "", kind: change.kind ?? .value))
        let (database, _) = try options.open()
        var added: Sticker?
        _ = try vsmChange(database, name) { map throws(ValueStreamError) in
            added = try map.addSticker(draft, section: section, at: at)
        }
        let id = added?.id ?? 0
        var output = StandardOutput()
        output.write(format == .json ? "{\"id\": \(id)}\n" : "\(id)\n")
        output.flush()
    }
}

/// `vsm move NAME STICKER --to N [--section S]`.
struct VSMMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a sticker to position N of its section, or of --section S.")

    @Argument(help: "The map.") var name: String
    @Argument(help: "The sticker: its number (7 or #7) or its text.") var sticker: String
    @Option(name: .long, help: "Its new position, from 1.") var to: Int
    @Option(name: .long, help: "Move it to this section.") var section: String?
    @OptionGroup var options: VSMOptions

    func run() throws {
        let (database, _) = try options.open()
        _ = try vsmChange(database, name) { map throws(ValueStreamError) in
            try map.moveSticker(try map.sticker(named: sticker).id, to: to, section: section)
        }
        Diagnostics.print("Moved \(sticker) to position \(to)" + (section.map { " of \($0)" } ?? ""))
    }
}

/// `vsm edit NAME STICKER [--text|--kind|--colour|--font|--size|--process|--wait|--ca|--inventory]`.
struct VSMEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a sticker.")

    @Argument(help: "The map.") var name: String
    @Argument(help: "The sticker: its number (7 or #7) or its text.") var sticker: String
    @OptionGroup var fields: StickerOptions
    @OptionGroup var options: VSMOptions

    func run() throws {
        let change = try fields.change()
        guard !change.isEmpty else { throw usageError("say what to change: --text, --kind, --process, … (see --help)") }
        let (database, _) = try options.open()
        _ = try vsmChange(database, name) { map throws(ValueStreamError) in
            try map.editSticker(try map.sticker(named: sticker).id, change)
        }
        Diagnostics.print("Changed \(sticker)")
    }
}

/// `vsm remove NAME STICKER`.
struct VSMRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a sticker.")

    @Argument(help: "The map.") var name: String
    @Argument(help: "The sticker: its number (7 or #7) or its text.") var sticker: String
    @OptionGroup var options: VSMOptions

    func run() throws {
        let (database, _) = try options.open()
        _ = try vsmChange(database, name) { map throws(ValueStreamError) in
            try map.removeSticker(try map.sticker(named: sticker).id)
        }
        Diagnostics.print("Removed \(sticker)")
    }
}
