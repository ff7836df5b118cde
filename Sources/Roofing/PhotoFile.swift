/// A photo attached to a project, checked by its content (never its name): a JPEG (SOI and a valid segment chain
/// through SOS to EOI), a PNG (the signature and an IHDR chunk whose CRC matches) or a HEIC (an `ftyp` box with
/// the brand heic, heix, mif1 or msf1). A JPEG's EXIF orientation (1–8) is read from its APP1 segment (TIFF in
/// either byte order); `withoutLocation` removes the GPS IFD without moving a byte of the image data.
public struct PhotoFile: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case jpeg, png, heic
    }

    public var kind: Kind
    /// The EXIF orientation (1 upright … 8), if the file has one.
    public var orientation: Int?
    /// The stored image's size in pixels (before the orientation is applied), from the JPEG's frame header (SOF),
    /// the PNG's IHDR or the HEIC's largest `ispe`; `nil` when the file does not say.
    public var size: (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        return (width, height)
    }
    var width: Int?
    var height: Int?

    /// The longest side a photo may have: 40,000 pixels (a phone's panorama is long but thin; JPEG allows 65,535).
    public static let maximumSide = 40_000
    /// The most pixels a photo may have: 200 megapixels, what the largest phone sensors take (16,320 × 12,240).
    /// Anything larger is not a photo of a roof but a decompression bomb: 200 MP is already 600 MB as RGB.
    public static let maximumPixels = 200_000_000

    /// Checks `bytes`; a file that is not a real JPEG, PNG or HEIC, or whose size in pixels is implausible, is
    /// refused with what is wrong. Only headers are read: no pixel is decoded.
    public init(checking bytes: [UInt8]) throws(RoofingError) {
        if bytes.starts(with: [0xFF, 0xD8]) {
            kind = .jpeg
            orientation = try Self.checkJPEG(bytes)
            (width, height) = Self.jpegSize(bytes).map { ($0.width, $0.height) } ?? (nil, nil)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            kind = .png
            orientation = nil
            try Self.checkPNG(bytes)
            width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        } else if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            kind = .heic
            orientation = nil
            try Self.checkHEIC(bytes)
            (width, height) = Self.heicSize(bytes).map { ($0.width, $0.height) } ?? (nil, nil)
        } else {
            throw RoofingError(.invalid, path: "photo", "not a JPEG, PNG or HEIC image")
        }
        if let problem = Self.implausibility(width: width, height: height) {
            throw RoofingError(.invalid, path: "photo", problem)
        }
    }

    /// Why a photo of this size is refused, `nil` when it is plausible (or its size is unknown).
    public static func implausibility(width: Int?, height: Int?) -> String? {
        guard let width, let height else { return nil }
        guard width > 0, height > 0 else { return "has no pixels (\(width) × \(height))" }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            return "\(width) × \(height) pixels is implausible for a photo (at most \(maximumSide) pixels a side "
                + "and \(maximumPixels / 1_000_000) megapixels)"
        }
        return nil
    }

    /// The size a JPEG's frame header (SOF0–SOF15 but DHT, JPG and DAC) gives, before its first scan.
    public static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let (segments, _) = try? jpegSegments(bytes) else { return nil }
        for (marker, start, length) in segments
        where (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) && length >= 5 {
            let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
            let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
            return (width, height)
        }
        return nil
    }

    /// The largest image spatial extent (`ispe`: version and flags, width, height as 32-bit numbers) in a HEIC's
    /// first 1 MiB, where its `meta` box lies.
    static func heicSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        let tag = Array("ispe".utf8)
        var best: (width: Int, height: Int)?
        var i = 4
        let end = min(b.count, 1 << 20) - 16
        while i <= end {
            if b[i] == tag[0], b[i + 1] == tag[1], b[i + 2] == tag[2], b[i + 3] == tag[3] {
                let size = b[(i - 4)..<i].reduce(0) { $0 << 8 | Int($1) }
                if size == 20 {
                    let width = b[(i + 8)..<(i + 12)].reduce(0) { $0 << 8 | Int($1) }
                    let height = b[(i + 12)..<(i + 16)].reduce(0) { $0 << 8 | Int($1) }
                    if best.map({ $0.width * $0.height < width * height }) ?? true { best = (width, height) }
                }
            }
            i += 1
        }
        return best
    }

    // MARK: JPEG

    /// The segments of a JPEG up to its first SOS: (marker, offset of the segment's data, its length).
    static func jpegSegments(_ b: [UInt8]) throws(RoofingError) -> (segments: [(UInt8, Int, Int)], sos: Int) {
        var segments: [(UInt8, Int, Int)] = []
        var i = 2
        while true {
            guard i + 1 < b.count, b[i] == 0xFF else { throw Self.broken("JPEG segment chain broken at byte \(i)") }
            while i + 1 < b.count, b[i + 1] == 0xFF { i += 1 }
            guard i + 1 < b.count else { throw Self.broken("JPEG ends inside a marker") }
            let marker = b[i + 1]
            if marker == 0xD9 { throw Self.broken("JPEG ends (EOI) before any image data (SOS)") }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            guard marker != 0x00, marker != 0xD8 else { throw Self.broken("JPEG has a stray marker at byte \(i)") }
            guard i + 3 < b.count else { throw Self.broken("JPEG ends inside a segment header") }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else {
                throw Self.broken("JPEG segment at byte \(i) runs past the end of the file")
            }
            if marker == 0xDA { return (segments, i) }
            segments.append((marker, i + 4, length - 2))
            i += 2 + length
        }
    }

    static func checkJPEG(_ b: [UInt8]) throws(RoofingError) -> Int? {
        let (segments, sos) = try jpegSegments(b)
        // After the first scan's header: entropy-coded data, restart markers, more segments and scans, then EOI.
        var i = sos + 2 + (Int(b[sos + 2]) << 8 | Int(b[sos + 3]))
        var ended = false
        while i + 1 < b.count {
            if b[i] == 0xFF {
                let marker = b[i + 1]
                if marker == 0xD9 {
                    ended = true
                    break
                }
                if marker == 0x00 || marker == 0xFF || (0xD0...0xD7).contains(marker) {
                    i += marker == 0xFF ? 1 : 2
                    continue
                }
                guard i + 3 < b.count else { break }
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                guard length >= 2, i + 2 + length <= b.count else {
                    throw Self.broken("JPEG segment at byte \(i) runs past the end of the file")
                }
                i += 2 + length
                continue
            }
            i += 1
        }
        guard ended else { throw Self.broken("JPEG is truncated: no end of image (EOI)") }
        for (marker, start, length) in segments where marker == 0xE1 {
            if let tiff = exifTIFF(b, start: start, length: length), let o = orientation(b, tiff: tiff) { return o }
        }
        return nil
    }

    /// The TIFF header's offset in an APP1 segment that holds `Exif\0\0`.
    static func exifTIFF(_ b: [UInt8], start: Int, length: Int) -> TIFF? {
        guard length >= 14, Array(b[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        let base = start + 6
        let little: Bool
        switch (b[base], b[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let tiff = TIFF(bytes: b, base: base, end: start + length, little: little)
        guard tiff.u16(2) == 42, tiff.u32(4) != nil else { return nil }
        return tiff
    }

    /// A TIFF structure inside a file: offsets relative to `base`, checked against `end`.
    struct TIFF {
        var bytes: [UInt8]
        var base: Int
        var end: Int
        var little: Bool

        func u16(_ offset: Int) -> Int? {
            let at = base + offset
            guard offset >= 0, at + 2 <= end else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }

        func u32(_ offset: Int) -> Int? {
            guard let a = u16(offset), let b = u16(offset + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }

        /// IFD0's entries: (tag, type, count, offset of the entry).
        func ifd(_ offset: Int) -> [(tag: Int, type: Int, count: Int, entry: Int)]? {
            guard let n = u16(offset), base + offset + 2 + 12 * n + 4 <= end else { return nil }
            return (0..<n).compactMap { k in
                let e = offset + 2 + 12 * k
                guard let tag = u16(e), let type = u16(e + 2), let count = u32(e + 4) else { return nil }
                return (tag: tag, type: type, count: count, entry: e)
            }
        }
    }

    static func orientation(_ b: [UInt8], tiff: TIFF) -> Int? {
        guard let first = tiff.u32(4), let entries = tiff.ifd(first) else { return nil }
        guard let entry = entries.first(where: { $0.tag == 0x0112 && $0.type == 3 }),
            let value = tiff.u16(entry.entry + 8), (1...8).contains(value)
        else { return nil }
        return value
    }

    /// The JPEG with its GPS IFD removed: the 0x8825 entry leaves IFD0 (the entries after it move up within the
    /// IFD) and the GPS IFD's bytes and values are zeroed, so no segment changes length and the image data stays
    /// byte for byte. Other files come back unchanged.
    public static func withoutLocation(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.starts(with: [0xFF, 0xD8]), let (segments, _) = try? jpegSegments(bytes) else { return bytes }
        var out = bytes
        for (marker, start, length) in segments where marker == 0xE1 {
            guard let tiff = exifTIFF(out, start: start, length: length), let first = tiff.u32(4),
                let entries = tiff.ifd(first), let gps = entries.firstIndex(where: { $0.tag == 0x8825 })
            else { continue }
            if let gpsOffset = tiff.u32(entries[gps].entry + 8), let gpsEntries = tiff.ifd(gpsOffset) {
                let sizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8]
                for e in gpsEntries {
                    let size = (sizes[e.type] ?? 1) * e.count
                    if size > 4, let at = tiff.u32(e.entry + 8), at >= 0, tiff.base + at + size <= tiff.end {
                        for k in 0..<size { out[tiff.base + at + k] = 0 }
                    }
                }
                let ifdStart = tiff.base + gpsOffset
                for k in 0..<(2 + 12 * gpsEntries.count + 4) { out[ifdStart + k] = 0 }
            }
            // IFD0 without the entry: later entries and the next-IFD offset move up 12 bytes; the freed bytes
            // at the end are zeroed.
            let ifd0 = tiff.base + first
            let count = entries.count
            let entryStart = ifd0 + 2 + 12 * gps
            let tail = ifd0 + 2 + 12 * count + 4
            var moved = Array(out[(entryStart + 12)..<tail])
            moved += [UInt8](repeating: 0, count: 12)
            out.replaceSubrange(entryStart..<tail, with: moved)
            let n = count - 1
            if tiff.little {
                out[ifd0] = UInt8(n & 0xFF)
                out[ifd0 + 1] = UInt8(n >> 8)
            } else {
                out[ifd0] = UInt8(n >> 8)
                out[ifd0 + 1] = UInt8(n & 0xFF)
            }
        }
        return out
    }

    /// Whether a JPEG's EXIF has a GPS IFD (tag 0x8825 in IFD0).
    public static func hasLocation(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: [0xFF, 0xD8]), let (segments, _) = try? jpegSegments(bytes) else { return false }
        for (marker, start, length) in segments where marker == 0xE1 {
            if let tiff = exifTIFF(bytes, start: start, length: length), let first = tiff.u32(4),
                let entries = tiff.ifd(first), entries.contains(where: { $0.tag == 0x8825 })
            {
                return true
            }
        }
        return false
    }

    /// The offset of a JPEG's first SOS marker: from there on the image data.
    public static func imageDataOffset(_ bytes: [UInt8]) -> Int? { try? jpegSegments(bytes).sos }

    // MARK: PNG and HEIC

    static func checkPNG(_ b: [UInt8]) throws(RoofingError) {
        guard b.count >= 8 + 25 else { throw broken("PNG is too short for its IHDR chunk") }
        let length = Int(b[8]) << 24 | Int(b[9]) << 16 | Int(b[10]) << 8 | Int(b[11])
        guard length == 13, Array(b[12..<16]) == Array("IHDR".utf8) else {
            throw broken("PNG does not begin with an IHDR chunk")
        }
        let crc = UInt32(b[29]) << 24 | UInt32(b[30]) << 16 | UInt32(b[31]) << 8 | UInt32(b[32])
        guard crc == crc32(b[12..<29]) else { throw broken("PNG's IHDR chunk fails its CRC") }
        let width = b[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = b[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0 else { throw broken("PNG has no pixels (width or height 0)") }
        // The PNG specification's limit for either side.
        guard width < 1 << 31, height < 1 << 31 else {
            throw broken("PNG's IHDR declares more than 2³¹ − 1 pixels a side")
        }
    }

    /// The CRC-32 of PNG chunks (ISO 3309, reflected 0xEDB88320).
    public static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func checkHEIC(_ b: [UInt8]) throws(RoofingError) {
        let size = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        guard size >= 16, size <= b.count, size % 4 == 0 else { throw broken("HEIC's ftyp box has a wrong size") }
        let brands = Set(["heic", "heix", "mif1", "msf1"])
        let major = String(decoding: b[8..<12], as: UTF8.self)
        let compatible = stride(from: 16, to: size, by: 4).map { String(decoding: b[$0..<$0 + 4], as: UTF8.self) }
        guard brands.contains(major) || compatible.contains(where: brands.contains) else {
            throw broken("ftyp box names no HEIC brand (heic, heix, mif1 or msf1)")
        }
    }

    static func broken(_ message: String) -> RoofingError { RoofingError(.invalid, path: "photo", message) }
}
