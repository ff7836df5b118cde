import TrackFormats
import TrackModel

/// `$BODY*hh`, with the checksum computed here as the XOR of the body's bytes (independent of the decoder).
func nmeaSentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    let digits = Array("0123456789ABCDEF")
    return "$" + body + "*" + String(digits[Int(sum >> 4)]) + String(digits[Int(sum & 15)])
}

/// Decodes `lines` joined with `ending` in one chunk; returns the fixes and the decoder (for statistics).
func decodeNMEA(
    _ lines: [String], ending: String = "\r\n", configuration: NMEADecoder.Configuration = .init()
) -> (fixes: [Fix], decoder: NMEADecoder) {
    var decoder = NMEADecoder(configuration: configuration)
    let text = lines.map { $0 + ending }.joined()
    let fixes = (try? decoder.decodeAll(Array(text.utf8))) ?? []
    return (fixes, decoder)
}

/// A UTC timestamp from calendar fields (the model's own civil-date arithmetic is tested elsewhere).
func nmeaUTC(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double) -> Timestamp {
    Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
}

func nmeaClose(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

extension DecodeStatistics {
    /// Every record read ends in exactly one bucket.
    var nmeaBalanced: Bool { recordsRead == recordsDecoded + rejectedTotal + skippedTotal }
}
