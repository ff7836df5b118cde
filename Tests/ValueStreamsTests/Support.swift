import Foundation
import ValueStreams

/// A small deterministic generator (SplitMix64), so a failing sequence can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs a throwing operation and gives back its error, or nil when it passed.
func failure(_ body: () throws(ValueStreamError) -> Void) -> ValueStreamError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// The maps the measures, search and JSON tests share; their numbers are worked out by hand in MeasuresTests.
enum Samples {
    /// 2026-11-20T08:00:00Z.
    static let created = Date(timeIntervalSince1970: 1_795_161_600)
    /// 2026-11-21T09:30:00Z.
    static let updated = Date(timeIntervalSince1970: 1_795_253_400)

    /// The current map: 2 sections, 5 stickers of every kind, waits, three %C&A, takt inputs.
    static var orderToCash: ValueStreamMap {
        ValueStreamMap(
            name: "Order to cash", description: "From the phone call to the paid invoice", demandPerDay: 40,
            availableSecondsPerDay: 27_000,
            sections: [
                MapSection(
                    name: "Sales",
                    stickers: [
                        Sticker(id: 1, text: "Take order", kind: .value, processSeconds: 300, ca: 95),
                        Sticker(
                            id: 2, text: "Check credit", kind: .auxiliary, processSeconds: 120, waitSeconds: 3_600,
                            ca: 90),
                    ]),
                MapSection(
                    name: "Kitchen",
                    stickers: [
                        Sticker(
                            id: 3, text: "Re-enter order", kind: .waste, processSeconds: 180, waitSeconds: 600, ca: 80
                        ),
                        Sticker(id: 4, text: "Cook", kind: .value, processSeconds: 900, waitSeconds: 1_800),
                        Sticker(id: 5, text: "Search for box", kind: .waste, processSeconds: 60),
                    ]),
            ],
            created: created, updated: updated)
    }

    /// The future map of `orderToCash`: no waste, shorter waits.
    static var orderToCashFuture: ValueStreamMap {
        ValueStreamMap(
            name: "Order to cash (future)", state: .future, futureOf: "Order to cash", demandPerDay: 40,
            availableSecondsPerDay: 27_000,
            sections: [
                MapSection(
                    name: "Sales",
                    stickers: [
                        Sticker(id: 1, text: "Take order", kind: .value, processSeconds: 300, ca: 98),
                        Sticker(
                            id: 2, text: "Check credit", kind: .auxiliary, processSeconds: 60, waitSeconds: 600,
                            ca: 95),
                    ]),
                MapSection(
                    name: "Kitchen",
                    stickers: [Sticker(id: 6, text: "Cook", kind: .value, processSeconds: 900, waitSeconds: 900)]),
            ],
            created: created, nextStickerID: 7)
    }

    /// Every field set in an unusual way: unicode, colours, fractions, nil and empty things.
    static var unusual: ValueStreamMap {
        ValueStreamMap(
            name: "Café Straße – 日本 ☕", description: "Zeile 1\nZeile 2: \"quoted\", a/b, back\\slash, emoji 🍜",
            demandPerDay: 2.5, availableSecondsPerDay: 27_000.5,
            sections: [
                MapSection(
                    name: "Küche",
                    stickers: [
                        Sticker(
                            id: 4, text: "Crème brûlée\nabkühlen", kind: .value,
                            style: StickerStyle(
                                background: Colour(red: 0xFF, green: 0xCC, blue: 0x00), font: "Noto Serif CJK",
                                size: 10.5),
                            processSeconds: 1.5, waitSeconds: 0.25, ca: 99.5, inventory: 12),
                        Sticker(
                            id: 2, text: "Warten 😴", kind: .waste, style: StickerStyle(size: 6),
                            processSeconds: 0, waitSeconds: 86_400.125, ca: 0, inventory: 0),
                    ]),
                MapSection(name: "Leer"),
                MapSection(
                    name: "Lieferung",
                    stickers: [
                        Sticker(
                            id: 9, text: "  spaced text  ", kind: .auxiliary,
                            style: StickerStyle(background: Colour(red: 0, green: 0, blue: 0), size: 48),
                            processSeconds: 315_360_000)
                    ]),
            ],
            created: Date(timeIntervalSince1970: 1_795_161_600), updated: Date(timeIntervalSince1970: 1_795_161_659),
            nextStickerID: 12)
    }
}
