import CalendarDays
import Testing
import Hours

/// The text parsers of the domain take anything a person or a file can give: random input never traps, and what
/// they accept prints back the same.
@Suite("Hours parsers under random input")
struct ParserRobustnessTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet = Array("0123456789:-+Zzhmd ,.nearstupdowafr/\u{0}é日\n")

    static func text(_ random: inout Random) -> String {
        String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    @Test("50,000 random strings through every parser", arguments: [1, 2, 3])
    func randomInput(seed: UInt64) {
        var random = Random(state: seed)
        for _ in 0..<50_000 {
            let text = Self.text(&random)
            if let day = CalendarDay(parsing: text) {
                #expect(day.description == text)
            }
            if let time = ClockTime(parsing: text) {
                #expect((0..<1_440).contains(time.minute), "\(text)")
            }
            if let minutes = MinutesText.parse(text) {
                #expect(minutes >= 0, "\(text)")
            }
            if let rounding = Rounding(parsing: text) {
                #expect(Rounding(parsing: rounding.description) == rounding, "\(text)")
            }
        }
    }

    @Test("every valid day and time prints back as parsed")
    func roundTrips() {
        var day = CalendarDay(parsing: "1999-12-25")!
        for _ in 0..<20_000 {
            #expect(CalendarDay(parsing: day.description) == day)
            day = day.adding(days: 1)
        }
        for minute in 0..<1_440 {
            #expect(ClockTime(parsing: ClockTime(minute: minute).description)?.minute == minute)
        }
    }
}
