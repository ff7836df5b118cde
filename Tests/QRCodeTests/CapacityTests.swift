import QRCode
import Testing

/// Byte-mode capacities from ISO/IEC 18004:2015 Table 7 and the errors at and beyond them.
@Suite struct CapacityTests {
    /// (version, level, most bytes) as Table 7 lists them.
    static let table: [(Int, QRErrorCorrection, Int)] = [
        (1, .low, 17), (1, .medium, 14), (1, .quartile, 11), (1, .high, 7),
        (2, .low, 32), (2, .medium, 26), (2, .quartile, 20), (2, .high, 14),
        (5, .low, 106), (5, .medium, 84), (5, .quartile, 60), (5, .high, 44),
        (10, .low, 271), (10, .medium, 213), (10, .quartile, 151), (10, .high, 119),
        (40, .low, 2953), (40, .medium, 2331), (40, .quartile, 1663), (40, .high, 1273),
    ]

    @Test func tableSevenCapacities() throws {
        for (version, correction, capacity) in Self.table {
            let full = try QRCode(encoding: [UInt8](repeating: 0x61, count: capacity), correction: correction)
            #expect(full.version == version, "\(capacity) bytes at \(correction)")
            if version < 40 {
                let over = try QRCode(encoding: [UInt8](repeating: 0x61, count: capacity + 1), correction: correction)
                #expect(over.version == version + 1, "\(capacity + 1) bytes at \(correction)")
            }
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func oneByteBeyondVersionFortyIsRefused(correction: QRErrorCorrection) {
        let capacity = Self.table.first { $0.0 == 40 && $0.1 == correction }?.2 ?? 0
        let error = #expect(throws: QRCodeError.self) {
            try QRCode(encoding: [UInt8](repeating: 0x61, count: capacity + 1), correction: correction)
        }
        #expect(error?.code == .dataTooLong)
        #expect(error?.message.contains("\(capacity + 1) bytes") == true)
        #expect(error?.message.contains("at most \(capacity)") == true)
    }

    @Test func outOfRangeVersionAndMaskAreRefused() {
        for version in [0, 41, -3] {
            let error = #expect(throws: QRCodeError.self) { try QRCode(encoding: [1], minimumVersion: version) }
            #expect(error?.code == .versionOutOfRange)
        }
        for mask in [-1, 8] {
            let error = #expect(throws: QRCodeError.self) { try QRCode(encoding: [1], mask: mask) }
            #expect(error?.code == .maskOutOfRange)
        }
    }

    @Test func minimumVersionIsKeptWhenTheBytesFit() throws {
        let code = try QRCode(encoding: Array("hi".utf8), minimumVersion: 6, mask: 2)
        #expect(code.version == 6)
        #expect(code.size == 41)
        #expect(code.mask == 2)
    }

    /// The links the web server shows: an OsmAnd URL with a 64-digit token (109 bytes: more than version 6-M's 106,
    /// within 7-M's 122), and an OwnTracks configuration of about 700 bytes (within 21-M's 711).
    @Test func setupLinksFit() throws {
        let osmand = "https://logbook.example.org/ingest/osmand?id=" + String(repeating: "0123456789abcdef", count: 4)
        #expect(osmand.utf8.count == 109)
        #expect(try QRCode(encoding: osmand).version == 7)
        let owntracks = "owntracks:///config?inline=" + String(repeating: "eyJfdHlwZSI6ImNvbmZpZ3VyYXRpb24i", count: 21)
        #expect(owntracks.utf8.count == 699)
        let code = try QRCode(encoding: owntracks)
        #expect(code.version == 21)
        #expect(code.size == 101)
    }
}
