import TrackModel

/// How a source reports its positions, which decides what a silence means.
public enum Reporting: String, Sendable, Hashable, Codable, CaseIterable {
    /// A receiver (gpsd, an NMEA or GPX log): an epoch every period, with a fix or without. A silence of
    /// `EngineConfiguration.powerOffGap` means it was switched off, and the fixes after it are a cold start.
    case continuous
    /// A phone app (Traccar Client, OsmAnd, OwnTracks, Overland, GPSLogger): a point when the phone moved some
    /// distance or some time passed (Traccar Client: 75 m or 300 s), nothing while it stands or has no position.
    /// A silence is no power-off; the first point after one is held until the next confirms it (`HeldFix`).
    case filtered
}

/// A filtered source's first point after a silence, waiting for the next one to confirm it.
struct HeldFix: Sendable, Hashable, Codable {
    var time: Double
    var latitude: Double
    var longitude: Double
    var speed: Double?
    var track: Double?
    var eph: Double?
    var hdop: Double?
    var altitude: Double?
    var threeD: Bool

    init?(_ fix: Fix) {
        guard let time = fix.time?.secondsSince1970, let latitude = fix.latitude, let longitude = fix.longitude else {
            return nil
        }
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        speed = fix.speed
        track = fix.track
        eph = fix.eph
        hdop = fix.hdop
        altitude = fix.altitudeMSL
        threeD = fix.mode == .threeD
    }

    var fix: Fix {
        Fix(
            time: Timestamp(secondsSince1970: time), mode: threeD ? .threeD : .twoD, quality: .gps,
            latitude: latitude, longitude: longitude, altitudeMSL: altitude, speed: speed, track: track, eph: eph,
            hdop: hdop)
    }

    /// Whether a point is reported as precise enough to end a cold start: its `eph` (else its HDOP) within the
    /// cold-start limits, or within half again of what this phone usually reports (`usual`, the `eph` of the points
    /// it used: a phone in a city reports 15–30 m all day, and a wrong point after a silence says more than that).
    /// A point with neither counts as precise.
    /// `slack` widens both limits by that factor.
    static func isPrecise(_ fix: Fix, usual: Double?, _ c: EngineConfiguration, slack: Double = 1) -> Bool {
        if let eph = fix.eph, eph.isFinite, eph > 0 {
            return eph <= slack * max(c.coldStartMaximumEPH, 1.5 * (usual ?? 0))
        }
        if let hdop = fix.hdop, hdop.isFinite, hdop > 0 { return hdop <= slack * c.coldStartMaximumHDOP }
        return true
    }

    /// Whether this point and `next`, seconds apart (`dopplerMaximumInterval`), both report driving (Doppler speed of
    /// `movingSpeed` or more). The Doppler speed comes from the carrier, not from the positions: a phone whose
    /// position wanders in a street canyon (tens of metres, a point every few seconds) reports it standing.
    func bothMoving(with next: Fix, _ c: EngineConfiguration) -> Bool {
        guard let v1 = speed, let v2 = next.speed, let t = next.time?.secondsSince1970, t > time else { return false }
        return v1 >= c.movingSpeed && v2 >= c.movingSpeed && t - time <= c.dopplerMaximumInterval
    }

    /// Whether `next` agrees with this point: the way between them is what their speeds say (when they are seconds
    /// apart), a vehicle that stood at both ends stayed where it was (a phone standing sends no point unless its
    /// position wandered off), and no vehicle could be faster — each within both points' errors.
    func confirmed(by next: Fix, _ c: EngineConfiguration) -> Bool {
        guard let t = next.time?.secondsSince1970, let lat = next.latitude, let lon = next.longitude, t > time else {
            return false
        }
        let dt = t - time
        let moved = hop(latitude, longitude, lat, lon)
        let allowance =
            3 * (FixGate.sigma(eph: eph, hdop: hdop, c) + FixGate.sigma(eph: next.eph, hdop: next.hdop, c)) + 5
        guard moved <= c.maximumSpeed * dt + allowance else { return false }
        guard let v1 = speed, let v2 = next.speed, v1.isFinite, v2.isFinite else { return true }
        if dt <= c.dopplerMaximumInterval {
            let expected = (v1 + v2) / 2 * dt
            return abs(moved - expected) <= allowance + 0.3 * expected
        }
        if v1 < c.stoppedSpeed, v2 < c.stoppedSpeed {
            return moved <= allowance + 2 * c.stationaryRadius
        }
        return true
    }
}
