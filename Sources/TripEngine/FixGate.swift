import Geodesy
import TrackModel

/// A fix that passed the gates: the engine's unit of work.
struct Sample: Sendable, Hashable, Codable {
    var time: Double
    /// The position as reported.
    var latitude: Double
    var longitude: Double
    /// Doppler speed, m/s, when the source reported it.
    var doppler: Double?
    /// Course over ground, degrees, when reported.
    var course: Double?
    /// One-sigma horizontal error, metres, from eph or HDOP (a default when neither is given).
    var sigma: Double
}

/// The acceptance gates every fix passes before it reaches the motion logic: fix mode, reported
/// error, time order, cold start after power-on, and physical plausibility against the last
/// accepted fix — with recovery when it was the last accepted fix that was wrong.
struct FixGate: Sendable, Hashable, Codable {
    enum Verdict {
        case accept(Sample)
        /// Accept, and the previous anchor was wrong: do not join this sample to the one before.
        case reanchor(Sample)
        case reject(RejectionReason)
    }

    /// Latest epoch time seen (any fix with a time, usable or not).
    var lastEpochTime: Double?
    /// When the receiver was last powered on (first epoch after `powerOffGap` of silence).
    var powerOnTime: Double?
    /// The last epoch before that silence, when it carried no fix: the receiver was on without a fix
    /// until the box was switched off (which a box on the ignition does when the vehicle has arrived).
    var powerOffWithoutFix: Double?
    /// Whether the latest epoch carried no fix.
    var lastEpochWithoutFix: Bool?
    /// The latest epoch that carried no fix (an outage: a tunnel, a garage).
    var lastEpochWithoutFixTime: Double?
    /// The last accepted sample.
    var anchor: Sample?
    /// Consecutive samples refused as implausible from the anchor but consistent with each other.
    var suspects: [Sample] = []
    /// Doppler speeds of the fixes refused during the current cold start: their positions are
    /// garbage but their speeds are not, so the distance driven before the first good position
    /// can still be measured.
    var coldStartSpeeds: [TimedSpeed] = []

    /// Whether the receiver has settled since power-on, and how many good fixes in a row so far.
    var settled = true
    var settledRun = 0
    /// The fixes of the last few seconds of the cold start, to compare their motion with the Doppler
    /// speeds over at least a second (a checkpoint of state version 1 has none: `nil`).
    var coldStartTrail: [ColdStartFix]?
    /// Doppler speeds of the fixes refused as jumps (here) or as outliers (by the engine's filter) lately: their
    /// positions were wrong (a multipath jump the receiver held), their speeds were not. The engine measures the way
    /// between two fixes they join by them, and drops those older than it may need (`nil` when there are none, and
    /// in a checkpoint of before).
    var refusedSpeeds: [TimedSpeed]?

    struct ColdStartFix: Sendable, Hashable, Codable {
        var time: Double
        var latitude: Double
        var longitude: Double
        var speed: Double
    }

    struct TimedSpeed: Sendable, Hashable, Codable {
        var time: Double
        var speed: Double
    }

    /// - Parameter powerCycles: whether a silence of `powerOffGap` means the receiver was off (a receiver reports
    ///   every epoch; a phone app, which sends a point only when it moved or some time passed, is never seen off).
    mutating func check(_ fix: Fix, _ c: EngineConfiguration, powerCycles: Bool = true) -> Verdict {
        guard let time = fix.time?.secondsSince1970 else { return .reject(.noTime) }
        if let last = lastEpochTime {
            if time == last { return .reject(.duplicate) }
            if time < last { return .reject(.outOfOrder) }
            if powerCycles, time - last >= c.powerOffGap {
                powerOffWithoutFix = lastEpochWithoutFix == true ? last : nil
                // A silence before the receiver settled from its power-on keeps that power-on: the box has been on
                // since (a cold start that lost the fix again, where a source logs nothing without one, looks so).
                // Past the cold-start window too, where the silence is shorter than a parking and the source never
                // logged an epoch without a fix (GPX): the vehicle drove off at the power-on and through an outage, and
                // a box switched off again so soon after it was switched on, before it stood a parking, tells nothing
                // the trip would not.
                let keepsPowerOn =
                    !settled
                    && powerOnTime.map {
                        time - $0 < c.coldStartWindow
                            || (lastEpochWithoutFixTime == nil && time - last < c.parkingThreshold)
                    } ?? false
                if !keepsPowerOn {
                    powerOnTime = time
                    coldStartSpeeds = []
                }
                settled = false
                settledRun = 0
                coldStartTrail = nil
            }
        } else if powerCycles {
            powerOnTime = time
            settled = false
        }
        lastEpochTime = time
        lastEpochWithoutFix = fix.mode == .noFix || fix.latitude == nil || fix.longitude == nil
        if lastEpochWithoutFix == true { lastEpochWithoutFixTime = time }

        // A source that does not state the mode (GPX without <fix>) counts by its position.
        guard fix.mode != .noFix, let latitude = fix.latitude, let longitude = fix.longitude,
            latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
        else { return .reject(.noFix) }
        if c.requireThreeD && fix.mode == .twoD { return .reject(.twoD) }
        if let eph = fix.eph, eph > c.maximumEPH { return .reject(.largeError) }
        if let hdop = fix.hdop, hdop > c.maximumHDOP { return .reject(.largeError) }
        if !settled, let on = powerOnTime, time - on < c.coldStartWindow {
            // After power-on the receiver has settled once it gave three fixes in a row that are reported
            // as precise (eph where the source gives it, else HDOP) or, where it reports Doppler speed, whose
            // positions move as the speed says: a cold start's positions converge from far off and race ahead
            // of (or behind) the wheels, while an error figure may be a constant that gpsd derives from a DOP,
            // or a receiver's optimistic guess, and say nothing about convergence. So where the speeds can be
            // compared they decide, for a fix reported as precise within its noise. Until then every fix
            // counts as cold-start garbage.
            var good = true
            if let eph = fix.eph {
                good = eph <= c.coldStartMaximumEPH
            } else if let hdop = fix.hdop {
                good = hdop <= c.coldStartMaximumHDOP
            }
            // The motion is compared over a second or more: between fixes a fifth of a second apart a
            // converging position moves by less than the noise. A receiver that logs a fix every five seconds
            // is compared from one fix to the next (`coldStartTrailSpan`): else its fixes are never compared, and
            // three reported as precise settle it while they still converge from hundreds of metres off.
            var trail = coldStartTrail ?? []
            let precise = good
            // A fix less than a second after the trail's first cannot be compared yet (a receiver logging five fixes a
            // second): it neither counts towards settling nor breaks a run, else three of them reported as precise
            // settle a cold start within half a second, on its first garbage position.
            let speed = fix.speed.flatMap { $0.isFinite ? $0 : nil }
            let reference = trail.lastIndex { time - $0.time >= 1 }
            let uncompared = speed != nil && !trail.isEmpty && reference == nil
            if let speed, let reference, time - trail[reference].time <= Self.coldStartTrailSpan {
                let from = trail[reference]
                let moved = hop(from.latitude, from.longitude, latitude, longitude)
                var expected = 0.0
                var previous = from
                for q in trail[(reference + 1)...] {
                    expected += (previous.speed + q.speed) / 2 * (q.time - previous.time)
                    previous = q
                }
                expected += (previous.speed + speed) / 2 * (time - previous.time)
                let noise = precise ? 4 * Self.sigma(eph: fix.eph, hdop: fix.hdop, c) : 0
                good = abs(moved - expected) <= 2 + 0.1 * expected + noise
            }
            if let speed {
                trail.append(ColdStartFix(time: time, latitude: latitude, longitude: longitude, speed: speed))
                trail.removeAll { time - $0.time > Self.coldStartTrailSpan }
            } else {
                trail = []
            }
            coldStartTrail = trail
            if !(uncompared && good) { settledRun = good ? settledRun + 1 : 0 }
            settled = settledRun >= 3
            if !settled {
                if let speed = fix.speed, speed.isFinite, speed >= 0, speed <= c.maximumSpeed,
                    coldStartSpeeds.count < 4_096
                {
                    coldStartSpeeds.append(TimedSpeed(time: time, speed: speed))
                }
                return .reject(.coldStart)
            }
        }
        var doppler = fix.speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        if let speed = doppler, speed > c.maximumSpeed {
            // A speed no road vehicle reaches: the whole epoch is suspect.
            doppler = nil
            return .reject(.implausibleJump)
        }
        let sigma = Self.sigma(eph: fix.eph, hdop: fix.hdop, c)
        let sample = Sample(
            time: time, latitude: latitude, longitude: longitude, doppler: doppler,
            course: fix.track.flatMap { $0.isFinite ? $0 : nil }, sigma: sigma)

        guard let anchor else {
            self.anchor = sample
            return .accept(sample)
        }
        if let reason = Self.implausibility(from: anchor, to: sample, c) {
            // Either this fix is wrong, or the anchor was. Several consecutive fixes that agree
            // with each other but not with the anchor prove the anchor wrong.
            if let last = suspects.last, Self.implausibility(from: last, to: sample, c) == nil {
                suspects.append(sample)
            } else {
                suspects = [sample]
            }
            if suspects.count >= c.jumpRecoveryFixes, sample.time - suspects[0].time >= c.jumpRecoverySeconds {
                suspects = []
                self.anchor = sample
                return .reanchor(sample)
            }
            if let speed = doppler { noteRefusedSpeed(speed, at: time) }
            return .reject(reason)
        }
        suspects = []
        self.anchor = sample
        return .accept(sample)
    }

    /// Keeps the Doppler speed of a fix refused for its position (see `refusedSpeeds`; at most 4,096).
    mutating func noteRefusedSpeed(_ speed: Double, at time: Double) {
        if refusedSpeeds == nil { refusedSpeeds = [] }
        if refusedSpeeds!.count < 4_096 { refusedSpeeds!.append(TimedSpeed(time: time, speed: speed)) }
    }

    /// The longest span, seconds, over which a cold start's fixes are compared with their speeds: the period of the
    /// slowest receivers (0.2 Hz), with a second to spare.
    static let coldStartTrailSpan: Double = 6

    /// A fix's one-sigma horizontal error, metres: from `eph` (gpsd's is a ~95 % radius), else from HDOP, else a
    /// default.
    static func sigma(eph: Double?, hdop: Double?, _ c: EngineConfiguration) -> Double {
        if let eph, eph.isFinite, eph > 0 { return max(1, eph / 2) }
        if let hdop, hdop.isFinite, hdop > 0 { return max(1, hdop * c.errorPerHDOP) }
        return 2 * c.errorPerHDOP
    }

    /// Why `b` cannot follow `a` physically, or `nil` when it can.
    static func implausibility(from a: Sample, to b: Sample, _ c: EngineConfiguration) -> RejectionReason? {
        let dt = b.time - a.time
        guard dt > 0 else { return nil }
        if let va = a.doppler, let vb = b.doppler, dt <= c.dopplerMaximumInterval,
            abs(vb - va) > c.maximumAcceleration * dt + 1
        {
            return .implausibleAcceleration
        }
        let distance = hop(a.latitude, a.longitude, b.latitude, b.longitude)
        // Reported errors of both fixes (3 sigma each) plus the farthest the vehicle can go.
        let allowance = 3 * (a.sigma + b.sigma) + 5
        var reach = c.maximumSpeed * dt
        if let va = a.doppler, let vb = b.doppler, dt <= c.dopplerMaximumInterval {
            reach = min(reach, (max(va, vb) + c.maximumAcceleration * dt / 2) * dt * 1.2)
        }
        return distance > reach + allowance ? .implausibleJump : nil
    }
}

/// The distance between two positions, metres: the plane approximation for the short hops between
/// successive fixes (within 0.1 mm of the geodesic up to 1 km, several times cheaper), the full
/// geodesic otherwise.
@inline(__always)
func hop(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    if abs(lat2 - lat1) < 0.01, abs(lon2 - lon1) < 0.01, abs(lat1) < 80 {
        return Geodesic.wgs84EquirectangularDistance(
            latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
    }
    return Geodesic.wgs84.distance(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
}
