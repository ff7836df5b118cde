/// Image files made byte by byte for tests, and a reader of their sizes that trusts none of the code under test.
public enum TestImages {
    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// The CRC-32 of PNG chunks (ISO 3309, reflected 0xEDB88320).
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc(body))
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG of `width` × `height` RGB pixels in a left-to-right red ramp over a top-to-bottom blue ramp, its IDAT
    /// a zlib stream of stored (uncompressed) deflate blocks with its Adler-32.
    public static func png(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                raw += [UInt8(x * 255 / max(1, width - 1)), 128, UInt8(y * 255 / max(1, height - 1))]
            }
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        var idat: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            let n = UInt16(count)
            idat += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)]
            idat += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        idat += be32(b << 16 | a)
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A PNG that only declares its size: IHDR (with the right CRC), an empty IDAT, IEND.
    public static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        signature + chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0]) + chunk("IDAT", [])
            + chunk("IEND", [])
    }

    /// A JPEG that only declares its size: SOI, a baseline SOF0 of three components, a scan header, a few bytes, EOI.
    public static func jpegHeader(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8)]
            + [UInt8(width & 0xFF), 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00]
            + [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF]
            + [0xD9]
    }

    /// A HEIC's opening `ftyp` box (brand heic, compatible mif1 and heic) and the start of a `meta` box.
    public static let heic: [UInt8] =
        [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [0, 0, 0, 8]
        + Array("meta".utf8)

    /// A JPEG's size from its first frame header (SOFn), walking the segments from SOI; `nil` if there is none or
    /// the file does not end in EOI.
    public static func jpegSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8, b[b.count - 2] == 0xFF, b[b.count - 1] == 0xD9 else {
            return nil
        }
        var i = 2
        while i + 9 < b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6]))
            }
            if marker == 0xDA { return nil }
            i += 2 + length
        }
        return nil
    }
}
