import ArgumentParser
import LogbookConfiguration
import LogbookDaemon
import LogbookServer
import LogbookServices
import TrackModel

/// `logbook devices`: phones and trackers that report positions over HTTP to `logbook serve`.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "Phones and trackers that report positions to `logbook serve`.",
        subcommands: [Add.self, List.self, Revoke.self, Remove.self], defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a device for a vehicle; prints its token (shown once) and the address for each app.")

        @Argument(help: "The device's name (OwnTracks sends it as its user name).") var name: String
        @Option(name: .long, help: "The vehicle's plate.") var vehicle: String
        @Option(name: .long, help: "The unit of the osmand `speed` field this device sends: knots, m/s or km/h.")
        var speedUnit: String = "knots"
        @Option(
            name: .long,
            help: "Where the apps reach the server (default: `[server] public_url`, else http://LISTEN).")
        var baseURL: String?
        @Option(name: .long, help: "Output format: table or json.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let file = try log.configurationOptions.load()
            let context = try log.context(file)
            let base = try baseURL ?? Self.configuredBase(file)
            let added = try DeviceService(context).add(
                name: name, vehicle: vehicle, speedUnit: speedUnit, baseURL: base)
            if format == .json { return try JSONOutput.print(added) }
            var output = StandardOutput()
            output.write(
                """
                Device \(added.name) added for \(added.vehicle).
                Token (shown only now): \(added.token)

                Traccar Client   server URL: \(added.urls.traccar)
                OsmAnd           online tracking address: \(added.urls.osmand)
                OwnTracks        HTTP mode, URL: \(added.urls.owntracks)  user: \(added.name)  password: the token
                Overland         receiver endpoint: \(added.urls.overland)
                GPSLogger        custom URL: \(added.urls.gpslogger)

                """)
            output.flush()
        }

        static func configuredBase(_ file: ConfigurationFile) throws -> String {
            let server = try file.table(ServerSettings.self, "server")
            return server.publicURL ?? "http://\(server.listen)"
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the devices.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let devices = try DeviceService(context).list()
            if format == .json { return try JSONOutput.print(DeviceList(devices: devices)) }
            var listing = Listing([
                ("name", "Name"), ("vehicle", "Vehicle"), ("last_seen", "Last seen"), ("positions", "Positions"),
                ("battery", "Battery %"), ("revoked", "Revoked"), ("refused", "Refused"),
            ])
            for device in devices {
                listing.append([
                    .text(device.name), .text(device.vehicle), .time(device.lastSeenTime),
                    .integer(device.positions), .number(device.battery, decimals: 0), .flag(device.revoked),
                    .integer(device.refused.values.reduce(0, +)),
                ])
            }
            listing.print(format, clock: context.clock)
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Refuse the device's token from now on (its positions stay).")

        @Argument(help: "The device's name.") var name: String
        @OptionGroup var log: LogOptions

        func run() throws {
            try DeviceService(try log.context()).revoke(name: name)
            Diagnostics.print("Device \(name) revoked: a running server refuses its requests within two seconds.")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a device with its stored positions (its trips stay).")

        @Argument(help: "The device's name.") var name: String
        @OptionGroup var log: LogOptions

        func run() throws {
            try DeviceService(try log.context()).remove(name: name)
            Diagnostics.print("Device \(name) removed.")
        }
    }
}

/// `devices list --format json`: `{"devices": [...]}`.
struct DeviceList: Encodable {
    var devices: [DeviceView]
}
