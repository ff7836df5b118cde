import Foundation
import LogbookTestSupport
import Testing

/// `logbook roofing photo …` through the real binary, with small images made here byte by byte.
@Suite("logbook roofing photo")
struct RoofingPhotoTests {
    /// The CRC-32 of PNG chunks, written out again here so the test does not trust the code it checks.
    static func crc(_ bytes: [UInt8]) -> [UInt8] {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return be32(~c)
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + crc(body)
    }

    /// A 1×1 grey PNG: IHDR, an IDAT holding one stored (uncompressed) deflate block with its Adler-32, IEND.
    static let png: [UInt8] = {
        let ihdr: [UInt8] = be32(1) + be32(1) + [8, 0, 0, 0, 0]
        // zlib header 78 01; BFINAL=1 BTYPE=00; LEN 2, NLEN ~2; the row's filter byte and pixel; Adler-32 of [0, 0].
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat)
            + chunk("IEND", [])
    }()

    /// A HEIC's opening `ftyp` box (brand heic, compatible mif1 and heic) and the start of a `meta` box.
    static let heic: [UInt8] =
        [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [0, 0, 0, 8]
        + Array("meta".utf8)

    /// The image data from SOS to EOI: a scan header, entropy-coded bytes with a stuffed FF 00, EOI.
    static let scan: [UInt8] = [
        0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0x00, 0x56, 0x78, 0xFF, 0xD9,
    ]

    /// The GPS latitude 56° 9′ 12.34″ as three rationals (little-endian), to find in the file.
    static let latitude: [UInt8] = [56, 0, 0, 0, 1, 0, 0, 0, 9, 0, 0, 0, 1, 0, 0, 0, 0xD2, 0x04, 0, 0, 100, 0, 0, 0]

    /// A JPEG: SOI, APP1 Exif (little-endian TIFF: IFD0 with orientation 6 and the GPS IFD pointer; the GPS IFD
    /// with GPSVersionID and GPSLatitude), SOS, data, EOI.
    static let jpegWithGPS: [UInt8] = {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        var tiff: [UInt8] = Array("II".utf8) + le16(42) + le32(8)
        tiff += le16(2) + le16(0x0112) + le16(3) + le32(1) + le16(6) + le16(0)
        tiff += le16(0x8825) + le16(4) + le32(1) + le32(38) + le32(0)
        tiff += le16(2) + le16(0x0000) + le16(1) + le32(4) + [2, 2, 0, 0]
        tiff += le16(0x0002) + le16(5) + le32(3) + le32(68) + le32(0)
        tiff += latitude
        let app1: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1] + [UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
            + scan
    }()

    /// A JPEG with a big-endian EXIF: orientation 3 and no GPS.
    static let jpegBigEndian: [UInt8] = {
        let tiff: [UInt8] =
            Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 3, 0, 0] + [0, 0, 0, 0]
        let app1: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1 + scan
    }()

    /// The tags of IFD0 in a JPEG like `jpegWithGPS` (APP1 first, little-endian TIFF at byte 12).
    static func ifd0Tags(_ b: [UInt8]) -> [Int] {
        let tiff = 12
        let ifd = tiff + Int(b[tiff + 4]) | Int(b[tiff + 5]) << 8
        let n = Int(b[ifd]) | Int(b[ifd + 1]) << 8
        return (0..<n).map { k in Int(b[ifd + 2 + 12 * k]) | Int(b[ifd + 3 + 12 * k]) << 8 }
    }

    static func contains(_ b: [UInt8], _ part: [UInt8]) -> Bool {
        guard b.count >= part.count else { return false }
        return (0...(b.count - part.count)).contains { Array(b[$0..<$0 + part.count]) == part }
    }

    static func makeProject(_ log: IsolatedLog) throws {
        try log.run(["roofing", "project", "add", "Skolegade 4", "--roofer", "Jens:10"])
        try log.run(["roofing", "project", "add", "Havnevej 1", "--roofer", "Ole:5"])
    }

    @Test("photo add: JPEG, PNG and HEIC accepted by content; the same photo twice stored once; list shows them")
    func addAndList() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        let jpeg = try log.dir.write("tag.jpg", Self.jpegWithGPS)
        let png = try log.dir.write("skitse.dat", Self.png)
        let heic = try log.dir.write("IMG_0001.HEIC", Self.heic)
        let big = try log.dir.write("big.jpg", Self.jpegBigEndian)
        let added = try log.run([
            "roofing", "photo", "add", "Skolegade 4", jpeg, png, heic, big, "--caption", "Nordsiden", "--caption",
            "Skitse",
        ])
        #expect(added.stdout == "1\n2\n3\n4\n")
        let copy = try log.dir.write("copy.jpg", Self.jpegWithGPS)
        let again = try log.run(["roofing", "photo", "add", "Havnevej 1", copy])
        #expect(again.stderr.contains("already stored"))
        let listed = try #require(try log.json(["roofing", "photo", "list", "Skolegade 4"]) as? [[String: Any]])
        #expect(listed.map { $0["kind"] as? String } == ["jpeg", "png", "heic", "jpeg"])
        #expect(listed.map { $0["orientation"] as? Int } == [6, nil, nil, 3])
        #expect(listed.map { $0["caption"] as? String } == ["Nordsiden", "Skitse", "", ""])
        #expect(listed.map { $0["name"] as? String } == ["tag.jpg", "skitse.dat", "IMG_0001.HEIC", "big.jpg"])
        #expect(listed.first?["bytes"] as? Int == Self.jpegWithGPS.count)
        let other = try #require(try log.json(["roofing", "photo", "list", "Havnevej 1"]) as? [[String: Any]])
        #expect(other.first?["sha256"] as? String == listed.first?["sha256"] as? String)
        let csv = try log.run(["roofing", "photo", "list", "Skolegade 4", "--format", "csv"]).stdout
        #expect(csv.split(whereSeparator: \.isNewline).count == 5)
        // Removed from one project, the photo stays on the other.
        try log.run(["roofing", "photo", "remove", "Skolegade 4", "1"])
        #expect((try log.json(["roofing", "photo", "list", "Skolegade 4"]) as? [Any])?.count == 3)
        #expect((try log.json(["roofing", "photo", "list", "Havnevej 1"]) as? [Any])?.count == 1)
        try log.run(["roofing", "photo", "remove", "Skolegade 4", "1"], expect: 65)
    }

    @Test("a text file named .jpg, a broken PNG and a file over the limit are refused, naming the file")
    func refused() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        let text = try log.dir.write("not-a-photo.jpg", Array("Dette er ikke et billede\n".utf8))
        let result = try log.run(["roofing", "photo", "add", "Skolegade 4", text], expect: 65)
        #expect(result.stderr.contains("not-a-photo.jpg") && result.stderr.contains("not a JPEG, PNG or HEIC"))
        var broken = Self.png
        broken[20] ^= 1
        let bad = try log.dir.write("bad.png", broken)
        #expect(try log.run(["roofing", "photo", "add", "Skolegade 4", bad], expect: 65).stderr.contains("CRC"))
        let truncated = try log.dir.write("cut.jpg", Array(Self.jpegWithGPS.dropLast(2)))
        #expect(
            try log.run(["roofing", "photo", "add", "Skolegade 4", truncated], expect: 65).stderr.contains("cut.jpg"))
        let large = try log.dir.write("large.jpg", Self.jpegWithGPS + [UInt8](repeating: 0, count: 1_100_000))
        let over = try log.run(["roofing", "photo", "add", "Skolegade 4", large, "--max-mb", "1"], expect: 65)
        #expect(over.stderr.contains("large.jpg") && over.stderr.contains("limit"))
        #expect((try log.json(["roofing", "photo", "list", "Skolegade 4"]) as? [Any])?.count == 0)
        // A submitted account takes no more photos.
        let good = try log.dir.write("good.png", Self.png)
        try log.run(["roofing", "submit", "Skolegade 4"])
        try log.run(["roofing", "photo", "add", "Skolegade 4", good], expect: 65)
    }

    @Test("photo export: the GPS IFD is gone, the image data unchanged; --keep-location keeps the file as it was")
    func exportStripsLocation() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        #expect(Self.ifd0Tags(Self.jpegWithGPS) == [0x0112, 0x8825] && Self.contains(Self.jpegWithGPS, Self.latitude))
        try log.run(["roofing", "photo", "add", "Skolegade 4", try log.dir.write("tag.jpg", Self.jpegWithGPS)])
        try log.run(["roofing", "photo", "add", "Skolegade 4", try log.dir.write("s.png", Self.png)])
        let out = log.dir.path("out")
        let written = try log.run(["roofing", "photo", "export", "Skolegade 4", "--to", out]).stdout
        #expect(
            written.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent } == [
                "1-tag.jpg", "2-s.png",
            ])
        let exported = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/1-tag.jpg")))
        #expect(Self.ifd0Tags(exported) == [0x0112], "no GPS IFD pointer")
        #expect(!Self.contains(exported, Self.latitude), "no GPS values")
        #expect(exported.count == Self.jpegWithGPS.count)
        #expect(Array(exported.suffix(Self.scan.count)) == Self.scan, "the image data byte for byte")
        #expect(Array(exported.prefix(12)) == Array(Self.jpegWithGPS.prefix(12)))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/2-s.png"))) == Self.png)
        // The exported JPEG is still a valid JPEG with its orientation.
        try log.run(["roofing", "photo", "add", "Havnevej 1", out + "/1-tag.jpg"])
        let listed = try #require(try log.json(["roofing", "photo", "list", "Havnevej 1"]) as? [[String: Any]])
        #expect(listed.first?["orientation"] as? Int == 6)
        let kept = log.dir.path("kept")
        try log.run(["roofing", "photo", "export", "Skolegade 4", "--to", kept, "--keep-location"])
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: kept + "/1-tag.jpg"))) == Self.jpegWithGPS)
    }

    @Test("account --pdf: the project's photos in the appendix with their captions and file names")
    func accountPDFHasThePhotoAppendix() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        let png = try log.dir.write("skitse.png", Self.png)
        try log.run(["roofing", "photo", "add", "Skolegade 4", png, "--caption", "Skotrenden mod nord"])
        let out = log.dir.path("account.pdf")
        try log.run(["roofing", "account", "Skolegade 4", "--pdf", out])
        let text = try PDFTools(url: URL(fileURLWithPath: out)).text()
        #expect(text.contains("Bilag: fotos"), "\(text)")
        #expect(text.contains("Skotrenden mod nord") && text.contains("skitse.png"), "\(text)")
        let images = try PDFTools.run("pdfimages", ["-list", out])
        #expect(images.split(separator: "\n").count == 3, "one image: \(images)")
    }
}
