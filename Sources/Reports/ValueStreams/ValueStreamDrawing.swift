import Foundation
import CCairo
import ValueStreams
import ReportDocuments

/// A colour to draw in, each channel 0–1.
struct RGB: Hashable {
    var red: Double
    var green: Double
    var blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(grey: Double) { self.init(red: grey, green: grey, blue: grey) }

    init(_ colour: Colour) {
        self.init(red: Double(colour.red) / 255, green: Double(colour.green) / 255, blue: Double(colour.blue) / 255)
    }

    /// The colour darkened (factor below 1) towards black.
    func scaled(_ factor: Double) -> RGB { RGB(red: red * factor, green: green * factor, blue: blue * factor) }

    static let text = RGB(grey: 0.13)
    static let white = RGB(grey: 1)
}

/// A font by family, weight and size: the key of the fonts a drawing uses.
struct FontSpec: Hashable {
    var family: String
    var bold: Bool
    var size: Double
}

/// The fonts of one drawing, made once each.
final class FontCache {
    private var fonts: [FontSpec: CairoFont] = [:]

    func font(_ spec: FontSpec) throws(ReportError) -> CairoFont {
        if let font = fonts[spec] { return font }
        let font = try CairoFont(family: spec.family, bold: spec.bold, size: spec.size)
        fonts[spec] = font
        return font
    }
}

/// One thing drawn on a page, in points from the page's top left.
enum DrawOperation {
    case text(String, x: Double, baseline: Double, font: FontSpec, colour: RGB)
    /// A rectangle (corners rounded by `radius`), filled and/or outlined.
    case box(
        x: Double, y: Double, width: Double, height: Double, radius: Double, fill: RGB?, stroke: RGB?, line: Double)
    /// A polygon (`closed`) or an open line.
    case path([(Double, Double)], closed: Bool, fill: RGB?, stroke: RGB?, line: Double)
}

extension ValueStreamLayout {
    /// Draws the laid-out pages on a new canvas of `target` (one drawing routine for PDF, SVG and PNG) and returns
    /// the file's bytes.
    func draw(on target: CairoCanvas.Target) throws(ReportError) -> [UInt8] {
        let canvas = try CairoCanvas(target: target, width: pageWidth, height: pageHeight)
        if target == .pdf {
            canvas.setMetadata(CAIRO_PDF_METADATA_TITLE, map.name)
            canvas.setMetadata(CAIRO_PDF_METADATA_CREATOR, "Logbook")
            canvas.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, Self.metadataDate(map.updated))
            canvas.setMetadata(CAIRO_PDF_METADATA_MOD_DATE, Self.metadataDate(map.updated))
        }
        for (index, operations) in pages.enumerated() {
            for operation in operations { try draw(operation, on: canvas) }
            if paged {
                for operation in footer(page: index + 1, of: pages.count) { try draw(operation, on: canvas) }
            }
            canvas.showPage()
        }
        let bytes = try canvas.finish()
        return target == .svg ? Self.withTextLayer(bytes, canvas.svgTexts, title: map.name) : bytes
    }

    func draw(_ operation: DrawOperation, on canvas: CairoCanvas) throws(ReportError) {
        func set(_ colour: RGB) { canvas.color(red: colour.red, green: colour.green, blue: colour.blue) }
        switch operation {
        case .text(let text, let x, let baseline, let spec, let colour):
            set(colour)
            canvas.text(text, x: x, baseline: baseline, font: try fonts.font(spec))
        case .box(let x, let y, let width, let height, let radius, let fill, let stroke, let line):
            canvas.roundedRectangle(x: x, y: y, width: width, height: height, radius: radius)
            if let fill {
                set(fill)
                canvas.fillPath(preserve: stroke != nil)
            }
            if let stroke {
                set(stroke)
                canvas.strokePath(width: line)
            }
        case .path(let points, let closed, let fill, let stroke, let line):
            canvas.path(points, closed: closed)
            if let fill {
                set(fill)
                canvas.fillPath(preserve: stroke != nil)
            }
            if let stroke {
                set(stroke)
                canvas.strokePath(width: line)
            }
        }
        canvas.color(0)
    }

    /// The SVG with a `<title>` and, over the drawing, every text drawn as transparent `<text>` at its place.
    static func withTextLayer(
        _ svg: [UInt8], _ texts: [(text: String, x: Double, baseline: Double, size: Double, family: String)],
        title: String
    ) -> [UInt8] {
        var document = renumberedSurfaces(String(decoding: svg, as: UTF8.self))
        guard let svgStart = document.range(of: "<svg"),
            let tagEnd = document[svgStart.upperBound...].firstIndex(of: ">"),
            let close = document.range(of: "</svg>", options: .backwards)
        else { return svg }
        var layer = "<g id=\"text-layer\" fill=\"#000000\" fill-opacity=\"0\" stroke=\"none\">\n"
        for item in texts {
            layer +=
                "<text x=\"\(number(item.x))\" y=\"\(number(item.baseline))\" font-size=\"\(number(item.size))\""
                + " font-family=\"\(xmlEscaped(item.family))\">\(xmlEscaped(item.text))</text>\n"
        }
        layer += "</g>\n"
        document.replaceSubrange(close.lowerBound..<close.lowerBound, with: layer)
        let afterTag = document.index(after: tagEnd)
        document.replaceSubrange(afterTag..<afterTag, with: "\n<title>\(xmlEscaped(title))</title>")
        return Array(document.utf8)
    }

    /// Cairo names a surface's group after a counter that runs through the process (`surface28`); numbered in
    /// order of appearance instead, the same map gives the same SVG.
    static func renumberedSurfaces(_ document: String) -> String {
        var out = ""
        var numbers: [Substring: Int] = [:]
        var rest = document[...]
        while let found = rest.range(of: "surface") {
            out += rest[..<found.upperBound]
            let digits = rest[found.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty {
                if numbers[digits] == nil { numbers[digits] = numbers.count + 1 }
                out += "\(numbers[digits]!)"
            }
            rest = rest[digits.endIndex...]
        }
        return out + rest
    }

    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.singleLine.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate with at most two decimals.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole)." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
}
