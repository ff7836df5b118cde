import ArgumentParser
import Foundation
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Reports
import ValueStreams
import ReportDocuments

/// `logbook vsm`: value-stream maps — coloured sticker timelines with sections, lean measures, current versus
/// future state, search, and export as JSON, PDF, SVG and PNG.
package struct VSMCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "vsm",
        abstract: "Value-stream maps: sticker timelines with sections, lean measures, current and future state.",
        subcommands: VSMCommands.all + [VSMExportCommand.self])

    package init() {}
}

/// `vsm export NAME --json F --pdf F --svg F --png F`.
struct VSMExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a map as JSON (its format, to import again), PDF, SVG or PNG.")

    @Argument(help: "The map.") var name: String
    @Option(name: .long, help: "Write the JSON document here (- for standard output).") var json: String?
    @Option(name: .long, help: "Write a PDF here (landscape, --paper).") var pdf: String?
    @Option(name: .long, help: "Write an SVG here.") var svg: String?
    @Option(name: .long, help: "Write a PNG here.") var png: String?
    @Option(name: .long, help: "Paper: a4, a3 or letter, landscape (the PDF's pages; the width of the SVG and PNG).")
    var paper: String = "a4"
    @OptionGroup var options: VSMOptions

    func validate() throws {
        guard json != nil || pdf != nil || svg != nil || png != nil else {
            throw ValidationError("Give --json, --pdf, --svg or --png FILE (any of them).")
        }
        guard ValueStreamRendering.Paper(rawValue: paper.lowercased()) != nil else {
            throw ValidationError("--paper: a4, a3 or letter.")
        }
    }

    func run() throws {
        let (database, _) = try options.openForReading()
        let map = try storeCall { try database.valueStreamMap(named: name) }
        let current = try map.futureOf.map { name in try storeCall { try database.valueStreamMap(named: name) } }
        let comparison = current.map { MapComparison(future: map, current: $0) }
        do throws(ReportError) {
            if let json {
                let bytes = Array(ValueStreamJSON.encode(map)) + [0x0A]
                if json == "-" {
                    var output = StandardOutput()
                    output.write(String(decoding: bytes, as: UTF8.self))
                    output.flush()
                } else {
                    try FileOutput.write(bytes, to: json)
                    Diagnostics.print("Wrote \(json)")
                }
            }
            let paper = ValueStreamRendering.Paper(rawValue: paper.lowercased()) ?? .a4
            if let pdf {
                try FileOutput.write(try ValueStreamRendering.pdf(map, paper: paper, comparison: comparison), to: pdf)
                Diagnostics.print("Wrote \(pdf)")
            }
            if let svg {
                try FileOutput.write(try ValueStreamRendering.svg(map, paper: paper, comparison: comparison), to: svg)
                Diagnostics.print("Wrote \(svg)")
            }
            if let png {
                try FileOutput.write(try ValueStreamRendering.png(map, paper: paper, comparison: comparison), to: png)
                Diagnostics.print("Wrote \(png)")
            }
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(error.code == .output ? 73 : 70)
        }
    }
}
