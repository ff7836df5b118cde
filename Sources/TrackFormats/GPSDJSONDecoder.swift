public import TrackModel

/// Decodes gpsd's JSON reports, one object per line, as written by gpsd and `gpspipe -w`.
///
/// **TPV** reports become fixes with gpsd's own field names and units: `time` (ISO 8601; the
/// numeric seconds of gpsd before 3.10 are accepted too), `mode`, `status`, `lat`, `lon`,
/// `altHAE`, `altMSL` (the legacy `alt` is read as MSL when `altMSL` is absent), `geoidSep`,
/// `speed`, `track`, `climb`, `eph`, `epv`, `epx`, `epy`. gpsd leaves `status` out when it is 1
/// (a plain GPS fix), as gpsd 3.22 always does for ordinary fixes: a TPV without `status` whose
/// mode is 2D or 3D gets quality `.gps`; without `status` and without a fix it has no quality.
/// Unknown status codes read as `.unknown`. `Fix.sourceLine` is the TPV's line number.
///
/// **SKY** reports contribute `hdop`, `pdop`, `vdop` and `uSat` (when `uSat` is absent, the count
/// of `satellites` entries with `"used": true`). They are merged into the TPV of the same epoch:
/// - each TPV is held back until the next TPV arrives (or the input ends), so that SKY reports
///   written after it can still join it;
/// - a SKY **with** a `time` joins the held TPV when the times are equal; otherwise it belongs to a
///   later epoch: the held TPV is released and the SKY waits for the next TPV, which it joins only
///   if that TPV has the same time;
/// - a SKY **without** a `time` joins the held TPV (gpsd writes the SKY of an epoch after its TPV);
///   when no TPV is held (before the first TPV), it waits and joins the next TPV;
/// - several SKY reports for one epoch are merged, later members overriding earlier ones;
/// - a SKY that joins no TPV is counted as skipped, `unmatched-sky`.
///
/// Other classes (VERSION, DEVICES, WATCH, GST, ATT, PPS, TOFF, …) are skipped as `other-class`,
/// objects without a `class` as `no-class`. Lines that are not one well-formed JSON object are
/// rejected as `malformed-json`, TPV or SKY reports with a member of the wrong type or out of range
/// (`lat` beyond ±90, `mode` beyond 0…3, an unreadable `time`) as `invalid-value`, and lines
/// longer than `maximumLineLength` bytes as `overlong`. None of these stops decoding: this decoder
/// never throws. Blank lines are ignored.
///
/// Memory is bounded: at most one partial line (capped at `maximumLineLength + 1` bytes) is kept
/// between `append` calls, beyond the bytes of the chunk being decoded.
public struct GPSDJSONDecoder: TrackDecoder {
    /// The longest line accepted, in bytes (without the line feed).
    public static let defaultMaximumLineLength = 64 * 1_024

    public private(set) var statistics = DecodeStatistics()
    public let maximumLineLength: Int

    /// Bytes received and not yet decoded; `buffer[readIndex...]`.
    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// `buffer[readIndex..<scanIndex]` holds no line feed.
    private var scanIndex = 0
    /// Bytes of the unterminated line at the end of `buffer`.
    private var openLineLength = 0
    /// The open line is overlong: its bytes are being dropped until the next line feed.
    private var discarding = false
    /// Lines consumed so far.
    private var lineNumber = 0

    /// A fix ready to be returned.
    private var ready: Fix?
    /// The latest TPV, held back for SKY reports that may follow.
    private var held: Fix?
    /// SKY data waiting for the next TPV.
    private var waitingSky: Sky?
    private var finished = false

    public init(maximumLineLength: Int = GPSDJSONDecoder.defaultMaximumLineLength) {
        self.maximumLineLength = max(16, maximumLineLength)
    }

    // MARK: Input

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !finished, bytes.count > 0 else { return }
        let input = bytes.bindMemory(to: UInt8.self)
        var start = 0
        if discarding {
            // Drop the rest of an overlong line, up to (not including) its line feed.
            guard let lf = Self.firstLineFeed(input, from: 0) else { return }
            discarding = false
            start = lf
            openLineLength = 0
        }
        let rest = UnsafeBufferPointer(rebasing: input[start...])
        // Only the unterminated tail of the chunk needs the cap: complete lines are checked (and
        // dropped when too long) as they are decoded.
        let tailStart: Int
        if let lastLF = Self.lastLineFeed(rest) {
            tailStart = lastLF + 1
            openLineLength = 0
        } else {
            tailStart = 0
        }
        let tail = rest.count - tailStart
        let room = maximumLineLength + 1 - openLineLength
        if tail <= room {
            buffer.append(contentsOf: rest)
            openLineLength += tail
        } else {
            // Keep `maximumLineLength + 1` bytes of the line: enough to count it as overlong later.
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: rest[..<(tailStart + room)]))
            openLineLength = maximumLineLength + 1
            discarding = true
        }
    }

    private static func firstLineFeed(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        let n = b.count
        while i < n {
            if b[i] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    private static func lastLineFeed(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = b.count - 1
        while i >= 0 {
            if b[i] == 0x0A { return i }
            i -= 1
        }
        return nil
    }

    // MARK: Output

    public mutating func next() throws(TrackDecodingError) -> Fix? {
        while true {
            if let fix = ready {
                ready = nil
                return fix
            }
            guard !finished, let lf = findLineFeed() else {
                compact()
                return nil
            }
            decodeLine(readIndex..<lf)
            readIndex = lf + 1
            scanIndex = readIndex
        }
    }

    public mutating func finish() throws(TrackDecodingError) -> Fix? {
        if let fix = try next() { return fix }
        if !finished {
            finished = true
            if readIndex < buffer.count {
                // A last line without a line feed.
                decodeLine(readIndex..<buffer.count)
                readIndex = buffer.count
            }
            discarding = false
            buffer = []
            readIndex = 0
            scanIndex = 0
        }
        if let fix = ready {
            ready = nil
            return fix
        }
        if let fix = held {
            held = nil
            statistics.fixesDecoded += 1
            return fix
        }
        if let sky = waitingSky {
            waitingSky = nil
            statistics.skip("unmatched-sky", count: sky.lines)
        }
        return nil
    }

    private mutating func findLineFeed() -> Int? {
        let found: Int? = buffer.withUnsafeBufferPointer { Self.firstLineFeed($0, from: scanIndex) }
        if found == nil { scanIndex = buffer.count }
        return found
    }

    /// Drops consumed bytes; what stays is at most one partial line.
    private mutating func compact() {
        guard readIndex > 0 else { return }
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else {
            buffer.removeSubrange(0..<readIndex)
        }
        scanIndex -= readIndex
        readIndex = 0
    }

    // MARK: Lines

    private mutating func decodeLine(_ range: Range<Int>) {
        lineNumber += 1
        var lo = range.lowerBound
        var hi = range.upperBound
        // Blank lines (and the CR of CRLF) are not records.
        while hi > lo, JSONNumber.isXMLSpace(buffer[hi - 1]) { hi -= 1 }
        while lo < hi, JSONNumber.isXMLSpace(buffer[lo]) { lo += 1 }
        guard lo < hi else { return }
        statistics.recordsRead += 1
        if range.count > maximumLineLength {
            statistics.reject("overlong")
            return
        }
        var report = GPSDJSONReport()
        let wellFormed = buffer.withUnsafeBufferPointer {
            GPSDJSONReport.parse(UnsafeBufferPointer(rebasing: $0[lo..<hi]), into: &report)
        }
        guard wellFormed else {
            statistics.reject("malformed-json")
            return
        }
        if report.invalidClass {
            statistics.reject("invalid-value")
            return
        }
        switch report.kind {
        case .missing:
            statistics.skip("no-class")
        case .other:
            statistics.skip("other-class")
        case .tpv:
            guard report.invalidTPVField == nil else {
                statistics.reject("invalid-value")
                return
            }
            receiveTPV(report)
        case .sky:
            guard report.invalidSKYField == nil else {
                statistics.reject("invalid-value")
                return
            }
            receiveSky(Sky(report))
        }
    }

    private mutating func receiveTPV(_ report: GPSDJSONReport) {
        statistics.recordsDecoded += 1
        if let previous = held {
            ready = previous
            statistics.fixesDecoded += 1
        }
        var fix = Fix(
            time: report.time,
            mode: FixMode(rawValue: report.mode ?? 0) ?? .unknown,
            latitude: report.lat,
            longitude: report.lon,
            altitudeMSL: report.altMSL ?? report.alt,
            altitudeHAE: report.altHAE,
            geoidSeparation: report.geoidSep,
            speed: report.speed,
            track: report.track,
            climb: report.climb,
            eph: report.eph,
            epv: report.epv,
            epx: report.epx,
            epy: report.epy,
            sourceLine: lineNumber
        )
        if let status = report.status {
            fix.quality = FixQuality(rawValue: status) ?? .unknown
        } else if fix.mode >= .twoD {
            fix.quality = .gps
        }
        if let sky = waitingSky {
            waitingSky = nil
            if sky.time == nil || sky.time == fix.time {
                sky.apply(to: &fix)
                statistics.recordsDecoded += sky.lines
            } else {
                statistics.skip("unmatched-sky", count: sky.lines)
            }
        }
        held = fix
    }

    private mutating func receiveSky(_ sky: Sky) {
        if var fix = held, sky.time == nil || sky.time == fix.time {
            sky.apply(to: &fix)
            held = fix
            statistics.recordsDecoded += 1
            return
        }
        if sky.time != nil, let fix = held {
            // A SKY of a later epoch: the held TPV is complete.
            ready = fix
            held = nil
            statistics.fixesDecoded += 1
        }
        if var waiting = waitingSky {
            if let t = sky.time, let w = waiting.time, t != w {
                statistics.skip("unmatched-sky", count: waiting.lines)
                waitingSky = sky
            } else {
                waiting.merge(sky)
                waitingSky = waiting
            }
        } else {
            waitingSky = sky
        }
    }

    /// The SKY members Logbook uses, possibly merged from several lines of one epoch.
    private struct Sky {
        var time: Timestamp?
        var hdop: Double?
        var pdop: Double?
        var vdop: Double?
        var satellitesUsed: Int?
        var lines = 1

        init(_ report: GPSDJSONReport) {
            time = report.time
            hdop = report.hdop
            pdop = report.pdop
            vdop = report.vdop
            satellitesUsed = report.uSat ?? report.usedSatellites
        }

        mutating func merge(_ later: Sky) {
            time = later.time ?? time
            hdop = later.hdop ?? hdop
            pdop = later.pdop ?? pdop
            vdop = later.vdop ?? vdop
            satellitesUsed = later.satellitesUsed ?? satellitesUsed
            lines += later.lines
        }

        func apply(to fix: inout Fix) {
            if let hdop { fix.hdop = hdop }
            if let pdop { fix.pdop = pdop }
            if let vdop { fix.vdop = vdop }
            if let satellitesUsed { fix.satellitesUsed = satellitesUsed }
        }
    }
}
