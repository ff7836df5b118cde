import ArgumentParser
import LogbookCLI

/// `logbook vsm`: value-stream maps — coloured sticker timelines with sections, lean measures, current versus
/// future state, search, and export as JSON, PDF, SVG and PNG.
package struct VSMCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "vsm",
        abstract: "Value-stream maps: sticker timelines with sections, lean measures, current and future state.",
        subcommands: VSMCommands.all)

    package init() {}
}
