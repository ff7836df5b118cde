import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel

/// Numbers are read from bytes by our own scanner; the standard library's `Double(String)` (a
/// separate, correctly rounded implementation) is the reference.
@Suite("GPSDJSON and GPX number reading")
struct GPSDJSONNumberTests {
    private func speed(json number: String) -> Double? {
        var decoder = GPSDJSONDecoder()
        let line = #"{"class":"TPV","mode":3,"speed":"# + number + "}\n"
        return (try? decoder.decodeAll(Array(line.utf8)))?.first?.speed
    }

    private func elevation(gpx number: String) -> Double? {
        var decoder = GPXDecoder()
        let text =
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>" + number
            + "</ele></trkpt></trkseg></trk></gpx>"
        return (try? decoder.decodeAll(Array(text.utf8)))?.first?.altitudeMSL
    }

    @Test(arguments: [
        "0", "-0", "0.0", "1", "-1", "10", "0.1", "0.3", "123.456", "1e5", "1E5", "1e+5", "1e-5", "-2.5E-3",
        "9007199254740993", "12345678901234567890", "1234567890123456789012345", "0.000000000000000000001",
        "3.141592653589793238462643383279", "1e22", "1e23", "1.5e-22", "2.2250738585072014e-308",
        "4.9e-324", "1.7976931348623157e308", "0.1000000000000000055511151231257827",
        "48.137154", "103.825552131", "0.00000000000000000000000000000000001",
    ])
    func jsonNumbersMatchTheStandardLibrary(text: String) throws {
        let expected = try #require(Double(text))
        let got = try #require(speed(json: text))
        #expect(got == expected)
        #expect(got.sign == expected.sign)
    }

    @Test(arguments: ["+1", ".5", "1.", "01", "-", "1e", "1e+", "0x10", "Infinity", "--1", "1.2.3"])
    func jsonRejectsNonJSONNumbers(text: String) {
        #expect(speed(json: text) == nil)
    }

    @Test(arguments: [("+1.5", 1.5), (".5", 0.5), ("2.", 2.0), (" 7.25\n", 7.25), ("-0.125", -0.125), ("1e3", 1_000)])
    func gpxAcceptsDecimalSpellings(text: String, value: Double) {
        #expect(elevation(gpx: text) == value)
    }

    @Test(arguments: ["", " ", ".", "+", "1,5", "1.5m", "NaN", "inf", "1e999", "0x1p3"])
    func gpxRejectsNonNumbers(text: String) {
        #expect(elevation(gpx: text) == nil)
    }

    @Test func randomDoublesRoundTrip() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<5_000 {
            let bits = rng.next()
            let value = Double(bitPattern: bits)
            guard value.isFinite else { continue }
            let text = "\(value)"  // shortest round-trip spelling, e.g. 1.5e-07
            #expect(speed(json: text) == value, "\(text)")
        }
    }

    @Test func randomDecimalsMatchTheStandardLibrary() throws {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            var text = Bool.random(using: &rng) ? "-" : ""
            let intDigits = Int.random(in: 1...12, using: &rng)
            text += String(Int.random(in: 1...9, using: &rng))
            for _ in 1..<intDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            let fracDigits = Int.random(in: 0...14, using: &rng)
            if fracDigits > 0 {
                text += "."
                for _ in 0..<fracDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            }
            if Int.random(in: 0..<3, using: &rng) == 0 { text += "e" + String(Int.random(in: -40...40, using: &rng)) }
            let expected = try #require(Double(text))
            #expect(speed(json: text) == expected, "\(text)")
        }
    }

    /// GPX values take a one-pass path for plain decimals (`-?digits[.digits]`) and the general scanner for the
    /// rest: both must give the standard library's value, for every length of integer and fraction.
    @Test func randomGPXDecimalsMatchTheStandardLibrary() throws {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<3_000 {
            var text = Bool.random(using: &rng) ? "-" : ""
            let intDigits = Int.random(in: 0...10, using: &rng)
            for _ in 0..<intDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            let fracDigits = Int.random(in: intDigits == 0 ? 1...20 : 0...20, using: &rng)
            if fracDigits > 0 || Bool.random(using: &rng) { text += "." }
            for _ in 0..<fracDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            let expected = try #require(Double(text), "\(text)")
            let got = elevation(gpx: text)
            #expect(got == expected, "\(text)")
            #expect(got?.sign == expected.sign, "\(text)")
        }
    }
}
