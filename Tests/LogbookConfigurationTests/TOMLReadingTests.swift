import LogbookConfiguration
import Testing

/// The configuration is read by TOMLKit (toml++); these check what the rest of Logbook gets from it: the converted
/// values, syntax errors with line and column, and the line and column of every key for later messages. Every
/// expected value and position below was worked out from the input text.
struct TOMLReadingTests {
    static func read(_ text: String) throws -> TOMLDocument {
        try TOMLDocument(parsing: text)
    }

    @Test func readsTablesKeysAndScalars() throws {
        let doc = try Self.read(
            """
            # Logbook
            title = "Vehicle log"   # trailing comment
            [engine]
            parking_threshold = 300
            moving_speed = 1.5
            collect_track = true
            "quoted key" = 'C:\\no\\escapes'
            [mail.smtp]
            port = 0x24B
            big = 1_000_000
            when = 2026-11-21T07:30:00Z
            day = 2026-11-21
            tiny = 5e-3
            forever = inf
            """
        ).root
        #expect(doc["title"] == .string("Vehicle log"))
        guard case .table(let engine)? = doc["engine"] else {
            Issue.record("no engine table")
            return
        }
        #expect(engine["parking_threshold"] == .integer(300))
        #expect(engine["moving_speed"] == .float(1.5))
        #expect(engine["collect_track"] == .boolean(true))
        #expect(engine["quoted key"] == .string("C:\\no\\escapes"))
        guard case .table(let mail)? = doc["mail"], case .table(let smtp)? = mail["smtp"] else {
            Issue.record("no mail.smtp table")
            return
        }
        #expect(smtp["port"] == .integer(587))  // 2·256 + 4·16 + 11
        #expect(smtp["big"] == .integer(1_000_000))
        #expect(smtp["when"] == .dateTime("2026-11-21T07:30:00Z"))
        #expect(smtp["day"] == .dateTime("2026-11-21"))
        #expect(smtp["tiny"] == .float(0.005))
        #expect(smtp["forever"] == .float(.infinity))
    }

    @Test func readsStringsArraysDottedKeysInlineTablesAndArraysOfTables() throws {
        let doc = try Self.read(
            """
            a = "tab\\tquote\\" \\u00e4"
            b = \"\"\"
            first
            second\"\"\"
            e = '''
            raw \\n text'''
            c = [1, 2,
                 3, ]  # multi-line with trailing comma
            d = { x = 1, y.z = "w" }
            site."main gate".open = true
            [[place]]
            name = "Office"
            [[place]]
            name = "Home"
            """
        ).root
        #expect(doc["a"] == .string("tab\tquote\" ä"))
        #expect(doc["b"] == .string("first\nsecond"))
        #expect(doc["e"] == .string("raw \\n text"))
        #expect(doc["c"] == .array([.integer(1), .integer(2), .integer(3)]))
        #expect(doc["d"] == .table(["x": .integer(1), "y": .table(["z": .string("w")])]))
        #expect(doc["site"] == .table(["main gate": .table(["open": .boolean(true)])]))
        #expect(doc["place"] == .array([.table(["name": .string("Office")]), .table(["name": .string("Home")])]))
    }

    /// Syntax errors keep the line and column toml++ reports.
    @Test(arguments: [
        // After `a = 1 ` the next character, `b`, is column 7.
        ("a = 1 b = 2", 1, 7, "saw 'b'"),
        // `=` where a value should start: line 3, after `y = ` at column 5.
        ("[engine]\nx = 1\ny = = 2", 3, 5, "could not determine value type"),
        // Line 2 `gap = 1 2`: the value `1` ends at column 7, the stray `2` is column 9.
        ("[engine]\ngap = 1 2\n", 2, 9, "saw '2'"),
        // A NUL (which would end the C string TOMLKit hands toml++) at column 4 of line 2.
        ("a = 1\nb =\u{0} 2\n", 2, 4, "NUL"),
    ])
    func syntaxErrorsHaveLineAndColumn(text: String, line: Int, column: Int, words: String) {
        #expect {
            _ = try Self.read(text)
        } throws: { error in
            guard let error = error as? TOMLError else { return false }
            return error.line == line && error.column == column && error.message.contains(words)
        }
    }

    /// Setting a key or table twice is an error (TOML 1.0), on the line of the second.
    @Test(arguments: [
        ("a = 1\na = 2", 2),
        ("[t]\nx = 1\n[t]", 3),
        ("[t]\nx = 1\nx.y = 2", 3),
    ])
    func redefinitionsAreErrors(text: String, line: Int) {
        #expect {
            _ = try Self.read(text)
        } throws: { error in
            guard let error = error as? TOMLError else { return false }
            return error.line == line && error.message.contains("redefine")
        }
    }

    @Test func aSyntaxErrorInAFileNamesFileLineAndColumnAndExits78() throws {
        // `parking_threshold` is 17 characters, so ` = ` ends at column 20 and the line break is column 21.
        #expect {
            _ = try ConfigurationFile.parse(text: "[engine]\nparking_threshold = \n", path: "/etc/logbook.toml")
        } throws: { error in
            guard let error = error as? ConfigurationFile.LoadError else { return false }
            return error.line == 2 && error.column == 21 && error.exitCode == 78
                && error.description.hasPrefix("/etc/logbook.toml:2:21: ")
        }
    }

    @Test func everyKeyAndTableHasItsLineAndColumn() throws {
        let doc = try Self.read(
            """
            # Logbook
            title = "x"
            [engine]
              gap_threshold = 1
            [mail.smtp]
            "quoted key" = 1
            tls . 'mode' = 'x'
            note = \"\"\"
            a = 1 is text, not a key
            \"\"\"
            list = [
              1, # [not] a table
              2]
            [[place]]
            name = "Office"
            [[ place ]]
            name = "Home"
            inline = { x = 1 }
            """)
        let expected: [([String], Int, Int)] = [
            (["title"], 2, 1),
            (["engine"], 3, 2),
            (["engine", "gap_threshold"], 4, 3),
            (["mail"], 5, 2),
            (["mail", "smtp"], 5, 7),
            (["mail", "smtp", "quoted key"], 6, 1),
            (["mail", "smtp", "tls"], 7, 1),
            (["mail", "smtp", "tls", "mode"], 7, 7),
            (["mail", "smtp", "note"], 8, 1),
            (["mail", "smtp", "list"], 11, 1),
            (["place"], 14, 3),
            (["place", "#0"], 14, 3),
            (["place", "#0", "name"], 15, 1),
            (["place", "#1"], 16, 4),
            (["place", "#1", "name"], 17, 1),
            (["place", "#1", "inline"], 18, 1),
        ]
        for (path, line, column) in expected {
            #expect(doc.position(of: path)?.line == line, "\(path)")
            #expect(doc.position(of: path)?.column == column, "\(path)")
        }
        // Nothing inside the multi-line string or the array is taken for a key or table.
        #expect(doc.lines[["mail", "smtp", "a"]] == nil)
        #expect(doc.lines[["not"]] == nil)
        #expect(doc.lines.count == expected.count)
        // Keys of an inline table share their table's line, without a column.
        #expect(doc.position(of: ["place", "#1", "inline", "x"])?.line == 18)
        #expect(doc.position(of: ["place", "#1", "inline", "x"])?.column == nil)
    }

    @Test func anUnknownKeyIsReportedWithItsLineAndColumn() throws {
        let file = try ConfigurationFile.parse(
            text: "[engine]\ngap_threshold = 300\n  parking_treshold = 300\n", path: "/etc/logbook/logbook.toml")
        let schema = ConfigurationSchema(tables: ["engine": ["parking_threshold", "gap_threshold"]])
        #expect {
            try schema.check(file)
        } throws: { error in
            guard let error = error as? ConfigurationFile.LoadError else { return false }
            return error.exitCode == 78
                && error.description
                    == "/etc/logbook/logbook.toml:3:3: unknown key 'parking_treshold' in [engine]; "
                    + "did you mean 'parking_threshold'?"
        }
    }

    struct Engine: Decodable {
        var moving_speed: Double?
    }

    struct Sites: Decodable {
        struct Place: Decodable { var name: String }
        var place: [Place]
    }

    @Test func aValueOfTheWrongTypeIsReportedWithTheLineAndColumnOfItsKey() throws {
        let file = try ConfigurationFile.parse(
            text: "# engine\n[engine]\n\tmoving_speed = \"fast\"\n", path: "/etc/logbook/logbook.toml")
        #expect {
            _ = try file.decode(Engine.self, table: "engine")
        } throws: { error in
            guard let error = error as? ConfigurationFile.LoadError else { return false }
            // A tab is one column: the key starts at column 2 of line 3.
            return error.exitCode == 78 && error.line == 3 && error.column == 2
                && error.description.hasPrefix("/etc/logbook/logbook.toml:3:2: [engine] moving_speed: expected")
        }
    }

    @Test func aWrongValueInAnArrayOfTablesPointsAtItsElement() throws {
        let file = try ConfigurationFile.parse(
            text: "[[sites.place]]\nname = \"Office\"\n[[sites.place]]\nname = 2\n", path: "logbook.toml")
        #expect {
            _ = try file.decode(Sites.self, table: "sites")
        } throws: { error in
            guard let error = error as? ConfigurationFile.LoadError else { return false }
            // The second place's name, on line 4.
            return error.line == 4 && error.column == 1
        }
    }
}
