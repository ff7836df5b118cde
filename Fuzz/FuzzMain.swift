// libFuzzer entry point for Logbook's streaming decoders (see Fuzz/README.md).
//
// The decoder is chosen at compile time: -D FUZZ_NMEA, -D FUZZ_JSON or -D FUZZ_GPX.
// Each input is fed in two or three chunks whose sizes come from its first bytes, and the
// decoder is drained with next()/finish(). Besides crashes and sanitizer reports, the harness
// traps when an invariant breaks:
// - every fix's coordinates are in range and finite,
// - statistics.fixesDecoded equals the fixes returned (JSON, GPX),
// - feeding the same bytes in one chunk gives the same fixes and the same error code (JSON, GPX).
import TrackFormats
import TrackModel

#if FUZZ_GPX
private func makeDecoder() -> GPXDecoder { GPXDecoder() }
private let strictInvariants = true
#elseif FUZZ_JSON
private func makeDecoder() -> GPSDJSONDecoder { GPSDJSONDecoder() }
private let strictInvariants = true
#elseif FUZZ_NMEA
private func makeDecoder() -> NMEADecoder { NMEADecoder() }
private let strictInvariants = false
#else
#error("compile with -D FUZZ_NMEA, -D FUZZ_JSON or -D FUZZ_GPX")
#endif

private struct Outcome: Equatable {
    var fixes: [Fix] = []
    var errorCode: TrackDecodingError.Code?
}

private func check(_ fix: Fix) {
    if let lat = fix.latitude { precondition(lat.isFinite && abs(lat) <= 90, "latitude out of range") }
    if let lon = fix.longitude { precondition(lon.isFinite && abs(lon) <= 180, "longitude out of range") }
    if let t = fix.time { precondition(t.secondsSince1970.isFinite, "time not finite") }
}

private func decode(_ input: UnsafeRawBufferPointer, cuts: [Int]) -> Outcome {
    var decoder = makeDecoder()
    var outcome = Outcome()
    var start = 0
    do throws(TrackDecodingError) {
        for end in cuts + [input.count] where end >= start {
            decoder.append(UnsafeRawBufferPointer(rebasing: input[start..<end]))
            start = end
            while let fix = try decoder.next() {
                check(fix)
                outcome.fixes.append(fix)
            }
        }
        while let fix = try decoder.finish() {
            check(fix)
            outcome.fixes.append(fix)
        }
    } catch {
        outcome.errorCode = error.code
        // The error is sticky: later calls must not crash (they may throw again or return nil).
        _ = try? decoder.next()
        _ = try? decoder.finish()
    }
    if strictInvariants {
        precondition(decoder.statistics.fixesDecoded == outcome.fixes.count, "fixesDecoded differs from fixes returned")
    }
    precondition(decoder.statistics.rejectedTotal >= 0 && decoder.statistics.skippedTotal >= 0)
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    // Two or three chunks, split where the first bytes say.
    var cuts: [Int] = []
    if size >= 2 {
        let a = Int(input[0]) * size / 256
        let b = Int(input[1]) * size / 256
        cuts = a == b ? [a] : [min(a, b), max(a, b)]
    }
    let chunked = decode(input, cuts: cuts)
    if strictInvariants {
        let whole = decode(input, cuts: [])
        precondition(whole == chunked, "output depends on chunking")
    }
    return 0
}
