import ArgumentParser
import CalendarDays
import Foundation
import LogbookDaemon
import LogbookServices
import Roofing

/// `roofing catalogue import|list|search|export|index`.
struct RoofingCatalogueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue", abstract: "Import, list, search, export and index activity catalogues.",
        subcommands: [Import.self, List.self, Search.self, Export.self, Index.self])

    /// `catalogue import FILE [--name N]`: CSV or JSON, told by the content.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Import a catalogue from CSV or JSON (told by the content).")
        @Argument(help: "The CSV or JSON file.") var file: String
        @Option(name: .long, help: "The catalogue's name (default: the JSON's name, or the file's name).")
        var name: String?
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                Diagnostics.error("\(file): cannot be read")
                throw ExitCode(66)
            }
            let (service, _) = try options.service()
            let catalogue = try service.importCatalogue(RoofingCatalogueFile(data: data, fileName: file, name: name))
            Diagnostics.print(
                "Imported \(catalogue.name): \(catalogue.activities) activities, \(catalogue.supplements) supplements")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the catalogues.")
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, clock) = try options.reader()
            let catalogues = try service.catalogues()
            var listing = Listing([
                ("name", "Catalogue"), ("currency", "Currency"), ("activities", "Activities"),
                ("supplements", "Supplements"), ("indexings", "Indexings"),
            ])
            for c in catalogues {
                listing.append([
                    .text(c.name), .text(c.currency), .integer(c.activities), .integer(c.supplements),
                    .integer(c.indexings),
                ])
            }
            try listing.print(format, clock: clock, json: catalogues)
        }
    }

    /// `catalogue search TEXT`: by name and position number, accent-insensitive, prefix and typo-tolerant.
    struct Search: ParsableCommand, CommandFieldNames {
        static let configuration = CommandConfiguration(
            commandName: "search", abstract: "Find activities by name or position number (any accents, typos).")
        static let fieldNames = ["q": "<text>"]
        @Argument(help: "What to look for.") var text: String
        @Option(name: .long, help: "Search only this catalogue.") var catalogue: String?
        @Option(name: .long, help: "At most this many hits per catalogue.") var limit: Int = 20
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, clock) = try options.reader()
            let hits = try service.search(RoofingSearchInput(q: text, catalogue: catalogue, limit: limit))
            let rows = hits.map(Row.init)
            var listing = Listing([
                ("catalogue", "Catalogue"), ("pos", "Pos"), ("section", "Section"), ("name", "Name"),
                ("unit", "Unit"), ("price", "Price"), ("base", "Base"),
            ])
            for row in rows { listing.append(row.cells(format)) }
            try listing.print(format, clock: clock, json: rows)
            if hits.contains(where: \.example) {
                Diagnostics.print(
                    "Note: the log has no catalogue of its own: these are the sample catalogue's activities, whose prices are "
                        + "examples; import the firm's price list with `logbook roofing catalogue import FILE`")
            }
        }

        /// A hit as this command lists it (its JSON contract): the activity at its list price, or a supplement's
        /// percentage in `price` and its base in `base` (null for a measured activity).
        struct Row: Encodable {
            var catalogue: String
            var currency: String
            var pos: String
            var section: String
            var name: String
            var unit: String
            var price: Money?
            var percent: Quantity?
            var base: String?
            /// The sample catalogue's: its price is an example.
            var example: Bool

            enum CodingKeys: String, CodingKey { case catalogue, pos, section, name, unit, price, base, example }

            init(_ hit: RoofingSearchHitView) {
                catalogue = hit.catalogue
                currency = hit.currency
                pos = hit.activity.position
                section = hit.activity.section
                name = hit.activity.name
                unit = hit.activity.unit.description
                price = hit.activity.price
                percent = hit.activity.supplement?.percent
                base = hit.activity.supplement?.base.description
                example = hit.example
            }

            func cells(_ format: OutputFormat) -> [Cell] {
                let priceCell =
                    percent.map { .text($0.description + (format == .table ? " %" : "")) }
                    ?? RoofingCells.amount(price, format, currency: currency)
                return [
                    .text(catalogue), .text(pos), .text(section), .text(name), .text(unit), priceCell, .text(base),
                ]
            }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(catalogue, forKey: .catalogue)
                try c.encode(pos, forKey: .pos)
                try c.encode(section, forKey: .section)
                try c.encode(name, forKey: .name)
                try c.encode(unit, forKey: .unit)
                try c.encode(percent?.description ?? price?.description, forKey: .price)
                try c.encode(base, forKey: .base)
                try c.encode(example, forKey: .example)
            }
        }
    }

    /// `catalogue export NAME --json F | --csv F`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write a catalogue as JSON or CSV (the import formats).")
        @Argument(help: "The catalogue.") var name: String
        @Option(name: .long, help: "Write JSON here (- for standard output).") var json: String?
        @Option(name: .long, help: "Write CSV here (- for standard output).") var csv: String?
        @OptionGroup var options: RoofingOptions

        func validate() throws {
            guard json != nil || csv != nil else { throw ValidationError("Give --json FILE or --csv FILE.") }
        }

        func run() throws {
            let (service, _) = try options.reader()
            let catalogue = try service.catalogue(named: name)
            if let json {
                try Self.write(Array(CatalogueJSON.encode(catalogue)) + [0x0A], to: json)
            }
            if let csv {
                try Self.write(Array(CatalogueCSV.encode(catalogue).utf8), to: csv)
            }
        }

        static func write(_ bytes: [UInt8], to path: String) throws {
            if path == "-" {
                roofingPrint(String(decoding: bytes, as: UTF8.self))
                return
            }
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                Diagnostics.error("\(path): cannot be written")
                throw ExitCode(73)
            }
            Diagnostics.print("Wrote \(path)")
        }
    }

    /// `catalogue index NAME --from D --percent P`.
    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "index", abstract: "Raise every unit price of a catalogue by a percentage from a date on.")
        @Argument(help: "The catalogue.") var name: String
        @Option(name: .long, help: "The first day the new prices apply (YYYY-MM-DD).") var from: CalendarDay
        @Option(name: .long, help: "The percentage, such as 2.5 (negative lowers the prices).") var percent: Quantity
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, _) = try options.service()
            let indexing = try service.indexCatalogue(name, RoofingIndexingInput(from: from, percent: percent))
            Diagnostics.print("Prices of \(name) rise by \(indexing.percent) % from \(indexing.from)")
        }
    }
}
