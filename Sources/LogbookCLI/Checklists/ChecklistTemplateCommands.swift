import ArgumentParser
import Checklists
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import TrackModel

/// `checklists restaurants`: the restaurants, with the address their to-do lists and archives go to.
package struct ChecklistRestaurantsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "restaurants", abstract: "Add and list restaurants.", subcommands: [Add.self, List.self])

    package init() {}

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a restaurant.")
        @Argument(help: "The restaurant's name.") var name: String
        @Option(name: .long, help: "Where its to-do lists and archives are mailed.") var email: String?
        @OptionGroup var options: ChecklistOptions

        func run() throws {
            // --timezone (the log's option) is the restaurant's zone; else the log's.
            let restaurant = try options.service().addRestaurant(
                ChecklistRestaurantInput(name: name, email: email, timezone: options.log.timezone))
            Diagnostics.print(
                "Added the restaurant \(restaurant.name) (\(restaurant.timezone))"
                    + (restaurant.email.map { ", mail to \($0)" } ?? ""))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the restaurants.")
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: ChecklistOptions

        func run() throws {
            let service = try options.service(writing: false)
            let restaurants = try service.restaurants().restaurants
            if format == .json { return try ChecklistRendering.printJSON(restaurants) }
            var listing = Listing([("name", "Name"), ("email", "Mail to"), ("timezone", "Time zone")])
            for restaurant in restaurants {
                listing.append([.text(restaurant.name), .text(restaurant.email), .text(restaurant.timezone)])
            }
            listing.print(format, clock: service.context.clock)
        }
    }
}

/// `checklists templates`: the restaurant's checklists as JSON files, their versions and edits.
package struct ChecklistTemplatesCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "templates", abstract: "Import, export, list and edit checklist templates.",
        discussion: """
            A template is one checklist of a restaurant for a day part: the pre-shift checklist, or a shift \
            checklist (before, during, after the shift, tasks with carry-out times). The JSON format is in the \
            README and docs/checklist-template.schema.json. Every change makes a new version; shifts keep the \
            version they started with.
            """,
        subcommands: [Import.self, Export.self, List.self, Edit.self])

    package init() {}

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import a template (or an array of them); a changed one becomes the next version.")
        @Argument(help: "The JSON file.") var file: String
        @Option(name: .customLong("as"), help: "Who made the change (recorded with the version).") var actor: String?
        @OptionGroup var options: ChecklistOptions

        func run() throws {
            let templates = try ChecklistTemplateFiles.read(file)
            let imported = try options.service().importTemplates(templates, actor: actor)
            for entry in imported.versions {
                let what = "\(entry.restaurant) \(entry.dayPart.rawValue) \(entry.kind.rawValue)"
                Diagnostics.print(
                    entry.unchanged
                        ? "\(what): unchanged, still version \(entry.version)" : "\(what): version \(entry.version)")
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print a restaurant's latest templates as JSON (one object with --day-part and --kind).")
        @Argument(help: "The restaurant.") var restaurant: String
        @Option(name: .long, help: "day or evening.") var dayPart: DayPart?
        @Option(name: .long, help: "pre-shift, before, during or after.") var kind: ChecklistKind?
        @Option(name: .long, help: "An earlier version (with --day-part and --kind).") var version: Int?
        @OptionGroup var options: ChecklistOptions

        func run() throws {
            let templates = try options.service(writing: false).exportTemplates(
                restaurant: restaurant, dayPart: dayPart, kind: kind, version: version)
            var output = StandardOutput()
            output.write(
                String(
                    decoding: try ChecklistTemplateFile.encode(templates, single: dayPart != nil && kind != nil),
                    as: UTF8.self))
            output.flush()
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List a restaurant's template versions.")
        @Argument(help: "The restaurant.") var restaurant: String
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: ChecklistOptions

        func run() throws {
            let service = try options.service(writing: false)
            let versions = try service.templateVersions(restaurant: restaurant)
            if format == .json { return try ChecklistRendering.printJSON(versions) }
            var listing = Listing([
                ("day_part", "Day part"), ("kind", "Checklist"), ("version", "Version"), ("tasks", "Tasks"),
                ("created", "Created"), ("by", "By"),
            ])
            for t in versions {
                listing.append([
                    .text(t.dayPart.rawValue), .text(t.kind.rawValue), .integer(t.version), .integer(t.tasks),
                    .time(.init(secondsSince1970: t.createdAt)), .text(t.by),
                ])
            }
            let timezone = try service.access.restaurant(restaurant).timezone
            listing.print(format, clock: LocalClock(identifier: timezone))
        }
    }

    /// `templates edit`: a restaurant manager's change, one per call, each making a new version.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Add, rename, move or delete a section or task (a new version).",
            discussion: """
                Exactly one of --add-section, --rename-section, --move-section, --delete-section, --add-task, \
                --edit-task, --move-task, --delete-task. Tasks are named by path: "Section/Task" or \
                "Section/Task/Child". Positions count from 1.
                """)
        @Argument(help: "The restaurant.") var restaurant: String
        @Option(name: .long, help: "day or evening.") var dayPart: DayPart
        @Option(name: .long, help: "pre-shift, before, during or after.") var kind: ChecklistKind = .preShift
        @Option(name: .long, help: "A new section's name.") var addSection: String?
        @Option(name: .long, help: "The section to rename (with --name).") var renameSection: String?
        @Option(name: .long, help: "The section to move (with --position).") var moveSection: String?
        @Option(name: .long, help: "The section to delete.") var deleteSection: String?
        @Option(name: .long, help: "Where a new task goes: \"Section\" or \"Section/Task\" for a child (with --name).")
        var addTask: String?
        @Option(
            name: .long, help: "The task to change (with --name, --priority, --area, --general, --time, --description)."
        )
        var editTask: String?
        @Option(name: .long, help: "The task to move (with --position).") var moveTask: String?
        @Option(name: .long, help: "The task to delete.") var deleteTask: String?
        @Option(name: .long, help: "A name (new or changed).") var name: String?
        @Option(name: .long, help: "To-do priority 1 (most urgent) to 4.") var priority: Int?
        @Option(name: .long, help: "manager, kitchen or service.") var area: Area?
        @Option(name: .long, help: "true: checked over a whole area.") var general: Bool?
        @Option(name: .long, help: "Carry-out time HH:MM (shift checklists; \"\" clears).") var time: String?
        @Option(name: .long, help: "How to do the task, shown under it on the working screen (\"\" clears).")
        var description: String?
        @Option(name: .long, help: "Position from 1 (adding or moving).") var position: Int?
        @Option(name: .customLong("as"), help: "Who made the change.") var actor: String?
        @OptionGroup var options: ChecklistOptions

        func validate() throws {
            let chosen = [
                addSection, renameSection, moveSection, deleteSection, addTask, editTask, moveTask, deleteTask,
            ]
            guard chosen.compactMap({ $0 }).count == 1 else {
                throw ValidationError("Give exactly one of --add-section … --delete-task (see --help).")
            }
        }

        /// The change as the use case takes it.
        var input: ChecklistTemplateEditInput {
            let (action, path): (ChecklistTemplateEditInput.Action, String?) =
                if addSection != nil { (.addSection, nil) } else if let renameSection {
                    (.renameSection, renameSection)
                } else if let moveSection { (.moveSection, moveSection) } else if let deleteSection {
                    (.deleteSection, deleteSection)
                } else if let addTask { (.addTask, addTask) } else if let editTask {
                    (.editTask, editTask)
                } else if let moveTask { (.moveTask, moveTask) } else { (.deleteTask, deleteTask) }
            return ChecklistTemplateEditInput(
                dayPart: dayPart.rawValue, kind: kind.rawValue, action: action, path: path, name: addSection ?? name,
                priority: priority, area: area?.rawValue, general: general, time: time, description: description,
                position: position)
        }

        func run() throws {
            let stored = try options.service().editTemplate(restaurant: restaurant, input, actor: actor)
            Diagnostics.print(
                "\(stored.restaurant) \(dayPart.rawValue) \(kind.rawValue): version \(stored.version)")
        }
    }
}

/// Template files on the command line: a file that cannot be read, or whose templates do not read, is one line
/// naming the file (exit 66 and 65).
enum ChecklistTemplateFiles {
    static func read(_ path: String) throws -> [ChecklistTemplate] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let why = FileManager.default.fileExists(atPath: path) ? "permission or a folder" : "no such file"
            throw ServiceError(.notFound, "\(path): cannot read it (\(why))", exitCode: 66)
        }
        do {
            return try ChecklistTemplateFile.decode(data)
        } catch {
            throw ServiceError(error.kind, "\(path): \(error.description)", exitCode: 65)
        }
    }
}

extension ChecklistTemplatesCommand.Import: CommandFieldNames {
    static var fieldNames: [String: String] { ["actor": "--as"] }
}

extension ChecklistTemplatesCommand.Edit: CommandFieldNames {
    static var fieldNames: [String: String] { ["actor": "--as"] }
}
