/// The input formats Logbook reads.
public enum TrackFormat: String, Sendable, Hashable, CaseIterable {
    case nmea
    case gpsdJSON = "gpsd-json"
    case gpx

    /// How many leading bytes `detect` wants to see (it copes with fewer).
    public static let detectionPrefixLength = 4_096

    /// Detects the format from the first bytes of the content (not the file name).
    ///
    /// - GPX: XML whose first element is `gpx` (a prolog, comments and a BOM may precede it).
    /// - gpsd JSON: a line that is a JSON object with a `"class"` member.
    /// - NMEA 0183: a line holding `$ccsss,` or `!ccsss,` sentence start (junk before it allowed).
    /// Returns `nil` when none fits.
    public static func detect(_ prefix: some Collection<UInt8>) -> TrackFormat? {
        var bytes = Array(prefix.prefix(detectionPrefixLength))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let firstNonSpace = bytes.firstIndex { !Self.isSpace($0) }
        guard let firstNonSpace else { return nil }
        if bytes[firstNonSpace] == UInt8(ascii: "<") {
            return looksLikeGPX(bytes[firstNonSpace...]) ? .gpx : nil
        }
        // Line by line: the first line that is recognisably JSON or NMEA decides.
        var lineStart = 0
        var linesSeen = 0
        while lineStart < bytes.count, linesSeen < 64 {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[lineStart..<lineEnd]
            if let format = classify(line) { return format }
            lineStart = lineEnd + 1
            linesSeen += 1
        }
        return nil
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
    }

    private static func classify(_ line: ArraySlice<UInt8>) -> TrackFormat? {
        guard let first = line.firstIndex(where: { !isSpace($0) }) else { return nil }
        if line[first] == UInt8(ascii: "{") {
            let text = String(decoding: line, as: UTF8.self)
            return text.contains("\"class\"") ? .gpsdJSON : nil
        }
        // An NMEA sentence start anywhere in the line: '$' or '!', two to five address
        // characters (letters and digits, or a proprietary 'P...'), then a comma.
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == UInt8(ascii: "$") || line[i] == UInt8(ascii: "!") {
                var j = i + 1
                while j < line.endIndex, j - i <= 6, isAddressByte(line[j]) { j += 1 }
                if j - i >= 4, j < line.endIndex, line[j] == UInt8(ascii: ",") { return .nmea }
            }
            i += 1
        }
        return nil
    }

    private static func isAddressByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    private static func looksLikeGPX(_ bytes: ArraySlice<UInt8>) -> Bool {
        // Skip the XML declaration, processing instructions, comments and doctype; the first
        // element must be `gpx` (with or without a namespace prefix).
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?") {
                guard let end = rest.firstRange(of: "?>") else { return false }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--") {
                guard let end = rest.firstRange(of: "-->") else { return false }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!") {
                guard let end = rest.firstIndex(of: ">") else { return false }
                rest = rest[rest.index(after: end)...]
            } else {
                break
            }
        }
        guard rest.hasPrefix("<") else { return false }
        let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
        let local = name.split(separator: ":").last ?? ""
        return local == "gpx"
    }
}

/// Choices that apply to some formats only.
public struct DecoderOptions: Sendable, Hashable {
    /// gpsd JSON: the device whose reports to decode (`nil`: the first one seen).
    public var gpsdDevice: String?

    public init(gpsdDevice: String? = nil) {
        self.gpsdDevice = gpsdDevice
    }
}
