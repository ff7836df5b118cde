import Ingest
import Testing
import TrackModel

@Suite struct IngestScreenTests {
    let now = novemberFourteenth

    func position(_ latitude: Double, _ longitude: Double, secondsAfterNow: Double = 0) -> IngestPosition {
        IngestPosition(time: now + secondsAfterNow, latitude: latitude, longitude: longitude)
    }

    @Test func refusalsAreCountedByReasonAndTheRestAccepted() {
        let positions = [
            position(52.5, 13.4),
            position(0, 0),
            position(-0.0, 0),
            position(91, 13.4),
            position(52.5, -180.5),
            position(.infinity, 13.4),
            position(.nan, 13.4),
            position(52.5, .nan),
            position(52.5, 13.4, secondsAfterNow: 301),
            position(52.5, 13.4, secondsAfterNow: 300),
            position(-90, 180),
            position(0, 13.4),
        ]
        let screening = IngestScreen().screen(positions, now: now)
        #expect(screening.accepted == [positions[0], positions[9], positions[10], positions[11]])
        #expect(screening.refused == [.nullIsland: 2, .outOfRange: 3, .notANumber: 2, .future: 1])
        #expect(screening.refusedCount == 8)
    }

    @Test func theFutureMarginIsASetting() {
        let early = position(52.5, 13.4, secondsAfterNow: 3_600)
        #expect(IngestScreen().refusal(of: early, now: now) == .future)
        #expect(IngestScreen(futureMargin: 7_200).refusal(of: early, now: now) == nil)
        #expect(
            IngestScreen(futureMargin: 0).refusal(of: position(52.5, 13.4, secondsAfterNow: 1), now: now) == .future)
    }

    /// `lat=NaN` in a query is a position (refused by screening and counted), not an error of the request.
    @Test func notANumberFromAQueryIsScreenedNotAnError() throws {
        let batch = try OsmAndDecoder.decode(IngestRequest(queryString: "id=t&lat=NaN&lon=13.4&timestamp=1700000000"))
        let screening = IngestScreen().screen(batch.positions, now: now)
        #expect(screening.accepted.isEmpty)
        #expect(screening.refused == [.notANumber: 1])
    }

    /// One bad position of a batch does not cost the others.
    @Test func aFirstFixAtNullIslandInABatch() throws {
        let body = """
            {"locations":[\
            {"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{"timestamp":"2023-11-14T22:13:00Z"}},\
            {"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"timestamp":"2023-11-14T22:13:10Z"}}]}
            """
        let batch = try OverlandDecoder.decode(IngestRequest(body: bytes(body), authorization: "Bearer t"))
        let screening = IngestScreen().screen(batch.positions, now: now)
        #expect(screening.accepted.map(\.latitude) == [52.5])
        #expect(screening.refused == [.nullIsland: 1])
    }
}
