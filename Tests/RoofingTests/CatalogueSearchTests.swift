import Testing

@testable import Roofing

@Suite("Roofing accounts: catalogue search")
struct CatalogueSearchTests {
    static let activities = [
        activity("12.3.4", "Tagrender", "Tagrende, zink", .runningMetre, "147.50"),
        activity("12.3.5", "Tagrender", "Tagrendejern", .piece, "35.00"),
        activity("12.30.1", "Tagrender", "Nedløbsrør", .runningMetre, "120.00"),
        activity("20.1", "Inddækning", "Zinktagrende på kvist", .runningMetre, "310.00"),
        activity("40.1", "Afslutning", "Tagrand, afslutning", .runningMetre, "95.00"),
        activity("50.1", "Øvrigt", "Stillads", .squareMetre, "12.00"),
    ]

    static func positions(_ query: String) -> [String] {
        CatalogueSearch.search(query, in: activities).map(\.activity.position)
    }

    @Test("prefix above substring above typo; case and accents do not matter")
    func ranking() {
        // "Tagrende, zink" and "Tagrendejern" start with it, "Zinktagrende" holds it, "Tagrand" is 2 edits away
        // (a→e, insert e; 8 letters allow 2).
        let hits = CatalogueSearch.search("TAGRENDE", in: Self.activities)
        #expect(hits.map(\.activity.position) == ["12.3.4", "12.3.5", "20.1", "40.1"])
        #expect(hits.map(\.match) == [.namePrefix, .namePrefix, .substring, .typo])
        // A word of the name starting with the query ranks above a substring.
        #expect(Self.positions("zink") == ["20.1", "12.3.4"])
        #expect(CatalogueSearch.search("zink", in: Self.activities).map(\.match) == [.namePrefix, .wordPrefix])
    }

    @Test("position numbers: the position, then whole parts, then other prefixes")
    func positionNumbers() {
        #expect(Self.positions("12.3") == ["12.3.4", "12.3.5", "12.30.1"])
        #expect(Self.positions("12.3.4") == ["12.3.4"])
        #expect(
            CatalogueSearch.search("12.3", in: Self.activities).map(\.match) == [
                .positionPart, .positionPart, .positionPrefix,
            ])
    }

    @Test("Danish letters fold: ø as oe, å as aa, and a typo still finds it")
    func danishLetters() {
        #expect(Self.positions("nedløb") == ["12.30.1"])
        #expect(Self.positions("NEDLOEB") == ["12.30.1"])
        #expect(Self.positions("øvrigt") == [])  // the section is not searched, only name and position
        // "nedlobsror" is 2 edits from "nedloebsroer" (10 letters allow 2).
        #expect(CatalogueSearch.search("nedlobsror", in: Self.activities).map(\.match) == [.typo])
        #expect(Self.positions("stilads") == ["50.1"])  // one letter missing, 7 letters allow 1
    }

    @Test("typo limits: transposition counts as one edit; short words need exact letters")
    func typoLimits() {
        #expect(CatalogueSearch.distance(Array("tagernde"), Array("tagrende"), limit: 2) == 1)
        #expect(Self.positions("stlads") == [])  // two edits in a 6-letter word: too many
        // 4 letters allow 1: "zink" and the beginning of "zinktagrende" are both one edit away, so position order.
        #expect(Self.positions("zonk") == ["12.3.4", "20.1"])
        #expect(Self.positions("tig") == [])  // 3 letters: no typos
        #expect(Self.positions("") == [])
    }
}
