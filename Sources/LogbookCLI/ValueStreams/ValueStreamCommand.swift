import ArgumentParser
import LogbookDaemon
import LogbookServices
import ReportDocuments
import Reports

/// `logbook vsm`: value-stream maps — coloured sticker timelines with sections, lean measures, current versus
/// future state, search, and export as JSON, PDF, SVG and PNG.
package struct ValueStreamCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "vsm",
        abstract: "Value-stream maps: sticker timelines with sections, lean measures, current and future state.",
        subcommands: ValueStreamCommands.all + [ValueStreamExportCommand.self])

    package init() {}
}

/// `a4`, `a3` or `letter` (any case).
extension ValueStreamRendering.Paper: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// `vsm export NAME --json F --pdf F --svg F --png F`.
struct ValueStreamExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a map as JSON (its format, to import again), PDF, SVG or PNG.")

    @Argument(help: "The map.") var name: String
    @Option(name: .long, help: "Write the JSON document here (- for standard output).") var json: String?
    @Option(name: .long, help: "Write a PDF here (landscape, --paper; - for standard output).") var pdf: String?
    @Option(name: .long, help: "Write an SVG here (- for standard output).") var svg: String?
    @Option(name: .long, help: "Write a PNG here (- for standard output).") var png: String?
    @Option(name: .long, help: "Paper: a4, a3 or letter, landscape (the PDF's pages; the width of the SVG and PNG).")
    var paper: ValueStreamRendering.Paper = .a4
    @OptionGroup var options: ValueStreamOptions

    func validate() throws {
        guard json != nil || pdf != nil || svg != nil || png != nil else {
            throw ValidationError("Give --json, --pdf, --svg or --png FILE (any of them).")
        }
        if FileOutput.sharesStandardOutput(json, pdf, svg, png) {
            throw ValidationError("Only one of --json, --pdf, --svg and --png can write to standard output (-).")
        }
    }

    func run() throws {
        let (service, _) = try options.service(reading: true)
        let export = try service.export(named: name)
        do throws(ReportError) {
            if let json { try WrittenFile.write(Array(export.json), to: json) }
            let comparison = export.comparison
            if let pdf {
                try WrittenFile.write(
                    try ValueStreamRendering.pdf(export.map, paper: paper, comparison: comparison), to: pdf)
            }
            if let svg {
                try WrittenFile.write(
                    try ValueStreamRendering.svg(export.map, paper: paper, comparison: comparison), to: svg)
            }
            if let png {
                try WrittenFile.write(
                    try ValueStreamRendering.png(export.map, paper: paper, comparison: comparison), to: png)
            }
        } catch {
            // A file that cannot be written is 73 (cannot create), a drawing that fails 70 (software).
            throw ServiceError(.failed, error.description, exitCode: error.code == .output ? 73 : 70)
        }
    }
}
