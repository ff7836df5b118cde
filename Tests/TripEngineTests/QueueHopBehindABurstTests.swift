import Testing

/// Issue 26, round 27 (drivesim shortstops-1hz-31629544, GPX; the fixture is the drive's first 20 minutes, 07:54–08:14,
/// the tags the engine does not read left out). Positions only, a queue: the car stands at a light from 08:06:27, hops
/// about 80 m at up to 11 m/s while a multipath burst puts five fixes 250 m off (08:06:46–50), stands 56 s, hops
/// 200 m, stands, hops again, and drives on at 08:11:25. The gate and the filter refused the burst and the hop's fixes
/// around it (eight in a row), and the first fix used after them stood 83 m on: a departure that only stands, judged
/// when its window (60 s) ran out — and the next hop had begun 4 s before, so its last positions moved and the stand
/// elsewhere (`standsElsewhere`) was not seen. The positions were taken for the stop's scatter, whose radius grew to
/// 138 m and then 343 m; no later hop left it, and the trip was cut at the light (two trips, 4.3 and 1.1 km). A
/// departure whose first point came right after a run of refused fixes is now taken as one after a gap in the fixes:
/// standing beyond twice the stop radius for the departure's confirmation, the vehicle left. Expected figures come from
/// drivesim's truth: `truth.json` for the start (07:55:07.5), its odometer for the way (5,893.8 m to the end of the
/// excerpt) and for when the car last stood (from 08:13:55.1).
@Suite("Positions only: a queue's hop behind a multipath burst")
struct QueueHopBehindABurstTests {
    @Test func aHopBehindABurstLeftTheStop() throws {
        try PositionOnlyStopTests.expectOneTrip(
            inFixture: "drivesim-shortstops-1hz-31629544-queue-burst.gpx", count: 1_203, driven: 5_893.8,
            start: "2025-10-31T07:55:07.500Z", end: "2025-10-31T08:13:55.100Z")
    }
}
