public import TrackModel

/// One GPX track point as scanned (the first stage of `GPXDecoder`): where its start tag is, and where the text of
/// its `lat`/`lon` attributes and of the leaf elements read lies in its batch's text. Plain data.
struct GPXPointHeader {
    /// The texts a point can carry, in the order of their slots.
    enum Field: Int, CaseIterable {
        case lat, lon, ele, time, hdop, vdop, pdop, sat, fix, geoidheight, speed, course, extSpeed, extCourse
        var bit: UInt16 { 1 << UInt16(rawValue) }
    }

    /// Line and column where libxml2 read the `trkpt` start tag (the error position of a bad `lat`/`lon`).
    var line: Int
    var column: Int
    /// Where the point's text starts in the batch's `text`.
    var textStart = 0
    /// Fields seen (a bit per `Field`).
    var present: UInt16 = 0
    /// Fields whose text was longer than a field may be (`GPXParser.textCapacity`): seen, but unreadable.
    var overflowed: UInt16 = 0
    /// Each field's text, relative to `textStart`.
    var starts = InlineArray<14, UInt16>(repeating: 0)
    var lengths = InlineArray<14, UInt16>(repeating: 0)

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Scanned GPX track points: their headers, and their texts one after the other in one array.
public struct GPXPointBatch: TrackRecordBatch {
    var points: [GPXPointHeader] = []
    var text: [UInt8] = []

    public init() {}
    public var count: Int { points.count }

    public mutating func clear() {
        points.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
    }

    /// Appends a point whose text (`count` bytes, the fields' `starts` relative to it) lies at `bytes`.
    mutating func append(_ point: GPXPointHeader, text bytes: UnsafePointer<UInt8>, count: Int) {
        var point = point
        point.textStart = text.count
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        points.append(point)
    }

    /// Appends the points of `other` from index `first` on, with their text.
    mutating func append(contentsOf other: GPXPointBatch, from first: Int) {
        guard first < other.count else { return }
        let textFrom = other.points[first].textStart
        let shift = text.count - textFrom
        text.append(contentsOf: other.text[textFrom...])
        for var point in other.points[first...] {
            point.textStart += shift
            points.append(point)
        }
    }
}

/// The second stage of `GPXDecoder`: a scanned point's numbers, time and fix type read into a `Fix`.
///
/// Mapping: `ele` → `altitudeMSL`, `geoidheight` → `geoidSeparation`, both → `altitudeHAE = ele + geoidheight`;
/// a standard `speed`/`course` wins over an extension's; `fix` `none`/`2d`/`3d` → the mode, `dgps`/`pps` → `.threeD`
/// (`.twoD` without `ele`) with quality `.differential`/`.pps`. An optional field whose text cannot be read stays
/// empty and is counted as rejected `invalid-field`; a missing or unreadable `lat`/`lon` stops decoding.
public struct GPXPointConverter: TrackRecordConverter {
    public private(set) var statistics = DecodeStatistics()

    public init() {}

    public mutating func convert(_ batch: borrowing GPXPointBatch, at index: Int) throws(TrackDecodingError) -> Fix {
        let point = batch.points[index]
        return try batch.text.withUnsafeBufferPointer { (text) throws(TrackDecodingError) -> Fix in
            try convert(point, text: text.baseAddress.map { $0 + point.textStart })
        }
    }

    /// Converts the point whose text starts at `text` (nil: a point without text).
    mutating func convert(_ point: GPXPointHeader, text: UnsafePointer<UInt8>?) throws(TrackDecodingError) -> Fix {
        var invalid = 0
        // Throws before reading any optional field: nothing is counted for a point without a valid position.
        let fix = try Self.fix(point, text, &invalid)
        if invalid > 0 { statistics.reject("invalid-field", count: invalid) }
        statistics.recordsDecoded += 1
        statistics.fixesDecoded += 1
        return fix
    }

    private enum FixType { case noFix, twoD, threeD, dgps, pps }

    private static func fix(
        _ r: GPXPointHeader, _ text: UnsafePointer<UInt8>?, _ invalid: inout Int
    ) throws(TrackDecodingError) -> Fix {
        typealias Field = GPXPointHeader.Field
        /// The field's text; nil when absent; an empty buffer when it overflowed (so it reads as invalid).
        func field(_ f: Field) -> UnsafeBufferPointer<UInt8>? {
            guard r.present & f.bit != 0 else { return nil }
            guard let text, r.overflowed & f.bit == 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: text + Int(r.starts[f.rawValue]), count: Int(r.lengths[f.rawValue]))
        }
        func number(_ f: Field) -> Double? {
            guard let t = field(f) else { return nil }
            guard let value = JSONNumber.parseWhole(t) else {
                invalid += 1
                return nil
            }
            return value
        }
        func dilution(_ f: Field) -> Double? {
            guard let t = field(f) else { return nil }
            guard let value = JSONNumber.parseWhole(t), value >= 0 else {
                invalid += 1
                return nil
            }
            return value
        }

        /// The `lat` or `lon` attribute's value, or the fault that stops decoding.
        func coordinate(_ f: Field, limit: Double, _ name: String) throws(TrackDecodingError) -> Double {
            if let value = field(f).flatMap({ JSONNumber.parseWhole($0) }), (-limit...limit).contains(value) {
                return value
            }
            throw TrackDecodingError(
                code: .invalidValue, line: r.line, column: r.column, field: f == .lat ? "lat" : "lon",
                message: r.present & f.bit != 0
                    ? "the track point's \(name) is not a number within ±\(Int(limit))°"
                    : "the track point has no \(name)")
        }
        let lat = try coordinate(.lat, limit: 90, "latitude")
        let lon = try coordinate(.lon, limit: 180, "longitude")

        let elevation = number(.ele)
        let geoidHeight = number(.geoidheight)
        var satellites: Int?
        if let t = field(.sat) {
            if let n = JSONNumber.parseWhole(t), n >= 0, n <= 1_000, n.rounded() == n {
                satellites = Int(n)
            } else {
                invalid += 1
            }
        }
        let speed = number(.speed)
        let course = number(.course)
        let extensionSpeed = number(.extSpeed)
        let extensionCourse = number(.extCourse)
        var fix = Fix(
            latitude: lat,
            longitude: lon,
            altitudeMSL: elevation,
            geoidSeparation: geoidHeight,
            speed: speed ?? extensionSpeed,
            track: course ?? extensionCourse,
            hdop: dilution(.hdop),
            pdop: dilution(.pdop),
            vdop: dilution(.vdop),
            satellitesUsed: satellites,
            sourceLine: r.line
        )
        if let t = field(.time) {
            fix.time = parseTime(t)
            if fix.time == nil { invalid += 1 }
        }
        if let elevation, let geoidHeight { fix.altitudeHAE = elevation + geoidHeight }
        var fixType: FixType?
        if let t = field(.fix) {
            fixType = parseFixType(t)
            if fixType == nil { invalid += 1 }
        }
        switch fixType {
        case nil: fix.mode = .unknown
        case .noFix: fix.mode = .noFix
        case .twoD: fix.mode = .twoD
        case .threeD: fix.mode = .threeD
        case .dgps:
            fix.mode = elevation == nil ? .twoD : .threeD
            fix.quality = .differential
        case .pps:
            fix.mode = elevation == nil ? .twoD : .threeD
            fix.quality = .pps
        }
        return fix
    }

    private static func trimmed(_ b: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lo = 0
        var hi = b.count
        while lo < hi, JSONNumber.isXMLSpace(b[lo]) { lo += 1 }
        while hi > lo, JSONNumber.isXMLSpace(b[hi - 1]) { hi -= 1 }
        return UnsafeBufferPointer(rebasing: b[lo..<hi])
    }

    private static func parseTime(_ b: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        let t = trimmed(b)
        guard t.count > 0 else { return nil }
        return Timestamp.parseISO8601(t)
    }

    private static func parseFixType(_ b: UnsafeBufferPointer<UInt8>) -> FixType? {
        let t = trimmed(b)
        func equals(_ literal: StaticString) -> Bool {
            guard t.count == literal.utf8CodeUnitCount else { return false }
            let l = literal.utf8Start
            for k in 0..<t.count where t[k] | 0x20 != l[k] { return false }
            return true
        }
        if equals("3d") { return .threeD }
        if equals("2d") { return .twoD }
        if equals("none") { return .noFix }
        if equals("dgps") { return .dgps }
        if equals("pps") { return .pps }
        return nil
    }
}
