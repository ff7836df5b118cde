import LogbookConfiguration
import Testing

/// Unknown keys and tables are mistakes (a typo silently keeps the default): named with file, line and the closest
/// known name (issue 11 §6).
struct ConfigurationSchemaTests {
    static let schema = ConfigurationSchema(tables: [
        "engine": ["parking_threshold", "gap_threshold", "minimum_trip_distance"],
        "log": ["timezone", "lock_after_days"],
        "mail": ["host", "port"],
    ])

    static func problem(_ text: String) throws -> ConfigurationFile.LoadError? {
        let file = try ConfigurationFile.parse(text: text, path: "/etc/logbook/logbook.toml")
        do {
            try schema.check(file)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (
            "# engine\n[engine]\ngap_threshold = 300\nparking_treshold = 300\n",
            "/etc/logbook/logbook.toml:4:1: unknown key 'parking_treshold' in [engine]; did you mean 'parking_threshold'?"
        ),
        (
            "[log]\ntimezone = \"UTC\"\n\n[bogus]\nx = 1\n",
            "/etc/logbook/logbook.toml:4:2: unknown table [bogus]; known tables are [engine], [log] and [mail]"
        ),
        (
            "[engin]\ngap_threshold = 1\n",
            "/etc/logbook/logbook.toml:1:2: unknown table [engin]; did you mean [engine]?"
        ),
        // A key outside any table that belongs in one.
        (
            "timezone = \"UTC\"\n",
            "/etc/logbook/logbook.toml:1:1: unknown key 'timezone'; did you mean 'timezone' in [log]?"
        ),
        // Dotted keys and sub-tables are keys of their table too.
        ("[mail.smtp]\nhost = \"x\"\n", "/etc/logbook/logbook.toml:1:7: unknown key 'smtp' in [mail]"),
        ("[engine]\nparking.threshold = 1\n", "/etc/logbook/logbook.toml:2:1: unknown key 'parking' in [engine]"),
        // Nothing close: no guess.
        ("[log]\ncolour = \"red\"\n", "/etc/logbook/logbook.toml:2:1: unknown key 'colour' in [log]"),
    ])
    func unknownNamesAreReported(text: String, message: String) throws {
        let error = try #require(try Self.problem(text))
        #expect(error.description == message)
        #expect(error.exitCode == 78)
    }

    @Test func theFirstProblemInTheFileIsReportedWithACountOfTheRest() throws {
        let error = try #require(
            try Self.problem("[mail]\nhots = \"x\"\n[engine]\ngap_treshold = 1\n[log]\nlock_after_day = 7\n"))
        #expect(
            error.description
                == "/etc/logbook/logbook.toml:2:1: unknown key 'hots' in [mail]; did you mean 'host'? (and 2 more)")
    }

    @Test func knownKeysPass() throws {
        #expect(
            try Self.problem(
                "[engine]\nparking_threshold = 300\ngap_threshold = 300\n[log]\ntimezone = \"UTC\"\n[mail]\nport = 25\n"
            )
                == nil)
        #expect(try Self.problem("") == nil)
    }

    @Test(arguments: [
        ("parking_treshold", "parking_threshold", 1), ("gap_threshold", "gap_threshold", 0), ("hots", "host", 1),
        ("", "abc", 3), ("kitten", "sitting", 3),
    ])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(ConfigurationSchema.editDistance(a, b) == distance)
    }

    @Test func parserRecordsTheLineOfEveryKeyAndTable() throws {
        let document = try TOMLDocument(parsing: "# c\n\n[engine]\n  gap_threshold = 1\n[mail.smtp]\nhost = 'x'\n")
        #expect(document.line(of: ["engine"]) == 3)
        #expect(document.line(of: ["engine", "gap_threshold"]) == 4)
        #expect(document.line(of: ["mail"]) == 5)
        #expect(document.line(of: ["mail", "smtp", "host"]) == 6)
    }
}
