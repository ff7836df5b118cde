import LogbookCLI
import LogbookDaemon
import Testing

/// Terminal cells, escapes and refusals, worked out by hand from the Unicode tables (East Asian Width, emoji
/// presentation, general category).
struct TerminalTextTests {
    @Test(arguments: [
        ("Visit", 5), ("東京出張", 8), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("한국", 4), ("🚗", 2), ("☕", 2), ("👍🏽", 2),
        ("🇪🇪", 2), ("👩‍👩‍👧", 2), ("1️⃣", 2), ("e\u{301}", 1), ("กิน", 2), ("Jõgeva", 6), ("", 0),
        ("a\u{200B}b", 2),
    ])
    func cells(text: String, width: Int) {
        #expect(TerminalText.width(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\u{1B}[2Jb", "a\\x1b[2Jb"), ("bell\u{07}", "bell\\x07"), ("over\rwrite", "over\\rwrite"),
        ("two\nlines\tand tab", "two lines and tab"), ("c1\u{9B}31m", "c1\\x9b31m"), ("del\u{7F}", "del\\x7f"),
        ("nul\u{0}", "nul\\x00"),
    ])
    func escapes(text: String, shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test(arguments: [
        ("東京出張会議", 7, "東京出…"), ("Quarterly review", 10, "Quarterly…"), ("short", 10, "short"),
        ("🚗🚗🚗", 4, "🚗…"),
    ])
    func truncation(text: String, cells: Int, shown: String) {
        #expect(TerminalText.truncated(text, toWidth: cells) == shown)
        #expect(TerminalText.width(TerminalText.truncated(text, toWidth: cells)) <= cells)
    }

    @Test(arguments: [
        (
            ["trips", "add", "--purpose", "a\u{1B}"],
            "--purpose contains a control character (ESC, U+001B); give plain text"
        ),
        (
            ["trips", "edit", "3", "--notes=x\r\ny"],
            "--notes contains a control character (CR, U+000D); give plain text"
        ),
        (
            ["drivers", "add", "Bob\u{85}"],
            "the argument 'Bob\\x85' contains a control character (U+0085); give plain text"
        ),
    ])
    func refusals(arguments: [String], message: String) {
        #expect(TerminalText.refusal(arguments: arguments) == message)
    }

    @Test func plainArgumentsPass() {
        #expect(TerminalText.refusal(arguments: ["trips", "add", "--purpose", "東京 🚗 Jõgeva"]) == nil)
        // A multi-line option keeps line feeds, as the same field does through the API; a name does not, and a tab
        // is refused in both.
        #expect(TerminalText.refusal(arguments: ["trips", "edit", "3", "--notes", "a\nb"]) == nil)
        #expect(
            TerminalText.refusal(arguments: ["trips", "edit", "3", "--notes", "a\tb"])
                == "--notes contains a control character (TAB, U+0009); give plain text")
        #expect(TerminalText.refusal(arguments: ["trips", "edit", "3", "--notes=a\nb"]) == nil)
        #expect(
            TerminalText.refusal(arguments: ["trips", "edit", "3", "--purpose", "a\nb"])
                == "--purpose contains a control character (LF, U+000A); give plain text")
    }

    @Test func columnsComeFromTheEnvironment() {
        #expect(TerminalText.columns(environment: ["COLUMNS": "87"]) == 87)
        #expect(TerminalText.columns(environment: ["COLUMNS": " 90 "]) == 90)
    }
}
