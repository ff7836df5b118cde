import Foundation
import LogbookTestSupport
import Reports
import Testing
import ValueStreams

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 15 §4: value-stream maps drawn as PDF, SVG and PNG.
struct ValueStreamRenderingTests {
    // MARK: The map

    /// 40 stickers in 4 sections: umlauts and other scripts, long texts, a custom colour and font size, waits,
    /// %C&A and inventory.
    static let map: ValueStreamMap = {
        let sections: [(String, [(String, StickerKind)])] = [
            (
                "Auftragseingang",
                [
                    ("Anfrage per E-Mail", .auxiliary), ("Prüfung", .auxiliary), ("Angebot erstellen", .value),
                    ("Warten auf Freigabe durch den Vertriebsleiter", .waste), ("Kunde bestätigt", .value),
                    ("Auftrag im ERP anlegen", .auxiliary), ("Rückfrage zu Maßen", .waste),
                    ("Kreditprüfung", .auxiliary), ("Auftragsbestätigung senden", .value),
                    ("Ablage", .waste), ("Übergabe an Arbeitsvorbereitung", .auxiliary),
                ]
            ),
            (
                "Arbeitsvorbereitung",
                [
                    ("Stückliste prüfen", .auxiliary), ("Material bestellen", .auxiliary),
                    ("Warten auf Material vom Lieferanten (Engpass bei Aluminiumprofilen)", .waste),
                    ("Wareneingang", .auxiliary), ("Qualitätsprüfung Eingang", .auxiliary),
                    ("Einlagern", .waste), ("Fertigungsauftrag drucken", .auxiliary),
                    ("Straße → Halle 2", .waste), ("Rüsten", .auxiliary), ("Café-Pause überbrücken", .waste),
                ]
            ),
            (
                "Fertigung",
                [
                    ("Zuschnitt", .value), ("Entgraten", .value), ("Suchen nach Werkzeug", .waste),
                    ("Biegen", .value), ("Schweißen der Rahmen nach Zeichnung Z-4711 Rev. C", .value),
                    ("Nacharbeit", .waste), ("Pulverbeschichtung", .value), ("Trocknen", .value),
                    ("Montage", .value), ("Endkontrolle", .auxiliary), ("Zwischenlager", .waste),
                ]
            ),
            (
                "Versand & Rechnung",
                [
                    ("Verpacken", .value), ("Lieferschein", .auxiliary), ("Warten auf Spedition", .waste),
                    ("Verladen", .auxiliary), ("Rechnung schreiben", .auxiliary),
                    ("Zahlungseingang überwachen und Mahnwesen", .auxiliary), ("Archivieren", .waste),
                    ("Kundenzufriedenheit erfragen", .value),
                ]
            ),
        ]
        var id = 0
        var built: [MapSection] = []
        for (name, stickers) in sections {
            var section = MapSection(name: name)
            for (text, kind) in stickers {
                id += 1
                var style = StickerStyle()
                if id == 3 { style.background = Colour(parsing: "#42A5F5") }  // blue: white text
                if id == 14 { style.background = Colour(parsing: "#FFEB3B") }  // yellow: dark text
                if id == 22 {
                    style = StickerStyle(background: Colour(parsing: "#4A148C"), font: "DejaVu Serif", size: 18)
                }
                if id == 5 { style.size = 9 }
                if id == 27 { style.size = 20 }
                section.stickers.append(
                    Sticker(
                        id: id, text: text, kind: kind, style: style, processSeconds: Double(id % 7 + 1) * 300,
                        waitSeconds: kind == .waste ? Double(id % 5 + 1) * 7_200 : (id % 3 == 0 ? 0 : 900),
                        ca: id % 4 == 0 ? 90 + Double(id % 10) : nil, inventory: id % 9 == 0 ? id : nil))
            }
            built.append(section)
        }
        return ValueStreamMap(
            name: "Fensterbau Müller – Auftrag bis Zahlung",
            description: "Vom ersten Kontakt bis zum Zahlungseingang; "
                + "aufgenommen beim Gemba-Walk am 12. November.", demandPerDay: 24, availableSecondsPerDay: 7.5 * 3_600,
            sections: built, created: Date(timeIntervalSince1970: 1_794_000_000),
            updated: Date(timeIntervalSince1970: 1_794_100_000))
    }()

    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The PDF's text in drawing order (`pdftotext -raw`), whitespace normalised: a card's wrapped lines follow
    /// each other.
    static func rawText(_ pdf: PDFTools) throws -> String {
        normalised(try PDFTools.run("pdftotext", ["-raw", "-enc", "UTF-8", pdf.url.path, "-"]))
    }

    // MARK: PDF

    @Test func thePDFHoldsEveryStickerTextWholeAndTheMeasures() throws {
        let pdf = try PDFTools(bytes: try ValueStreamRendering.pdf(Self.map), name: "vsm")
        defer { pdf.remove() }
        let text = try Self.rawText(pdf)
        #expect(Self.map.stickers.count == 40)
        for sticker in Self.map.stickers {
            #expect(text.contains(Self.normalised(sticker.text)), "\(sticker.text) is missing")
        }
        #expect(!text.contains("…"), "nothing was cut")
        for label in ["Lead time", "Process time", "Value-added", "Waiting", "PCE", "Rolled %C&A", "Takt time"] {
            #expect(text.contains(label), "\(label)")
        }
        // Takt: 7.5 h ÷ 24 = 18m 45s.
        #expect(text.contains("18m 45s"))
        #expect(text.contains("Overview"))
        #expect(text.contains("Fertigung (continued)"))
        let pages = Int(try pdf.info()["Pages"] ?? "") ?? 0
        #expect(pages > 1)
        #expect(text.contains("1 / \(pages)") && text.contains("\(pages) / \(pages)"))
    }

    @Test(arguments: ValueStreamRendering.Paper.allCases)
    func pagesAreLandscapeOnEveryPaper(paper: ValueStreamRendering.Paper) throws {
        let pdf = try PDFTools(bytes: try ValueStreamRendering.pdf(Self.map, paper: paper), name: paper.rawValue)
        defer { pdf.remove() }
        let size = try #require(try pdf.info()["Page size"])
        let numbers = size.split(separator: " ").compactMap { Double($0) }
        try #require(numbers.count >= 2, "\(size)")
        #expect(abs(numbers[0] - paper.size.width) < 0.5 && abs(numbers[1] - paper.size.height) < 0.5, "\(size)")
        #expect(numbers[0] > numbers[1])
        let text = try Self.rawText(pdf)
        for sticker in Self.map.stickers { #expect(text.contains(Self.normalised(sticker.text)), "\(paper)") }
    }

    @Test func theSameMapGivesTheSameBytes() throws {
        #expect(try ValueStreamRendering.pdf(Self.map) == ValueStreamRendering.pdf(Self.map))
        #expect(try ValueStreamRendering.svg(Self.map) == ValueStreamRendering.svg(Self.map))
        let pdf = try PDFTools(bytes: try ValueStreamRendering.pdf(Self.map), name: "date")
        defer { pdf.remove() }
        #expect(try pdf.info()["CreationDate"]?.contains("2026") == true)
    }

    @Test func aFutureMapShowsItsComparisonWithTheCurrentMap() throws {
        var future = Self.map
        future.name = "Fensterbau Müller – Zielzustand"
        future.state = .future
        future.futureOf = Self.map.name
        for index in future.sections.indices {
            future.sections[index].stickers.removeAll { $0.kind == .waste }
        }
        let comparison = MapComparison(future: future, current: Self.map)
        let pdf = try PDFTools(bytes: try ValueStreamRendering.pdf(future, comparison: comparison), name: "future")
        defer { pdf.remove() }
        let text = try Self.rawText(pdf)
        #expect(text.contains("Future state of “\(Self.map.name)”"))
        #expect(text.contains("Against the current map"))
        #expect(text.contains("waste removed: \(comparison.wasteRemovedCount) stickers"))
        #expect(text.contains("PCE +"))
    }

    @Test func anEmptyMapAndAnEmptySectionRender() throws {
        var map = ValueStreamMap(name: "Leer", created: Self.map.created)
        let empty = try PDFTools(bytes: try ValueStreamRendering.pdf(map), name: "empty")
        defer { empty.remove() }
        #expect(try Self.rawText(empty).contains("no stickers yet"))
        map.sections = [MapSection(name: "Später")]
        #expect(!(try ValueStreamRendering.svg(map)).isEmpty)
    }

    // MARK: SVG and PNG

    final class SVGReader: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var inText = false
        var elements = 0

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements += 1
            if elementName == "text" {
                inText = true
                texts.append("")
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if elementName == "text" { inText = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
    }

    @Test func theSVGIsWellFormedXMLAndHoldsEveryStickerText() throws {
        let svg = try ValueStreamRendering.svg(Self.map)
        let parser = XMLParser(data: Data(svg))
        let reader = SVGReader()
        parser.delegate = reader
        let parsed = parser.parse()
        #expect(parsed, "\(String(describing: parser.parserError))")
        #expect(parser.parserError == nil)
        #expect(reader.elements > 100)
        let text = Self.normalised(reader.texts.joined(separator: " "))
        for sticker in Self.map.stickers {
            #expect(text.contains(Self.normalised(sticker.text)), "\(sticker.text) is missing")
        }
        let document = String(decoding: svg, as: UTF8.self)
        let size = try ValueStreamRendering.pictureSize(Self.map)
        #expect(document.contains("width=\"\(Int(size.width))"), "\(document.prefix(300))")
        #expect(document.contains("<title>Fensterbau Müller – Auftrag bis Zahlung</title>"))
    }

    @Test(arguments: [1.0, 2.0])
    func thePNGHasItsSignatureAndSize(scale: Double) throws {
        let png = try ValueStreamRendering.png(Self.map, paper: .letter, scale: scale)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func bigEndian(_ offset: Int) -> Int { png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        let size = try ValueStreamRendering.pictureSize(Self.map, paper: .letter)
        #expect(bigEndian(16) == Int((size.width * scale).rounded(.up)))
        #expect(bigEndian(20) == Int((size.height * scale).rounded(.up)))
        #expect(size.width == 792)
        // Every sticker in one picture: taller than a page.
        #expect(size.height > 612)
    }

    // MARK: Fitting text on a card

    /// A monospaced stand-in for a font: every character 0.6 em wide.
    static func measure(_ text: String, _ size: Double) -> Double { Double(text.count) * 0.6 * size }

    static func check(
        _ fit: StickerTextFit, width: Double, height: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for line in fit.lines {
            #expect(measure(line, fit.size) <= width, "\(line) at \(fit.size)", sourceLocation: sourceLocation)
        }
        #expect(Double(fit.lines.count) * fit.lineHeight <= height + 1e-9, sourceLocation: sourceLocation)
        #expect(fit.size >= 6, sourceLocation: sourceLocation)
        #expect(
            fit.lines.contains { $0.hasSuffix("…") } == fit.isCut, "\(fit.lines)", sourceLocation: sourceLocation)
    }

    @Test func shortTextKeepsItsSizeAndLongTextWraps() {
        let short = StickerTextFit.fit("Prüfung", width: 66, height: 58, preferredSize: 12, measure: Self.measure)
        #expect(short.lines == ["Prüfung"] && short.size == 12 && !short.isCut)
        let long = StickerTextFit.fit(
            "Angebot an den Kunden", width: 80, height: 58, preferredSize: 12, measure: Self.measure)
        #expect(long.lines == ["Angebot an", "den Kunden"] && long.size == 12)
        Self.check(long, width: 80, height: 58)
        let lines = StickerTextFit.fit(
            "eins\nzwei drei", width: 200, height: 58, preferredSize: 12, measure: Self.measure)
        #expect(lines.lines == ["eins", "zwei drei"])
    }

    @Test func textThatDoesNotFitShrinksStepwiseBeforeAnythingIsCut() {
        let text = "Warten auf Material vom Lieferanten (Engpass bei Aluminiumprofilen)"
        let fit = StickerTextFit.fit(text, width: 66, height: 58, preferredSize: 12, measure: Self.measure)
        #expect(fit.size < 12 && fit.size >= 6 && !fit.isCut)
        #expect(fit.lines.joined(separator: " ") == text)
        Self.check(fit, width: 66, height: 58)
        // The size chosen is the largest whole step that holds it: one point more does not.
        let larger = StickerTextFit.fit(
            text, width: 66, height: 58, preferredSize: 12, minimumSize: fit.size + 1, measure: Self.measure)
        #expect(larger.isCut || larger.size > fit.size)
        // A single word wider than the card shrinks rather than breaking.
        let word = StickerTextFit.fit(
            "Qualitätssicherung", width: 66, height: 58, preferredSize: 12, measure: Self.measure)
        #expect(word.lines == ["Qualitätssicherung"] && word.size < 12 && !word.isCut)
    }

    @Test func theEllipsisComesOnlyWhenEvenTheSmallestSizeCannotHoldTheText() {
        let text = Array(repeating: "Nacharbeit wegen fehlender Maße", count: 12).joined(separator: " ")
        let fit = StickerTextFit.fit(text, width: 66, height: 58, preferredSize: 12, measure: Self.measure)
        #expect(fit.isCut && fit.size == 6)
        #expect(fit.lines.last?.hasSuffix("…") == true)
        Self.check(fit, width: 66, height: 58)
        // What is shown is the text's beginning.
        let shown = fit.lines.joined(separator: " ").dropLast()
        #expect(text.hasPrefix(shown.trimmingCharacters(in: .whitespaces)))
        // A word too long even at 6 pt breaks inside, and is cut only when the lines run out.
        let word = String(repeating: "x", count: 40)
        let broken = StickerTextFit.fit(word, width: 66, height: 58, preferredSize: 12, measure: Self.measure)
        #expect(!broken.isCut && broken.size == 6 && broken.lines.joined() == word)
        Self.check(broken, width: 66, height: 58)
    }

    @Test func everyFitKeepsItsPromises() {
        let words = [
            "Prüfung", "Rüsten", "Warten", "auf", "Material", "Qualitätssicherungsprüfung", "→", "Straße", "x",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 1...60, using: &generator)
            let text = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            let width = Double.random(in: 40...140, using: &generator)
            let height = Double.random(in: 10...90, using: &generator)
            let size = Double(Int.random(in: 6...48, using: &generator))
            let fit = StickerTextFit.fit(text, width: width, height: height, preferredSize: size, measure: Self.measure)
            Self.check(fit, width: width, height: height)
            if fit.isCut {
                #expect(fit.size == 6)
            } else if fit.lines.joined(separator: " ") != text {
                // Uncut text is all there; only at 6 pt may a word be broken across lines.
                #expect(fit.size == 6 && fit.lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
            }
        }
    }
}

/// `VSM_SAMPLES=/tmp swift test --filter ValueStreamRenderingSamples` writes the 40-sticker map as vsm.pdf, vsm.svg
/// and vsm.png there, to look at.
struct ValueStreamRenderingSamples {
    static let directory = ProcessInfo.processInfo.environment["VSM_SAMPLES"]

    @Test(.enabled(if: directory != nil)) func writeSamples() throws {
        let directory = URL(fileURLWithPath: try #require(Self.directory))
        let map = ValueStreamRenderingTests.map
        var future = map
        future.name = "Fensterbau Müller – Zielzustand"
        future.state = .future
        future.futureOf = map.name
        for index in future.sections.indices { future.sections[index].stickers.removeAll { $0.kind == .waste } }
        let comparison = MapComparison(future: future, current: map)
        try Data(try ValueStreamRendering.pdf(map)).write(to: directory.appendingPathComponent("vsm.pdf"))
        try Data(try ValueStreamRendering.pdf(map, paper: .letter)).write(
            to: directory.appendingPathComponent("vsm-letter.pdf"))
        try Data(try ValueStreamRendering.pdf(future, paper: .a3, comparison: comparison))
            .write(to: directory.appendingPathComponent("vsm-future.pdf"))
        try Data(try ValueStreamRendering.svg(map)).write(to: directory.appendingPathComponent("vsm.svg"))
        try Data(try ValueStreamRendering.png(map, scale: 1)).write(to: directory.appendingPathComponent("vsm.png"))
    }
}
