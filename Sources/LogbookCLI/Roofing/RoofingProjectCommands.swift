import ArgumentParser
import CalendarDays
import Foundation
import LogbookDaemon
import LogbookServices
import Roofing

/// `roofing project add|list|show|select|delete|hours`.
struct RoofingProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project", abstract: "Add, list, show, select and delete projects; enter the roofers' hours.",
        subcommands: [Add.self, List.self, Show.self, Select.self, Delete.self, Hours.self])

    /// `project add NAME [--address A] [--customer C] [--catalogue N] [--roofer NAME[:HOURS]]... …`.
    struct Add: ParsableCommand, CommandFieldNames {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a project.")
        static let fieldNames = ["roofers": "--roofer"]
        @Argument(help: "The project's name (unique in any case).") var name: String
        @Option(name: .long, help: "The roof's address.") var address: String = ""
        @Option(name: .long, help: "The customer or employer.") var customer: String = ""
        @Option(name: .long, help: "The catalogue its lines are priced from (default: the only one).")
        var catalogue: String?
        @Option(name: .long, help: "A roofer on the team, NAME or NAME:HOURS (repeat for each).")
        var roofer: [String] = []
        @Option(name: .long, help: "The first day (YYYY-MM-DD); prices in force that day are used.")
        var start: CalendarDay?
        @Option(name: .long, help: "The last day (YYYY-MM-DD).") var end: CalendarDay?
        @Option(name: .long, help: "The hourly pay each roofer is guaranteed (kr.).") var guaranteedRate: Money?
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, _) = try options.service()
            let project = try service.createProject(
                RoofingProjectInput(
                    name: name, address: address, customer: customer, catalogue: catalogue, start: start, end: end,
                    guaranteedRate: guaranteedRate, roofers: roofer))
            Diagnostics.print(
                "Added the project \(project.name)"
                    + (project.catalogue.isEmpty ? "" : " (catalogue \(project.catalogue))"))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the projects.")
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, clock) = try options.reader()
            let projects = try service.projects()
            var listing = Listing([
                ("name", "Project"), ("status", "Status"), ("customer", "Customer"), ("address", "Address"),
                ("catalogue", "Catalogue"), ("roofers", "Roofers"), ("lines", "Lines"), ("versions", "Versions"),
                ("selected", "Selected"),
            ])
            for p in projects {
                listing.append([
                    .text(p.name), .text(p.status), .text(p.customer), .text(p.address), .text(p.catalogue),
                    .integer(p.roofers), .integer(p.lines), .integer(p.versions), .flag(p.selected),
                ])
            }
            try listing.print(format, clock: clock, json: projects)
        }
    }

    /// `project show [NAME]`: the project's details and its team (the account: `roofing account`). As JSON, the
    /// API's project: its lines and its account too.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a project: where, for whom, when, its status and its team.")
        @Argument(help: "The project (default: the selected one).") var name: String?
        @Option(name: .long, help: "Output: table, json or csv (csv: the team).") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, clock) = try options.reader()
            let p = try service.project(named: try service.projectName(name))
            var team = Listing([("roofer", "Roofer"), ("hours", "Hours")])
            for r in p.roofers { team.append([.text(r.name), RoofingCells.number(r.hours, format)]) }
            switch format {
            case .csv: team.print(.csv, clock: clock)
            case .json: try roofingPrint(json: p, pretty: true)
            case .table:
                var text = "\(p.name) — \(p.status)\n"
                if !p.address.isEmpty { text += "Address: \(p.address)\n" }
                if !p.customer.isEmpty { text += "Customer: \(p.customer)\n" }
                text += "Period: \(p.start?.description ?? "–") to \(p.end?.description ?? "–")\n"
                text += "Catalogue: \(p.catalogue.isEmpty ? "–" : p.catalogue) (\(p.currency))\n"
                text += "Guaranteed rate: \(p.guaranteedRate.danish(currency: p.currency)) per hour\n"
                text += "Lines: \(p.lines.count), versions: \(p.versions)\n\n"
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
            let (service, _) = try options.service()
            try service.selectProject(name)
            Diagnostics.print("Selected \(name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete an open project (a submitted account is kept).")
        @Argument(help: "The project.") var name: String
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, _) = try options.service()
            try service.deleteProject(name)
            Diagnostics.print("Deleted \(name)")
        }
    }

    /// `project hours PROJECT --roofer NAME --hours H`: adds the roofer if new.
    struct Hours: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hours", abstract: "Set the hours a roofer worked on a project (adds the roofer if new).")
        @Argument(help: "The project (default: the selected one).") var project: String?
        @Option(name: .long, help: "The roofer.") var roofer: String
        @Option(name: .long, help: "The hours worked, such as 37.5.") var hours: Quantity
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, _) = try options.service()
            let name = try service.projectName(project)
            try service.setHours(project: name, RoofingHoursInput(roofer: roofer, hours: hours))
            Diagnostics.print("\(roofer): \(hours.danish) hours on \(name)")
        }
    }
}
