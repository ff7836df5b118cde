internal import CLibXML2
import TrackModel

/// The state behind `GPXDecoder`: a libxml2 push-parser context and the SAX2 callbacks' state.
///
/// A class because libxml2 keeps a pointer to it (the SAX user data) between calls.
///
/// Its state is touched only by the decoder's own calls and by libxml2's callbacks, which run inside
/// `xmlParseChunk` on the same thread while no other access is under way; the properties are therefore exempt
/// from Swift's dynamic exclusivity checks (`@exclusivity(unchecked)`), which otherwise cost a runtime call on
/// every access from a callback.
final class GPXParser {
    /// The slice handed to `xmlParseChunk` at a time (also bounds the queue of decoded fixes: some 500 points).
    /// Larger slices mean fewer calls into libxml2 and fewer moves of its input buffer.
    static let feedSize = 64 * 1_024
    /// Text gathered for one leaf element, in bytes.
    static let textCapacity = 256

    @exclusivity(unchecked) private(set) var statistics = DecodeStatistics()

    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    /// Bytes appended and not yet handed to libxml2: `pending[pendingIndex...]`.
    @exclusivity(unchecked) private var pending: [UInt8] = []
    @exclusivity(unchecked) private var pendingIndex = 0
    /// Decoded fixes not yet returned: `queue[queueHead...]`.
    @exclusivity(unchecked) private var queue: [Fix] = []
    @exclusivity(unchecked) private var queueHead = 0
    /// The first error; once set, it is thrown on every call after the queue is drained.
    @exclusivity(unchecked) private var error: TrackDecodingError?
    @exclusivity(unchecked) private var terminated = false
    /// True while `xmlParseChunk(terminate: 1)` runs: errors then mean the input ended early.
    @exclusivity(unchecked) private var terminating = false

    // MARK: Document state

    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var rootSeen = false
    @exclusivity(unchecked) private var rootClosed = false
    @exclusivity(unchecked) private var trackDepth = 0
    @exclusivity(unchecked) private var segmentDepth = 0
    @exclusivity(unchecked) private var routeDepth = 0
    /// The root element's namespace URI as libxml2 passes it, and its class. The pointer stays
    /// valid, and names the same string, while the root element (which declares it) is open.
    @exclusivity(unchecked) private var rootNamespaceURI: UnsafePointer<UInt8>?
    @exclusivity(unchecked) private var rootNamespace = GPXNames.Namespace.none

    // MARK: Track point state

    @exclusivity(unchecked) private var pointDepth = 0
    @exclusivity(unchecked) private var pointLine = 0
    @exclusivity(unchecked) private var extensionsDepth = 0
    @exclusivity(unchecked) private var latitude = 0.0
    @exclusivity(unchecked) private var longitude = 0.0
    @exclusivity(unchecked) private var elevation: Double?
    @exclusivity(unchecked) private var time: Timestamp?
    @exclusivity(unchecked) private var hdop: Double?
    @exclusivity(unchecked) private var vdop: Double?
    @exclusivity(unchecked) private var pdop: Double?
    @exclusivity(unchecked) private var satellites: Int?
    @exclusivity(unchecked) private var fixType: FixType?
    @exclusivity(unchecked) private var geoidHeight: Double?
    @exclusivity(unchecked) private var speed: Double?
    @exclusivity(unchecked) private var course: Double?
    @exclusivity(unchecked) private var extensionSpeed: Double?
    @exclusivity(unchecked) private var extensionCourse: Double?

    // MARK: Names

    private static let nameSlots = 32
    /// A small table from interned element-name addresses to their meaning (`localName`).
    @exclusivity(unchecked) private var knownNames = [UnsafePointer<UInt8>?](repeating: nil, count: nameSlots)
    @exclusivity(unchecked) private var knownMeanings = [GPXNames.Local](repeating: .other, count: nameSlots)

    // MARK: Text

    @exclusivity(unchecked) private var collecting: Leaf?
    @exclusivity(unchecked) private var collectDepth = 0
    private let text: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var textCount = 0
    @exclusivity(unchecked) private var textOverflow = false

    private enum Leaf { case ele, time, hdop, vdop, pdop, sat, fix, geoidheight, speed, course, extSpeed, extCourse }
    private enum FixType { case noFix, twoD, threeD, dgps, pps }

    /// libxml2's process-wide initialisation, done once (`xmlInitParser` is not safe to race).
    private static let libraryInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    init() {
        text = .allocate(capacity: Self.textCapacity)
        _ = Self.libraryInitialized
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { ctx, localname, _, uri, _, _, attributeCount, _, attributes in
            guard let ctx, let localname else { return }
            Unmanaged<GPXParser>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.startElement(localname, uri, Int(attributeCount), attributes)
            }
        }
        handler.endElementNs = { ctx, localname, _, uri in
            guard let ctx, let localname else { return }
            Unmanaged<GPXParser>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.endElement(localname, uri) }
        }
        handler.characters = { ctx, bytes, count in
            guard let ctx, let bytes else { return }
            Unmanaged<GPXParser>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.characters(bytes, Int(count)) }
        }
        handler.cdataBlock = handler.characters
        handler.serror = { ctx, error in
            guard let ctx, let error else { return }
            Unmanaged<GPXParser>.fromOpaque(ctx).takeUnretainedValue().libraryError(error.pointee)
        }
        let user = Unmanaged.passUnretained(self).toOpaque()
        context = xmlCreatePushParserCtxt(&handler, user, nil, 0, nil)
        if let context {
            xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        } else {
            error = TrackDecodingError(code: .malformedXML, message: "the XML parser could not be created")
        }
    }

    deinit {
        if let context {
            // In SAX mode libxml2 still builds a small document for a DOCTYPE's entity declarations
            // ("expat compatibility"); freeing it is the caller's job.
            if let document = context.pointee.myDoc {
                context.pointee.myDoc = nil
                xmlFreeDoc(document)
            }
            xmlFreeParserCtxt(context)
        }
        text.deallocate()
    }

    // MARK: Driving the parser

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !terminated, error == nil, bytes.count > 0 else { return }
        pending.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    func next() throws(TrackDecodingError) -> Fix? {
        while true {
            if let fix = dequeue() { return fix }
            if let error { throw error }
            // Only whole slices at fixed offsets of the input: libxml2 then sees the same slices
            // however the caller chunked the input, so nothing it does can depend on the chunking
            // (its input-encoding conversion, for one, fails a whole pushed slice at once).
            guard pending.count - pendingIndex >= Self.feedSize else {
                compactPending()
                return nil
            }
            feed(Self.feedSize)
        }
    }

    /// Like `append` and `next()` until nil, handing the fixes to `body`, but whole slices of `bytes` go to libxml2
    /// where they lie: only a slice the chunk leaves unfinished is copied. The slices are the same as `next()`'s
    /// (fixed offsets of the input), so the output is too.
    func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws {
        while let fix = try next() { try body(fix) }
        guard !terminated, error == nil, bytes.count > 0 else { return }
        var rest = bytes
        let held = pending.count - pendingIndex
        if held > 0 {
            // Complete the slice begun by an earlier chunk.
            let take = min(rest.count, Self.feedSize - held)
            append(UnsafeRawBufferPointer(rebasing: rest[..<take]))
            rest = UnsafeRawBufferPointer(rebasing: rest[take...])
            while let fix = try next() { try body(fix) }
            guard pending.count == pendingIndex, error == nil else { return }
        }
        while rest.count >= Self.feedSize {
            parse(rest.baseAddress!.assumingMemoryBound(to: CChar.self), Self.feedSize, terminate: false)
            rest = UnsafeRawBufferPointer(rebasing: rest[Self.feedSize...])
            while let fix = dequeue() { try body(fix) }
            if let error { throw error }
        }
        compactPending()
        append(rest)
    }

    func finish() throws(TrackDecodingError) -> Fix? {
        while true {
            if let fix = try next() { return fix }
            if terminated { return nil }
            if pendingIndex < pending.count {
                feed(pending.count - pendingIndex)
                continue
            }
            terminated = true
            terminating = true
            parse(nil, 0, terminate: true)
            terminating = false
            if error == nil, !rootClosed {
                // libxml2 always reports an unfinished document; this is a safety net.
                error = TrackDecodingError(code: .truncated, message: "the input ended inside the GPX document")
            }
        }
    }

    private func compactPending() {
        if pendingIndex == pending.count {
            pending.removeAll(keepingCapacity: true)
        } else if pendingIndex > 0 {
            pending.removeSubrange(0..<pendingIndex)
        }
        pendingIndex = 0
    }

    private func feed(_ size: Int) {
        pending.withUnsafeBufferPointer { buffer in
            let start = UnsafeRawPointer(buffer.baseAddress! + pendingIndex).assumingMemoryBound(to: CChar.self)
            parse(start, size, terminate: false)
        }
        pendingIndex += size
    }

    private func parse(_ start: UnsafePointer<CChar>?, _ size: Int, terminate: Bool) {
        guard let context, error == nil else { return }
        let saved = logbook_xml_silence_generic_errors()
        _ = xmlParseChunk(context, start, Int32(size), terminate ? 1 : 0)
        logbook_xml_restore_generic_errors(saved)
        if error == nil,
            terminate ? hasUnconvertibleInput(atEnd: true) : context.pointee.instate == XML_PARSER_EOF
        {
            // libxml2 halted without a parser error: converting the input from its declared
            // encoding failed.
            error = encodingError
        }
    }

    /// Whether libxml2 failed to convert input from its declared encoding. Before the end of the
    /// input, unconverted bytes may just be an incomplete character: only the error flag counts.
    private func hasUnconvertibleInput(atEnd: Bool) -> Bool {
        guard let buffer = context?.pointee.input?.pointee.buf?.pointee else { return false }
        if buffer.error != 0 { return true }
        guard atEnd, buffer.encoder != nil, let raw = buffer.raw else { return false }
        return xmlBufUse(raw) > 0
    }

    private var encodingError: TrackDecodingError {
        TrackDecodingError(
            code: .malformedXML, line: line, column: column, message: "the input is not valid in its declared encoding")
    }

    private func dequeue() -> Fix? {
        guard queueHead < queue.count else { return nil }
        let fix = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return fix
    }

    private func fail(_ failure: TrackDecodingError) {
        guard error == nil else { return }
        error = failure
        if let context { xmlStopParser(context) }
    }

    private var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0 }
    private var column: Int { context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 0 }

    private func libraryError(_ e: xmlError) {
        guard e.level == XML_ERR_FATAL, error == nil else { return }
        var message = e.message.map { String(cString: $0) } ?? "not well-formed"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        if message.count > 160 { message = String(message.prefix(160)) + "…" }
        let line = e.line > 0 ? Int(e.line) : nil
        let column = e.int2 > 0 ? Int(e.int2) : nil
        let code: TrackDecodingError.Code
        if terminating && hasUnconvertibleInput(atEnd: true) {
            error = encodingError
            return
        } else if terminating && !rootClosed {
            // Raised by the end of input itself: inside the document, or before its root element.
            code = .truncated
            message =
                rootSeen
                ? "the input ended inside the GPX document (\(message))"
                : "the input ended before the root element (\(message))"
        } else {
            code = .malformedXML
        }
        error = TrackDecodingError(code: code, line: line, column: column, message: message)
    }

    // MARK: SAX callbacks

    private func startElement(
        _ name: UnsafePointer<UInt8>,
        _ uri: UnsafePointer<UInt8>?,
        _ attributeCount: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        depth += 1
        if pointDepth > 0 {
            startInsidePoint(name, uri)
            return
        }
        switch depth {
        case 1:
            rootSeen = true
            rootNamespaceURI = uri
            rootNamespace = GPXNames.namespace(uri)
            guard localName(name) == .gpx, rootNamespace.isGPXOrNone else {
                fail(
                    TrackDecodingError(
                        code: .notGPX, line: line, column: column, field: String(cString: name),
                        message: "the root element is not a GPX 'gpx' element"))
                return
            }
        case 2:
            guard namespace(uri).isGPXOrNone else { return }
            switch localName(name) {
            case .trk: trackDepth = depth
            case .rte: routeDepth = depth
            case .wpt: statistics.skip("waypoint")
            default: break
            }
        case 3:
            guard namespace(uri).isGPXOrNone else { return }
            switch localName(name) {
            case .trkseg where trackDepth == 2: segmentDepth = depth
            case .rtept where routeDepth == 2: statistics.skip("route-point")
            default: break
            }
        case 4:
            guard segmentDepth == 3, localName(name) == .trkpt, namespace(uri).isGPXOrNone else {
                return
            }
            startPoint(attributeCount, attributes)
        default:
            break
        }
    }

    /// The element name's meaning. libxml2 hands every element name over as the same interned string (its
    /// dictionary), so names seen before are recognised by address without comparing their text.
    @inline(__always)
    private func localName(_ name: UnsafePointer<UInt8>) -> GPXNames.Local {
        let slot = Int(bitPattern: UInt(bitPattern: name) >> 3) & (Self.nameSlots - 1)
        if knownNames[slot] == name { return knownMeanings[slot] }
        let meaning = GPXNames.local(name)
        knownNames[slot] = name
        knownMeanings[slot] = meaning
        return meaning
    }

    @inline(__always)
    private func namespace(_ uri: UnsafePointer<UInt8>?) -> GPXNames.Namespace {
        if uri == rootNamespaceURI, !rootClosed { return rootNamespace }
        return GPXNames.namespace(uri)
    }

    private func startPoint(_ attributeCount: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        statistics.recordsRead += 1
        pointDepth = depth
        pointLine = line
        extensionsDepth = 0
        elevation = nil
        time = nil
        hdop = nil
        vdop = nil
        pdop = nil
        satellites = nil
        fixType = nil
        geoidHeight = nil
        speed = nil
        course = nil
        extensionSpeed = nil
        extensionCourse = nil
        var lat: Double?
        var lon: Double?
        var latSeen = false
        var lonSeen = false
        if let attributes {
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            for k in 0..<attributeCount {
                guard let local = attributes[5 * k], attributes[5 * k + 2] == nil,
                    let start = attributes[5 * k + 3], let end = attributes[5 * k + 4]
                else { continue }
                let value = UnsafeBufferPointer(start: start, count: end - start)
                if GPXNames.isAttribute(local, "lat") {
                    latSeen = true
                    lat = JSONNumber.parseWhole(value)
                } else if GPXNames.isAttribute(local, "lon") {
                    lonSeen = true
                    lon = JSONNumber.parseWhole(value)
                }
            }
        }
        guard let lat, (-90.0...90.0).contains(lat) else {
            fail(
                TrackDecodingError(
                    code: .invalidValue, line: line, column: column, field: "lat",
                    message: latSeen
                        ? "the track point's latitude is not a number within ±90°"
                        : "the track point has no latitude"))
            return
        }
        guard let lon, (-180.0...180.0).contains(lon) else {
            fail(
                TrackDecodingError(
                    code: .invalidValue, line: line, column: column, field: "lon",
                    message: lonSeen
                        ? "the track point's longitude is not a number within ±180°"
                        : "the track point has no longitude"))
            return
        }
        latitude = lat
        longitude = lon
    }

    private func startInsidePoint(_ name: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) {
        let local = localName(name)
        guard local != .other else { return }
        let space = namespace(uri)
        var leaf: Leaf?
        if depth == pointDepth + 1, space.isGPXOrNone {
            switch local {
            case .ele: leaf = .ele
            case .time: leaf = .time
            case .hdop: leaf = .hdop
            case .vdop: leaf = .vdop
            case .pdop: leaf = .pdop
            case .sat: leaf = .sat
            case .fix: leaf = .fix
            case .geoidheight: leaf = .geoidheight
            case .speed: leaf = .speed
            case .course: leaf = .course
            case .extensions: extensionsDepth = depth
            default: break
            }
        } else if space.isSpeedExtension || (extensionsDepth > 0 && space.isGPXOrNone) {
            switch local {
            case .speed: leaf = .extSpeed
            case .course: leaf = .extCourse
            default: break
            }
        }
        if let leaf {
            collecting = leaf
            collectDepth = depth
            textCount = 0
            textOverflow = false
        }
    }

    private func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard collecting != nil, depth == collectDepth else { return }
        if textCount + count > Self.textCapacity {
            textOverflow = true
            return
        }
        (text + textCount).update(from: bytes, count: count)
        textCount += count
    }

    private func endElement(_ name: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) {
        defer { depth -= 1 }
        if let leaf = collecting, depth == collectDepth {
            collecting = nil
            finishLeaf(leaf)
            return
        }
        if depth == pointDepth {
            finishPoint()
            return
        }
        if depth == extensionsDepth { extensionsDepth = 0 }
        if depth == segmentDepth { segmentDepth = 0 }
        if depth == trackDepth { trackDepth = 0 }
        if depth == routeDepth { routeDepth = 0 }
        if depth == 1 { rootClosed = true }
    }

    private func finishLeaf(_ leaf: Leaf) {
        let value = UnsafeBufferPointer(start: text, count: textOverflow ? 0 : textCount)
        var valid = true
        switch leaf {
        case .time:
            time = Self.parseTime(value)
            valid = time != nil
        case .sat:
            if let n = JSONNumber.parseWhole(value), n >= 0, n <= 1_000, n.rounded() == n {
                satellites = Int(n)
            } else {
                valid = false
            }
        case .fix:
            fixType = Self.parseFixType(value)
            valid = fixType != nil
        default:
            let number = JSONNumber.parseWhole(value)
            valid = number != nil
            switch leaf {
            case .ele: elevation = number
            case .hdop: hdop = number.flatMap { $0 >= 0 ? $0 : nil }
            case .vdop: vdop = number.flatMap { $0 >= 0 ? $0 : nil }
            case .pdop: pdop = number.flatMap { $0 >= 0 ? $0 : nil }
            case .geoidheight: geoidHeight = number
            case .speed: speed = number
            case .course: course = number
            case .extSpeed: extensionSpeed = number
            case .extCourse: extensionCourse = number
            case .time, .sat, .fix: break
            }
            if let number, number < 0, leaf == .hdop || leaf == .vdop || leaf == .pdop { valid = false }
        }
        if !valid { statistics.reject("invalid-field") }
    }

    private func finishPoint() {
        pointDepth = 0
        extensionsDepth = 0
        var fix = Fix(
            latitude: latitude,
            longitude: longitude,
            altitudeMSL: elevation,
            geoidSeparation: geoidHeight,
            speed: speed ?? extensionSpeed,
            track: course ?? extensionCourse,
            hdop: hdop,
            pdop: pdop,
            vdop: vdop,
            satellitesUsed: satellites,
            sourceLine: pointLine
        )
        fix.time = time
        if let elevation, let geoidHeight { fix.altitudeHAE = elevation + geoidHeight }
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
        queue.append(fix)
        statistics.recordsDecoded += 1
        statistics.fixesDecoded += 1
    }

    // MARK: Values

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
