import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import PlainText
import ValueStreams

/// `vsm create NAME [--future-of NAME]`.
struct ValueStreamCreateCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create an empty value-stream map (a current state, or the future of one).")
    static let fieldNames = ["demand_per_day": "--demand", "available_time_per_day_s": "--available"]

    @Argument(help: "The map's name (unique in any case).") var name: String
    @Option(name: .long, help: "This map is the future state of that current map.") var futureOf: String?
    @Option(name: .long, help: "What the map shows.") var description: String?
    @Option(name: .long, help: "Demand per day (pieces or orders), for takt time.") var demand: Double?
    @Option(name: .long, help: "Working time available per day (7h30m), for takt time.")
    var available: ValueStreamDuration?
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, _) = try options.service()
        let map = try service.create(
            ValueStreamMapInput(
                name: name, description: description, demandPerDay: demand, availableTime: available,
                futureOf: futureOf)
        ).map
        Diagnostics.print(
            "Created the \(map.state.rawValue) map \(map.name)" + (map.futureOf.map { " (future of \($0))" } ?? ""))
    }
}

/// `vsm set NAME …`: the map's description, demand, available time and state.
struct ValueStreamSetCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a map's description, demand, available time or the map it improves.")
    static let fieldNames = ["demand_per_day": "--demand", "available_time_per_day_s": "--available"]

    @Argument(help: "The map.") var name: String
    @Option(name: .long, help: "What the map shows.") var description: String?
    @Option(name: .long, help: "Demand per day (0 clears it).") var demand: Double?
    @Option(name: .long, help: "Working time available per day (7h30m; 0s clears it).")
    var available: ValueStreamDuration?
    @Option(name: .long, help: "Make it the future state of this current map.") var futureOf: String?
    @Flag(name: .long, help: "Make it a current-state map again.") var current = false
    @OptionGroup var options: ValueStreamOptions

    func validate() throws {
        if futureOf != nil, current { throw ValidationError("Give --future-of or --current, not both.") }
    }

    func run() throws {
        var change = ValueStreamMapChange(description: description)
        // 0 clears demand and working time on the command line.
        if let demand { change.demandPerDay = .some(demand == 0 ? nil : demand) }
        if let available { change.availableTime = .some(available.seconds == 0 ? nil : available) }
        if let futureOf { change.futureOf = .some(futureOf) }
        if current { change.futureOf = .some(nil) }
        let (service, _) = try options.service()
        let map = try service.change(named: name, change).map
        Diagnostics.print("Saved \(map.name)")
    }
}

/// `vsm list`: by last save date.
struct ValueStreamListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the maps, the last saved first, with their lead time and efficiency.")

    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, clock) = try options.service(reading: true)
        let maps = try service.list()
        var output = StandardOutput()
        switch format {
        case .json: output.write(try ServiceJSON.text(maps) + "\n")
        case .csv, .table: output.write(ValueStreamTables.maps(maps).render(format, clock: clock))
        }
        output.flush()
    }
}

/// `vsm show NAME`: the stickers in order with the measures per section and for the map.
struct ValueStreamShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a map: its stickers in order and the lean measures per section and for the whole map.")

    @Argument(help: "The map.") var name: String
    @Option(name: .long, help: "Output: table or json (csv: one row per sticker).") var format: OutputFormat = .table
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, clock) = try options.service(reading: true)
        let view = try service.map(named: name)
        var output = StandardOutput()
        switch format {
        case .json: output.write(try ServiceJSON.text(view, pretty: true) + "\n")
        case .csv: output.write(ValueStreamTables.stickers(view.map).csv())
        case .table: output.write(ValueStreamTables.table(view, clock: clock))
        }
        output.flush()
    }
}

/// `vsm rename NAME NEW`.
struct ValueStreamRenameCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a map.")
    static let fieldNames = ["name": "<new-name>"]

    @Argument(help: "The map.") var name: String
    @Argument(help: "Its new name.") var newName: String
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, _) = try options.service()
        let map = try service.change(named: name, ValueStreamMapChange(name: newName)).map
        Diagnostics.print("Renamed \(name) to \(map.name)")
    }
}

/// `vsm duplicate NAME NEW`: a copy with the same stickers (and numbers), e.g. to start a future state.
struct ValueStreamDuplicateCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a map under a new name (--future: as its future state).")
    static let fieldNames = ["name": "<new-name>"]

    @Argument(help: "The map.") var name: String
    @Argument(help: "The copy's name.") var newName: String
    @Flag(name: .long, help: "Make the copy the future state of the map.") var future = false
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, _) = try options.service()
        let copy = try service.duplicate(named: name, ValueStreamDuplicateInput(name: newName, future: future)).map
        Diagnostics.print("Copied \(name) to \(copy.name)")
    }
}

/// `vsm delete NAME`.
struct ValueStreamDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a map.")

    @Argument(help: "The map.") var name: String
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, _) = try options.service()
        try service.delete(named: name)
        Diagnostics.print("Deleted \(name)")
    }
}

/// `vsm search TEXT`: maps by name and stickers by text, any case, any accents.
struct ValueStreamSearchCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find maps by name and stickers by text across all maps (any case, any accents).")
    static let fieldNames = ["q": "<text>"]

    @Argument(help: "What to look for.") var text: String
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        let (service, clock) = try options.service(reading: true)
        let rows = try service.search(ValueStreamSearchInput(q: text)).rows
        var output = StandardOutput()
        switch format {
        case .json: output.write(try ServiceJSON.text(rows) + "\n")
        case .csv, .table: output.write(ValueStreamTables.found(rows).render(format, clock: clock))
        }
        output.flush()
    }
}

/// `vsm import FILE.json`: a map in the documented JSON format.
struct ValueStreamImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a map from its JSON format (docs/value-stream-map.schema.json).")

    @Argument(help: "The JSON file.") var file: String
    @Option(name: .long, help: "Store it under this name instead of the file's.") var name: String?
    @Flag(name: .long, help: "Replace a map of the same name.") var replace = false
    @OptionGroup var options: ValueStreamOptions

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            let why = FileManager.default.fileExists(atPath: file) ? "permission or a folder" : "no such file"
            throw ServiceError(.notFound, "\(file): cannot read it (\(why))", exitCode: 66)
        }
        let document: ValueStreamMap
        do {
            try PlainJSON.check(data)
            document = try ValueStreamService.document(data)
        } catch {
            // What is wrong in the file is said with the file's name: bad input data, 65.
            let failure = ServiceError.from(error) ?? ServiceError(.invalid, "\(error)")
            throw ServiceError(failure.kind, "\(file): \(failure.description)", exitCode: 65)
        }
        let (service, _) = try options.service()
        let map = try service.importMap(document, ValueStreamImportInput(name: name, replace: replace)).view.map
        Diagnostics.print(
            "Imported \(map.name): \(map.sections.count) section\(map.sections.count == 1 ? "" : "s"), "
                + "\(map.stickers.count) sticker\(map.stickers.count == 1 ? "" : "s")")
    }
}
