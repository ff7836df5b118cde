import CCairo
import ReportDocuments

/// The fonts fontconfig prefers for a family, best first, and which of them has a glyph for a character: the report's
/// font for what it covers, else the first font in that order that has all of the character (DejaVu, then Noto where
/// installed), so Thai or CJK text is set in a font that has it rather than shown as boxes.
final class FontFallback {
    private let set: UnsafeMutablePointer<FcFontSet>?
    private let count: Int32
    private var chosen: [Character: Int] = [:]

    init(family: String, bold: Bool) {
        set = logbook_font_sort(family, bold ? 1 : 0)
        count = logbook_font_count(set)
    }

    deinit { if let set { FcFontSetDestroy(set) } }

    /// The index of the font for `character` (0: the family's own font).
    func fontIndex(for character: Character) -> Int {
        if let index = chosen[character] { return index }
        let index = search(character)
        chosen[character] = index
        return index
    }

    /// The family name of font `index`.
    func family(at index: Int) -> String? {
        guard let set, index < count, let name = logbook_font_family(set, Int32(index)) else { return nil }
        return String(cString: name)
    }

    private func search(_ character: Character) -> Int {
        guard let set, count > 0 else { return 0 }
        let scalars = character.unicodeScalars.map(\.value)
        func covers(_ index: Int32, _ scalar: UInt32) -> Bool { logbook_font_has_char(set, index, scalar) != 0 }
        if scalars.allSatisfy({ covers(0, $0) }) { return 0 }
        for index in 1..<count where scalars.allSatisfy({ covers(index, $0) }) { return Int(index) }
        for index in 1..<count where covers(index, scalars[0]) { return Int(index) }
        return 0
    }
}

/// A font at one size, through Cairo's toy font API (fontconfig picks the file; the PDF surface embeds a subset),
/// with fallback fonts for the characters it lacks.
final class CairoFont {
    let scaledFont: OpaquePointer
    /// The fontconfig family asked for (fontconfig may have substituted another) and the size in points.
    let family: String
    let size: Double
    /// Distance from the top of a line to its baseline, and the height of a line, in points.
    let ascent: Double
    let lineHeight: Double
    private let bold: Bool
    private let fallback: FontFallback
    private var fallbackFonts: [Int: OpaquePointer] = [:]

    init(family: String, bold: Bool, size: Double) throws(ReportError) {
        scaledFont = try Self.scaledFont(family: family, bold: bold, size: size)
        self.family = family
        self.size = size
        self.bold = bold
        fallback = FontFallback(family: family, bold: bold)
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaledFont, &extents)
        ascent = extents.ascent
        lineHeight = extents.ascent + extents.descent
    }

    private static func scaledFont(family: String, bold: Bool, size: Double) throws(ReportError) -> OpaquePointer {
        let face = cairo_toy_font_face_create(
            family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        defer { cairo_font_face_destroy(face) }
        var fontMatrix = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, size, size)
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        // Unhinted metrics: widths measured here are the widths the PDF shows, at any zoom.
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        guard let scaledFont = cairo_scaled_font_create(face, &fontMatrix, &identity, options) else {
            throw CairoCanvas.error(CAIRO_STATUS_NO_MEMORY, "cairo_scaled_font_create \(family)")
        }
        let status = cairo_scaled_font_status(scaledFont)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_scaled_font_destroy(scaledFont)
            throw CairoCanvas.error(status, "cairo_scaled_font_create \(family)")
        }
        return scaledFont
    }

    deinit {
        cairo_scaled_font_destroy(scaledFont)
        for font in fallbackFonts.values { cairo_scaled_font_destroy(font) }
    }

    /// `text` in runs set in one font each: the font's own where it has the glyphs, fallback fonts elsewhere.
    /// Spaces stay in the run they are in.
    func runs(_ text: String) -> [(text: String, font: OpaquePointer)] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return [(text, scaledFont)] }
        var runs: [(text: String, font: OpaquePointer)] = []
        var current = ""
        var currentIndex = 0
        for character in text {
            let index = character == " " && !current.isEmpty ? currentIndex : fallback.fontIndex(for: character)
            if index != currentIndex, !current.isEmpty {
                runs.append((current, font(index: currentIndex)))
                current = ""
            }
            currentIndex = index
            current.append(character)
        }
        if !current.isEmpty { runs.append((current, font(index: currentIndex))) }
        return runs
    }

    private func font(index: Int) -> OpaquePointer {
        if index == 0 { return scaledFont }
        if let font = fallbackFonts[index] { return font }
        guard let family = fallback.family(at: index),
            let font = try? Self.scaledFont(family: family, bold: bold, size: size)
        else { return scaledFont }
        fallbackFonts[index] = font
        return font
    }

    /// The advance width of `text` in points.
    func width(_ text: String) -> Double {
        var total = 0.0
        for run in runs(text) {
            var extents = cairo_text_extents_t()
            cairo_scaled_font_text_extents(run.font, run.text, &extents)
            total += extents.x_advance
        }
        return total
    }

    func width(_ text: Substring) -> Double { width(String(text)) }

    /// `text` cut to fit `width`, ending in an ellipsis when cut.
    func fitting(_ text: String, width limit: Double) -> String {
        if width(text) <= limit { return text }
        let characters = Array(text)
        var low = 0
        var high = characters.count
        // The longest prefix that fits with the ellipsis: binary search on whole characters.
        while low < high {
            let middle = (low + high + 1) / 2
            if width(String(characters[..<middle]) + "…") <= limit { low = middle } else { high = middle - 1 }
        }
        return low == 0 ? "" : String(characters[..<low]).trimmingBlanks + "…"
    }

    /// `text` broken into at most `maxLines` lines of at most `width` points, at spaces where possible; the last
    /// line ends in an ellipsis when text is left over.
    func wrapped(_ text: String, width limit: Double, maxLines: Int) -> [String] {
        let text = text.singleLine.trimmingBlanks
        if text.isEmpty { return [] }
        if maxLines <= 1 || width(text) <= limit { return [fitting(text, width: limit)] }
        var lines: [String] = []
        var remaining = Array(text)
        while !remaining.isEmpty {
            if lines.count == maxLines - 1 {
                lines.append(fitting(String(remaining), width: limit))
                break
            }
            // The longest prefix that fits.
            var low = 0
            var high = remaining.count
            while low < high {
                let middle = (low + high + 1) / 2
                if width(String(remaining[..<middle])) <= limit { low = middle } else { high = middle - 1 }
            }
            if low == remaining.count {
                lines.append(String(remaining))
                break
            }
            var cut = max(low, 1)
            // Prefer the last space inside the prefix (or right after it); else break inside the word.
            if remaining[low] == " " {
                cut = low
            } else if let space = remaining[..<low].lastIndex(of: " "), space > 0 {
                cut = space
            }
            lines.append(String(remaining[..<cut]).trimmingBlanks)
            remaining = Array(remaining[cut...].drop { $0 == " " })
        }
        return lines
    }
}

/// A Cairo drawing context that collects a file's bytes in memory: a PDF (one page per `showPage`), an SVG or a PNG
/// (one picture each; the PNG drawn at `scale` pixels per point on white).
final class CairoCanvas {
    /// What the canvas writes.
    enum Target: Equatable {
        case pdf
        case svg
        case png(scale: Double)
    }

    /// Receives the file's bytes from Cairo's stream callback.
    final class Sink {
        var bytes: [UInt8] = []
    }

    let target: Target
    let surface: OpaquePointer
    let context: OpaquePointer
    let sink = Sink()
    /// On an SVG canvas: every text drawn (Cairo's SVG has glyph outlines only), written as a transparent text layer
    /// so the picture's words can be searched, selected and read out.
    private(set) var svgTexts: [(text: String, x: Double, baseline: Double, size: Double, family: String)] = []

    private static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
    }

    /// A PDF canvas whose pages are `width` × `height` points.
    convenience init(width: Double, height: Double) throws(ReportError) {
        try self.init(target: .pdf, width: width, height: height)
    }

    init(target: Target, width: Double, height: Double) throws(ReportError) {
        self.target = target
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let operation: String
        switch target {
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(Self.write, closure, width, height)
            operation = "cairo_pdf_surface_create_for_stream"
        case .svg:
            surface = cairo_svg_surface_create_for_stream(Self.write, closure, width, height)
            operation = "cairo_svg_surface_create_for_stream"
        case .png(let scale):
            surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)), Int32((height * scale).rounded(.up)))
            operation = "cairo_image_surface_create"
        }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw Self.error(surfaceStatus, operation)
        }
        if target == .svg {
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
        }
        context = cairo_create(surface)
        let contextStatus = cairo_status(context)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw Self.error(contextStatus, "cairo_create")
        }
        if case .png(let scale) = target {
            cairo_scale(context, scale, scale)
            color(1)
            cairo_paint(context)
            color(0)
        }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Sets a document information entry (title, author, creator, creation date).
    func setMetadata(_ key: cairo_pdf_metadata_t, _ value: String) {
        cairo_pdf_surface_set_metadata(surface, key, value)
    }

    func text(_ text: String, x: Double, baseline: Double, font: CairoFont) {
        guard !text.isEmpty else { return }
        if target == .svg { svgTexts.append((text, x, baseline, font.size, font.family)) }
        cairo_move_to(context, x, baseline)
        // Each run in its font; cairo_show_text leaves the current point where the next glyph goes.
        for run in font.runs(text) {
            cairo_set_scaled_font(context, run.font)
            cairo_show_text(context, run.text)
        }
    }

    func color(_ grey: Double) { cairo_set_source_rgb(context, grey, grey, grey) }

    /// An sRGB colour, each channel 0–1.
    func color(red: Double, green: Double, blue: Double) { cairo_set_source_rgb(context, red, green, blue) }

    /// A rectangle with corners rounded by `radius` as the current path (a plain one when `radius` is 0).
    func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = max(0, min(radius, width / 2, height / 2))
        cairo_new_sub_path(context)
        if r == 0 {
            cairo_rectangle(context, x, y, width, height)
            return
        }
        cairo_arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    /// A polygon or open line through `points` as the current path.
    func path(_ points: [(Double, Double)], closed: Bool) {
        guard let first = points.first else { return }
        cairo_new_sub_path(context)
        cairo_move_to(context, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(context, point.0, point.1) }
        if closed { cairo_close_path(context) }
    }

    /// Fills the current path in the current colour, keeping the path when `preserve` (to stroke it next).
    func fillPath(preserve: Bool = false) {
        if preserve { cairo_fill_preserve(context) } else { cairo_fill(context) }
    }

    /// Strokes the current path in the current colour.
    func strokePath(width: Double) {
        cairo_set_line_width(context, width)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(context)
    }

    func fill(x: Double, y: Double, width: Double, height: Double, grey: Double) {
        color(grey)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
        color(0)
    }

    func line(from start: (Double, Double), to end: (Double, Double), width: Double = 0.5, grey: Double = 0) {
        color(grey)
        cairo_set_line_width(context, width)
        cairo_move_to(context, start.0, start.1)
        cairo_line_to(context, end.0, end.1)
        cairo_stroke(context)
        color(0)
    }

    func showPage() { cairo_show_page(context) }

    /// Checks the drawing status, finishes the surface (which writes the rest of the file) and returns the bytes: for
    /// a PNG canvas, the picture encoded as PNG.
    func finish() throws(ReportError) -> [UInt8] {
        let drawing = cairo_status(context)
        guard drawing == CAIRO_STATUS_SUCCESS else { throw Self.error(drawing, "drawing") }
        if case .png = target {
            cairo_surface_flush(surface)
            let written = cairo_surface_write_to_png_stream(
                surface, Self.write, Unmanaged.passUnretained(sink).toOpaque())
            guard written == CAIRO_STATUS_SUCCESS else {
                throw Self.error(written, "cairo_surface_write_to_png_stream")
            }
        }
        cairo_surface_finish(surface)
        let finished = cairo_surface_status(surface)
        guard finished == CAIRO_STATUS_SUCCESS else { throw Self.error(finished, "cairo_surface_finish") }
        return sink.bytes
    }

    static func error(_ status: cairo_status_t, _ operation: String) -> ReportError {
        ReportError(code: .rendering, operation: operation, reason: String(cString: cairo_status_to_string(status)))
    }
}
