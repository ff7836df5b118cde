import Foundation
import LogbookTestSupport
import Testing

/// The plain-text rule on the command line: every domain's free text refused with the one message the API gives
/// (a NUL cannot reach a program's arguments at all), and `roofing photo export` writing plain file names even for
/// names stored before the rule.
@Suite("plain text on the command line")
struct PlainTextCommandTests {
    @Test(arguments: [
        (["vehicles", "add", "--plate", "Q\u{1B}1"], "--plate contains a control character (ESC, U+001B)"),
        (["trips", "edit", "1", "--purpose", "a\r\nb"], "--purpose contains a control character (CR, U+000D)"),
        (["hours", "edit", "1", "--message", "late\u{1B}[2J"], "--message contains a control character (ESC, U+001B)"),
        (
            ["checklists", "restaurants", "add", "Main\r\nStreet"],
            "the argument 'Main\\r\\nStreet' contains a control character (CR, U+000D)"
        ),
        (["vsm", "create", "Map\u{1B}"], "the argument 'Map\\x1b' contains a control character (ESC, U+001B)"),
        (
            ["roofing", "project", "add", "Tag\r\n", "--roofer", "Ib"],
            "the argument 'Tag\\r\\n' contains a control character (CR, U+000D)"
        ),
    ])
    func refused(arguments: [String], message: String) throws {
        let log = try IsolatedLog()
        let result = try log.run(arguments, expect: 64)
        #expect(result.stderr.contains(message + "; give plain text"), "\(result.stderr)")
    }

    @Test("imported files: a map and a checklist template are held to the same rule, naming the JSON path")
    func importedFiles() throws {
        let log = try IsolatedLog()
        let map = try log.dir.write(
            "map.json", Array(#"{"name": "M", "sections": [{"name": "Kitchen\u001b[2J", "stickers": []}]}"#.utf8))
        let refusedMap = try log.run(["vsm", "import", map], expect: 65)
        #expect(
            refusedMap.stderr.contains(
                "sections[0].name contains a control character (ESC, U+001B); give plain text"), "\(refusedMap.stderr)")
        let template = try log.dir.write(
            "template.json", Array(#"{"restaurant": "Main\r\nStreet", "day_part": "morning"}"#.utf8))
        let refusedTemplate = try log.run(["checklists", "templates", "import", template], expect: 65)
        #expect(
            refusedTemplate.stderr.contains("restaurant contains a control character (CR, U+000D); give plain text"),
            "\(refusedTemplate.stderr)")
    }

    @Test("photo export: names stored with CR LF, ESC or a slash are written as plain files inside the directory")
    func exportWritesPlainNames() throws {
        let log = try IsolatedLog()
        try log.run(["roofing", "project", "add", "Skolegade 4", "--roofer", "Jens:10"])
        let photo = try log.dir.write("tag.png", TestImages.png(width: 4, height: 3))
        let other = try log.dir.write("other.png", TestImages.png(width: 5, height: 3))
        try log.run(["roofing", "photo", "add", "Skolegade 4", photo, other])
        // Rows as a version before the rule could store them.
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [
            log.database,
            """
            UPDATE roofing_project_photo SET original_name = 'a' || char(13, 10) || 'b' || char(27) || '.png' \
            WHERE id = 1; UPDATE roofing_project_photo SET original_name = '../../escape.png' WHERE id = 2;
            """,
        ]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        let out = log.dir.path("out")
        let printed = try log.run(["roofing", "photo", "export", "Skolegade 4", "--to", out]).stdout
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["1-a__b_.png", "2-.._.._escape.png"], "\(files)")
        for file in files {
            #expect(!file.unicodeScalars.contains { $0.value < 0x20 || $0 == "/" || $0 == "\\" })
        }
        #expect(!printed.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(printed)")
        #expect(!FileManager.default.fileExists(atPath: log.dir.path("escape.png")))
    }
}
