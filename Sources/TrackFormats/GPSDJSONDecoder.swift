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
/// The reports of one epoch — gpsd may send several TPV and SKY reports per epoch — are merged into
/// one fix by `GPSDEpochAssembler`, the same rules the live client follows: the receiver's own speed
/// and track win over gpsd's derived ones, SKY reports contribute `hdop`, `pdop`, `vdop` and `uSat`
/// (when `uSat` is absent, the count of `satellites` entries with `"used": true`), gpsd's DOP-derived
/// error figures of an NMEA receiver (known from the DEVICE or DEVICES report) become the HDOP they
/// came from, and a fix below 2D carries no position. A TPV's own `hdop`, `pdop`, `vdop` and `uSat`
/// (as Logbook's TPV writer adds them) are read too. Each epoch is held until a report of another
/// epoch arrives or the input ends.
///
/// Reports of one device are decoded: `device` when given, else the first that appears; the others
/// are skipped as `other-device`. `counted.devices` lists every device seen. Reports for an epoch
/// already handed out are skipped as `late-report`, SKY reports that join no epoch as `unmatched-sky`.
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

    private var counted = DecodeStatistics()
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

    /// Merges each epoch's reports into one fix.
    private var assembler: GPSDEpochAssembler
    private var finished = false
    /// The last device name read, to turn repeated `device` members into a `String` once.
    private var lastDeviceBytes: [UInt8] = []
    private var lastDeviceName: String?

    /// - Parameters:
    ///   - maximumLineLength: the longest line accepted, in bytes.
    ///   - device: the device whose reports to decode (`nil`: the first one seen).
    public init(maximumLineLength: Int = GPSDJSONDecoder.defaultMaximumLineLength, device: String? = nil) {
        self.maximumLineLength = max(16, maximumLineLength)
        assembler = GPSDEpochAssembler(device: device)
    }

    /// What was read, decoded, skipped and rejected so far, with the devices seen.
    public var statistics: DecodeStatistics {
        var s = counted
        let c = assembler.counts
        // Reports that joined no fix were read but not decoded.
        s.recordsDecoded -= c.lateReports + c.otherDeviceReports + c.unmatchedSky
        if c.lateReports > 0 { s.skip("late-report", count: c.lateReports) }
        if c.otherDeviceReports > 0 { s.skip("other-device", count: c.otherDeviceReports) }
        if c.unmatchedSky > 0 { s.skip("unmatched-sky", count: c.unmatchedSky) }
        s.devices = assembler.devicesSeen
        s.device = assembler.device
        return s
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
            if let fix = assembler.next() {
                counted.fixesDecoded += 1
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
        assembler.flush()
        if let fix = assembler.next() {
            counted.fixesDecoded += 1
            return fix
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
        counted.recordsRead += 1
        if range.count > maximumLineLength {
            counted.reject("overlong")
            counted.noteRejected(line: lineNumber, reason: "overlong")
            return
        }
        var report = GPSDJSONReport()
        let wellFormed = buffer.withUnsafeBufferPointer {
            GPSDJSONReport.parse(UnsafeBufferPointer(rebasing: $0[lo..<hi]), into: &report)
        }
        guard wellFormed else {
            counted.reject("malformed-json")
            counted.noteRejected(line: lineNumber, reason: "malformed-json")
            return
        }
        if report.invalidClass {
            counted.reject("invalid-value")
            counted.noteRejected(line: lineNumber, reason: "invalid-value", field: "class")
            return
        }
        switch report.kind {
        case .missing:
            counted.skip("no-class")
        case .other:
            counted.skip("other-class")
        case .tpv:
            if let field = report.invalidTPVField {
                counted.reject("invalid-value")
                counted.noteRejected(line: lineNumber, reason: "invalid-value", field: "\(field)")
                return
            }
            counted.recordsDecoded += 1
            assembler.tpv(Self.fix(report, line: lineNumber), device: deviceName(report.device, lineStart: lo))
        case .sky:
            if let field = report.invalidSKYField {
                counted.reject("invalid-value")
                counted.noteRejected(line: lineNumber, reason: "invalid-value", field: "\(field)")
                return
            }
            counted.recordsDecoded += 1
            let sky = GPSDEpochAssembler.Sky(
                hdop: report.hdop, pdop: report.pdop, vdop: report.vdop,
                satellitesUsed: report.uSat ?? report.usedSatellites)
            assembler.sky(sky, time: report.time, device: deviceName(report.device, lineStart: lo))
        case .device:
            counted.recordsDecoded += 1
            if let path = report.path {
                assembler.deviceReport(
                    path: String(decoding: path, as: UTF8.self),
                    driver: report.driver.map { String(decoding: $0, as: UTF8.self) })
            }
        case .devices:
            counted.recordsDecoded += 1
            for entry in report.devices {
                assembler.deviceReport(
                    path: String(decoding: entry.path, as: UTF8.self),
                    driver: entry.driver.map { String(decoding: $0, as: UTF8.self) })
            }
        }
    }

    /// The `device` member as a `String`, made once per run of reports from the same device.
    private mutating func deviceName(_ value: GPSDJSONReport.StringValue?, lineStart: Int) -> String? {
        guard let value else { return nil }
        let same: Bool
        switch value {
        case .range(let inLine):
            let range = (inLine.lowerBound + lineStart)..<(inLine.upperBound + lineStart)
            same = buffer.withUnsafeBufferPointer { b in
                range.count == lastDeviceBytes.count && lastDeviceName != nil
                    && lastDeviceBytes.withUnsafeBufferPointer { last in
                        var i = 0
                        while i < range.count, b[range.lowerBound + i] == last[i] { i += 1 }
                        return i == range.count
                    }
            }
            if !same { lastDeviceBytes = Array(buffer[range]) }
        case .decoded(let bytes):
            same = bytes == lastDeviceBytes && lastDeviceName != nil
            if !same { lastDeviceBytes = bytes }
        }
        if !same { lastDeviceName = String(decoding: lastDeviceBytes, as: UTF8.self) }
        return lastDeviceName
    }

    /// The fix of one TPV report.
    private static func fix(_ report: GPSDJSONReport, line: Int) -> Fix {
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
            hdop: report.hdop,
            pdop: report.pdop,
            vdop: report.vdop,
            satellitesUsed: report.uSat,
            sourceLine: line
        )
        if let status = report.status {
            fix.quality = FixQuality(rawValue: status) ?? .unknown
        } else if fix.mode >= .twoD {
            fix.quality = .gps
        }
        return fix
    }
}
