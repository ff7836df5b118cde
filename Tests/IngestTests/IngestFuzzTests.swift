import Ingest
import Testing
import TrackModel

/// Thousands of mutated bodies and random queries: every one gives either positions or an error naming a field,
/// never a crash.
@Suite struct IngestFuzzTests {
    /// SplitMix64: a seeded generator, so a failure is reproducible.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Bytes that make JSON, forms and numbers interesting.
    static let interesting: [UInt8] = Array(#"{}[]":,-+.eE0159nultrfa%&=\ "#.utf8) + [0, 0x7F, 0xC3, 0xFF, 0x0A]

    static func mutate(_ seed: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[position] = interesting.randomElement(using: &random)!
            case 1:
                bytes.insert(interesting.randomElement(using: &random)!, at: position)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
                bytes.removeSubrange(position..<end)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...32, using: &random))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            case 4:
                bytes = Array(bytes.prefix(position))
            default:
                if !bytes.isEmpty { bytes[position] = UInt8.random(in: 0...255, using: &random) }
            }
        }
        return bytes
    }

    /// Either positions or an error naming its field; the positions never carry a credential as an attribute.
    static func check(
        _ decode: () throws(IngestError) -> IngestBatch, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        do {
            let batch = try decode()
            #expect(batch.positions.count <= IngestBatch.maximumPositions, sourceLocation: sourceLocation)
            for position in batch.positions {
                #expect(position.time.secondsSince1970.isFinite, sourceLocation: sourceLocation)
                #expect(position.attributes.count <= IngestAttributes.maximumCount, sourceLocation: sourceLocation)
                for key in ["id", "deviceid", "device_id", "token", "_"] {
                    #expect(position.attributes[key] == nil, sourceLocation: sourceLocation)
                }
            }
            return true
        } catch {
            #expect(!error.field.isEmpty, sourceLocation: sourceLocation)
            #expect(error.message.hasPrefix(error.field + " "), sourceLocation: sourceLocation)
            return false
        }
    }

    static let seeds: [(IngestProtocol, String)] = [
        (.osmand, OsmAndDecoderTests.traccarClient9Body),
        (.owntracks, OwnTracksDecoderTests.location),
        (.overland, OverlandDecoderTests.readmeBody),
        (
            .gpslogger,
            "lat=52.5&lon=13.4&sat=9&alt=41.0&acc=6.0&dir=170.8&prov=gps&spd=10.0&timestamp=1700000000&batt=85.0"
        ),
        (.osmand, "id=t&lat=52.5&lon=13.4&timestamp=1700000000&speed=10&bearing=90&batt=80&charge=true"),
    ]

    @Test(arguments: 0..<5)
    func mutatedBodies(seedIndex: Int) {
        let (ingestProtocol, seed) = Self.seeds[seedIndex]
        var random = SeededGenerator(state: UInt64(seedIndex) &* 7_919 &+ 1)
        var decoded = 0
        var refused = 0
        for round in 0..<1_000 {
            let body = Self.mutate(Array(seed.utf8), &random)
            let contentType = round % 3 == 0 ? nil : (round % 3 == 1 ? "application/json" : "text/plain")
            let request = IngestRequest(body: body, contentType: contentType, authorization: "Bearer t")
            if Self.check({ () throws(IngestError) in try ingestProtocol.decode(request) }) {
                decoded += 1
            } else {
                refused += 1
            }
        }
        // The mutations reach both outcomes: some bodies still read, many do not.
        #expect(decoded > 0)
        #expect(refused > 0)
    }

    static let keys = [
        "id", "token", "lat", "lon", "location", "timestamp", "time", "speed", "spd", "bearing", "heading", "dir",
        "altitude", "alt", "accuracy", "acc", "hdop", "batt", "charge", "ischarging", "x", "",
    ]
    static let values = [
        "", "0", "-1", "52.5", "13.4", "NaN", "inf", "-Infinity", "1e400", "1e-400", "abc", "%", "%zz", "%00", "+",
        "1700000000", "1700000000000", "99999999999999999999999", "2023-11-14T22:13:20Z", "2023-13-45T99:99:99Z",
        "52.5,13.4", ",", "true", "maybe", "\u{1B}[31m", "0x10", " 1 ", "1,5",
    ]

    @Test func randomQueries() {
        var random = SeededGenerator(state: 2_026)
        var decoded = 0
        for _ in 0..<2_000 {
            var query: [String] = []
            for _ in 0..<Int.random(in: 0...10, using: &random) {
                query.append(
                    Self.keys.randomElement(using: &random)! + "=" + Self.values.randomElement(using: &random)!)
            }
            let text = query.joined(separator: "&")
            for ingestProtocol in [IngestProtocol.osmand, .gpslogger] {
                let options = IngestOptions(speedUnit: SpeedUnit.allCases.randomElement(using: &random)!)
                if Self.check({ () throws(IngestError) in
                    try ingestProtocol.decode(IngestRequest(queryString: text), options: options)
                }) {
                    decoded += 1
                }
            }
        }
        #expect(decoded > 0)
    }
}
