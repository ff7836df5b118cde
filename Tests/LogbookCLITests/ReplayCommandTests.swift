import Foundation
import LogbookTestSupport
import Testing
import TrackModel

/// `logbook replay` end to end: the built executable on ground-truth drives, checked against the
/// exact truth the drives were generated from (not against the engine's own earlier output).
@Suite(.serialized)
struct ReplayCommandTests {
    struct TruthTrip {
        var start: Double
        var end: Double
        var distance: Double
    }

    static func seconds(_ iso: String) -> Double {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: iso)!.timeIntervalSince1970
    }

    static func truth(_ drive: String) throws -> (total: Double, trips: [TruthTrip]) {
        let data = try Data(contentsOf: Fixtures.url("groundtruth/\(drive)/truth.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]]).map {
            TruthTrip(
                start: seconds($0["start"] as! String), end: seconds($0["end"] as! String),
                distance: $0["distance_m"] as! Double)
        }
        return (object["distance_m"] as! Double, trips)
    }

    func replayJSON(_ arguments: [String]) throws -> (object: [String: Any], result: CLIRunner.Result) {
        let result = try CLIRunner.run(["replay", "--format", "json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (object, result)
    }

    /// `--source phone`: the points a phone app would have sent of a ground-truth drive (`logbook fixes` of the
    /// receiver's NMEA, thinned to one after 75 m or 300 s, the position's error as the accuracy in metres, no HDOP)
    /// replay as `logbook serve` takes a phone's: a silence is no power-off, so only points reported as imprecise are
    /// refused as a cold start's, the trips are all there and the total is within the phone's 2 %. As a receiver's,
    /// the first points after each of the phone's silences are refused, precise or not. (Trip ends
    /// estimated from a phone's last point before a silence are still up to two minutes off: Benchmarks/README.)
    @Test func phonePointsReplayAsAPhoneApps() throws {
        let drive = "delivery-0.2hz"
        let truth = try Self.truth(drive)
        let decoded = try CLIRunner.run([
            "fixes", "--format", "json", Fixtures.url("groundtruth/\(drive)/track.nmea.gz").path,
        ])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        var points: [String] = []
        var last: (time: Double, lat: Double, lon: Double)?
        for line in decoded.stdout.split(separator: "\n") {
            guard var tpv = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let lat = tpv["lat"] as? Double, let lon = tpv["lon"] as? Double, let time = tpv["time"] as? String,
                let hdop = tpv["hdop"] as? Double
            else { continue }
            let t = Self.seconds(time)
            if let last, t - last.time < 300, Self.metres(last.lat, last.lon, lat, lon) < 75 { continue }
            last = (t, lat, lon)
            tpv["eph"] = hdop * 4
            for key in ["hdop", "pdop", "vdop", "status"] { tpv.removeValue(forKey: key) }
            points.append(String(decoding: try JSONSerialization.data(withJSONObject: tpv), as: UTF8.self))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("phone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("phone.jsonl")
        try (points.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

        let (phone, _) = try replayJSON(["--source", "phone", file.path])
        let trips = try #require(phone["trips"] as? [[String: Any]])
        #expect(trips.count == truth.trips.count)
        let total = try #require(phone["distance_m"] as? Double)
        #expect(abs(total - truth.total) / truth.total <= 0.02, "total \(total) vs \(truth.total)")
        for (got, want) in zip(trips, truth.trips) {
            #expect(abs(Self.seconds(got["start"] as! String) - want.start) <= 120)
            #expect(abs(Self.seconds(got["end"] as! String) - want.end) <= 120)
        }
        // Points reported as imprecise (a receiver's cold starts at the beginning and after each power-off of the box
        // the drive was recorded with): the phone's may be refused as a cold start's, no other.
        let imprecise = points.filter { line in
            let tpv = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (tpv?["eph"] as? Double ?? 0) > 12
        }.count
        let phoneRejected = (phone["fixes"] as? [String: Any])?["rejected"] as? [String: Any]
        #expect((phoneRejected?["cold-start"] as? Int ?? 0) <= imprecise, "\(phoneRejected ?? [:]), \(imprecise)")

        let (receiver, _) = try replayJSON([file.path])
        let receiverRejected = (receiver["fixes"] as? [String: Any])?["rejected"] as? [String: Any]
        #expect((receiverRejected?["cold-start"] as? Int ?? 0) > imprecise, "\(receiverRejected ?? [:]), \(imprecise)")
    }

    /// The distance between two positions on a sphere of the Earth's mean radius, metres (good to 0.5 % for the
    /// phone's 75 m filter).
    static func metres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = 6_371_008.8
        let p1 = lat1 * .pi / 180
        let p2 = lat2 * .pi / 180
        let dp = p2 - p1
        let dl = (lon2 - lon1) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * r * asin(min(1, a.squareRoot()))
    }

    @Test(arguments: [
        ("delivery-0.2hz", "track.nmea.gz", 1.0), ("delivery-0.2hz", "track.gpx.gz", 2.0),
        ("shortstops-1hz", "track.nmea.gz", 1.0),
    ])
    func tripsMatchTheGroundTruth(drive: String, file: String, tolerancePercent: Double) throws {
        let truth = try Self.truth(drive)
        let (object, _) = try replayJSON([Fixtures.url("groundtruth/\(drive)/\(file)").path])
        let trips = try #require(object["trips"] as? [[String: Any]])
        #expect(trips.count == truth.trips.count)
        let total = try #require(object["distance_m"] as? Double)
        #expect(abs(total - truth.total) / truth.total * 100 <= tolerancePercent, "total \(total) vs \(truth.total)")
        for (got, want) in zip(trips, truth.trips) {
            let start = Self.seconds(got["start"] as! String)
            let end = Self.seconds(got["end"] as! String)
            #expect(abs(start - want.start) <= 60, "start off by \(start - want.start) s")
            #expect(abs(end - want.end) <= 60, "end off by \(end - want.end) s")
            let distance = got["distance_m"] as! Double
            // Per trip the bar is looser than for the total: one outage can be a larger share of a short trip.
            #expect(abs(distance - want.distance) / want.distance * 100 <= 2 * tolerancePercent)
        }
    }

    @Test func jsonHasTheContractFields() throws {
        let (object, _) = try replayJSON([Fixtures.url("groundtruth/shortstops-1hz/track.nmea.gz").path])
        let trip = try #require((object["trips"] as? [[String: Any]])?.first)
        for key in [
            "start", "end", "distance_m", "duration_s", "moving_s", "idle_s", "max_speed_mps", "avg_speed_mps",
            "start_lat", "start_lon", "end_lat", "end_lon", "fixes_used",
        ] {
            #expect(trip[key] != nil, "trip lacks \(key)")
        }
        let fixes = try #require(object["fixes"] as? [String: Any])
        let read = try #require(fixes["read"] as? Int)
        let used = try #require(fixes["used"] as? Int)
        let rejected = try #require(fixes["rejected"] as? [String: Int])
        #expect(read == used + rejected.values.reduce(0, +))
        // Short stops stay inside the trip as idle time.
        #expect((trip["idle_s"] as? Double ?? 0) > 0)
        let duration = try #require(trip["duration_s"] as? Double)
        let moving = try #require(trip["moving_s"] as? Double)
        let idle = try #require(trip["idle_s"] as? Double)
        #expect(abs(duration - moving - idle) < 0.2)
    }

    @Test func filesAreOneStreamInTheOrderGiven() throws {
        // The same drive cut in two files gives the same trips as the whole file.
        let dir = try TemporaryDirectory()
        let whole = Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path
        let text = try CLIRunner.run(["fixes", "--format", "json", whole]).stdout
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count > 1_000)
        let half = lines.count / 2
        let a = try dir.write("a.jsonl", Array((lines[..<half].joined(separator: "\n") + "\n").utf8))
        let b = try dir.write("b.jsonl", Array((lines[half...].joined(separator: "\n") + "\n").utf8))
        let split = try replayJSON([a, b]).object
        let one = try replayJSON([try dir.write("all.jsonl", Array(text.utf8))]).object
        #expect((split["trips"] as? [[String: Any]])?.count == (one["trips"] as? [[String: Any]])?.count)
        #expect(split["distance_m"] as? Double == one["distance_m"] as? Double)
    }

    @Test func garbageInTheMiddleStillYieldsTheTripsAroundIt() throws {
        let dir = try TemporaryDirectory()
        let original = try replayJSON([Fixtures.url("groundtruth/shortstops-1hz/track.nmea.gz").path]).object
        // Splice 50 kB of random bytes into the middle of the NMEA text.
        let plainPath = try dir.write(
            "t.nmea.gz", try Data(contentsOf: Fixtures.url("groundtruth/shortstops-1hz/track.nmea.gz")))
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-dk", plainPath]
        try gunzip.run()
        gunzip.waitUntilExit()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path("t.nmea"))))
        var rng = SeededGenerator(seed: 42)
        let garbage = (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        bytes.insert(contentsOf: garbage, at: bytes.count / 2)
        let damaged = try dir.write("damaged.nmea", bytes)
        let result = try replayJSON([damaged]).object
        #expect((result["trips"] as? [[String: Any]])?.count == (original["trips"] as? [[String: Any]])?.count)
        let before = try #require(original["distance_m"] as? Double)
        let after = try #require(result["distance_m"] as? Double)
        // At most the fixes hit by the garbage (a second or two of driving) are lost.
        #expect(abs(before - after) < 100)
    }

    @Test func tableShowsLocalTimesKilometresAndTotals() throws {
        let path = Fixtures.url("groundtruth/shortstops-1hz/track.nmea.gz").path
        let utc = try CLIRunner.run(["replay", "--timezone", "UTC", path])
        let tallinn = try CLIRunner.run(["replay", "--timezone", "Europe/Tallinn", path])
        #expect(utc.status == 0 && tallinn.status == 0)
        // truth: 2026-04-17T00:25:47.6Z, 19825.85 m → 19.8 km; Tallinn is UTC+3 in April (EEST).
        #expect(utc.stdout.contains("2026-04-17 00:25"))
        #expect(tallinn.stdout.contains("2026-04-17 03:25"))
        #expect(utc.stdout.contains("19.8 km"))
        #expect(utc.stdout.contains("Total"))
        #expect(utc.stdout.contains("times in UTC"))
    }

    @Test func csvHasAHeaderAndOneRowPerTrip() throws {
        let result = try CLIRunner.run(
            ["replay", "--format", "csv", Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path])
        let rows = result.stdout.split(separator: "\r\n")
        #expect(rows.first?.hasPrefix("start,end,distance_m,duration_s") == true)
        #expect(rows.count == 1 + (try Self.truth("delivery-0.2hz").trips.count))
    }

    @Test func trackOutWritesOneSegmentPerTrip() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("trips.gpx")
        let result = try CLIRunner.run(
            ["replay", "--track-out", out, Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path])
        #expect(result.status == 0, "\(result.stderr)")
        let gpx = try String(contentsOfFile: out, encoding: .utf8)
        #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == (try Self.truth("delivery-0.2hz").trips.count))
        // The written track reads back as a GPX file.
        let back = try CLIRunner.run(["fixes", "--format", "csv", out])
        #expect(back.status == 0)
        #expect(back.stdout.split(separator: "\r\n").count > 100)
    }

    @Test func configurationChangesTheParkingThreshold() throws {
        let dir = try TemporaryDirectory()
        let config = try dir.write("logbook.toml", Array("[engine]\nparking_threshold = 86400\n".utf8))
        let path = Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path
        let merged = try replayJSON(["--config", config, path]).object
        let normal = try replayJSON([path]).object
        // With a day-long parking threshold only the power-off gaps (longer than 300 s) still cut trips.
        let mergedCount = try #require((merged["trips"] as? [[String: Any]])?.count)
        let normalCount = try #require((normal["trips"] as? [[String: Any]])?.count)
        #expect(mergedCount < normalCount)
    }

    @Test func badConfigurationIsReportedWithItsLine() throws {
        let dir = try TemporaryDirectory()
        let config = try dir.write("bad.toml", Array("[engine]\nparking_threshold = \n".utf8))
        let result = try CLIRunner.run(["replay", "--config", config, dir.path("x.nmea")])
        #expect(result.status == 78)
        #expect(result.stderr.contains("bad.toml:2:"))
        let wrongType = try dir.write("type.toml", Array("[engine]\nmoving_speed = \"fast\"\n".utf8))
        let typed = try CLIRunner.run(["replay", "--config", wrongType, dir.path("x.nmea")])
        #expect(typed.status == 78)
        #expect(typed.stderr.contains("moving_speed"))
    }

    @Test func aMissingFileIsReportedButTheOthersStillCount() throws {
        let dir = try TemporaryDirectory()
        let result = try CLIRunner.run([
            "replay", "--format", "json", dir.path("missing.nmea"),
            Fixtures.url("groundtruth/shortstops-1hz/track.nmea.gz").path,
        ])
        #expect(result.status == 66)
        #expect(result.stderr.contains("missing.nmea: cannot open"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["trips"] as? [[String: Any]])?.count == 1)
    }

    /// Nothing read (every file missing, or bad from its first line): the errors and the exit status only, no empty
    /// result on stdout that would read as a drive without trips, in any format.
    @Test(arguments: ["table", "json", "csv"])
    func nothingReadPrintsNoResult(format: String) throws {
        let dir = try TemporaryDirectory()
        let bad = try dir.write("bad.jsonl", Array("{\"class\":\"TPV\",\"mode\":3,\"lat\":95,\"lon\":11}\n".utf8))
        let missing = try CLIRunner.run(["replay", "--format", format, dir.path("missing.nmea")])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("missing.nmea: cannot open"))
        #expect(missing.stdout.isEmpty, "\(missing.stdout)")
        let both = try CLIRunner.run(["replay", "--format", format, dir.path("missing.nmea"), bad])
        #expect(both.status == 66)
        #expect(both.stderr.contains("bad.jsonl") && both.stderr.contains("'lat'"))
        #expect(both.stdout.isEmpty, "\(both.stdout)")
    }

    /// The same generated drive as NMEA (with Doppler speed) and as GPX without `<fix>` or speed:
    /// one trip either way, the distances within 2 % of each other.
    @Test func sampleDriveGivesTheSameTripFromNMEAAndGPX() throws {
        let nmea = try replayJSON([Fixtures.packageRoot.appendingPathComponent("SampleTracks/commute.nmea").path])
            .object
        let gpx = try replayJSON([Fixtures.packageRoot.appendingPathComponent("SampleTracks/commute.gpx").path]).object
        #expect((nmea["trips"] as? [[String: Any]])?.count == 1)
        #expect((gpx["trips"] as? [[String: Any]])?.count == 1)
        let a = try #require(nmea["distance_m"] as? Double)
        let b = try #require(gpx["distance_m"] as? Double)
        #expect(a > 10_000)
        #expect(abs(a - b) / a < 0.02)
    }

    @Test func usageErrors() throws {
        #expect(try CLIRunner.run(["replay"]).status == 64)
        #expect(try CLIRunner.run(["replay", "--timezone", "Mars/Olympus", "x"]).status == 64)
        #expect(try CLIRunner.run(["replay", "--track-out", "x.txt", "x"]).status == 64)
    }
}

/// Issue 26: a trip whose end the engine estimated says so in the JSON (`"estimated": ["end"]`); trips it saw
/// whole have no such field.
@Suite struct ReplayEstimatedEndsTests {
    /// gpsd TPV lines: 60 s standing, 60 s north at 14 m/s, 40 s without a fix (into a garage, still at
    /// 14 m/s: 560 m), the box off for 20 min, then 400 s standing where the car got to.
    static func garageDrive() -> String {
        var lines: [String] = []
        var t = 1_760_000_000.0
        var lat = 48.0
        let lon = 11.0
        let metresPerDegree = 111_200.0
        func tpv(_ speed: Double) {
            let time = Timestamp(secondsSince1970: t).iso8601
            lines.append(
                "{\"class\":\"TPV\",\"mode\":3,\"time\":\"\(time)\",\"lat\":\(lat),\"lon\":\(lon),\"speed\":\(speed),"
                    + "\"track\":0,\"eph\":5}")
        }
        for _ in 0..<60 {
            t += 1
            tpv(0)
        }
        for _ in 0..<60 {
            t += 1
            lat += 14 / metresPerDegree
            tpv(14)
        }
        for _ in 0..<40 {
            t += 1
            lat += 14 / metresPerDegree
            lines.append("{\"class\":\"TPV\",\"mode\":1,\"time\":\"\(Timestamp(secondsSince1970: t).iso8601)\"}")
        }
        t += 1_200
        for _ in 0..<400 {
            t += 1
            tpv(0)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func anEstimatedEndIsMarked() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("garage.jsonl", Array(Self.garageDrive().utf8))
        let result = try CLIRunner.run(["replay", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        #expect(trips.count == 1)
        guard let trip = trips.first else { return }
        #expect(trip["estimated"] as? [String] == ["end"], "\(trip)")
        // 840 m driven before the fix was lost and 560 m after it.
        let distance = try #require(trip["distance_m"] as? Double)
        #expect(abs(distance - 1_400) < 30, "\(distance) m")
        // Every field of the contract is still there.
        for key in ["start", "end", "distance_m", "duration_s", "fixes_used", "start_lat", "end_lon"] {
            #expect(trip[key] != nil, "\(key)")
        }
    }

    /// Round 26: the stored trip says so too — `trips list` JSON (`GET /api/v1/trips` encodes the same view), its CSV's
    /// last column and the table's flags, as the report does. A trip seen whole has an empty list.
    @Test func aStoredTripKeepsItsEstimatedEnd() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        let garage = try dir.write("garage.jsonl", Array(Self.garageDrive().utf8))
        let whole = Fixtures.url("groundtruth/shortstops-1hz/track.nmea.gz").path
        for args in [
            ["vehicles", "add", "--plate", "B-LB 26"], ["import", garage], ["import", whole],
        ] {
            let run = try CLIRunner.run(args + ["--database", database])
            #expect(run.status == 0, "\(args): \(run.stderr)")
        }
        let listed = try CLIRunner.run(["trips", "list", "--format", "json", "--database", database])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        #expect(trips.count == 2)
        // The garage drive's trip, and the ground-truth drive's, seen whole.
        let marks = trips.map { $0["estimated"] as? [String] }
        #expect(marks.filter { $0 == ["end"] }.count == 1 && marks.filter { $0 == [] }.count == 1, "\(marks)")

        let csv = try CLIRunner.run(["trips", "list", "--format", "csv", "--database", database])
        let rows = csv.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.first?.hasSuffix(",distance,distance_unit,estimated") == true, "\(rows.first ?? "")")
        let body = rows.dropFirst()
        #expect(body.count == 2, "\(rows)")
        #expect(body.filter { $0.hasSuffix(",km,end") }.count == 1 && body.filter { $0.hasSuffix(",km,") }.count == 1)

        let table = try CLIRunner.run(["trips", "list", "--database", database])
        #expect(table.stdout.contains("≈end"), "\(table.stdout)")
    }

    @Test func tripsSeenWholeHaveNoEstimatedField() throws {
        let path = Fixtures.url("groundtruth/shortstops-1hz/track.nmea.gz").path
        let result = try CLIRunner.run(["replay", "--format", "json", path])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\"estimated\""))
    }
}
