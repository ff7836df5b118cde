import Foundation
import Testing
import ValueStreams

/// Durations, colours, kinds, search folding and naming a sticker: what people type.
@Suite("durations, colours, kinds and search")
struct TextTests {
    @Test(
        "durations people type",
        arguments: [
            ("45s", 45.0), ("5m", 300), ("2h", 7_200), ("1d", 86_400), ("0s", 0),
            // 3600 + 30 × 60
            ("1h30m", 5_400), ("1H30M", 5_400), ("1h 30m", 5_400),
            // 2 × 86400 + 4 × 3600
            ("2d 4h", 187_200), ("  2d   4h ", 187_200),
            // half an hour, a minute and a half, and a dot before the digits
            ("0.5h", 1_800), ("1.5m", 90), (".5m", 30),
            // 86400 + 3600 + 60 + 1, the units in any order
            ("1d1h1m1s", 90_061), ("1s1m1h1d", 90_061),
            // a space between a number and its unit
            ("5 m", 300),
            // ten years exactly (3650 days × 86400) is the most
            ("3650d", 315_360_000),
        ] as [(String, Double)])
    func durations(text: String, seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(
        "durations refused",
        arguments: [
            "", "   ", "90", "1h 30", "1h1h", "30m 1m", "-5m", "5m-", "abc", "5x", "h", "m5", "1.2.3h", "1e3s",
            // more than ten years: 3651 days; 87601 h = 315363600 s
            "3651d", "87601h",
            // digits split by a space, Unicode digits and fractions, infinity
            "1 5m", "٣m", "½h", "infs", "5 m m",
        ])
    func durationsRefused(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test(
        "durations written",
        arguments: [
            (0.0, "0s"), (0.4, "0s"), (45, "45s"), (59.4, "59s"),
            // 59.5 rounds up to a minute
            (59.5, "1m"), (90, "1m 30s"), (3_600, "1h"), (5_400, "1h 30m"),
            // 3661 = 1 h 1 m 1 s: two units at most, the second dropped
            (3_661, "1h 1m"), (86_400, "1d"), (187_200, "2d 4h"), (90_061, "1d 1h"),
            // 86401 = 1 d and 1 s: the hours and minutes between are 0
            (86_401, "1d 1s"), (315_360_000, "3650d"),
            (-5_400, "-1h 30m"), (-0.4, "0s"), (.infinity, "–"), (.nan, "–"), (1e300, "–"), (-1e300, "–"),
        ] as [(Double, String)])
    func durationText(seconds: Double, text: String) {
        #expect(DurationText.text(seconds) == text)
    }

    @Test("what a duration writes reads back as the same whole minutes", arguments: [60.0, 5_400, 86_400, 187_200])
    func durationRoundTrip(seconds: Double) {
        #expect(DurationText.seconds(DurationText.text(seconds)) == seconds)
    }

    @Test(
        "colours",
        arguments: [
            ("#4CAF50", 0x4C, 0xAF, 0x50), ("#4caf50", 0x4C, 0xAF, 0x50), ("#000000", 0, 0, 0),
            // #RGB doubles each digit
            ("#fff", 0xFF, 0xFF, 0xFF), ("#F0a", 0xFF, 0x00, 0xAA),
            ("green", 0x4C, 0xAF, 0x50), ("GREY", 0xBD, 0xBD, 0xBD), ("gray", 0xBD, 0xBD, 0xBD),
            ("Yellow", 0xFF, 0xEB, 0x3B), ("red", 0xE5, 0x39, 0x35), ("white", 0xFF, 0xFF, 0xFF),
        ] as [(String, UInt8, UInt8, UInt8)])
    func colours(text: String, red: UInt8, green: UInt8, blue: UInt8) {
        #expect(Colour(parsing: text) == Colour(red: red, green: green, blue: blue))
    }

    @Test(
        "colours refused",
        arguments: [
            "", "#", "4CAF50", "#4CAF5", "#4CAF500", "#GGGGGG", "#12345g", "brown", "#+12345", "# fff", "#ｆｆｆ",
            "#ff", "##fff", "rgb(1,2,3)",
        ])
    func coloursRefused(text: String) {
        #expect(Colour(parsing: text) == nil)
    }

    @Test(
        "colours written as #rrggbb",
        arguments: [
            (0, 0, 0, "#000000"), (0x4C, 0xAF, 0x50, "#4caf50"), (1, 2, 255, "#0102ff"), (16, 15, 160, "#100fa0"),
        ] as [(UInt8, UInt8, UInt8, String)])
    func colourDescription(red: UInt8, green: UInt8, blue: UInt8, text: String) {
        let colour = Colour(red: red, green: green, blue: blue)
        #expect(colour.description == text)
        #expect(Colour(parsing: colour.description) == colour)
    }

    @Test("kinds: default colours, light or dark, titles")
    func kinds() {
        #expect(StickerKind.value.defaultColour.description == "#4caf50")
        #expect(StickerKind.auxiliary.defaultColour.description == "#ff9800")
        #expect(StickerKind.waste.defaultColour.description == "#e53935")
        // WCAG luminance: white 1, black 0; orange #FF9800 ≈ 0.2126 + 0.7152 × 0.314 = 0.437 (light);
        // red #E53935 ≈ 0.2126 × 0.783 + 0.7152 × 0.041 + 0.0722 × 0.036 = 0.199 (dark)
        #expect(Colour(red: 255, green: 255, blue: 255).isLight)
        #expect(!Colour(red: 0, green: 0, blue: 0).isLight)
        #expect(StickerKind.auxiliary.defaultColour.isLight)
        #expect(!StickerKind.waste.defaultColour.isLight)
        #expect(StickerKind.value.title == "value-adding")
        let sticker = Sticker(id: 1, text: "A", kind: .waste)
        #expect(sticker.colour == StickerKind.waste.defaultColour)
        let styled = Sticker(id: 1, text: "A", kind: .waste, style: StickerStyle(background: Colour(parsing: "pink")))
        #expect(styled.colour.description == "#f48fb1")
    }

    @Test(
        "kinds people type",
        arguments: [
            ("value", StickerKind.value), ("VALUE", .value), ("value-adding", .value), ("va", .value),
            ("Green", .value), ("auxiliary", .auxiliary), ("aux", .auxiliary), ("Orange", .auxiliary),
            ("waste", .waste), ("RED", .waste),
        ] as [(String, StickerKind)])
    func kindParsing(text: String, kind: StickerKind) {
        #expect(StickerKind(parsing: text) == kind)
    }

    @Test("kinds refused", arguments: ["", "valu", "blue", "nva", " value", "wastes"])
    func kindRefused(text: String) {
        #expect(StickerKind(parsing: text) == nil)
    }

    @Test(
        "search folds case and accents",
        arguments: [
            ("Café", "cafe"), ("CAFÉ", "café"), ("Straße", "strasse"), ("STRASSE", "straße"), ("Ökonomie", "okonomie"),
            ("Grand Café de Paris", "CAFE DE"), ("Crème brûlée", "creme brulee"), ("ＡＢＣ", "abc"),
            ("anything", ""), ("anything", "   "),
        ])
    func searchFinds(text: String, query: String) {
        #expect(SearchText.contains(text, query))
    }

    @Test(
        "search does not find what is not there",
        arguments: [("Kitchen", "chicken"), ("Cafe", "café au lait"), ("Strasse", "strasser"), ("Ökonomie", "oek")])
    func searchMisses(text: String, query: String) {
        #expect(!SearchText.contains(text, query))
    }

    @Test("folding gives one plain form")
    func folding() {
        #expect(SearchText.fold("  Café  ") == "cafe")
        #expect(SearchText.fold("Straße") == "strasse")
        #expect(SearchText.fold("ÖKONOMIE") == "okonomie")
        #expect(SearchText.fold("Crème Brûlée") == SearchText.fold("creme brulee"))
    }

    static let named = ValueStreamMap(
        name: "Named",
        sections: [
            MapSection(
                name: "A",
                stickers: [
                    Sticker(id: 7, text: "Café au lait", kind: .value),
                    Sticker(id: 3, text: "Check stock", kind: .auxiliary),
                ]),
            MapSection(
                name: "B",
                stickers: [
                    Sticker(id: 12, text: "CHECK STOCK", kind: .waste),
                    Sticker(id: 4, text: "Straße fegen", kind: .waste),
                ]),
        ],
        created: Samples.created)

    @Test(
        "a sticker named by number or by its text",
        arguments: [
            ("7", 7), ("#7", 7), (" #7 ", 7), ("12", 12), ("#3", 3), ("café au lait", 7), ("CAFE AU LAIT", 7),
            ("  Cafe au Lait ", 7), ("strasse fegen", 4),
        ])
    func stickerNamed(reference: String, id: Int) throws {
        #expect(try Self.named.sticker(named: reference).id == id)
    }

    @Test(
        "a sticker name that finds none or two",
        arguments: [
            // two stickers have this text in any case: refused, both numbers in the message
            ("check stock", ValueStreamError.Code.refused),
            ("#99", .notFound), ("99", .notFound), ("Tea", .notFound),
            // only the whole text counts, not a part
            ("Café", .notFound), ("", .notFound),
        ])
    func stickerNotNamed(reference: String, code: ValueStreamError.Code) {
        let error = failure { () throws(ValueStreamError) in _ = try Self.named.sticker(named: reference) }
        #expect(error?.code == code)
        if code == .refused {
            #expect(error?.message.contains("#3") == true && error?.message.contains("#12") == true)
        }
    }
}
