import LogbookConfiguration
import Testing

struct TOMLParserTests {
    @Test func parsesTablesKeysAndScalars() throws {
        let doc = try TOMLParser.parse(
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
            tiny = 5e-3
            """)
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
        #expect(smtp["port"] == .integer(587))
        #expect(smtp["big"] == .integer(1_000_000))
        #expect(smtp["when"] == .dateTime("2026-11-21T07:30:00Z"))
        #expect(smtp["tiny"] == .float(0.005))
    }

    @Test func parsesStringsArraysInlineTablesAndArraysOfTables() throws {
        let doc = try TOMLParser.parse(
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
            [[place]]
            name = "Office"
            [[place]]
            name = "Home"
            """)
        #expect(doc["a"] == .string("tab\tquote\" ä"))
        #expect(doc["b"] == .string("first\nsecond"))
        #expect(doc["e"] == .string("raw \\n text"))
        #expect(doc["c"] == .array([.integer(1), .integer(2), .integer(3)]))
        #expect(doc["d"] == .table(["x": .integer(1), "y": .table(["z": .string("w")])]))
        #expect(doc["place"] == .array([.table(["name": .string("Office")]), .table(["name": .string("Home")])]))
    }

    @Test(arguments: [
        ("a = 1\na = 2", 2, "defined twice"),
        ("[t]\nx = 1\n[t]", 3, "defined twice"),
        ("a = \"open", 1, "unterminated"),
        ("a = 01", 1, "leading zeros"),
        ("a = 1 b = 2", 1, "end of the line"),
        ("a = [1, 2", 1, "unterminated array"),
        ("= 3", 1, "expected a key"),
        ("a = 1__0", 1, "invalid number"),
    ])
    func reportsErrorsWithLine(text: String, line: Int, message: String) {
        #expect {
            _ = try TOMLParser.parse(text)
        } throws: { error in
            guard let error = error as? TOMLError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}
