import CImageShim
import Roofing
import ReportDocuments

/// A photo scaled down for a page: decoded a row at a time (libjpeg-turbo with its DCT scaling, libpng), box-filtered
/// to at most `maximumSide` pixels on the longer side, turned upright by its EXIF orientation and encoded as a
/// baseline JPEG. Memory stays bounded whatever the photo: a few rows of it plus the thumbnail. A HEIC (no decoder
/// here), a file the decoders refuse, or one too large for them gives `nil`: show `placeholderSVG` instead.
public struct PhotoThumbnail: Sendable, Hashable {
    /// The longer side of a thumbnail, in pixels.
    public static let maximumSide = 480
    /// An interlaced PNG is decoded whole before it is scaled: up to 16 megapixels (64 MB).
    static let maximumInterlacedPixels = 16_000_000

    /// The JPEG file.
    public var jpeg: [UInt8]
    /// Its size in pixels, upright.
    public var width: Int
    public var height: Int

    /// The thumbnail of a photo's bytes, `nil` when there is none to make (see the type's note).
    public init?(photo bytes: [UInt8], kind: PhotoFile.Kind, orientation: Int?) {
        var image = logbook_image()
        let result: Int32 = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 1 }
            switch kind {
            case .jpeg:
                return logbook_jpeg_thumbnail(
                    base, buffer.count, Int32(Self.maximumSide), Int64(PhotoFile.maximumPixels), &image)
            case .png:
                return logbook_png_thumbnail(
                    base, buffer.count, Int32(Self.maximumSide), Int64(PhotoFile.maximumPixels),
                    Int64(Self.maximumInterlacedPixels), &image)
            case .heic:
                return 1
            }
        }
        guard result == 0, let pixels = image.pixels else { return nil }
        defer { logbook_image_free(&image) }
        let upright = Self.upright(
            Array(UnsafeBufferPointer(start: pixels, count: Int(image.width) * Int(image.height) * 3)),
            width: Int(image.width), height: Int(image.height), orientation: orientation ?? 1)
        var rgb = upright.pixels
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let encoded = rgb.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var shown = logbook_image(
                pixels: buffer.baseAddress, width: Int32(upright.width), height: Int32(upright.height))
            return logbook_jpeg_encode(&shown, 82, &out, &size)
        }
        guard encoded == 0, let out else { return nil }
        defer { logbook_bytes_free(out) }
        jpeg = Array(UnsafeBufferPointer(start: out, count: Int(size)))
        width = upright.width
        height = upright.height
    }

    /// RGB pixels turned by an EXIF orientation (1–8) so they show upright.
    static func upright(_ pixels: [UInt8], width w: Int, height h: Int, orientation: Int)
        -> (pixels: [UInt8], width: Int, height: Int)
    {
        guard (2...8).contains(orientation) else { return (pixels, w, h) }
        let turned = orientation >= 5
        let (ow, oh) = turned ? (h, w) : (w, h)
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<oh {
            for x in 0..<ow {
                // The stored pixel shown at (x, y) of the upright picture.
                let (sx, sy): (Int, Int)
                switch orientation {
                case 2: (sx, sy) = (w - 1 - x, y)
                case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                case 4: (sx, sy) = (x, h - 1 - y)
                case 5: (sx, sy) = (y, x)
                case 6: (sx, sy) = (y, h - 1 - x)
                case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                default: (sx, sy) = (w - 1 - y, x)  // 8
                }
                let from = (sy * w + sx) * 3
                let to = (y * ow + x) * 3
                out[to] = pixels[from]
                out[to + 1] = pixels[from + 1]
                out[to + 2] = pixels[from + 2]
            }
        }
        return (out, ow, oh)
    }

    /// What stands in for a photo without a thumbnail: a grey frame naming the kind of file.
    public static func placeholderSVG(kind: PhotoFile.Kind) -> String {
        let label = kind == .heic ? "HEIC – no preview" : "No preview"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">\
            <rect x="1" y="1" width="478" height="358" fill="#eeeeee" stroke="#999999" stroke-width="2"/>\
            <text x="240" y="188" font-family="sans-serif" font-size="28" fill="#555555" \
            text-anchor="middle">\(label)</text></svg>
            """
    }
}
