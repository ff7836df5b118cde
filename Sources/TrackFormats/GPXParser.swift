internal import CLibXML2
import TrackModel

/// The first stage of `GPXDecoder`: a libxml2 push-parser context and the SAX2 callbacks' state, which gather each
/// track point's attributes and leaf texts into a `GPXPointBatch` (converted to a fix by `GPXPointConverter`).
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
    /// Text gathered for one leaf element (or attribute), in bytes.
    static let textCapacity = 256
    /// Text gathered for one point, in bytes: room for every field at full length. A point whose leaves repeat so
    /// often that they need more has the surplus fields counted as unreadable.
    static let pointTextCapacity = 4_096

    /// What scanning counted: points read, waypoints and route points skipped.
    @exclusivity(unchecked) private(set) var statistics = DecodeStatistics()

    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    /// Bytes appended and not yet handed to libxml2: `pending[pendingIndex...]`.
    @exclusivity(unchecked) private var pending: [UInt8] = []
    @exclusivity(unchecked) private var pendingIndex = 0
    /// Scanned points not yet returned: `queue[queueHead...]`.
    @exclusivity(unchecked) private(set) var queue = GPXPointBatch()
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
    @exclusivity(unchecked) private var extensionsDepth = 0
    /// The point being read; its text gathers in `text` (`textCount` bytes).
    @exclusivity(unchecked) private var point = GPXPointHeader(line: 0, column: 0)

    // MARK: Names

    private static let nameSlots = 32
    /// A small table from interned element-name addresses to their meaning (`localName`).
    @exclusivity(unchecked) private var knownNames = [UnsafePointer<UInt8>?](repeating: nil, count: nameSlots)
    @exclusivity(unchecked) private var knownMeanings = [GPXNames.Local](repeating: .other, count: nameSlots)

    // MARK: Text

    private typealias Field = GPXPointHeader.Field
    @exclusivity(unchecked) private var collecting: Field?
    @exclusivity(unchecked) private var collectDepth = 0
    /// Where the collected field's text starts in `text`.
    @exclusivity(unchecked) private var fieldStart = 0
    @exclusivity(unchecked) private var fieldOverflow = false
    private let text: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var textCount = 0

    /// libxml2's process-wide initialisation, done once (`xmlInitParser` is not safe to race).
    private static let libraryInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    init() {
        text = .allocate(capacity: Self.pointTextCapacity)
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

    /// The index in `queue` of the next point (the caller converts it), feeding libxml2 whole slices of the
    /// appended input as needed; nil when more input is needed. The parser's fault is thrown once the points before
    /// it have been taken.
    func next() throws(TrackDecodingError) -> Int? {
        while true {
            if let index = dequeue() { return index }
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

    /// After the input has ended: like `next()`, feeding what is left and ending the document.
    func finish() throws(TrackDecodingError) -> Int? {
        while true {
            if let index = try next() { return index }
            if terminated { return nil }
            if pendingIndex < pending.count {
                feed(pending.count - pendingIndex)
                continue
            }
            end()
        }
    }

    /// Hands over the next chunk and moves the points it completes into `batch`, in order. Whole slices of `bytes` go
    /// to libxml2 where they lie: only a slice the chunk leaves unfinished is copied. The slices are the same as
    /// `next()`'s (fixed offsets of the input), so the points are too. The parser's fault is thrown after the points
    /// before it have been moved.
    func scan(_ bytes: UnsafeRawBufferPointer, into batch: inout GPXPointBatch) throws(TrackDecodingError) {
        try take(into: &batch)
        guard !terminated, error == nil, bytes.count > 0 else { return }
        var rest = bytes
        let held = pending.count - pendingIndex
        if held > 0 {
            // Complete the slice begun by an earlier chunk.
            let needed = min(rest.count, Self.feedSize - held)
            append(UnsafeRawBufferPointer(rebasing: rest[..<needed]))
            rest = UnsafeRawBufferPointer(rebasing: rest[needed...])
            if pending.count - pendingIndex >= Self.feedSize { feed(Self.feedSize) }
            try take(into: &batch)
            guard pending.count == pendingIndex else { return }
        }
        while rest.count >= Self.feedSize {
            parse(rest.baseAddress!.assumingMemoryBound(to: CChar.self), Self.feedSize, terminate: false)
            rest = UnsafeRawBufferPointer(rebasing: rest[Self.feedSize...])
            try take(into: &batch)
        }
        compactPending()
        append(rest)
    }

    /// After the input has ended: feeds what is left, ends the document and moves the last points into `batch`.
    func finishScan(into batch: inout GPXPointBatch) throws(TrackDecodingError) {
        try take(into: &batch)
        guard !terminated else { return }
        if pendingIndex < pending.count { feed(pending.count - pendingIndex) }
        try take(into: &batch)
        end()
        try take(into: &batch)
    }

    /// Moves the queued points into `batch` (by swapping storage when `batch` is empty); then throws the fault, if any.
    private func take(into batch: inout GPXPointBatch) throws(TrackDecodingError) {
        if queueHead == 0, batch.count == 0 {
            swap(&queue, &batch)
        } else {
            batch.append(contentsOf: queue, from: queueHead)
        }
        queue.clear()
        queueHead = 0
        if let error { throw error }
    }

    /// Ends the document (the input is over).
    private func end() {
        terminated = true
        terminating = true
        parse(nil, 0, terminate: true)
        terminating = false
        if error == nil, !rootClosed {
            // libxml2 always reports an unfinished document; this is a safety net.
            error = TrackDecodingError(code: .truncated, message: "the input ended inside the GPX document")
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

    private func dequeue() -> Int? {
        guard queueHead < queue.count else {
            if queueHead > 0 {
                queue.clear()
                queueHead = 0
            }
            return nil
        }
        queueHead += 1
        return queueHead - 1
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
        extensionsDepth = 0
        point = GPXPointHeader(line: line, column: column)
        textCount = 0
        guard let attributes else { return }
        // Five pointers per attribute: local name, prefix, URI, value start, value end.
        for k in 0..<attributeCount {
            guard let local = attributes[5 * k], attributes[5 * k + 2] == nil,
                let start = attributes[5 * k + 3], let end = attributes[5 * k + 4]
            else { continue }
            let field: Field
            if GPXNames.isAttribute(local, "lat") {
                field = .lat
            } else if GPXNames.isAttribute(local, "lon") {
                field = .lon
            } else {
                continue
            }
            beginField(field)
            gather(start, end - start)
            endField(field)
        }
    }

    private func startInsidePoint(_ name: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) {
        let local = localName(name)
        guard local != .other else { return }
        let space = namespace(uri)
        var leaf: Field?
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
            beginField(leaf)
        }
    }

    /// Starts gathering a field's text at the end of the point's text so far.
    @inline(__always)
    private func beginField(_ field: Field) {
        fieldStart = textCount
        fieldOverflow = textCount + Self.textCapacity > Self.pointTextCapacity
    }

    @inline(__always)
    private func gather(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard !fieldOverflow else { return }
        if textCount - fieldStart + count > Self.textCapacity {
            fieldOverflow = true
            return
        }
        (text + textCount).update(from: bytes, count: count)
        textCount += count
    }

    /// Records the field's text (the last one wins when a field repeats).
    @inline(__always)
    private func endField(_ field: Field) {
        point.present |= field.bit
        if fieldOverflow {
            point.overflowed |= field.bit
            textCount = fieldStart
        } else {
            point.overflowed &= ~field.bit
            point.starts[field.rawValue] = UInt16(truncatingIfNeeded: fieldStart)
            point.lengths[field.rawValue] = UInt16(truncatingIfNeeded: textCount - fieldStart)
        }
    }

    private func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard collecting != nil, depth == collectDepth else { return }
        gather(bytes, count)
    }

    private func endElement(_ name: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) {
        defer { depth -= 1 }
        if let leaf = collecting, depth == collectDepth {
            collecting = nil
            endField(leaf)
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

    private func finishPoint() {
        pointDepth = 0
        extensionsDepth = 0
        queue.append(point, text: text, count: textCount)
    }
}
