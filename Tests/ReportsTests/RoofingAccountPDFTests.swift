import CalendarDays
import Foundation
import LogbookTestSupport
import Reports
import Roofing
import Testing
import ReportDocuments

/// Issue 16 §5: the final roofing account as PDF (laid out like the union's akkordopgørelse) and CSV, and the
/// payroll CSV.
struct RoofingAccountPDFTests {
    /// Two sections, a supplement, extra work, a deduction, an advance and two roofers. By hand:
    ///
    /// - 1.1 Tagpap, underlag: 120,5 m² × 85,40 = 10.290,70
    /// - 1.2 Tagpap, overlag: 120,5 m² × 92,15 = 11.104,075 → 11.104,08 (half away from zero)
    /// - Tagdækning i alt: 21.394,78
    /// - 2.1 Inddækning ved skorsten: 2 stk × 1.450,00 = 2.900,00
    /// - 2.2 Rygning: 14,25 lbm × 112,60 = 1.604,55
    /// - Inddækninger i alt: 4.504,55; measured work: 25.899,33
    /// - 9.1 supplement 12,5 % of Tagdækning (21.394,78) = 2.674,3475 → 2.674,35
    /// - extra work: 3,5 hours × 425,00 = 1.487,50
    /// - deduction: 800,00
    /// - total: 25.899,33 + 2.674,35 + 1.487,50 − 800,00 = 29.261,18
    /// - guaranteed pay: 72,5 hours × 150,00 = 10.875,00 (Søren 40 h: 6.000,00; Åse 32,5 h: 4.875,00)
    /// - advance 13.03.2026: 5.000,00; surplus: 29.261,18 − 10.875,00 − 5.000,00 = 13.386,18
    /// - shares of 2.926.118 øre by hours: Søren × 40/72,5 = 1.614.409,93 → floor 1.614.409, Åse × 32,5/72,5 =
    ///   1.311.707,38 → floor 1.311.707; the 2 øre left go one each: 16.144,10 and 13.117,08 (sum 29.261,18)
    /// - hourly: 29.261,18 / 72,5 = 403,602… → 403,60 (each roofer's too)
    /// - advance parts of 500.000 øre: 275.862,07 → 275.862 and 224.137,93 → 224.137; the 1 øre left goes to the
    ///   larger remainder (Åse): 2.758,62 and 2.241,38
    /// - balances: 16.144,10 − 6.000,00 − 2.758,62 = 7.385,48; 13.117,08 − 4.875,00 − 2.241,38 = 6.000,70
    ///   (sum 13.386,18, the surplus)
    static func sampleProject() throws -> Project {
        var project = try Project(
            name: "Villa Åbo, tag", address: "Søndergade 7, 8000 Aarhus C", customer: "Tagfirma Ølund ApS",
            start: CalendarDay(year: 2026, month: 3, day: 2), end: CalendarDay(year: 2026, month: 3, day: 27),
            catalogue: "Tagdækning 2026", guaranteedHourlyRate: try Money(parsing: "150.00"),
            roofers: [
                Roofer(name: "Søren Ærø", hours: 40), Roofer(name: "Åse Øster", hours: try Quantity(parsing: "32.5")),
            ])
        try project.add(
            Activity(
                position: "1.1", section: "Tagdækning", name: "Tagpap, underlag", unit: .squareMetre,
                price: Money(parsing: "85.40")), quantity: Quantity(parsing: "120.5"))
        try project.add(
            Activity(
                position: "1.2", section: "Tagdækning", name: "Tagpap, overlag", unit: .squareMetre,
                price: Money(parsing: "92.15")), quantity: Quantity(parsing: "120.5"), note: "inkl. opkant")
        try project.add(
            Activity(
                position: "2.1", section: "Inddækninger", name: "Inddækning ved skorsten", unit: .piece,
                price: Money(parsing: "1450")), quantity: 2)
        try project.add(
            Activity(
                position: "2.2", section: "Inddækninger", name: "Rygning", unit: .runningMetre,
                price: Money(parsing: "112.60")), quantity: Quantity(parsing: "14.25"))
        try project.addSupplement(
            SupplementLine(
                position: "9.1", name: "Tillæg for hældning over 45°", percent: Quantity(parsing: "12.5"),
                base: .section("Tagdækning")))
        try project.addExtraWork(
            ExtraWork(
                text: "Nedtagning af gammel antenne",
                pricing: .hours(Quantity(parsing: "3.5"), rate: Money(parsing: "425"))))
        try project.addDeduction(Deduction(text: "Stillads stillet af bygherren", amount: Money(parsing: "800")))
        try project.addAdvance(
            Advance(date: CalendarDay(year: 2026, month: 3, day: 13)!, amount: Money(parsing: "5000"), note: "uge 11"))
        return project
    }

    static func sample(_ language: RoofingAccountDocument.Language = .danish) throws -> RoofingAccountDocument {
        try RoofingAccountDocument(
            project: sampleProject(), language: language, date: CalendarDay(year: 2026, month: 3, day: 31))
    }

    /// With `ROOFING_ACCOUNT_SAMPLE_DIR` set, writes the rendered PDF there to look at.
    static func keep(_ bytes: [UInt8], _ name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["ROOFING_ACCOUNT_SAMPLE_DIR"] else { return }
        try Data(bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
    }

    /// The PDF's text with runs of blanks shrunk to one (pdftotext -layout pads columns).
    static func text(_ pdf: PDFTools, first: Int? = nil, last: Int? = nil) throws -> String {
        try pdf.text(first: first, last: last).split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .joined(separator: "\n")
    }

    @Test func theDanishPDFHoldsEveryPositionAmountAndLabel() throws {
        let bytes = try RoofingAccountPDF.render(Self.sample(), paper: .a4)
        try Self.keep(bytes, "roofing-account.pdf")
        let pdf = try PDFTools(bytes: bytes, name: "roofing")
        defer { pdf.remove() }
        let text = try Self.text(pdf)
        for expected in [
            // Header.
            "Akkordopgørelse", "Villa Åbo, tag", "Søndergade 7, 8000 Aarhus C", "Tagfirma Ølund ApS",
            "Søren Ærø, Åse Øster", "02.03.2026 – 27.03.2026", "Tagdækning 2026", "Opgjort den 31.03.2026",
            // Table header and sections.
            "Pos. Arbejde Mængde Enhed Enhedspris Beløb (kr.)", "Tagdækning", "Inddækninger",
            // Positions: number, name, quantity, unit, unit price, amount.
            "1.1 Tagpap, underlag 120,5 m² 85,40 10.290,70", "1.2 Tagpap, overlag 120,5 m² 92,15 11.104,08",
            "inkl. opkant", "2.1 Inddækning ved skorsten 2 stk 1.450,00 2.900,00",
            "2.2 Rygning 14,25 lbm 112,60 1.604,55", "Tagdækning i alt 21.394,78", "Inddækninger i alt 4.504,55",
            // Supplement, extra work, deduction.
            "9.1 Tillæg for hældning over 45° 12,5 % 21.394,78 2.674,35", "12,5 % af 21.394,78 (Tagdækning)",
            "Tillæg i alt 2.674,35", "Ekstraarbejde", "Nedtagning af gammel antenne 3,5 timer 425,00 1.487,50",
            "Fradrag", "Stillads stillet af bygherren -800,00",
            // Summary.
            "Målte arbejder 25.899,33 kr.", "I alt 29.261,18 kr.",
            "Garantiløn udbetalt (72,5 timer à 150,00) -10.875,00 kr.",
            "Acontobetalinger 13.03.2026, uge 11 -5.000,00 kr.",
            "Overskud 13.386,18 kr.",
            // Distribution: hours, share, hourly rate, guaranteed pay, advances, balance.
            "Tagdækker Timer Andel Timeløn Garantiløn Aconto Til udbetaling",
            "Søren Ærø 40 16.144,10 403,60 6.000,00 2.758,62 7.385,48",
            "Åse Øster 32,5 13.117,08 403,60 4.875,00 2.241,38 6.000,70",
            "I alt 72,5 29.261,18 403,60 10.875,00 5.000,00 13.386,18",
            // Signatures and page numbers.
            "Tagdækker: Søren Ærø", "Tagdækker: Åse Øster", "Arbejdsgiver: Tagfirma Ølund ApS", "Side 1 af 1",
        ] {
            #expect(text.contains(expected), "missing: \(expected)\n\(text)")
        }
        #expect(try pdf.info()["Pages"] == "1")
    }

    @Test func englishLabelsAppearWithEnglish() throws {
        let bytes = try RoofingAccountPDF.render(Self.sample(.english))
        try Self.keep(bytes, "roofing-account-en.pdf")
        let pdf = try PDFTools(bytes: bytes, name: "roofing-en")
        defer { pdf.remove() }
        let text = try Self.text(pdf)
        for expected in [
            "Piecework account", "Customer / employer", "Roofers", "Pos. Work Quantity Unit Unit price Amount (kr.)",
            "Supplements", "Extra work", "Deductions", "Total 29.261,18 kr.", "Advances paid 2026-03-13",
            "Surplus 13.386,18 kr.", "Roofer Hours Share Hourly rate Guaranteed Advances Balance due",
            "Employer: Tagfirma Ølund ApS", "Page 1 of 1",
        ] {
            #expect(text.contains(expected), "missing: \(expected)\n\(text)")
        }
        for danish in ["Akkordopgørelse", "Overskud", "Timeløn", "Side 1"] {
            #expect(!text.contains(danish), "\(danish) in the English PDF")
        }
    }

    @Test func aLongAccountContinuesWithTheHeaderRowRepeated() throws {
        var project = try Project(
            name: "Boligblok Ørestad", customer: "Byg A/S", roofers: [Roofer(name: "Jens", hours: 300)])
        for index in 1...60 {
            try project.add(
                Activity(
                    position: "3.\(index)", section: "Tagdækning", name: "Aktivitet nummer \(index)",
                    unit: .squareMetre, price: Money(parsing: "10")), quantity: Quantity(integerLiteral: Int64(index)))
        }
        let bytes = try RoofingAccountPDF.render(RoofingAccountDocument(project: project))
        try Self.keep(bytes, "roofing-account-long.pdf")
        let pdf = try PDFTools(bytes: bytes, name: "long")
        defer { pdf.remove() }
        let pages = try #require(Int(try pdf.info()["Pages"] ?? ""))
        #expect(pages > 1)
        for page in 1...pages {
            let text = try Self.text(pdf, first: page, last: page)
            #expect(text.contains("Side \(page) af \(pages)"), "page \(page):\n\(text)")
        }
        let second = try Self.text(pdf, first: 2, last: 2)
        #expect(second.contains("Pos. Arbejde Mængde Enhed Enhedspris Beløb (kr.)"), "\(second)")
        #expect(second.contains("Akkordopgørelse – Boligblok Ørestad (fortsat)"), "\(second)")
        // Every line is there once: 1 … 60 m² at 10,00 (the last 600,00); 10 × (1 + … + 60) = 18.300,00.
        let all = try Self.text(pdf)
        for index in 1...60 { #expect(all.contains("3.\(index) Aktivitet nummer \(index) \(index) m² 10,00")) }
        #expect(all.contains("I alt 18.300,00 kr."))
    }

    @Test func theSameDocumentRendersToTheSameBytes() throws {
        let document = try Self.sample()
        let first = try RoofingAccountPDF.render(document)
        let second = try RoofingAccountPDF.render(document)
        #expect(first == second)
        #expect(first.starts(with: Array("%PDF-".utf8)))
    }

    /// RFC 4180: CRLF between records, fields quoted when they hold a comma, quote or line break, quotes doubled.
    static func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                record.append(field)
                field = ""
            } else if c == "\r\n" || c == "\n" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty { records.append(record + [field]) }
        return records
    }

    @Test func theAccountCSVHasOneRowPerEntryWithExactAmounts() throws {
        let csv = RoofingAccountCSV.account(try Self.sample())
        #expect(csv.hasSuffix("\r\n"))
        #expect(csv.contains("\"Tagpap, underlag\""))
        let records = Self.parseCSV(csv)
        #expect(
            records.first == ["kind", "section", "pos", "text", "quantity", "unit", "price", "amount", "date", "note"])
        let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
        #expect(rows.allSatisfy { $0.count == 10 })
        #expect(
            rows.map { $0["kind"]! } == [
                "line", "line", "line", "line", "supplement", "extra", "deduction", "total", "guaranteed", "advance",
                "surplus", "share", "share",
            ])
        func amounts(_ kind: String) -> [String] { rows.filter { $0["kind"] == kind }.map { $0["amount"]! } }
        #expect(amounts("line") == ["10290.70", "11104.08", "2900.00", "1604.55"])
        #expect(rows[1]["section"] == "Tagdækning" && rows[1]["pos"] == "1.2" && rows[1]["quantity"] == "120.5")
        #expect(rows[1]["unit"] == "m²" && rows[1]["price"] == "92.15" && rows[1]["note"] == "inkl. opkant")
        #expect(amounts("supplement") == ["2674.35"])
        #expect(rows[4]["quantity"] == "12.5" && rows[4]["price"] == "21394.78")
        #expect(amounts("extra") == ["1487.50"])
        #expect(rows[5]["quantity"] == "3.5" && rows[5]["price"] == "425.00")
        #expect(amounts("deduction") == ["-800.00"])
        #expect(amounts("total") == ["29261.18"])
        #expect(amounts("guaranteed") == ["10875.00"])
        #expect(amounts("advance") == ["5000.00"])
        #expect(rows[9]["date"] == "2026-03-13" && rows[9]["note"] == "uge 11")
        #expect(amounts("surplus") == ["13386.18"])
        #expect(rows.filter { $0["kind"] == "share" }.map { $0["text"]! } == ["Søren Ærø", "Åse Øster"])
        #expect(amounts("share") == ["16144.10", "13117.08"])
        #expect(rows.filter { $0["kind"] == "share" }.map { $0["price"]! } == ["403.60", "403.60"])

        // The entries add up to the total, and the total less guaranteed pay and advances to the surplus.
        func sum(_ kinds: Set<String>) throws -> Money {
            try Money.sum(
                rows.filter { kinds.contains($0["kind"]!) }.map { try Money(parsing: $0["amount"]!) }, field: "test")
        }
        #expect(try sum(["line", "supplement", "extra", "deduction"]) == Money(parsing: "29261.18"))
        #expect(try sum(["total"]) - sum(["guaranteed", "advance"]) == Money(parsing: "13386.18"))
        #expect(try sum(["share"]) == Money(parsing: "29261.18"))
    }

    @Test func thePayrollCSVHasOneRowPerRooferSummingToTheSharedTotal() throws {
        let document = try Self.sample()
        let records = Self.parseCSV(RoofingAccountCSV.payroll(document))
        #expect(
            records.first == [
                "project", "roofer", "hours", "amount", "hourly", "guaranteed", "advance", "balance", "currency",
            ])
        #expect(
            Array(records.dropFirst()) == [
                ["Villa Åbo, tag", "Søren Ærø", "40", "16144.10", "403.60", "6000.00", "2758.62", "7385.48", "DKK"],
                ["Villa Åbo, tag", "Åse Øster", "32.5", "13117.08", "403.60", "4875.00", "2241.38", "6000.70", "DKK"],
            ])
        let rows = records.dropFirst()
        let amounts = try Money.sum(rows.map { try Money(parsing: $0[3]) }, field: "amount")
        let balances = try Money.sum(rows.map { try Money(parsing: $0[7]) }, field: "balance")
        #expect(amounts == document.account.total)
        #expect(balances == document.account.surplus)
    }
}

/// Issue 16 §4: the photos as the PDF's appendix, upright by their EXIF orientation, with captions.
struct RoofingAccountPDFPhotoTests {
    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(PhotoFile.crc32(body))
    }

    /// A `width` × `height` RGB PNG in one colour: IHDR, an IDAT with one stored (uncompressed) deflate block and
    /// its Adler-32, IEND.
    static func png(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += rgb }
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let length = UInt16(raw.count)
        let stored: [UInt8] = [
            0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
        ]
        let idat: [UInt8] = [0x78, 0x01] + stored + raw + be32(b << 16 | a)
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat)
            + chunk("IEND", [])
    }

    /// A JPEG's structure made by hand: SOI, a baseline SOF0 for 16 × 8 pixels and three components, a scan header,
    /// a few entropy-coded bytes, EOI. Cairo reads only its size and embeds the bytes as they are; pdfimages lists
    /// the embedded stream from its dictionary (it does not decode it).
    static let jpeg: [UInt8] =
        [0xFF, 0xD8]
        + [
            0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x08, 0x00, 0x10, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11,
            0x00,
        ]
        + [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0xD9]

    static let heic: [UInt8] =
        [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [0, 0, 0, 8]
        + Array("meta".utf8)

    static func document(
        _ photos: [RoofingAccountDocument.Photo], _ language: RoofingAccountDocument.Language = .danish
    )
        throws -> RoofingAccountDocument
    {
        var document = try RoofingAccountPDFTests.sample(language)
        document.photos = photos
        return document
    }

    /// `pdfimages -list`'s rows: page, width, height and encoding (`jpeg` for an embedded JPEG stream, `image` for
    /// pixels) of each image.
    static func images(_ pdf: PDFTools) throws -> [(page: Int, width: Int, height: Int, type: String)] {
        try PDFTools.run("pdfimages", ["-list", pdf.url.path]).split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count > 8, let page = Int(f[0]), let width = Int(f[3]), let height = Int(f[4]) else { return nil }
            return (page, width, height, String(f[8]))
        }
    }

    @Test func theAppendixEmbedsTheJPEGAsItIsThePNGAndAPlaceholderForHEICWithCaptions() throws {
        let photos = [
            RoofingAccountDocument.Photo(
                bytes: Self.jpeg, caption: "Nordsiden før", originalName: "IMG_0412.jpg", format: .jpeg),
            RoofingAccountDocument.Photo(
                bytes: Self.png(width: 3, height: 2, rgb: [0, 0, 255]), caption: "Skitse af skotrende",
                originalName: "skitse.png", format: .png),
            RoofingAccountDocument.Photo(
                bytes: Self.heic, caption: "Skorstenen", originalName: "IMG_0001.HEIC", orientation: 6, format: .heic),
        ]
        let bytes = try RoofingAccountPDF.render(Self.document(photos), paper: .a4)
        try RoofingAccountPDFTests.keep(bytes, "roofing-account-photos.pdf")
        let pdf = try PDFTools(bytes: bytes, name: "roofing-photos")
        defer { pdf.remove() }
        #expect(try pdf.info()["Pages"] == "3", "the account, then two photos to a page")
        let images = try Self.images(pdf)
        #expect(images.count == 2, "\(images)")
        #expect(images.first.map { [$0.page, $0.width, $0.height] } == [2, 16, 8])
        #expect(images.first?.type == "jpeg")
        #expect(images.last.map { [$0.page, $0.width, $0.height] } == [2, 3, 2])
        #expect(images.last?.type == "image")
        let text = try RoofingAccountPDFTests.text(pdf, first: 2)
        for expected in [
            "Bilag: fotos", "Nordsiden før", "IMG_0412.jpg", "Skitse af skotrende", "skitse.png",
            "HEIC-foto, kan ikke vises", "Skorstenen", "IMG_0001.HEIC", "Side 3 af 3",
        ] {
            #expect(text.contains(expected), "missing: \(expected)\n\(text)")
        }
        let english = try PDFTools(
            bytes: try RoofingAccountPDF.render(Self.document(photos, .english)), name: "roofing-photos-en")
        defer { english.remove() }
        let englishText = try RoofingAccountPDFTests.text(english, first: 2)
        #expect(englishText.contains("Appendix: photos") && englishText.contains("HEIC photo, cannot be shown"))
        // Without photos there is no appendix.
        let plain = try PDFTools(bytes: try RoofingAccountPDF.render(Self.document([])), name: "roofing-plain")
        defer { plain.remove() }
        #expect(try plain.info()["Pages"] == "1")
        #expect(!(try plain.text()).contains("Bilag"))
    }

    /// The red pixels' bounding box (width, height) on page 2 rendered at 20 dpi.
    static func redBox(_ pdf: PDFTools) throws -> (width: Int, height: Int) {
        let prefix = pdf.url.deletingPathExtension().path + "-page"
        _ = try PDFTools.run("pdftoppm", ["-r", "20", "-f", "2", "-l", "2", "-singlefile", pdf.url.path, prefix])
        defer { try? FileManager.default.removeItem(atPath: prefix + ".ppm") }
        let ppm = [UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm")))
        // P6 header: magic, width, height, maxval, each followed by one blank.
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while ppm[index] == 0x20 || ppm[index] == 0x0A { index += 1 }
            var value = 0
            while (0x30...0x39).contains(ppm[index]) {
                value = value * 10 + Int(ppm[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        let (width, height) = (fields[0], fields[1])
        var xs: [Int] = []
        var ys: [Int] = []
        for y in 0..<height {
            for x in 0..<width {
                let p = index + 3 * (y * width + x)
                if ppm[p] > 200, ppm[p + 1] < 80, ppm[p + 2] < 80 {
                    xs.append(x)
                    ys.append(y)
                }
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return (0, 0) }
        return (x1 - x0 + 1, y1 - y0 + 1)
    }

    @Test func orientationSixStandsAWidePhotoUpright() throws {
        // A 4 × 1 red PNG: stored wide; orientation 6 says it is to be turned a quarter clockwise to be upright.
        let red = Self.png(width: 4, height: 1, rgb: [255, 0, 0])
        var boxes: [Int: (width: Int, height: Int)] = [:]
        for orientation in [1, 6, 8, 3] {
            let photo = RoofingAccountDocument.Photo(
                bytes: red, caption: "Gavl", originalName: "gavl.png", orientation: orientation, format: .png)
            let pdf = try PDFTools(
                bytes: try RoofingAccountPDF.render(Self.document([photo])), name: "roofing-orientation-\(orientation)")
            defer { pdf.remove() }
            boxes[orientation] = try Self.redBox(pdf)
        }
        let upright = try #require(boxes[1])
        let turned = try #require(boxes[6])
        #expect(upright.width > 3 * upright.height, "as stored: wide, \(upright)")
        #expect(turned.height > 3 * turned.width, "orientation 6: tall, \(turned)")
        #expect(boxes[8].map { $0.height > 3 * $0.width } == true, "orientation 8: tall")
        #expect(boxes[3].map { $0.width > 3 * $0.height } == true, "orientation 3: wide")
    }
}
