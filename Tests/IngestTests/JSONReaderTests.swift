import Foundation
import Ingest
import Testing

/// The ingest endpoints read JSON with their own reader (`JSONReader`): it must accept exactly what a JSON parser
/// accepts and read the same values. Checked against Foundation's `JSONSerialization` on valid documents and on
/// thousands of one-byte mutations of an Overland batch.
@Suite struct JSONReaderTests {
    static let document = """
        {"locations": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [-122.030581, 37.3318e0]},
          "properties": {"timestamp": "2015-10-01T08:00:00-0700", "altitude": 0, "speed": 4.5, "course": -1,
          "horizontal_accuracy": 30, "battery_level": 0.89, "motion": ["driving", "stationary"],
          "wifi": "caf\\u00e9 \\"net\\" \\ud83d\\ude97", "note": null, "on": true, "off": false}}],
         "current": {}, "trip": []}
        """

    static func readable(_ text: [UInt8]) -> Bool {
        let request = IngestRequest(body: text, contentType: "application/json", authorization: "Bearer x")
        do {
            _ = try OverlandDecoder.decode(request)
            return true
        } catch {
            return error.code != .malformedBody
        }
    }

    static func foundationReads(_ text: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])) != nil
    }

    @Test func readsTheValues() throws {
        let batch = try OverlandDecoder.decode(
            IngestRequest(body: Array(Self.document.utf8), contentType: "application/json", authorization: "Bearer x"))
        let position = try #require(batch.positions.first)
        #expect(position.latitude == 37.3318 && position.longitude == -122.030581)
        #expect(position.speed == 4.5 && position.accuracy == 30 && position.course == nil)
        // Escapes, a surrogate pair joined into one character.
        #expect(position.attributes["wifi"] == "café \"net\" 🚗")
        #expect(position.attributes["on"] == "true" && position.attributes["off"] == "false")
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "[01]", "[1.]", "[.5]", "[-]", "[1e]", "[+1]",
        "[\"\\x\"]", "[\"a\nb\"]", "[tru]", "[nul]", "{\"locations\":[]} x", "[1e999]", "[\"\\u12\"]", "{a:1}",
        "['a']", "[NaN]", "[Infinity]",
    ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(!Self.readable(Array(text.utf8)), "\(text.debugDescription) was read")
        // Foundation is lenient with a trailing comma; RFC 8259 (and this reader) is not.
        let lenient = ["[1e999]", "[1,]", "{\"a\":1,}"]
        #expect(
            !Self.foundationReads(Array(text.utf8)) || lenient.contains(text),
            "Foundation reads \(text.debugDescription)")
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(!Self.readable(Array(deep.utf8)))
    }

    @Test func agreesWithFoundationOnMutations() {
        var generator = SystemRandomNumberGenerator()
        let original = Array(Self.document.utf8)
        let alphabet = Array(" \t\n{}[]:,\"\\-+.0123456789eEtrufalsn/x".utf8)
        var disagreements: [String] = []
        for _ in 0..<4_000 {
            var text = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                text[Int.random(in: 0..<text.count, using: &generator)] = alphabet.randomElement(using: &generator)!
            }
            let string = String(decoding: text, as: UTF8.self)
            // Lone surrogates and overlong numbers are where parsers may differ by design; leave them out.
            // …and a trailing comma, which Foundation forgives.
            if string.contains("\\u") || string.contains("e9")
                || string.range(of: #",\s*[\]}]"#, options: .regularExpression) != nil
            {
                continue
            }
            if Self.readable(text) != Self.foundationReads(text) {
                disagreements.append(string)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(3))")
    }
}
