import ArgumentParser
import LogbookDaemon
import LogbookServices
import ValueStreams

/// `vsm section add|rename|move|remove`: the map's process streams.
struct ValueStreamSectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "section", abstract: "Add, rename, move or remove a map's sections (process streams).",
        subcommands: [Add.self, Rename.self, Move.self, Remove.self])

    struct Add: ParsableCommand, CommandFieldNames {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a section.")
        static let fieldNames = ["name": "<section>", "position": "--at"]
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section's name.") var section: String
        @Option(name: .long, help: "Its position, from 1 (default: last).") var at: Int?
        @OptionGroup var options: ValueStreamOptions

        func run() throws {
            let (service, _) = try options.service()
            try service.addSection(map: name, ValueStreamSectionInput(name: section, position: at))
            Diagnostics.print("Added the section \(section) to \(name)")
        }
    }

    struct Rename: ParsableCommand, CommandFieldNames {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a section.")
        static let fieldNames = ["name": "<new-name>"]
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section.") var section: String
        @Argument(help: "Its new name.") var newName: String
        @OptionGroup var options: ValueStreamOptions

        func run() throws {
            let (service, _) = try options.service()
            try service.changeSection(map: name, section: section, ValueStreamSectionChange(name: newName))
            Diagnostics.print("Renamed the section \(section) to \(newName)")
        }
    }

    struct Move: ParsableCommand, CommandFieldNames {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a section.")
        static let fieldNames = ["position": "--to"]
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section.") var section: String
        @Option(name: .long, help: "Its new position, from 1.") var to: Int
        @OptionGroup var options: ValueStreamOptions

        func run() throws {
            let (service, _) = try options.service()
            try service.changeSection(map: name, section: section, ValueStreamSectionChange(position: to))
            Diagnostics.print("Moved the section \(section) to position \(to)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a section with its stickers.")
        @Argument(help: "The map.") var name: String
        @Argument(help: "The section.") var section: String
        @OptionGroup var options: ValueStreamOptions

        func run() throws {
            let (service, _) = try options.service()
            try service.removeSection(map: name, section: section)
            Diagnostics.print("Removed the section \(section)")
        }
    }
}

/// The style and measure options of `vsm add` and `vsm edit`.
struct StickerOptions: ParsableArguments {
    @Option(name: .long, help: "The sticker's text.") var text: String?
    @Option(name: .long, help: "value (green), auxiliary (orange) or waste (red).") var kind: StickerKind?
    @Option(name: .long, help: "How long the step takes: 45s, 5m, 1h30m, 2d.") var process: ValueStreamDuration?
    @Option(name: .long, help: "How long the work waits before the step: 30s, 2h, 1d (a bare number is ambiguous).")
    var wait: ValueStreamDuration?
    @Option(name: .long, help: "Percent complete and accurate, 0 to 100 (none clears it).") var ca: StickerCAArgument?
    @Option(name: .long, help: "Pieces waiting before the step (none clears it).")
    var inventory: StickerInventoryArgument?
    @Option(name: [.customLong("colour"), .customLong("color")], help: "Background: #RRGGBB, a name, or default.")
    var colour: StickerColourArgument?
    @Option(name: .long, help: "Font family (an installed font; falls back to DejaVu Sans).") var font: String?
    @Option(name: .long, help: "Font size in points, 6 to 48.") var size: Double?

    /// The options as a change: an option left out leaves its field as it is.
    var change: ValueStreamStickerChange {
        ValueStreamStickerChange(
            text: text, kind: kind, background: colour.map(\.colour), font: font, size: size, processTime: process,
            waitTime: wait, ca: ca.map(\.value), inventory: inventory.map(\.value))
    }

    /// What the options' fields are called in the use case's input.
    static let fieldNames = ["process_s": "--process", "wait_s": "--wait", "background": "--colour"]
}

/// `vsm add NAME --text T --kind K …`: a sticker after the last one (of the last or named section).
struct ValueStreamAddCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a sticker: after the last one of the last section (or --section S), or at --at N.")
    static let fieldNames = StickerOptions.fieldNames.merging(["position": "--at"]) { $1 }

    @Argument(help: "The map.") var name: String
    @OptionGroup var sticker: StickerOptions
    @Option(name: .long, help: "The section (made with `vsm section add`; default: the last).") var section: String?
    @Option(name: .long, help: "Its position in the section, from 1 (default: after the last).") var at: Int?
    @Option(name: .long, help: "Output: table (the sticker's number) or json (the sticker).")
    var format: OutputFormat = .table
    @OptionGroup var options: ValueStreamOptions

    func validate() throws {
        if sticker.text == nil { throw ValidationError("--text is required.") }
        if sticker.kind == nil { throw ValidationError("--kind is required (value, auxiliary or waste).") }
    }

    func run() throws {
        let fields = sticker.change
        let input = ValueStreamStickerInput(
            text: fields.text ?? "", kind: fields.kind ?? .value, background: fields.background ?? nil,
            font: fields.font, size: fields.size, processTime: fields.processTime, waitTime: fields.waitTime,
            ca: fields.ca ?? nil, inventory: fields.inventory ?? nil, section: section, position: at)
        let (service, _) = try options.service()
        let added = try service.addSticker(map: name, input)
        var output = StandardOutput()
        output.write(format == .json ? try ServiceJSON.text(added) + "\n" : "\(added.sticker.id)\n")
        output.flush()
    }
}

/// `vsm move NAME STICKER --to N [--section S]`.
struct ValueStreamMoveCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a sticker to position N of its section, or of --section S.")
    static let fieldNames = ["position": "--to"]

    @Argument(help: "The map.") var name: String
    @Argument(help: "The sticker: its number (7 or #7) or its text.") var sticker: String
    @Option(name: .long, help: "Its new position, from 1.") var to: Int
    @Option(name: .long, help: "Move it to this section.") var section: String?
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, _) = try options.service()
        try service.moveSticker(map: name, sticker, ValueStreamStickerMove(position: to, section: section))
        Diagnostics.print("Moved \(sticker) to position \(to)" + (section.map { " of \($0)" } ?? ""))
    }
}

/// `vsm edit NAME STICKER [--text|--kind|--colour|--font|--size|--process|--wait|--ca|--inventory]`.
struct ValueStreamEditCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a sticker.")
    static let fieldNames = StickerOptions.fieldNames

    @Argument(help: "The map.") var name: String
    @Argument(help: "The sticker: its number (7 or #7) or its text.") var sticker: String
    @OptionGroup var fields: StickerOptions
    @OptionGroup var options: ValueStreamOptions

    func validate() throws {
        if fields.change.isEmpty {
            throw ValidationError("Say what to change: --text, --kind, --process, … (see --help).")
        }
    }

    func run() throws {
        let (service, _) = try options.service()
        try service.editSticker(map: name, sticker, fields.change)
        Diagnostics.print("Changed \(sticker)")
    }
}

/// `vsm remove NAME STICKER`.
struct ValueStreamRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a sticker.")

    @Argument(help: "The map.") var name: String
    @Argument(help: "The sticker: its number (7 or #7) or its text.") var sticker: String
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, _) = try options.service()
        try service.removeSticker(map: name, sticker)
        Diagnostics.print("Removed \(sticker)")
    }
}
