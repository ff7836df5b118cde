import CImageShim
import Foundation
import LogbookTestSupport
import Reports
import Roofing
import Testing

/// Thumbnails of photos: their size worked out by hand and read back from the JPEG's frame header by the test's own
/// parser (and by file(1) where it is installed), their orientation by where a coloured half lands.
@Suite struct PhotoThumbnailTests {
    /// A JPEG of `width` × `height` whose left half is red and right half blue, encoded by libjpeg-turbo.
    static func halves(width: Int, height: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                if x < width / 2 { pixels[i] = 255 } else { pixels[i + 2] = 255 }
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let result = pixels.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var image = logbook_image(pixels: buffer.baseAddress, width: Int32(width), height: Int32(height))
            return logbook_jpeg_encode(&image, 90, &out, &size)
        }
        let bytes = try #require(out)
        defer { logbook_bytes_free(bytes) }
        #expect(result == 0)
        return Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
    }

    /// `jpeg` decoded again (at full size): the RGB of pixel (x, y).
    static func pixel(_ jpeg: [UInt8], x: Int, y: Int) -> (Int, Int, Int)? {
        var image = logbook_image()
        let result = jpeg.withUnsafeBufferPointer {
            logbook_jpeg_thumbnail($0.baseAddress, $0.count, 100_000, 1 << 40, &image)
        }
        guard result == 0, let pixels = image.pixels else { return nil }
        defer { logbook_image_free(&image) }
        let i = (y * Int(image.width) + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    /// What file(1) says of the bytes, when it is installed: `… 480x360, …`.
    static func fileSays(_ bytes: [UInt8]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/file") else { return nil }
        let directory = try TemporaryDirectory()
        let path = try directory.write("thumbnail.jpg", bytes)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
        process.arguments = ["-b", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test("a 1600 × 1200 JPEG becomes 480 × 360; turned a quarter by EXIF orientation 6 it is 360 × 480, red on top")
    func jpeg() throws {
        let photo = try Self.halves(width: 1_600, height: 1_200)
        let plain = try #require(PhotoThumbnail(photo: photo, kind: .jpeg, orientation: nil))
        #expect(TestImages.jpegSize(plain.jpeg)?.width == 480 && TestImages.jpegSize(plain.jpeg)?.height == 360)
        #expect(plain.width == 480 && plain.height == 360)
        if let said = try Self.fileSays(plain.jpeg) { #expect(said.contains("480x360"), "\(said)") }
        let turned = try #require(PhotoThumbnail(photo: photo, kind: .jpeg, orientation: 6))
        #expect(TestImages.jpegSize(turned.jpeg)?.width == 360 && TestImages.jpegSize(turned.jpeg)?.height == 480)
        // Turned a quarter clockwise, the stored left (red) half is the upright picture's top.
        let top = try #require(Self.pixel(turned.jpeg, x: 180, y: 60))
        let bottom = try #require(Self.pixel(turned.jpeg, x: 180, y: 420))
        #expect(top.0 > 200 && top.2 < 60, "\(top)")
        #expect(bottom.2 > 200 && bottom.0 < 60, "\(bottom)")
    }

    @Test("a 600 × 300 PNG becomes a 480 × 240 JPEG; a small one keeps its size")
    func png() throws {
        let thumbnail = try #require(
            PhotoThumbnail(photo: TestImages.png(width: 600, height: 300), kind: .png, orientation: nil))
        #expect(TestImages.jpegSize(thumbnail.jpeg)?.width == 480 && TestImages.jpegSize(thumbnail.jpeg)?.height == 240)
        let small = try #require(PhotoThumbnail(photo: TestImages.png(width: 3, height: 2), kind: .png, orientation: 1))
        #expect(TestImages.jpegSize(small.jpeg)?.width == 3 && TestImages.jpegSize(small.jpeg)?.height == 2)
    }

    @Test("implausible sizes are refused from their headers, without decoding a pixel; HEIC has no thumbnail")
    func implausible() throws {
        let jpeg = TestImages.jpegHeader(width: 30_000, height: 30_000)
        let png = TestImages.pngHeader(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)
        #expect(throws: RoofingError.self) { try PhotoFile(checking: jpeg) }
        #expect(throws: RoofingError.self) { try PhotoFile(checking: png) }
        // 900 megapixels would take 2.7 GB as RGB: refused before the decoder allocates anything, in no time.
        let start = Date()
        #expect(PhotoThumbnail(photo: jpeg, kind: .jpeg, orientation: nil) == nil)
        #expect(PhotoThumbnail(photo: png, kind: .png, orientation: nil) == nil)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(PhotoThumbnail(photo: TestImages.heic, kind: .heic, orientation: nil) == nil)
        #expect(PhotoThumbnail.placeholderSVG(kind: .heic).contains("HEIC – no preview"))
        // The sizes a phone takes pass: 200 MP (16,320 × 12,240) and a long panorama.
        let phone = try PhotoFile(checking: TestImages.jpegHeader(width: 16_320, height: 12_240))
        #expect(phone.size?.width == 16_320 && phone.size?.height == 12_240)
        #expect(throws: Never.self) { try PhotoFile(checking: TestImages.jpegHeader(width: 36_000, height: 4_000)) }
    }
}
