import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import PlainText
import TrackModel
import ValueStreams

/// `vsm create NAME [--future-of NAME]`.
struct VSMCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create an empty value-stream map (a current state, or the future of one).")

    @Argument(help: "The map's name (unique in any case).") var name: String
    @Option(name: .long, help: "This map is the future state of that current map.") var futureOf: String?
    @Option(name: .long, help: "What the map shows.") var description: String?
    @Option(name: .long, help: "Demand per day (pieces or orders), for takt time.") var demand: Double?
    @Option(name: .long, help: "Working time available per day (7h30m), for takt time.") var available: String?
    @OptionGroup var options: VSMOptions

    func run() throws {
        let name = try VSMArguments.name(name)
        let available = try VSMArguments.available(available)
        let demand = try VSMArguments.demand(demand)
        let (database, _) = try options.open()
        if let futureOf {
            let current = try storeCall { try database.valueStreamMap(named: futureOf) }
            guard current.state == .current else {
                throw usageError("--future-of \(futureOf): that map is a future state itself; name a current map")
            }
        }
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let map = ValueStreamMap(
            name: name, description: description ?? "", state: futureOf == nil ? .current : .future,
            futureOf: futureOf, demandPerDay: demand, availableSecondsPerDay: available, created: now)
        try storeCall { try database.createValueStreamMap(map) }
        Diagnostics.print(
            "Created the \(map.state.rawValue) map \(name)" + (futureOf.map { " (future of \($0))" } ?? ""))
    }
}

/// `vsm set NAME …`: the map's description, demand, available time and state.
struct VSMSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a map's description, demand, available time or the map it improves.")

    @Argument(help: "The map.") var name: String
    @Option(name: .long, help: "What the map shows.") var description: String?
    @Option(name: .long, help: "Demand per day (0 clears it).") var demand: Double?
    @Option(name: .long, help: "Working time available per day (7h30m; 0s clears it).") var available: String?
    @Option(name: .long, help: "Make it the future state of this current map.") var futureOf: String?
    @Flag(name: .long, help: "Make it a current-state map again.") var current = false
    @OptionGroup var options: VSMOptions

    func validate() throws {
        if futureOf != nil, current { throw ValidationError("Give --future-of or --current, not both.") }
    }

    func run() throws {
        let available = try VSMArguments.available(available, allowZero: true)
        let demand = try VSMArguments.demand(demand, allowZero: true)
        let (database, _) = try options.open()
        let map = try vsmChange(database, name) { map throws(ValueStreamError) in
            if let description { map.description = description }
            if let demand { map.demandPerDay = demand == 0 ? nil : demand }
            if let available { map.availableSecondsPerDay = available == 0 ? nil : available }
            if let futureOf {
                map.state = .future
                map.futureOf = futureOf
            }
            if current {
                map.state = .current
                map.futureOf = nil
            }
        }
        Diagnostics.print("Saved \(map.name)")
    }
}

/// `vsm list`: by last save date.
struct VSMListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the maps, the last saved first, with their lead time and efficiency.")

    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: VSMOptions

    func run() throws {
        let (database, clock) = try options.openForReading()
        var listing = Listing([
            ("name", "Map"), ("state", "State"), ("future_of", "Future of"), ("sections", "Sections"),
            ("stickers", "Stickers"), ("lead_time_s", "Lead time s"), ("pce", "PCE"), ("created", "Created"),
            ("updated", "Saved"),
        ])
        for summary in try storeCall({ try database.valueStreamMaps() }) {
            let measures = try storeCall { try database.valueStreamMap(named: summary.name) }.measures
            listing.append([
                .text(summary.name), .text(summary.state.rawValue), .text(summary.futureOf),
                .integer(summary.sections), .integer(summary.stickers), .number(measures.leadTimeSeconds, decimals: 0),
                .number(measures.pce, decimals: 3),
                .time(Timestamp(secondsSince1970: summary.created.timeIntervalSince1970)),
                .time(Timestamp(secondsSince1970: summary.updated.timeIntervalSince1970)),
            ])
        }
        listing.print(format, clock: clock)
    }
}

/// `vsm show NAME`: the stickers in order with the measures per section and for the map.
struct VSMShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a map: its stickers in order and the lean measures per section and for the whole map.")

    @Argument(help: "The map.") var name: String
    @Option(name: .long, help: "Output: table or json (csv: one row per sticker).") var format: OutputFormat = .table
    @OptionGroup var options: VSMOptions

    func run() throws {
        let (database, clock) = try options.openForReading()
        let map = try storeCall { try database.valueStreamMap(named: name) }
        let current = try map.futureOf.map { name in try storeCall { try database.valueStreamMap(named: name) } }
        var output = StandardOutput()
        switch format {
        case .json:
            output.write(
                String(decoding: ValueStreamJSON.encode(map, measures: true, current: current), as: UTF8.self) + "\n")
        case .csv:
            output.write(VSMRendering.stickers(map).csv())
        case .table:
            output.write(VSMRendering.table(map, current: current, clock: clock))
        }
        output.flush()
    }
}

/// `vsm rename NAME NEW`.
struct VSMRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a map.")

    @Argument(help: "The map.") var name: String
    @Argument(help: "Its new name.") var newName: String
    @OptionGroup var options: VSMOptions

    func run() throws {
        let newName = try VSMArguments.name(newName, option: "NEW-NAME")
        let (database, _) = try options.open()
        _ = try vsmChange(database, name) { map throws(ValueStreamError) in map.name = newName }
        Diagnostics.print("Renamed \(name) to \(newName)")
    }
}

/// `vsm duplicate NAME NEW`: a copy with the same stickers (and numbers), e.g. to start a future state.
struct VSMDuplicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a map under a new name (--future: as its future state).")

    @Argument(help: "The map.") var name: String
    @Argument(help: "The copy's name.") var newName: String
    @Flag(name: .long, help: "Make the copy the future state of the map.") var future = false
    @OptionGroup var options: VSMOptions

    func run() throws {
        let newName = try VSMArguments.name(newName, option: "NEW-NAME")
        let (database, _) = try options.open()
        var copy = try storeCall { try database.valueStreamMap(named: name) }
        if future, copy.state == .future {
            throw usageError("--future: \(name) is a future state itself; duplicate its current map")
        }
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        copy.name = newName
        copy.created = now
        copy.updated = now
        if future {
            copy.state = .future
            copy.futureOf = name
        }
        try storeCall { try database.createValueStreamMap(copy) }
        Diagnostics.print("Copied \(name) to \(newName)")
    }
}

/// `vsm delete NAME`.
struct VSMDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a map.")

    @Argument(help: "The map.") var name: String
    @OptionGroup var options: VSMOptions

    func run() throws {
        let (database, _) = try options.open()
        try storeCall { try database.deleteValueStreamMap(named: name) }
        Diagnostics.print("Deleted \(name)")
    }
}

/// `vsm search TEXT`: maps by name and stickers by text, any case, any accents.
struct VSMSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find maps by name and stickers by text across all maps (any case, any accents).")

    @Argument(help: "What to look for.") var text: String
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: VSMOptions

    func run() throws {
        let (database, clock) = try options.openForReading()
        let found = try storeCall { try database.searchValueStreams(text) }
        var listing = Listing([
            ("kind", "Found"), ("map", "Map"), ("section", "Section"), ("sticker", "Sticker"), ("text", "Text"),
            ("sticker_kind", "Kind"),
        ])
        for map in found.maps {
            listing.append([.text("map"), .text(map.name), .text(nil), .integer(nil), .text(nil), .text(nil)])
        }
        for match in found.stickers {
            listing.append([
                .text("sticker"), .text(match.map), .text(match.section), .integer(match.sticker.id),
                .text(match.sticker.text), .text(match.sticker.kind.rawValue),
            ])
        }
        listing.print(format, clock: clock)
    }
}

/// `vsm import FILE.json`: a map in the documented JSON format.
struct VSMImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a map from its JSON format (docs/value-stream-map.schema.json).")

    @Argument(help: "The JSON file.") var file: String
    @Option(name: .long, help: "Store it under this name instead of the file's.") var name: String?
    @Flag(name: .long, help: "Replace a map of the same name.") var replace = false
    @OptionGroup var options: VSMOptions

    func run() throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            Diagnostics.error(
                "\(file): cannot read it (\(FileManager.default.fileExists(atPath: file) ? "permission or a folder" : "no such file"))"
            )
            throw ExitCode(66)
        }
        do {
            try PlainJSON.check(data)
        } catch {
            Diagnostics.error("\(file): \(error.message)")
            throw ExitCode(65)
        }
        var map: ValueStreamMap
        do {
            map = try ValueStreamJSON.decode(data)
        } catch {
            Diagnostics.error("\(file): \(error.description)")
            throw ExitCode(65)
        }
        if let name { map.name = try VSMArguments.name(name, option: "--name") }
        let (database, _) = try options.open()
        let exists = (try? database.valueStreamMap(named: map.name)) != nil
        if exists {
            guard replace else {
                throw usageError("a map named \"\(map.name)\" exists; give --replace to overwrite it or --name NEW")
            }
            let imported = map
            _ = try vsmChange(database, map.name) { stored throws(ValueStreamError) in
                let created = stored.created
                stored = imported
                stored.created = created
            }
        } else {
            try storeCall { try database.createValueStreamMap(map) }
        }
        Diagnostics.print(
            "Imported \(map.name): \(map.sections.count) section\(map.sections.count == 1 ? "" : "s"), "
                + "\(map.stickers.count) sticker\(map.stickers.count == 1 ? "" : "s")")
    }
}
