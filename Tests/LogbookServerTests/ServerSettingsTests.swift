import LogbookConfiguration
import LogbookDaemon
import LogbookServer
import Testing

/// `[server]`'s limits for slow clients and connections: read from the file, checked, and known to the schema.
struct ServerSettingsTests {
    static func settings(_ text: String) throws -> ServerSettings {
        try ConfigurationFile.parse(text: "[server]\n" + text, path: "logbook.toml")
            .decode(ServerSettings.self, table: "server")
    }

    @Test func defaults() throws {
        let settings = try Self.settings("")
        #expect(settings.headerTimeout == 10 && settings.bodyTimeout == 30 && settings.idleTimeout == 60)
        #expect(settings.bodyMinimumRate == 2_048 && settings.maxConnections == 512)
    }

    @Test func readFromTheFile() throws {
        let settings = try Self.settings(
            "header_timeout = 5\nbody_timeout = 2.5\nbody_min_rate = 100\nidle_timeout = 15\nmax_connections = 64\n")
        #expect(settings.headerTimeout == 5 && settings.bodyTimeout == 2.5 && settings.idleTimeout == 15)
        #expect(settings.bodyMinimumRate == 100 && settings.maxConnections == 64)
        #expect(settings.leafletDirectory == "/usr/share/javascript/leaflet")
        #expect(try Self.settings("leaflet = \"/opt/leaflet\"\n").leafletDirectory == "/opt/leaflet")
    }

    @Test(arguments: [
        ("header_timeout = 0", "header_timeout"), ("body_timeout = -1", "body_timeout"),
        ("idle_timeout = 86400", "idle_timeout"), ("body_min_rate = 0", "body_min_rate"),
        ("max_connections = 0", "max_connections"), ("max_connections = \"many\"", "max_connections"),
        ("leaflet = \"leaflet\"", "leaflet"), ("leaflet = 3", "leaflet"),
    ])
    func refusedNamingTheKey(_ line: String, _ key: String) throws {
        #expect {
            _ = try Self.settings(line + "\n")
        } throws: { error in
            "\(error)".contains(key)
        }
    }

    @Test func theSchemaKnowsEveryKey() {
        let read = Set(ServerSettings.CodingKeys.allCases.map(\.stringValue))
        #expect(ConfigurationSchema.logbook.tables["server"] == read)
    }
}
