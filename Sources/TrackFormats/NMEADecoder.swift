#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif
public import TrackModel

/// A streaming NMEA 0183 decoder: raw bytes in, one `Fix` per epoch out.
///
/// **Lines.** LF, CRLF and a lone CR each end a line (a CRLF split across chunks counts once); blank
/// lines are ignored. A sentence starts at the last `$` (or `!`) of its line, so `$$GPGGA…` and junk
/// before the sentence are resynchronised. Lines longer than `Configuration.maximumLineLength` are
/// dropped whole (`overlong`) without being buffered: memory stays bounded by that length plus the
/// largest chunk handed to `append`.
///
/// **Sentences.** The checksum is verified when present (a mismatch is rejected as `checksum`).
/// Sentences without a checksum are accepted — older gpsd did, and hand-made logs often have none —
/// but counted in `sentencesWithoutChecksum`; `requireChecksum` rejects them (`missing-checksum`).
/// Any talker is accepted. GGA, RMC, GNS, GLL, VTG, GSA, GST and ZDA are decoded; other standard
/// sentences are skipped as `unknown-sentence`, `$P…` as `proprietary`, `!` (AIS) as `ais`, `#` lines
/// as `comment`. A sentence with too few fields is `malformed`; one whose time, date, position or
/// hemisphere is unreadable or out of range is rejected whole as `bad-field`; a fix sentence that
/// reports no fix and has no time is skipped as `no-fix`.
///
/// **Epochs.** Sentences that carry a time of day (GGA, RMC, GNS, GLL, ZDA) delimit epochs: one whose
/// time differs by more than 10 ms from the open epoch's starts a new epoch (gpsd's rule), and the
/// open one is emitted. Sentences without a time (GSA, VTG) join the open epoch, as in gpsd; GST joins
/// only the epoch whose time it names (else `out-of-epoch`). Within an epoch a later sentence's value
/// replaces an earlier one's — RMC's position replaces GGA's when RMC comes later, as in gpsd — so the
/// order of the epoch's sentences matters only through that rule. A fix sentence with an empty time
/// that reports no fix (`$GPGGA,,,,,,0,…`) closes the open epoch.
///
/// **Dates.** Valid RMC and ZDA give the date; epochs without one (GGA-only) carry the last date
/// forward, rolled by a day when the time of day wraps past midnight (jumps back by more than 12 h).
/// Dates in RMC with status V are not used (receivers put bogus dates there). Two-digit years are
/// 1980...2079. There is no GPS week-rollover correction of any kind.
///
/// **Emitted fixes.** An epoch is emitted when it has a time (time of day and a date) or a position;
/// others (a time of day before any date, with no position) are dropped and counted in
/// `epochsDiscarded`. Positions are taken from valid RMC/GLL/GNS and from any GGA. `mode` is `.noFix`
/// when the sentence that gave the final position flags it invalid (GGA quality 0) or a later sentence
/// of the epoch says outright that there is no fix (RMC/GLL status `V`, FAA mode `N` or `E` in RMC,
/// GLL, GNS or VTG — even after a GGA with quality 6), else GSA's 2D/3D, else 3D when there is an
/// altitude from four or more satellites, else 2D; without a position it is `.noFix` when a sentence
/// reported no fix, else `.unknown`. Below 2D a fix carries, like gpsd's TPV, no latitude, longitude,
/// altitudes, geoid separation, speed, track or error estimates, whatever the sentences said (a GGA
/// with quality 0 and coordinates or `0000.0000` placeholders); its time, quality, DOPs and satellite
/// count remain. `quality` is
/// GGA's fix quality, else the FAA mode indicator's. `altitudeHAE` = `altitudeMSL` + geoid separation
/// where both are given. Speeds are converted from knots (1 kn = 1852/3600 m/s); a 2D/3D epoch
/// without a reported speed gets the speed from the previous epoch's position, like gpsd
/// (`derivesMissingSpeed`). `eph` = √(σlat² + σlon²), `epy`, `epx`, `epv` come from GST only; nothing is
/// estimated from DOPs; DOPs outside 0.01...89.99 are dropped. `sourceLine` is the one-based line of
/// the epoch's last contributing sentence.
public struct NMEADecoder: TrackDecoder {
    public struct Configuration: Sendable, Hashable {
        /// Lines longer than this many bytes (terminator excluded) are rejected as `overlong`.
        public var maximumLineLength: Int
        /// Reject sentences that have no `*hh` checksum instead of accepting them.
        public var requireChecksum: Bool
        /// When an epoch with a 2D/3D position reports no speed, derive it from the distance to the
        /// previous epoch's position over the time between them, as gpsd does — so a replayed NMEA log
        /// gives the same speeds as gpsd reports live.
        public var derivesMissingSpeed: Bool

        public init(maximumLineLength: Int = 1_024, requireChecksum: Bool = false, derivesMissingSpeed: Bool = true) {
            self.maximumLineLength = max(16, maximumLineLength)
            self.requireChecksum = requireChecksum
            self.derivesMissingSpeed = derivesMissingSpeed
        }
    }

    public let configuration: Configuration

    // MARK: Input state

    /// Bytes handed over and not yet consumed: `buffer[head...]`.
    var buffer: [UInt8] = []
    var head = 0
    /// Where the search for the current line's terminator resumes (avoids rescanning).
    var scanned = 0
    /// Notes the first refused sentence's place.
    mutating func noteRejected(line: Int, reason: StaticString, field: StaticString? = nil) {
        if firstRejected == nil {
            firstRejected = RejectedRecord(line: line, reason: "\(reason)", field: field.map { "\($0)" })
        }
    }

    /// Inside an overlong line: drop bytes up to the next terminator.
    var discarding = false
    /// The last line ended with CR at the end of the buffer: a following LF belongs to it.
    var pendingCR = false
    var nextLineNumber = 1
    var inputEnded = false
    var finalEpochEmitted = false
    /// A completed epoch waiting to be handed out by `next()`/`finish()` (valid when `hasReady`).
    /// A flag rather than an optional test: comparing a `Fix?` with nil copies the whole fix.
    var ready = Fix()
    var hasReady = false

    // MARK: Epoch state

    var epoch = NMEAEpoch()
    /// The last date used (days since 1970) and the time of day it was used at.
    var carriedDay: Int?
    var carriedTimeOfDay = 0.0
    /// A GST that names a time after the open epoch's, waiting for that epoch.
    var pendingGST: PendingGST?
    /// The last emitted epoch that had a time: its time, and its position when it had a 2D/3D fix.
    var previousTime: (day: Int, timeOfDay: Double)?
    var previousPosition: (latitude: Double, longitude: Double)?

    /// The last time, latitude and longitude fields of GGA and RMC and their values (`NMEAFieldMemo`).
    var timeMemo = NMEAFieldMemo()
    var latitudeMemo = NMEAFieldMemo()
    var longitudeMemo = NMEAFieldMemo()

    // MARK: Counters (materialised into `statistics` on demand)

    var recordsRead = 0
    var recordsDecoded = 0
    var fixesDecoded = 0
    var rejectedChecksum = 0
    var rejectedMissingChecksum = 0
    var rejectedMalformed = 0
    var rejectedOverlong = 0
    var rejectedBadField = 0
    /// The first sentence refused, for the message of a file that gives no fix.
    var firstRejected: RejectedRecord?
    var skippedUnknown = 0
    var skippedProprietary = 0
    var skippedAIS = 0
    var skippedComment = 0
    var skippedNoFix = 0
    var skippedOutOfEpoch = 0

    /// Sentences accepted although they had no checksum.
    public internal(set) var sentencesWithoutChecksum = 0
    /// Epochs that had neither a time (with date) nor a position and were not emitted.
    public internal(set) var epochsDiscarded = 0

    public init() {
        self.init(configuration: Configuration())
    }

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    public var statistics: DecodeStatistics {
        var s = DecodeStatistics()
        s.recordsRead = recordsRead
        s.recordsDecoded = recordsDecoded
        s.fixesDecoded = fixesDecoded
        func put(_ dict: inout [String: Int], _ key: String, _ value: Int) { if value > 0 { dict[key] = value } }
        put(&s.rejected, "checksum", rejectedChecksum)
        put(&s.rejected, "missing-checksum", rejectedMissingChecksum)
        put(&s.rejected, "malformed", rejectedMalformed)
        put(&s.rejected, "overlong", rejectedOverlong)
        put(&s.rejected, "bad-field", rejectedBadField)
        s.firstRejected = firstRejected
        put(&s.skipped, "unknown-sentence", skippedUnknown)
        put(&s.skipped, "proprietary", skippedProprietary)
        put(&s.skipped, "ais", skippedAIS)
        put(&s.skipped, "comment", skippedComment)
        put(&s.skipped, "no-fix", skippedNoFix)
        put(&s.skipped, "out-of-epoch", skippedOutOfEpoch)
        return s
    }

    // MARK: TrackDecoder

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, !inputEnded else { return }
        var input = bytes
        if discarding, head == buffer.count {
            // Still inside an overlong line: drop its bytes without buffering them.
            guard let t = Self.firstTerminator(input) else { return }
            input = UnsafeRawBufferPointer(rebasing: input[t...])
        }
        if head > 0 {
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
            } else {
                buffer.removeSubrange(0..<head)
            }
            scanned = max(0, scanned - head)
            head = 0
        }
        input.withMemoryRebound(to: UInt8.self) { buffer.append(contentsOf: $0) }
    }

    public mutating func next() throws(TrackDecodingError) -> Fix? {
        decodeLines()
        return takeReady()
    }

    /// Reads the chunk's lines where they lie: only a line the chunk leaves unfinished is copied (to be
    /// completed by the next chunk), where `append` copies the whole chunk.
    public mutating func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws {
        if hasReady {
            hasReady = false
            try body(ready)
        }
        guard !bytes.isEmpty, !inputEnded else { return }
        var rest = bytes
        if head < buffer.count {
            // A line begun in an earlier chunk: complete it through the buffer.
            guard let t = Self.firstTerminator(bytes) else {
                append(bytes)
                while let fix = try next() { try body(fix) }
                return
            }
            append(UnsafeRawBufferPointer(rebasing: bytes[...t]))
            while let fix = try next() { try body(fix) }
            rest = UnsafeRawBufferPointer(rebasing: bytes[(t + 1)...])
        }
        buffer.removeAll(keepingCapacity: true)
        head = 0
        scanned = 0
        try rest.withMemoryRebound(to: UInt8.self) { chunk in
            guard let base = chunk.baseAddress else { return }
            let count = chunk.count
            while let line = nextLine(base, count) {
                decodeLine(base, start: line.start, end: line.end, line: line.number)
                if hasReady {
                    hasReady = false
                    try body(ready)
                }
            }
            // Keep the unfinished last line for the next chunk.
            if head < count { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[head...])) }
            scanned -= head
            head = 0
        }
    }

    public mutating func finish() throws(TrackDecodingError) -> Fix? {
        inputEnded = true
        decodeLines()
        if !hasReady, !finalEpochEmitted {
            finalEpochEmitted = true
            if pendingGST != nil {
                pendingGST = nil
                skippedOutOfEpoch += 1
            }
            closeEpoch()
        }
        return takeReady()
    }

    // MARK: Lines

    @inline(__always)
    private mutating func takeReady() -> Fix? {
        guard hasReady else { return nil }
        hasReady = false
        return ready
    }

    /// Decodes buffered lines until one completes an epoch (left in `ready`) or more input is needed.
    private mutating func decodeLines() {
        guard !hasReady else { return }
        let storage = buffer
        storage.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            let count = buf.count
            while !hasReady, let line = nextLine(base, count) {
                decodeLine(base, start: line.start, end: line.end, line: line.number)
            }
        }
    }

    /// The next complete line in `base[head..<count]` (terminator excluded), or `nil` when more input
    /// is needed. Handles overlong lines and CRLF split across chunks.
    @inline(__always)
    private mutating func nextLine(_ base: UnsafePointer<UInt8>, _ count: Int) -> (
        start: Int, end: Int, number: Int
    )? {
        let cap = configuration.maximumLineLength
        while true {
            if discarding {
                guard head < count else { return nil }
                guard let t = Self.findTerminator(base, from: head, to: count) else {
                    head = count
                    scanned = count
                    return nil
                }
                discarding = false
                pendingCR = base[t] == 13
                head = t + 1
                scanned = head
                nextLineNumber += 1
                continue
            }
            if pendingCR {
                guard head < count else { return nil }
                if base[head] == 10 { head += 1 }
                pendingCR = false
                scanned = max(scanned, head)
            }
            guard head < count else { return nil }
            let start = head
            let limit = min(count, start + cap + 1)
            if let t = Self.findTerminator(base, from: max(scanned, start), to: limit) {
                let number = nextLineNumber
                nextLineNumber += 1
                pendingCR = base[t] == 13
                head = t + 1
                scanned = head
                return (start, t, number)
            }
            if limit - start > cap {
                recordsRead += 1
                rejectedOverlong += 1
                discarding = true
                head = limit
                scanned = limit
                continue
            }
            scanned = limit
            if inputEnded {
                // The last line, without a terminator.
                let number = nextLineNumber
                nextLineNumber += 1
                head = count
                scanned = count
                return (start, count, number)
            }
            return nil
        }
    }

    /// The index of the first CR or LF in `base[from..<to]`.
    @inline(__always)
    private static func findTerminator(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let n = to - from
        guard n > 0 else { return nil }
        let p = UnsafeRawPointer(base + from)
        var searchLength = n
        var lf: Int?
        if let hit = memchr(p, 10, n) {
            lf = p.distance(to: UnsafeRawPointer(hit))
            searchLength = lf!
        }
        if searchLength > 0, let hit = memchr(p, 13, searchLength) {
            return from + p.distance(to: UnsafeRawPointer(hit))
        }
        return lf.map { from + $0 }
    }

    private static func firstTerminator(_ bytes: UnsafeRawBufferPointer) -> Int? {
        bytes.withMemoryRebound(to: UInt8.self) { b in
            guard let base = b.baseAddress else { return nil }
            return findTerminator(base, from: 0, to: b.count)
        }
    }

    // MARK: Sentences

    /// Checks and dispatches one line.
    @inline(__always)
    private mutating func decodeLine(_ base: UnsafePointer<UInt8>, start: Int, end: Int, line: Int) {
        guard let sentence = Self.lastSentenceStart(base, start, end) else {
            var k = start
            while k < end, base[k] == 32 || base[k] == 9 || base[k] == 0 { k += 1 }
            guard k < end else { return }  // blank line: not a record
            recordsRead += 1
            if base[k] == 35 {  // '#'
                skippedComment += 1
            } else {
                rejectedMalformed += 1
                noteRejected(line: line, reason: "malformed")
            }
            return
        }
        recordsRead += 1
        if base[sentence] == 33 {  // '!'
            skippedAIS += 1
            return
        }
        let bodyStart = sentence + 1
        var bodyEnd: Int
        var star: Int?
        if let hit = memchr(base + bodyStart, 42, end - bodyStart) {  // '*'
            let at = bodyStart + UnsafeRawPointer(base + bodyStart).distance(to: UnsafeRawPointer(hit))
            guard at + 2 < end else {
                rejectedMalformed += 1
                noteRejected(line: line, reason: "malformed")
                return
            }
            star = at
            bodyEnd = at
        } else {
            guard !configuration.requireChecksum else {
                rejectedMissingChecksum += 1
                noteRejected(line: line, reason: "missing-checksum")
                return
            }
            bodyEnd = end
            while bodyEnd > bodyStart, base[bodyEnd - 1] == 32 || base[bodyEnd - 1] == 9 { bodyEnd -= 1 }
        }
        // One pass over the body: its checksum and where its commas are.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: NMEACommas.capacity) { commaBuffer in
            let commas = commaBuffer.baseAddress!
            let (checksum, commaCount) = NMEACommas.scan(base, bodyStart, bodyEnd, into: commas)
            if let star {
                guard let high = Self.hexValue(base[star + 1]), let low = Self.hexValue(base[star + 2]) else {
                    rejectedMalformed += 1
                    noteRejected(line: line, reason: "malformed")
                    return
                }
                guard high << 4 | low == checksum else {
                    rejectedChecksum += 1
                    noteRejected(line: line, reason: "checksum")
                    return
                }
            } else {
                sentencesWithoutChecksum += 1
            }
            let tagEnd =
                commaCount > 0 ? Int(commas[0]) : commaCount == 0 ? bodyEnd : Self.firstComma(base, bodyStart, bodyEnd)
            let tagLength = tagEnd - bodyStart
            guard tagLength > 0 else {
                rejectedMalformed += 1
                noteRejected(line: line, reason: "malformed")
                return
            }
            if base[bodyStart] == 80 {  // 'P'
                skippedProprietary += 1
                return
            }
            guard tagLength == 5, Self.isUpperAlphanumeric(base[bodyStart]),
                Self.isUpperAlphanumeric(base[bodyStart + 1])
            else {
                skippedUnknown += 1
                return
            }
            let type =
                UInt32(base[bodyStart + 2]) << 16 | UInt32(base[bodyStart + 3]) << 8 | UInt32(base[bodyStart + 4])
            var fields =
                commaCount > 0
                ? NMEAFieldCursor(
                    base: base, start: tagEnd + 1, end: bodyEnd, commas: commas + 1, commaCount: commaCount - 1)
                : NMEAFieldCursor(base: base, start: tagEnd + 1, end: bodyEnd)
            dispatch(type, base, &fields, line)
        }
    }

    /// The index of the first comma in `base[start..<end]`, or `end`.
    private static func firstComma(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end, base[i] != 44 { i += 1 }
        return i
    }

    @inline(__always)
    private mutating func dispatch(
        _ type: UInt32, _ base: UnsafePointer<UInt8>, _ fields: inout NMEAFieldCursor, _ line: Int
    ) {
        switch type {
        case Self.gga: decodeGGA(base, &fields, line)
        case Self.rmc: decodeRMC(base, &fields, line)
        case Self.gns: decodeGNS(base, &fields, line)
        case Self.gll: decodeGLL(base, &fields, line)
        case Self.vtg: decodeVTG(base, &fields, line)
        case Self.gsa: decodeGSA(base, &fields, line)
        case Self.gst: decodeGST(base, &fields, line)
        case Self.zda: decodeZDA(base, &fields, line)
        default: skippedUnknown += 1
        }
    }

    /// The index of the last `$` or `!` in `base[start..<end]`, scanning eight bytes at a time from the end.
    @inline(__always)
    static func lastSentenceStart(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let high: UInt64 = 0x8080_8080_8080_8080
        var i = end
        while i - start >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i - 8).loadUnaligned(as: UInt64.self))
            let dollar = word ^ 0x2424_2424_2424_2424
            let bang = word ^ 0x2121_2121_2121_2121
            // A byte of `x` is zero exactly when its high bit is clear in ((x & 0x7F…) + 0x7F…) | x.
            let zeros = ~((((dollar & low7) &+ low7) | dollar) & (((bang & low7) &+ low7) | bang)) & high
            if zeros != 0 { return i - 8 + (63 - zeros.leadingZeroBitCount) / 8 }
            i -= 8
        }
        while i > start {
            i -= 1
            if base[i] == 36 || base[i] == 33 { return i }
        }
        return nil
    }

    static let gga = tag("GGA")
    static let rmc = tag("RMC")
    static let gns = tag("GNS")
    static let gll = tag("GLL")
    static let vtg = tag("VTG")
    static let gsa = tag("GSA")
    static let gst = tag("GST")
    static let zda = tag("ZDA")

    private static func tag(_ s: StaticString) -> UInt32 {
        let p = s.utf8Start
        return UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
    }

    @inline(__always)
    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }

    @inline(__always)
    private static func isUpperAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 48 && b <= 57)
    }

    // MARK: Epochs

    /// Places a sentence in time, closing the open epoch (into `ready`) when this sentence starts another.
    ///
    /// - `timeOfDay`: the sentence's time, when it registers one (GGA, RMC, GNS, GLL, ZDA).
    /// - `timelessNoFix`: a fix sentence with an empty time that reports no fix.
    /// - `bringsPosition`: the sentence carries a position (an untimed epoch holds one position only).
    @inline(__always)
    mutating func enterEpoch(timeOfDay: Double?, timelessNoFix: Bool = false, bringsPosition: Bool = false) {
        if let timeOfDay {
            if epoch.hasTimeOfDay {
                if abs(timeOfDay - epoch.timeOfDay) > 0.01 {
                    closeEpoch()
                    epoch.hasTimeOfDay = true
                    epoch.timeOfDay = timeOfDay
                    if pendingGST != nil { settlePendingGST() }
                } else {
                    epoch.timeOfDay = timeOfDay
                }
                return
            }
            // The open epoch has no time: keep it only if it holds a position.
            if epoch.hasPosition { closeEpoch() } else { epoch = NMEAEpoch() }
            epoch.hasTimeOfDay = true
            epoch.timeOfDay = timeOfDay
            if pendingGST != nil { settlePendingGST() }
            return
        }
        if timelessNoFix {
            if epoch.hasTimeOfDay { closeEpoch() }
            return
        }
        if bringsPosition, !epoch.hasTimeOfDay, epoch.hasPosition { closeEpoch() }
    }

    /// Marks the open epoch as fed by an accepted sentence on `line`.
    @inline(__always)
    mutating func contribute(line: Int) {
        epoch.contributed = true
        epoch.lastLine = line
        recordsDecoded += 1
    }

    /// Emits the open epoch into `ready` (when it is worth emitting) and starts an empty one.
    mutating func closeEpoch() {
        defer { epoch = NMEAEpoch() }
        guard epoch.contributed else { return }
        var time: Timestamp?
        var day: Int?
        if epoch.hasTimeOfDay {
            day = epoch.day
            if day == nil, let carried = carriedDay {
                let delta = epoch.timeOfDay - carriedTimeOfDay
                day = delta < -43_200 ? carried + 1 : delta > 43_200 ? carried - 1 : carried
            }
            if let day {
                carriedDay = day
                carriedTimeOfDay = epoch.timeOfDay
                time = Timestamp(secondsSince1970: Double(day) * 86_400 + epoch.timeOfDay)
            }
        }
        guard time != nil || epoch.hasPosition else {
            epochsDiscarded += 1
            return
        }
        fixesDecoded += 1
        let mode = epoch.mode
        // gpsd prints position, altitudes, speed, track and error estimates only from mode 2 up
        // (json_tpv_dump): below it, whatever the sentences said, the fix carries none of them.
        let hasFix = mode >= .twoD  // implies a position
        @inline(__always) func measured(_ x: Double) -> Double? { hasFix ? nmeaOptional(x) : nil }
        var speed = measured(epoch.speed)
        if let day {
            if speed == nil, hasFix, configuration.derivesMissingSpeed, let previousTime, let previousPosition {
                // The interval from day and time of day apart: seconds since 1970 would lose
                // microseconds to rounding, which shows in speeds derived over 0.1 s.
                let interval = Double(day - previousTime.day) * 86_400 + (epoch.timeOfDay - previousTime.timeOfDay)
                if interval > 0,
                    let distance = nmeaVincentyDistance(
                        latitude1: previousPosition.latitude, longitude1: previousPosition.longitude,
                        latitude2: epoch.latitude, longitude2: epoch.longitude)
                {
                    let derived = distance / interval
                    if derived <= 9_999.9 { speed = derived }
                }
            }
            previousTime = (day, epoch.timeOfDay)
            previousPosition = hasFix ? (epoch.latitude, epoch.longitude) : nil
        }
        let msl = measured(epoch.altitudeMSL)
        let separation = measured(epoch.geoidSeparation)
        hasReady = true
        ready = Fix(
            time: time,
            mode: mode,
            quality: epoch.quality,
            latitude: hasFix ? epoch.latitude : nil,
            longitude: hasFix ? epoch.longitude : nil,
            altitudeMSL: msl,
            altitudeHAE: msl.flatMap { m in separation.map { m + $0 } },
            geoidSeparation: separation,
            speed: speed,
            track: measured(epoch.track),
            eph: measured(epoch.eph),
            epv: measured(epoch.epv),
            epx: measured(epoch.epx),
            epy: measured(epoch.epy),
            hdop: nmeaOptional(epoch.hdop),
            pdop: nmeaOptional(epoch.pdop),
            vdop: nmeaOptional(epoch.vdop),
            satellitesUsed: epoch.satellitesUsed >= 0
                ? epoch.satellitesUsed : (epoch.hasGSA && epoch.gsaSatellites > 0 ? epoch.gsaSatellites : nil),
            sourceLine: epoch.lastLine)
    }
}
