import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookStore
import PlainText
import Checklists
import TrackModel
import LogbookServices

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

        func validate() throws {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 80, !trimmed.contains(where: \.isNewline) else {
                throw ValidationError("A restaurant's name needs 1 to 80 characters on one line.")
            }
            if let email, !Self.plausibleAddress(email) {
                throw ValidationError("--email \(email) is not an e-mail address.")
            }
            if let timezone = options.log.timezone, TimeZone(identifier: timezone) == nil {
                throw ValidationError("--timezone \(timezone) is not a time zone (e.g. Europe/Berlin).")
            }
        }

        static func plausibleAddress(_ text: String) -> Bool {
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
                && !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "," })
        }

        func run() throws {
            let context = try options.open()
            // --timezone (the log's option) is the restaurant's zone; else the log's.
            let zone = options.log.timezone ?? context.clock.name
            let restaurant = try storeCall {
                try context.database.addRestaurant(name: name, email: email, timezone: zone)
            }
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
            let context = try options.openForReading()
            var listing = Listing([("name", "Name"), ("email", "Mail to"), ("timezone", "Time zone")])
            for restaurant in try storeCall({ try context.database.restaurants() }) {
                listing.append([.text(restaurant.name), .text(restaurant.email), .text(restaurant.timezone)])
            }
            listing.print(format, clock: context.clock)
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
            let templates = try ChecklistTemplateFile.read(file)
            let context = try options.open()
            for restaurant in Set(templates.map(\.restaurant)).sorted() {
                try ChecklistTemplateFile.requireEditor(actor, of: restaurant, in: context.database)
            }
            let actor = actor ?? ProcessInfo.processInfo.environment["USER"] ?? "cli"
            for template in templates {
                let before = try storeCall {
                    try context.database.template(
                        restaurant: template.restaurant, dayPart: template.dayPart, kind: template.kind)
                }
                let stored = try storeCall { try context.database.saveTemplate(template, by: actor) }
                let what = "\(stored.template.restaurant) \(template.dayPart.rawValue) \(template.kind.rawValue)"
                if before?.id == stored.id {
                    Diagnostics.print("\(what): unchanged, still version \(stored.version)")
                } else {
                    Diagnostics.print("\(what): version \(stored.version)")
                }
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
            let context = try options.openForReading()
            if version != nil, dayPart == nil || kind == nil {
                throw usageError("--version needs --day-part and --kind")
            }
            var templates = try storeCall {
                version == nil
                    ? try context.database.templates(restaurant: restaurant)
                    : try context.database.templateVersions(restaurant: restaurant)
            }
            if let dayPart { templates = templates.filter { $0.template.dayPart == dayPart } }
            if let kind { templates = templates.filter { $0.template.kind == kind } }
            if let version {
                templates = templates.filter { $0.version == version }
            }
            guard !templates.isEmpty else {
                Diagnostics.error("\(restaurant) has no such template; see `logbook checklists templates list`")
                throw ExitCode(65)
            }
            let single = dayPart != nil && kind != nil
            var output = StandardOutput()
            output.write(try ChecklistTemplateFile.json(templates.map(\.template), single: single))
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
            let context = try options.openForReading()
            let clock = LocalClock(identifier: try context.restaurant(restaurant).timezone)
            var listing = Listing([
                ("day_part", "Day part"), ("kind", "Checklist"), ("version", "Version"), ("tasks", "Tasks"),
                ("created", "Created"), ("by", "By"),
            ])
            for t in try storeCall({ try context.database.templateVersions(restaurant: restaurant) }) {
                listing.append([
                    .text(t.template.dayPart.rawValue), .text(t.template.kind.rawValue), .integer(t.version),
                    .integer(t.template.taskPaths.count), .time(.init(secondsSince1970: t.createdAt)),
                    .text(t.createdBy),
                ])
            }
            listing.print(format, clock: clock)
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
        @Option(name: .long, help: "The task to change (with --name, --priority, --area, --general, --time).")
        var editTask: String?
        @Option(name: .long, help: "The task to move (with --position).") var moveTask: String?
        @Option(name: .long, help: "The task to delete.") var deleteTask: String?
        @Option(name: .long, help: "A name (new or changed).") var name: String?
        @Option(name: .long, help: "To-do priority 1 (most urgent) to 4.") var priority: Int?
        @Option(name: .long, help: "manager, kitchen or service.") var area: Area?
        @Option(name: .long, help: "true: checked over a whole area.") var general: Bool?
        @Option(name: .long, help: "Carry-out time HH:MM (shift checklists; \"\" clears).") var time: String?
        @Option(name: .long, help: "Position from 1 (adding or moving).") var position: Int?
        @Option(name: .customLong("as"), help: "Who made the change.") var actor: String?
        @OptionGroup var options: ChecklistOptions

        func edit() throws -> TemplateEdit {
            let chosen = [
                addSection, renameSection, moveSection, deleteSection, addTask, editTask, moveTask, deleteTask,
            ]
            .compactMap { $0 }
            guard chosen.count == 1 else {
                throw usageError("give exactly one of --add-section … --delete-task (see --help)")
            }
            func need<T>(_ value: T?, _ option: String) throws -> T {
                guard let value else { throw usageError("this edit needs \(option)") }
                return value
            }
            if let addSection { return .addSection(name: addSection, at: position) }
            if let renameSection { return .renameSection(name: renameSection, to: try need(name, "--name")) }
            if let moveSection { return .moveSection(name: moveSection, to: try need(position, "--position")) }
            if let deleteSection { return .removeSection(name: deleteSection) }
            if let addTask {
                let task = TaskTemplate(
                    name: try need(name, "--name"), priority: priority ?? 3, area: area ?? .manager,
                    general: general ?? false, time: time.flatMap { $0.isEmpty ? nil : $0 })
                return .addTask(parent: addTask, task: task, at: position)
            }
            if let editTask {
                let change = TaskChange(name: name, priority: priority, area: area, general: general, time: time)
                guard change != TaskChange() else {
                    throw usageError("--edit-task needs --name, --priority, --area, --general or --time")
                }
                return .editTask(path: editTask, change: change)
            }
            if let moveTask { return .moveTask(path: moveTask, to: try need(position, "--position")) }
            return .removeTask(path: deleteTask!)
        }

        func run() throws {
            let edit = try edit()
            let context = try options.open()
            try ChecklistTemplateFile.requireEditor(actor, of: restaurant, in: context.database)
            let actor = actor ?? ProcessInfo.processInfo.environment["USER"] ?? "cli"
            let stored = try storeCall {
                try context.database.editTemplate(
                    restaurant: restaurant, dayPart: dayPart, kind: kind, edit, by: actor)
            }
            Diagnostics.print(
                "\(stored.template.restaurant) \(dayPart.rawValue) \(kind.rawValue): version \(stored.version)")
        }
    }
}

/// Reading and writing template files: one template object or an array of them.
package enum ChecklistTemplateFile {
    /// A user of the log named with `--as` must be one who may change the restaurant's checklists, as on the web: a
    /// restaurant manager of it, or an admin (without `--as`, the shell's user is the operator).
    static func requireEditor(_ actor: String?, of restaurant: String, in database: AppDatabase) throws {
        guard let actor else { return }
        let user = try storeCall { try database.user(named: actor) }
        guard user.role == .admin || (user.role == .restaurantManager && user.worksAt(restaurant)) else {
            throw usageError(
                "--as \(actor): only a restaurant manager of \(restaurant) (or an admin) changes its checklists")
        }
    }

    /// The templates of a file; a mistake is one line naming the file and the field (or line for bad JSON).
    package static func read(_ path: String) throws -> [ChecklistTemplate] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            Diagnostics.error(
                "\(path): cannot read it (\(FileManager.default.fileExists(atPath: path) ? "permission or a folder" : "no such file"))"
            )
            throw ExitCode(66)
        }
        do {
            return try parse(data, name: path)
        } catch {
            Diagnostics.error(error.message)
            throw ExitCode(65)
        }
    }

    package struct TemplateFileError: Error {
        package var message: String
    }

    package static func parse(_ data: Data, name: String) throws(TemplateFileError) -> [ChecklistTemplate] {
        do {
            try PlainJSON.check(data)
        } catch {
            throw TemplateFileError(message: "\(name): \(error.message)")
        }
        let decoder = JSONDecoder()
        let templates: [ChecklistTemplate]
        do {
            let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            if trimmed.first == UInt8(ascii: "[") {
                templates = try decoder.decode([ChecklistTemplate].self, from: data)
            } else {
                templates = [try decoder.decode(ChecklistTemplate.self, from: data)]
            }
        } catch let error as DecodingError {
            throw TemplateFileError(message: "\(name): \(describe(error))")
        } catch {
            throw TemplateFileError(message: "\(name): not a checklist template (\(error))")
        }
        guard !templates.isEmpty else { throw TemplateFileError(message: "\(name): holds no template") }
        if let unknown = unknownKey(in: (try? JSONSerialization.jsonObject(with: data)) as Any, path: "") {
            throw TemplateFileError(message: "\(name): \(unknown)")
        }
        for (index, template) in templates.enumerated() {
            if let problem = template.problems().first {
                let which = templates.count > 1 ? "template \(index + 1): " : ""
                throw TemplateFileError(message: "\(name): \(which)\(problem.description)")
            }
        }
        return templates
    }

    package static let templateKeys = ["restaurant", "day_part", "kind", "sections", "$schema"]
    package static let sectionKeys = ["name", "tasks"]
    package static let taskKeys = ["name", "priority", "area", "general", "time", "children"]

    /// The first key the format does not know (a misspelt `priorty` would otherwise silently become priority 3).
    package static func unknownKey(in value: Any, path: String) -> String? {
        func check(_ object: Any, _ known: [String], _ path: String) -> String? {
            guard let object = object as? [String: Any] else { return nil }
            for key in object.keys.sorted() where !known.contains(key) {
                let guess = LogbookConfiguration.ConfigurationSchema.closest(to: key, among: known)
                return "\(path.isEmpty ? "" : path + ".")\(key): unknown key"
                    + (guess.map { "; did you mean '\($0)'?" } ?? "")
            }
            return nil
        }
        func tasks(_ list: Any?, _ path: String) -> String? {
            for (index, task) in ((list as? [Any]) ?? []).enumerated() {
                let here = "\(path)[\(index)]"
                if let problem = check(task, taskKeys, here) { return problem }
                if let problem = tasks((task as? [String: Any])?["children"], here + ".children") { return problem }
            }
            return nil
        }
        let templates = (value as? [Any]) ?? [value]
        for (number, template) in templates.enumerated() {
            let prefix = value is [Any] ? "[\(number)]" : ""
            if let problem = check(template, templateKeys, prefix) { return problem }
            let sections = ((template as? [String: Any])?["sections"] as? [Any]) ?? []
            for (index, section) in sections.enumerated() {
                let here = "\(prefix.isEmpty ? "" : prefix + ".")sections[\(index)]"
                if let problem = check(section, sectionKeys, here) { return problem }
                if let problem = tasks((section as? [String: Any])?["tasks"], here + ".tasks") { return problem }
            }
        }
        return nil
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return "not valid JSON: " + (detail ?? context.debugDescription)
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type == String.self ? "a string" : "\(type)")"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)): missing (null)"
        @unknown default:
            return "\(error)"
        }
    }

    package static func json(_ templates: [ChecklistTemplate], single: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        let data = single && templates.count == 1 ? try encoder.encode(templates[0]) : try encoder.encode(templates)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
