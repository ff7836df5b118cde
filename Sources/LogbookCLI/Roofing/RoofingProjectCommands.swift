import ArgumentParser
import CalendarDays
import Foundation
import LogbookDaemon
import LogbookStore
import Roofing

/// `roofing project add|list|show|select|delete|hours`.
struct RoofingProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project", abstract: "Add, list, show, select and delete projects; enter the roofers' hours.",
        subcommands: [Add.self, List.self, Show.self, Select.self, Delete.self, Hours.self])

    /// `project add NAME [--address A] [--customer C] [--catalogue N] [--roofer NAME[:HOURS]]... …`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a project.")
        @Argument(help: "The project's name (unique in any case).") var name: String
        @Option(name: .long, help: "The roof's address.") var address: String = ""
        @Option(name: .long, help: "The customer or employer.") var customer: String = ""
        @Option(name: .long, help: "The catalogue its lines are priced from (default: the only one).")
        var catalogue: String?
        @Option(name: .long, help: "A roofer on the team, NAME or NAME:HOURS (repeat for each).")
        var roofer: [String] = []
        @Option(name: .long, help: "The first day (YYYY-MM-DD); prices in force that day are used.") var start: String?
        @Option(name: .long, help: "The last day (YYYY-MM-DD).") var end: String?
        @Option(name: .long, help: "The hourly pay each roofer is guaranteed (kr.).") var guaranteedRate: String?
        @OptionGroup var options: RoofingOptions

        func run() throws {
            var roofers: [Roofer] = []
            for text in roofer {
                do {
                    roofers.append(try Roofer(parsing: text))
                } catch {
                    throw usageError("--roofer '\(text)': expected NAME or NAME:HOURS (\(error.message))")
                }
            }
            let start = try start.map { try RoofingArguments.day($0, "--start") }
            let end = try end.map { try RoofingArguments.day($0, "--end") }
            let rate = try guaranteedRate.map { try RoofingArguments.money($0, "--guaranteed-rate") } ?? .zero
            guard !rate.isNegative else { throw usageError("--guaranteed-rate: cannot be negative") }
            let (database, _) = try options.open()
            let catalogues = try storeCall { try database.roofingCatalogues() }
            let chosen: RoofingCatalogueSummary?
            if let catalogue {
                chosen = catalogues.first { $0.name.caseInsensitiveCompare(catalogue) == .orderedSame }
                guard chosen != nil else { throw usageError("--catalogue \(catalogue): there is no such catalogue") }
            } else {
                guard catalogues.count <= 1 else {
                    throw usageError("--catalogue: there are \(catalogues.count) catalogues; name the one to use")
                }
                chosen = catalogues.first
            }
            let project: Project
            do {
                project = try Project(
                    name: name, address: address, customer: customer, start: start, end: end,
                    catalogue: chosen?.name ?? "", currency: chosen?.currency ?? "DKK", guaranteedHourlyRate: rate,
                    roofers: roofers)
            } catch {
                throw usageError(error.description)
            }
            try storeCall { try database.createRoofingProject(project) }
            Diagnostics.print("Added the project \(name)" + (chosen.map { " (catalogue \($0.name))" } ?? ""))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the projects.")
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (database, clock) = try options.openForReading()
            var listing = Listing([
                ("name", "Project"), ("status", "Status"), ("customer", "Customer"), ("address", "Address"),
                ("catalogue", "Catalogue"), ("roofers", "Roofers"), ("lines", "Lines"), ("versions", "Versions"),
                ("selected", "Selected"),
            ])
            for p in try storeCall({ try database.roofingProjects() }) {
                listing.append([
                    .text(p.name), .text(p.status), .text(p.customer), .text(p.address), .text(p.catalogue),
                    .integer(p.roofers), .integer(p.lines), .integer(p.versions), .flag(p.selected),
                ])
            }
            listing.print(format, clock: clock)
        }
    }

    /// `project show [NAME]`: the project's details and its team (the account: `roofing account`).
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a project: where, for whom, when, its status and its team.")
        @Argument(help: "The project (default: the selected one).") var name: String?
        @Option(name: .long, help: "Output: table, json or csv (csv: the team).") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (database, clock) = try options.openForReading()
            let name = try RoofingArguments.project(name, database)
            let stored = try storeCall { try database.roofingProject(named: name) }
            let p = stored.project
            var team = Listing([("roofer", "Roofer"), ("hours", "Hours")])
            for r in p.roofers { team.append([.text(r.name), RoofingArguments.number(r.hours, format)]) }
            switch format {
            case .csv: team.print(.csv, clock: clock)
            case .json:
                let object: [String: Any] = [
                    "name": p.name, "address": p.address, "customer": p.customer,
                    "start": p.start?.description ?? NSNull(), "end": p.end?.description ?? NSNull(),
                    "status": stored.status, "catalogue": p.catalogue, "currency": p.currency,
                    "guaranteed_rate": p.guaranteedHourlyRate.description,
                    "roofers": p.roofers.map { ["name": $0.name, "hours": $0.hours.description] },
                    "lines": p.lines.count, "versions": stored.versions.count,
                ]
                let data = try JSONSerialization.data(
                    withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
                roofingPrint(String(decoding: data, as: UTF8.self))
            case .table:
                var text = "\(p.name) — \(stored.status)\n"
                if !p.address.isEmpty { text += "Address: \(p.address)\n" }
                if !p.customer.isEmpty { text += "Customer: \(p.customer)\n" }
                text += "Period: \(p.start?.description ?? "–") to \(p.end?.description ?? "–")\n"
                text += "Catalogue: \(p.catalogue.isEmpty ? "–" : p.catalogue) (\(p.currency))\n"
                text += "Guaranteed rate: \(p.guaranteedHourlyRate.danish(currency: p.currency)) per hour\n"
                text += "Lines: \(p.lines.count), versions: \(stored.versions.count)\n\n"
                roofingPrint(text + team.table(clock))
            }
        }
    }

    struct Select: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "select", abstract: "Remember a project for the commands that are given none.")
        @Argument(help: "The project.") var name: String
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (database, _) = try options.open()
            try storeCall { try database.selectRoofingProject(named: name) }
            Diagnostics.print("Selected \(name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete an open project (a submitted account is kept).")
        @Argument(help: "The project.") var name: String
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (database, _) = try options.open()
            try storeCall { try database.deleteRoofingProject(named: name) }
            Diagnostics.print("Deleted \(name)")
        }
    }

    /// `project hours PROJECT --roofer NAME --hours H`: adds the roofer if new.
    struct Hours: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hours", abstract: "Set the hours a roofer worked on a project (adds the roofer if new).")
        @Argument(help: "The project (default: the selected one).") var project: String?
        @Option(name: .long, help: "The roofer.") var roofer: String
        @Option(name: .long, help: "The hours worked, such as 37.5.") var hours: String
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let hours = try RoofingArguments.hours(hours, "--hours")
            guard !roofer.trimmingCharacters(in: .whitespaces).isEmpty, !roofer.contains(":") else {
                throw usageError("--roofer '\(roofer)': expected a name")
            }
            let (database, _) = try options.open()
            let name = try RoofingArguments.project(project, database)
            _ = try roofingChange(database, name) { p throws(RoofingError) in try p.setHours(hours, for: roofer) }
            Diagnostics.print("\(roofer): \(hours.danish) hours on \(name)")
        }
    }
}
