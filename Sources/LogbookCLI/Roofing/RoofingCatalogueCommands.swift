import ArgumentParser
import CalendarDays
import Foundation
import LogbookDaemon
import LogbookStore
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
            let isJSON = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
            let catalogue: Catalogue
            do {
                if isJSON {
                    catalogue = try CatalogueJSON.decode(data, name: name)
                } else {
                    let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                    catalogue = try CatalogueCSV.decode(data, name: name ?? stem)
                }
            } catch {
                Diagnostics.error("\(file): \(error.description)")
                throw ExitCode(65)
            }
            let (database, _) = try options.open()
            try storeCall { try database.importRoofingCatalogue(catalogue) }
            let supplements = catalogue.activities.count { $0.isSupplement }
            Diagnostics.print(
                "Imported \(catalogue.name): \(catalogue.activities.count - supplements) activities, "
                    + "\(supplements) supplements")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the catalogues.")
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (database, clock) = try options.openForReading()
            var listing = Listing([
                ("name", "Catalogue"), ("currency", "Currency"), ("activities", "Activities"),
                ("supplements", "Supplements"), ("indexings", "Indexings"),
            ])
            for c in try storeCall({ try database.roofingCatalogues() }) {
                listing.append([
                    .text(c.name), .text(c.currency), .integer(c.activities), .integer(c.supplements),
                    .integer(c.indexings),
                ])
            }
            listing.print(format, clock: clock)
        }
    }

    /// `catalogue search TEXT`: by name and position number, accent-insensitive, prefix and typo-tolerant.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search", abstract: "Find activities by name or position number (any accents, typos).")
        @Argument(help: "What to look for.") var text: String
        @Option(name: .long, help: "Search only this catalogue.") var catalogue: String?
        @Option(name: .long, help: "At most this many hits per catalogue.") var limit: Int = 20
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            guard limit >= 1 else { throw usageError("--limit \(limit): expected 1 or more") }
            let (database, clock) = try options.openForReading()
            let names =
                try catalogue.map { [$0] } ?? storeCall({ try database.roofingCatalogues() }).map(\.name)
            var listing = Listing([
                ("catalogue", "Catalogue"), ("pos", "Pos"), ("section", "Section"), ("name", "Name"),
                ("unit", "Unit"), ("price", "Price"), ("base", "Base"),
            ])
            for name in names {
                let catalogue = try storeCall { try database.roofingCatalogue(named: name) }
                for hit in CatalogueSearch.search(text, in: catalogue, limit: limit) {
                    listing.append(Self.row(hit.activity, in: catalogue, format: format))
                }
            }
            listing.print(format, clock: clock)
        }

        /// One hit's row. One switch over the rate: Swift 6.3's optimiser crashed (an ownership verifier error in
        /// CopyPropagation) on the same row written with `price.map` and `supplement?.base` inside `run()`.
        static func row(_ a: Activity, in catalogue: Catalogue, format: OutputFormat) -> [Cell] {
            let price: Cell
            let base: String?
            switch a.rate {
            case .price(let amount):
                price = RoofingArguments.amount(amount, format, currency: catalogue.currency)
                base = nil
            case .percent(let percent, let of):
                price = .text(percent.description + (format == .table ? " %" : ""))
                base = of.description
            }
            return [
                .text(catalogue.name), .text(a.position), .text(a.section), .text(a.name),
                .text(a.unit.description), price, .text(base),
            ]
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
            let (database, _) = try options.openForReading()
            let catalogue = try storeCall { try database.roofingCatalogue(named: name) }
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
        @Option(name: .long, help: "The first day the new prices apply (YYYY-MM-DD).") var from: String
        @Option(name: .long, help: "The percentage, such as 2.5 (negative lowers the prices).") var percent: String
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let day = try RoofingArguments.day(from, "--from")
            let percent = try RoofingArguments.quantity(percent, "--percent")
            guard percent.thousandths > -100_000, percent.thousandths <= 1_000_000 else {
                throw usageError("--percent \(percent): expected more than -100 and at most 1000")
            }
            let (database, _) = try options.open()
            try storeCall {
                try database.addRoofingIndexing(PriceIndexing(from: day, percent: percent), catalogue: name)
            }
            Diagnostics.print("Prices of \(name) rise by \(percent) % from \(day)")
        }
    }
}
