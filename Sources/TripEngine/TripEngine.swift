#if canImport(Glibc)
    import Glibc
#endif
import Geodesy
public import TrackModel

/// The streaming trip engine: a value-type state machine fed one fix at a time.
///
/// `ingest(_:)` returns what happened (`TripEvent`s); `finish()` closes what is open at the end
/// of the stream. Time comes from the fixes only, never from a clock, so replaying a file and
/// streaming it live give the same trips. The whole state is `Codable` so the daemon can
/// checkpoint it.
///
/// Per fix: the gates (`FixGate`) refuse unusable or implausible fixes and count them by reason;
/// a Kalman filter (`PositionFilter`) smooths positions and refuses multipath outliers; the
/// motion logic decides between moving and standing still from speed *and* position dispersion,
/// integrates distance (Doppler speed where reported, filtered positions otherwise, geodesic
/// chords across outages), and cuts trips at stops of `parkingThreshold` or longer and at long
/// gaps in the data.
public struct TripEngine: Sendable, Codable {
    public private(set) var configuration: EngineConfiguration
    public private(set) var counts = FixCounts()

    enum Phase: String, Codable { case parked, moving, stopped }

    /// Running trip figures.
    struct OpenTrip: Sendable, Codable {
        var start: Double
        var startCoordinate: Coordinate
        var distance: Double = 0
        var idleSeconds: Double = 0
        var idlePeriods = 0
        var maximumSpeed: Double = 0
        var fixesUsed = 0
        var track: [TrackPoint] = []
        /// Whether `start` was estimated: the vehicle left while the receiver was off or without a fix.
        var estimatedStart = false
        /// The trip's path, to measure its streets' circuity (`nil` in a checkpoint of before: measured afresh).
        var circuity: RoadCircuity?
        /// The last point used that lay back where the trip started (within `3 × stationaryRadius`), and the longest
        /// time between two such points: how long its excursions from the start lasted (see `isJump`). `nil` before
        /// any, and in a checkpoint of before.
        var lastAtStart: Double?
        var longestAway: Double?
    }

    /// A processed sample: the raw sample plus the filter's view of it.
    struct Point: Sendable, Codable {
        var sample: Sample
        var latitude: Double  // filtered
        var longitude: Double
        /// Best speed estimate: Doppler where reported, else the filter's.
        var speed: Double
        /// Course over ground, degrees, when the vehicle moves fast enough for it to mean something.
        var course: Double?
    }

    var gate = FixGate()
    var filter: PositionFilter?
    var phase: Phase = .parked
    var trip: OpenTrip?
    /// The last processed point.
    var last: Point?
    /// Standing still: since when, and where (running mean of positions).
    var stillSince: Double?
    var stillCentre: Coordinate?
    var stillCount = 0
    var longIdleReported = false
    /// The last point counted as standing still before a possible departure.
    var lastStill: Point?
    /// Positions only: how far the positions seen at this stop scatter around its centre.
    var scatter: StopScatter?
    /// Positions only: the standing point from which the positions have kept getting farther from
    /// the stop's centre (the start of the current outward run), where a departure is dated from.
    var outwardFrom: Point?
    /// Points since a possible departure began (not yet confirmed).
    var departure: [Point] = []
    /// Fixes refused since the last point used (the gate's, other than duplicates, and the filter's outliers).
    var refusedRun: Int?
    /// The time of the last point used right after a run of refused fixes (`refusedRun` of `refusedRunLength` or more).
    var usedAfterRefusals: Double?
    /// Points since a possible stop began (not yet confirmed).
    var stopCandidate: [Point] = []
    /// When a possible stop began right after an outage: the estimated moment the vehicle stopped
    /// inside it (it went on at its last speed for the bridged distance).
    var stopInsideOutage: Double?
    /// The length of the last outage bridged while moving, and when it ended.
    var lastBridge: Bridge?
    /// Positions only: a position a second over the last `driftWindow` seconds (`driftWindow(noting:)`: while moving
    /// for `detectDriftingStop`, standing for `drivesWhileStill`), and when the window was last looked at.
    var drift: DriftHistory?
    var driftCheckedAt: Double?

    /// Positions only: the positions `driftWindow(noting:)` keeps, one a second, oldest first (a checkpoint holds them as
    /// an array).
    typealias DriftHistory = SlidingArray<DriftSample>

    struct DriftSample: Sendable, Codable {
        var time: Double
        var latitude: Double
        var longitude: Double
        /// The trip's distance at that time.
        var distance: Double

        var timedPlace: TimedPlace {
            TimedPlace(time: time, place: Coordinate(latitude: latitude, longitude: longitude))
        }
    }

    /// A position (as measured, not filtered) and its time: what `blockMedianPace` reads.
    struct TimedPlace {
        var time: Double
        var place: Coordinate
    }

    /// How fast the Doppler speed fell between the last two points, m/s² (negative: it rose), when both had one.
    var deceleration: Double?
    /// Positions only: the last point up to which the path has been measured.
    var positionAnchor: Point?

    struct Bridge: Sendable, Codable {
        var length: Double
        var end: Double
    }

    /// Positions only: the last outage bridged before the course on leaving it was known, to be bent to that
    /// course once the fixes after it show it (`settleExitCourse`).
    var openBridge: OpenBridge?

    /// An outage bridged without the course on leaving it: a position source has no course at its first fix
    /// after an outage (the filter starts afresh there), so the chord was bent to the course on entry only.
    struct OpenBridge: Sendable, Codable {
        /// The first fix after the outage (filtered position, time, one-sigma error).
        var time: Double
        var latitude: Double
        var longitude: Double
        var sigma: Double
        /// The chord across the outage, the entry course's angle to it (degrees), its azimuth at the exit.
        var chord: Double
        var angle1: Double
        var azimuth2: Double
        var duration: Double
        /// The length counted for the outage so far.
        var length: Double
        /// The way the trip's streets make of the chord (`streetsWay`), which the settled length is not below.
        var streets: Double?
    }

    /// The version of the engine's saved state. Version 2 (issue 26) added `FixGate.powerOffWithoutFix`,
    /// `lastEpochWithoutFix`, `lastEpochWithoutFixTime`, `coldStartTrail` and `OpenTrip.estimatedStart`; a checkpoint
    /// without them (version 1, where this is `nil`) resumes with them unset. Optional fields added since
    /// (`waitingSince`, `resumedSpeeds`, `resumedStill`, `leftStop`, `contested`, `heldContradicted`,
    /// `OpenBridge.streets`, `lastStep`, `stepsBefore`, `exitUnseen`) resume unset from a checkpoint that lacks them, as a phone's
    /// first point after a restart would find them (an open bridge without `streets` settles to its bent line, as
    /// before).
    static let stateVersion = 2
    var stateVersion: Int? = TripEngine.stateVersion

    /// How the source reports (`nil` in a checkpoint of before: `.continuous`).
    var reportingKind: Reporting?
    /// Filtered sources: the first point after a silence, held until the next one confirms it.
    var held: HeldFix?
    /// Filtered sources: a held point the next one contradicted, kept one point more: when the point after agrees
    /// with it, the one between was a spike (see `ingestFiltered`). Set only while that next one is `held`.
    var contested: HeldFix?
    /// Filtered sources: whether the held point contradicted one held before it (it is no spike's victim then, and
    /// is not kept as `contested` when the next one contradicts it in turn).
    var heldContradicted: Bool?
    /// Filtered sources: the time of the last point seen (used, held or refused).
    var lastPointTime: Double?
    /// Filtered sources: `true` from a silence until two precise points agree.
    var settling: Bool?
    /// Filtered sources: the `eph` this phone usually reports (see `HeldFix.isPrecise`).
    var usualEPH: Double?
    /// Filtered sources: the latest point, waiting for the next one to show whether it was a spike (`isSpike`).
    var pending: HeldFix?
    /// Whether `last` came to a stand by braking from the point before (see `cameToStand`).
    var lastCameToStand: Bool?
    /// Filtered sources: the first point after the last silence (used, held or refused until the points settle).
    /// Its Doppler speed is right even when its position is not: a point that stands dates a departure that the
    /// first points used came too late to date (see `confirmDeparture`).
    var resumed: HeldFix?
    /// Filtered sources: the Doppler speeds of `resumed` and the points after it while they settled (used, held or
    /// refused): a cold start's positions may be hundreds of metres off while they claim a few, but its speeds are
    /// right (see `phoneDrove`, `resumedWay`).
    var resumedSpeeds: [FixGate.TimedSpeed]?
    /// Filtered sources: the last point since `resumed` (it included), while the points settled, whose Doppler speed
    /// stood before any drove (used, held or refused): where and after when a phone whose first point used drives left
    /// (`phoneLeftBeforeFirstPoint`).
    var resumedStill: HeldFix?
    /// Filtered sources: when a phone whose timer point after a silence stood where it had driven to most likely came
    /// to a stand (`waitsAtStop`), while it stands there: the stop is inside the trip until it has lasted the parking
    /// threshold from then, and `stillSince` holds the end the trip gets if it does (estimated).
    var waitingSince: Double?
    /// The time from the point used before `last` to it, seconds: the source's epoch there (`nil` before a second
    /// point).
    var lastStep: Double?
    /// Positions only: the measured positions before `last` that the mean speeds over its steps are taken from when
    /// they are needed (`stepSpeeds`; `nil` before a second point, with Doppler, and after a fix refused since).
    var stepsBefore: StepsBefore?

    struct StepsBefore: Sendable, Codable {
        /// The point used before `last`.
        var previous: Sample
        /// The one before that, when the step from it was an epoch (no longer than `dopplerMaximumInterval`, not an
        /// outage) and the steps were not broken by a refused fix.
        var earlier: Sample?
    }

    /// Positions only: the mean speeds over the step into `last` and the one before it, from the measured positions
    /// (`stepsBefore`): whether a vehicle seen at sparse epochs was slowing to a stand (`droveOnPastLastFix`). Taken
    /// only then, not at every fix: a step's length costs as much as the rest of a position's bookkeeping.
    private var stepSpeeds: StepSpeeds? {
        guard let steps = stepsBefore, let last else { return nil }
        let speed = { (a: Sample, b: Sample) in
            hop(a.latitude, a.longitude, b.latitude, b.longitude) / (b.time - a.time)
        }
        return StepSpeeds(
            prior: steps.earlier.map { speed($0, steps.previous) }, last: speed(steps.previous, last.sample))
    }

    struct StepSpeeds {
        /// The mean speed over the step before, m/s, when that step was no longer than `dopplerMaximumInterval` (an
        /// epoch, not an outage).
        var prior: Double?
        /// The mean speed over the step into `last`, m/s (that step: `lastStep`).
        var last: Double
    }
    /// Positions only: the stop inside a trip that the last departure left, kept until the next stop shows whether
    /// that departure was a jump of the positions (`resumeStopAfterJump`).
    var leftStop: LeftStop?
    /// A vehicle that parked where the fix was lost (`arrival`) and may have driven out of there before the fix came
    /// back, for the departure that follows to count the way out and start before it (`unseenExitWay`).
    var exitUnseen: ExitUnseen?

    struct ExitUnseen: Sendable, Codable {
        /// The parking place's time (the arrival's estimated end).
        var parked: Double
        /// The first fix after the silence.
        var back: Sample
        /// Whether its Doppler speed showed the vehicle moving there (`droveOutUnseen`); else, positions only, the
        /// departure tells: it drove out if it left the first fix at once, at a moving pace.
        var moving: Bool
    }

    struct LeftStop: Sendable, Codable {
        var since: Double
        var centre: Coordinate
        var scatter: StopScatter?
        var longIdleReported: Bool
        /// When the departure began.
        var departed: Double
        /// The trip's figures before the departure.
        var distance: Double
        var idleSeconds: Double
        var idlePeriods: Int
        var maximumSpeed: Double
        /// Whether the stop was a parking the trip began at (`nil` in a checkpoint of before: a stop inside the trip).
        var parking: Bool?
    }

    /// - Parameters:
    ///   - configuration: the tunables.
    ///   - reporting: how the source reports; `.filtered` for a phone app (see `Reporting`).
    public init(configuration: EngineConfiguration = EngineConfiguration(), reporting: Reporting = .continuous) {
        self.configuration = configuration
        self.reportingKind = reporting == .continuous ? nil : reporting
    }

    /// How the source reports its positions.
    public var reporting: Reporting { reportingKind ?? .continuous }

    /// The same state under another configuration (a checkpoint resumed after the settings changed), and for a
    /// source that reports as `reporting` says when given (a checkpoint saved before the engine knew of it).
    public func reconfigured(_ configuration: EngineConfiguration, reporting: Reporting? = nil) -> TripEngine {
        var copy = self
        copy.configuration = configuration
        if let reporting { copy.reportingKind = reporting == .continuous ? nil : reporting }
        return copy
    }

    /// The trip under way, if any: for status displays.
    public var tripInProgress: TripProgress? {
        guard let trip else { return nil }
        return TripProgress(
            start: Timestamp(secondsSince1970: trip.start), distance: trip.distance,
            standingSince: phase == .stopped ? stillSince.map { Timestamp(secondsSince1970: $0) } : nil)
    }

    /// The time of the last fix the engine used.
    public var lastFixTime: Timestamp? { last.map { Timestamp(secondsSince1970: $0.sample.time) } }

    // MARK: Ingest

    public mutating func ingest(_ fix: Fix) -> [TripEvent] {
        guard reporting == .filtered else { return process(fix) }
        return ingestFiltered(fix)
    }

    /// A phone app's points: a silence is no power-off, but the first points after one are the ones a phone that
    /// lost its fix (or starts its receiver) gets wrong, and they tell where the vehicle went meanwhile. So after a
    /// silence of `powerOffGap` the engine settles as after a cold start, without losing the first good point: a
    /// point reported as precise (`coldStartMaximumEPH`, `coldStartMaximumHDOP`) is held until the next one, also
    /// precise, or nearly and both driving (`HeldFix.bothMoving(with:)`), confirms it (the two agree with each other's
    /// speeds and positions: `HeldFix.confirmed(by:)`); then both are taken. A held point the next one contradicts is
    /// refused as `.unconfirmed`, an imprecise one as `.coldStart`. `finish()` and `closeIfSilent(now:)` take a point
    /// still held as it is.
    private mutating func ingestFiltered(_ fix: Fix) -> [TripEvent] {
        guard let time = fix.time?.secondsSince1970, fix.hasPosition, fix.mode != .noFix else {
            return releasePending() + process(fix)
        }
        // Not after the last point: the gate refuses it (after the point waiting, so that it compares with that).
        if let previous = lastPointTime, time <= previous { return releasePending() + process(fix) }
        var events: [TripEvent] = []
        if lastPointTime.map({ time - $0 >= configuration.powerOffGap }) ?? true {
            if settling != true {
                resumed = HeldFix(fix)
                resumedSpeeds = []
                resumedStill = nil
            }
            settling = true
            // A point held after one silence, moving, and followed by another silence: a phone that sent one point
            // on its way in, then stood. Nothing came to contradict it, and it is taken as it is, as `finish()`
            // takes it. (One standing is refused as before: a phone parked in a street canyon sends a point when its
            // position wanders off, and nothing confirms it.)
            if let waiting = held, (waiting.speed ?? 0) >= configuration.movingSpeed { events += releaseHeld() }
            dropContested()
        }
        lastPointTime = time
        guard settling == true else { return events + despiked(fix) }
        if let speed = fix.speed, speed.isFinite, speed >= 0, (resumedSpeeds?.count ?? .max) < 4_096 {
            resumedSpeeds!.append(FixGate.TimedSpeed(time: time, speed: speed))
            if speed < configuration.movingSpeed,
                !resumedSpeeds!.contains(where: { $0.speed >= configuration.movingSpeed })
            {
                resumedStill = HeldFix(fix)
            }
        }
        events += releasePending()
        let precise = HeldFix.isPrecise(fix, usual: usualEPH, configuration)
        // A point a little less precise (half again the limits) confirms the held one when both drive (Doppler): a
        // phone leaving a street canyon reports 10–16 m for minutes, and two precise points in a row may not come for
        // a long way. (A cold start's points report far more, and they agree with each other's wrong places.)
        let nearlyPrecise = HeldFix.isPrecise(fix, usual: usualEPH, configuration, slack: 1.5)
        func confirms(_ waiting: HeldFix) -> Bool {
            (precise || (nearlyPrecise && waiting.bothMoving(with: fix, configuration)))
                && waiting.confirmed(by: fix, configuration)
        }
        if let waiting = held, confirms(waiting) {
            dropContested()
            return events + settle(at: waiting, then: fix)
        }
        // The point held before the one that contradicted it, driving, and this one agrees with it: the one between,
        // held, was a spike, which a phone sends as readily after a silence as at any other time. (Not one standing:
        // a phone standing in a street canyon sends a point each time its position wanders 75 m off, and one
        // wandering back near another confirms neither.)
        if let earlier = contested, (earlier.speed ?? 0) >= configuration.movingSpeed, confirms(earlier) {
            contested = nil
            refuse(.implausibleJump)
            return events + settle(at: earlier, then: fix)
        }
        dropContested()
        guard precise else {
            // An imprecise point ends the wait of the held one (two precise points in a row settle the phone).
            if held != nil { refuse(.unconfirmed) }
            held = nil
            heldContradicted = nil
            refuse(.coldStart)
            return events
        }
        // A precise point that contradicts the held one: the next point says which of the two was right. (Not when
        // the held one had itself contradicted the one before it: the points around it disagree with each other, and
        // the spike may as well be this one.)
        contested = held
        if heldContradicted == true { dropContested() }
        heldContradicted = held != nil ? true : nil
        held = HeldFix(fix)
        return events
    }

    /// Ends the settling after a silence: takes the point held and the one that confirmed it.
    private mutating func settle(at waiting: HeldFix, then fix: Fix) -> [TripEvent] {
        held = nil
        heldContradicted = nil
        settling = nil
        return processNotingAccuracy(waiting.fix) + despiked(fix)
    }

    /// Refuses the contested point, if any: nothing came to confirm it.
    private mutating func dropContested() {
        guard contested != nil else { return }
        contested = nil
        refuse(.unconfirmed)
    }

    /// A phone's point waits for the next one: a point the next one shows to be a spike (`isSpike`) is refused as an
    /// implausible jump, any other is taken when the next one comes (or when `finish()` or a silence releases it).
    private mutating func despiked(_ fix: Fix) -> [TripEvent] {
        var events: [TripEvent] = []
        if let waiting = pending {
            pending = nil
            if isSpike(waiting, before: fix) {
                refuse(.implausibleJump)
            } else {
                events += processNotingAccuracy(waiting.fix)
            }
        }
        pending = HeldFix(fix)
        return events
    }

    /// Takes the point waiting for the next one as it is.
    private mutating func releasePending() -> [TripEvent] {
        guard let waiting = pending else { return [] }
        pending = nil
        return processNotingAccuracy(waiting.fix)
    }

    /// Whether a phone's point was a spike: a multipath position, tens to hundreds of metres off, that the phone
    /// sent because it lay past its distance filter, and the next point (sent because the good position lay as far
    /// from the spike) back near the last point used. The way from the spike to the next point is farther than
    /// their speeds could go (the spike's own Doppler speed says the vehicle stood or drove on at its pace, not that
    /// it leapt), while the way from the last point used to the next one is not, and the next point lies nearer to
    /// the last point used than to the spike. Needs speeds at all three points; without them nothing is a spike.
    private func isSpike(_ spike: HeldFix, before next: Fix) -> Bool {
        let c = configuration
        guard let last, let before = last.sample.doppler, let during = spike.speed, let after = next.speed,
            let t = next.time?.secondsSince1970, let lat = next.latitude, let lon = next.longitude,
            t > spike.time, spike.time > last.sample.time
        else { return false }
        let spikeSigma = FixGate.sigma(eph: spike.eph, hdop: spike.hdop, c)
        let nextSigma = FixGate.sigma(eph: next.eph, hdop: next.hdop, c)
        func wheels(_ v1: Double, _ v2: Double, _ dt: Double, _ s1: Double, _ s2: Double) -> Double {
            Self.spikeSlack * max(v1, v2, c.movingSpeed) * dt + 3 * (s1 + s2) + 2 * c.stationaryRadius
        }
        let out = hop(spike.latitude, spike.longitude, lat, lon)
        guard out > wheels(during, after, t - spike.time, spikeSigma, nextSigma) else { return false }
        let back = hop(last.sample.latitude, last.sample.longitude, lat, lon)
        return back < out && back <= wheels(before, after, t - last.sample.time, last.sample.sigma, nextSigma)
    }

    /// How much farther than their speeds two points may lie before the way between them is a jump (see `isSpike`).
    static let spikeSlack: Double = 1.5

    /// `process(fix)`, keeping `usualEPH` (a running mean over about the last 50 points the engine used).
    private mutating func processNotingAccuracy(_ fix: Fix) -> [TripEvent] {
        let used = counts.used
        let events = process(fix)
        if counts.used > used, let eph = fix.eph, eph.isFinite, eph > 0 {
            usualEPH = usualEPH.map { $0 + (eph - $0) / 50 } ?? eph
        }
        return events
    }

    private mutating func refuse(_ reason: RejectionReason) {
        counts.read += 1
        counts.rejected[reason, default: 0] += 1
    }

    /// Takes a point still held as it is (nothing came to contradict it).
    private mutating func releaseHeld() -> [TripEvent] {
        guard let waiting = held else { return [] }
        held = nil
        heldContradicted = nil
        return process(waiting.fix)
    }

    private mutating func process(_ fix: Fix) -> [TripEvent] {
        counts.read += 1
        let c = configuration
        var events: [TripEvent] = []
        let verdict = gate.check(fix, c, powerCycles: reporting == .continuous)
        let sample: Sample
        var reanchored = false
        switch verdict {
        case .reject(let reason):
            counts.rejected[reason, default: 0] += 1
            if reason != .duplicate { refusedRun = (refusedRun ?? 0) + 1 }
            // A fix refused after the last one used, before a silence, may be the one that showed the vehicle
            // slowing: the steps up to the last one say nothing of how it went on (`droveOnPastLastFix`).
            if reason != .duplicate, let last, let time = fix.time?.secondsSince1970,
                time - last.sample.time < c.gapThreshold
            {
                stepsBefore = nil
            }
            return []
        case .accept(let s):
            sample = s
        case .reanchor(let s):
            sample = s
            reanchored = true
        }

        // A long silence ends whatever was open: at the last fix before it, or where the first fix after it
        // shows the vehicle went.
        if let last, sample.time - last.sample.time >= c.gapThreshold {
            events += closeAtGap(last, next: sample)
        }

        guard let point = filterPoint(sample, restart: reanchored) else {
            counts.rejected[.outlier, default: 0] += 1
            refusedRun = (refusedRun ?? 0) + 1
            stepsBefore = nil
            // An outlier's position is wrong, not its speed (see `refusedWay`).
            if let speed = sample.doppler { gate.noteRefusedSpeed(speed, at: sample.time) }
            return events
        }
        counts.used += 1
        if (refusedRun ?? 0) >= Self.refusedRunLength { usedAfterRefusals = point.sample.time }
        refusedRun = nil
        events += advance(point)
        if let last, let v0 = last.sample.doppler, let v1 = point.sample.doppler,
            point.sample.time - last.sample.time <= configuration.dopplerMaximumInterval,
            point.sample.time > last.sample.time
        {
            deceleration = (v0 - v1) / (point.sample.time - last.sample.time)
        } else {
            deceleration = nil
        }
        lastCameToStand = reporting == .filtered ? last.map { cameToStand(from: $0, at: point) } : nil
        if point.sample.doppler == nil, let last, point.sample.time > last.sample.time {
            // The step into `last` (`lastStep`, not yet this one's) counts when it was an epoch, not an outage.
            let earlier = stepsBefore.flatMap {
                (lastStep ?? .infinity) <= configuration.dopplerMaximumInterval ? $0.previous : nil
            }
            stepsBefore = StepsBefore(previous: last.sample, earlier: earlier)
        } else {
            stepsBefore = nil
        }
        lastStep = last.map { point.sample.time - $0.sample.time }
        last = point
        // The speeds of refused fixes are kept as long as a way they may measure starts no earlier: from the last
        // point used, or standing, from the last point seen standing (a departure is joined to it).
        if gate.refusedSpeeds != nil {
            let from = (phase == .moving ? nil : lastStill?.sample.time) ?? point.sample.time
            gate.refusedSpeeds!.removeAll { $0.time < from }
            if gate.refusedSpeeds!.isEmpty { gate.refusedSpeeds = nil }
        }
        return events
    }

    /// Ends the stream: closes the open trip at the last fix (or at the moment the vehicle stopped).
    public mutating func finish() -> [TripEvent] {
        dropContested()
        let released = releasePending() + releaseHeld()
        guard trip != nil, let last else { return released }
        return released + endAtLastStop(after: last)
    }

    /// Ends the trip where `lastStop(after:)` says — after a phone's departure from a stop inside the trip that drove
    /// out of the stop's radius (Doppler), its last point: it left, and did not last the confirmation only because
    /// nothing came after it (the phone fell silent, or its next points were refused).
    private mutating func endAtLastStop(after last: Point) -> [TripEvent] {
        var events: [TripEvent] = []
        if reporting == .filtered, phase == .stopped, trip != nil, departure.last?.sample.time == last.sample.time,
            (last.sample.doppler ?? 0) >= configuration.movingSpeed, let centre = stillCentre,
            distance(centre, last) > 2 * radius(for: last)
        {
            events += confirmDeparture()
        }
        let end = lastStop(after: last)
        return events + endTrip(at: end.time, coordinate: end.coordinate, estimated: end.estimated ? .end : [])
    }

    /// Where and when the trip ends when nothing comes after `last`: at the stop (confirmed, or begun at the last
    /// fixes: a phone that slowed to a stand sends no more points to confirm it; after a silence, when the way
    /// across it at the speed before would have ended), else at the last fix.
    ///
    /// A phone that falls silent while driving (its last point moving, and nothing after it: the stream ended, or the
    /// server saw no point for `gapThreshold`) stopped before it was 75 m on — else it would have sent a point: it
    /// braked to a stop from the speed it had (`brakingDeceleration`) and took the time to park (`manoeuvre`). The
    /// end is then estimated (its place stays the last point's: where on the way it parked, nothing says).
    private func lastStop(after last: Point) -> (time: Double, coordinate: Coordinate, estimated: Bool) {
        if phase == .stopped, let stop = stopTimeAndPlace() {
            return (stop.time, stop.coordinate, waitingSince != nil)
        }
        let here = Coordinate(latitude: last.latitude, longitude: last.longitude)
        if phase == .moving, reporting == .filtered, lastCameToStand == true, stopCandidate.count <= 1,
            stopInsideOutage == nil
        {
            // It came to a stand there, from driving (not across an outage: `stopInsideOutage` dates that): it parked
            // there, or waited (a light) and parked within 75 m.
            return (last.sample.time + parkingDelay, here, true)
        }
        if phase == .moving, let first = stopCandidate.first {
            return (
                stopInsideOutage ?? first.sample.time, Coordinate(latitude: first.latitude, longitude: first.longitude),
                false
            )
        }
        if phase == .moving, reporting == .filtered, let v = last.sample.doppler, v >= configuration.movingSpeed {
            return (last.sample.time + v / Self.brakingDeceleration + parkingDelay, here, true)
        }
        return (last.sample.time, here, false)
    }

    /// Closes the trip of a source that fell silent: when `now` (the caller's clock) is `gapThreshold` or more after
    /// the last fix, the trip ends where a gap in the data would end it without a fix after it (at the moment the
    /// vehicle stopped, or at the last fix) and the vehicle is taken as parked there. Phones stop reporting when
    /// they stand still, so their silence is a parking; a fix that comes later starts from there. Nothing happens
    /// while the silence is shorter or when no trip is open, nor while a point after the silence waits for the next
    /// one to confirm it and is not that old itself (`held`: a timer's point may show a wait at a stop that the next
    /// point decides, `waitsAtStop`).
    public mutating func closeIfSilent(now: Timestamp) -> [TripEvent] {
        // A point held after a silence and followed by silence: the phone stands there.
        let gap = configuration.gapThreshold
        let silent = { (time: Double) in now.secondsSince1970 - time >= gap }
        var released = pending.map { silent($0.time) } == true ? releasePending() : []
        if held.map({ silent($0.time) }) == true {
            dropContested()
            released += releaseHeld()
        }
        // A point held after the silence, not yet silent itself (a phone's timer point): it may show the vehicle
        // waiting at a stop that ends no trip (`waitsAtStop`), and the next point decides, as in a replay.
        if let waiting = held, last.map({ waiting.time > $0.sample.time }) ?? true { return released }
        guard trip != nil, pending == nil, let last, silent(last.sample.time) else { return released }
        var events = released
        events += endAtLastStop(after: last)
        phase = .parked
        departure = []
        stopCandidate = []
        beginStill(at: last)
        return events
    }

    // MARK: Filtering

    private mutating func filterPoint(_ s: Sample, restart: Bool) -> Point? {
        let c = configuration
        var velocity: (east: Double, north: Double)? = nil
        if let v = s.doppler, let course = s.course, v >= c.movingSpeed {
            let radians = course * .pi / 180
            velocity = (v * sin(radians), v * cos(radians))
        }
        let outage = last.map { s.time - $0.sample.time > c.dopplerMaximumInterval } ?? true
        if restart || outage || filter == nil {
            filter = PositionFilter(
                time: s.time, latitude: s.latitude, longitude: s.longitude, sigma: s.sigma, velocity: velocity)
        } else {
            let outcome = filter!.update(
                time: s.time, latitude: s.latitude, longitude: s.longitude, sigma: s.sigma, velocity: velocity,
                velocitySigma: 0.5, processNoise: c.accelerationNoise, gate: c.outlierGate)
            if outcome == .outlier {
                // Several outliers in a row: the filter lost the vehicle; start it again here.
                guard filter!.consecutiveOutliers >= c.jumpRecoveryFixes,
                    s.time - (filter!.outliersSince ?? s.time) >= c.jumpRecoverySeconds
                else { return nil }
                filter = PositionFilter(
                    time: s.time, latitude: s.latitude, longitude: s.longitude, sigma: s.sigma, velocity: velocity)
            }
        }
        let here = filter!.coordinate
        let speed = s.doppler ?? filter!.speed
        var course: Double? = nil
        if speed >= c.movingSpeed {
            course = s.doppler != nil ? s.course : filter!.course
        }
        return Point(sample: s, latitude: here.latitude, longitude: here.longitude, speed: speed, course: course)
    }

    // MARK: Motion

    private mutating func advance(_ p: Point) -> [TripEvent] {
        switch phase {
        case .moving: return whileMoving(p)
        case .parked, .stopped: return whileStill(p)
        }
    }

    private mutating func whileMoving(_ p: Point) -> [TripEvent] {
        let c = configuration
        if let inside = stopInsideOutage, let standing = stopCandidate.last,
            parkedUnseen(at: standing, since: inside, before: p)
        {
            // A phone's one point standing after a silence, and the next one driving after another: it stood from
            // its arrival (dated inside the first silence) until it left (inside the second). Long enough, that was
            // a parking, which the stop's confirmation never saw (a phone sends no point while it stands).
            phase = .stopped
            beginStill(at: stopCandidate[0], seen: true)
            for q in stopCandidate.dropFirst() { accumulateStill(q) }
            stillSince = inside
            waitingSince = inside
            lastStill = standing
            stopCandidate = []
            return whileStill(p)
        }
        if openBridge != nil { settleExitCourse(at: p) }
        if let last { addDistance(from: last, to: p) }
        record(p)
        // A possible stop: slow, and the positions since then stay close together.
        if p.speed < c.stoppedSpeed || (!stopCandidate.isEmpty && p.speed < c.movingSpeed) {
            if stopCandidate.isEmpty {
                stopInsideOutage = nil
                if let last, let bridge = lastBridge, bridge.end == p.sample.time, last.speed >= c.movingSpeed {
                    // No sooner than going on at its last speed for the bridged way; no later than the fix. A
                    // receiver's silence while moving is an outage (epochs without a fix, or none logged: GPX):
                    // streets longer than the bridge, braking and a wait inside it make the stop later than the
                    // earliest, a third of the way on from it (see `stopInsideOutageShare`). A phone's silence is its
                    // own: it sends nothing while it stands.
                    let earliest = min(p.sample.time, last.sample.time + bridge.length / last.speed + parkingDelay)
                    let share = reporting != .filtered ? Self.stopInsideOutageShare : 0
                    stopInsideOutage = earliest + share * (p.sample.time - earliest)
                }
            }
            stopCandidate.append(p)
            // With Doppler the wheels are the witness: the way the speeds add up to since the stop began (a
            // receiver parked in a street canyon, or a phone there, wanders by tens of metres while its
            // Doppler speed stays at zero) — and where the fix was lost between two stands, where they lie (`creep`).
            // Without, where the positions went.
            var moved = 0.0
            var unresolved = false
            if p.sample.doppler != nil {
                if let creep = creep(through: stopCandidate) {
                    stopCandidate.removeFirst(creep.restart)
                    moved = creep.way
                    unresolved = creep.unresolved
                }
            } else {
                moved = distance(stopCandidate[0], p)
            }
            let first = stopCandidate[0]
            if unresolved {
                // A stand far from the last one after a silence: moved, or a jump? The next point tells.
            } else if moved > radius(for: p) {
                stopCandidate = p.speed < c.stoppedSpeed ? [p] : []
            } else if p.sample.time - first.sample.time >= c.stopConfirmation && stopCandidate.count >= 2 {
                phase = .stopped
                let wandered = wanderedBefore(first)
                // Positions only: the way from the last measured step to where the vehicle stopped.
                if let anchor = positionAnchor, trip != nil {
                    trip!.distance += distance(anchor, first)
                    positionAnchor = nil
                }
                beginStill(at: first, seen: true)
                if let inside = stopInsideOutage { stillSince = inside }
                if let wandered, trip != nil, stopInsideOutage == nil {
                    if let way = wandered.distance { trip!.distance = way }
                    stillSince = wandered.time
                }
                for q in stopCandidate.dropFirst() { accumulateStill(q) }
                stopCandidate = []
                lastStill = p
                return resumeStopAfterJump(
                    at: first.sample.time, place: Coordinate(latitude: first.latitude, longitude: first.longitude))
            }
        } else {
            // Driving on from a stand reached after a silence (`creep`'s unresolved step): it moved there. (A stand
            // after it, near it, tells the same of a car, but also of a phone parked in a street canyon, whose
            // position wanders off for minutes: the stop begins there, and the way to it is left uncounted.)
            if p.sample.doppler != nil, stopCandidate.count >= 2, let creep = creep(through: stopCandidate + [p]),
                creep.restart > 0, creep.restart < stopCandidate.count
            {
                droveBetweenStands(stopCandidate[creep.restart - 1], stopCandidate[creep.restart])
            }
            stopCandidate = []
        }
        if phase == .moving, p.sample.doppler == nil, trip != nil { return detectDriftingStop(p) }
        return []
    }

    /// Positions only, a stop confirmed from `first` on: when the positions before it had already gathered round it for
    /// at least `wanderBeforeStop` seconds (`driftArrival`, from the drift window's positions kept while moving), the
    /// vehicle stood there since the first of them, and their wander (a street canyon's: tens of metres, with jumps)
    /// kept its positions from holding still within the stop radius until now. A vehicle that brakes into a stop is
    /// within `driftArrival`'s reach of it for a few seconds only. The way counted since the first of those positions
    /// within the stop radius of `first` was wander, and is taken back (`distance`, the trip's distance there; `nil`:
    /// none came that close); the way to it, from farther out, may have been the approach.
    private func wanderedBefore(_ first: Point) -> (time: Double, distance: Double?)? {
        guard first.sample.doppler == nil, let history = drift else { return nil }
        let count = history.count - (history.firstIndex { $0.time >= first.sample.time } ?? history.count)
        let centre = Coordinate(latitude: first.sample.latitude, longitude: first.sample.longitude)
        guard count > 0, let arrived = driftArrival(near: centre, within: driftReach, window: count),
            first.sample.time - arrived.time >= Self.wanderBeforeStop
        else { return nil }
        let radius = radius(for: first)
        let standing = history.first {
            $0.time >= arrived.time && hop($0.latitude, $0.longitude, centre.latitude, centre.longitude) <= radius
        }
        return (arrived.time, standing?.distance)
    }

    /// See `wanderedBefore`.
    static let wanderBeforeStop: Double = 30

    /// Counts the way between two stands a silence apart that lie beyond each other's stop radii, once the point
    /// after them drove on from the second (`creep`): `addDistance` took the line between two points standing, with
    /// no outage reported between them, for wander, since nothing told yet whether the second one's position had
    /// jumped. The line: the streets between are not known.
    private mutating func droveBetweenStands(_ a: Point, _ b: Point) {
        guard trip != nil, !outageSeen(after: a.sample.time) else { return }
        trip!.distance += distance(a, b)
    }

    /// Whether a phone that stood at `standing` (its only points after a silence while moving stood: `stopCandidate`),
    /// having arrived at `arrival` (`stopInsideOutage`), and drives at `p` after a silence parked there: it left when
    /// accelerating evenly over the way to `p` would have brought it there at `p`'s speed (as `confirmDeparture`
    /// dates it), the parking threshold or more after it arrived.
    private func parkedUnseen(at standing: Point, since arrival: Double, before p: Point) -> Bool {
        let c = configuration
        guard reporting == .filtered, trip != nil, let speed = p.sample.doppler, speed >= c.movingSpeed,
            p.sample.time - standing.sample.time > c.dopplerMaximumInterval
        else { return false }
        return leftEvenly(from: standing, to: p, speed: speed) - arrival >= c.parkingThreshold
    }

    /// When a vehicle that stood at `still` and is seen at `first` moving at `speed` (at least `movingSpeed`) left, had it
    /// accelerated evenly over the way between them: no earlier than it was last seen standing.
    private func leftEvenly(from still: Point, to first: Point, speed: Double) -> Double {
        let way = distance(still, first)
        return max(still.sample.time, first.sample.time - 2 * way / max(speed, configuration.movingSpeed))
    }

    /// Positions only: a vehicle standing where the positions wander far beyond their stated errors (parked in a
    /// street canyon: tens of metres, with multipath jumps of a hundred and more) never looks still fix by fix, and
    /// the filter makes speed of the wander. What tells is where the positions stay: over the last `driftWindow`
    /// seconds (one position a second), the medians of 10-second blocks move on by less than `movingSpeed` — a
    /// vehicle that drives, even round a block and back, moves them on at its pace; wander and jumps do not. Then it
    /// has stood since the first of those positions near where they gather: the way counted since then was wander
    /// and is taken back, and a stop begins there whose scatter is what the window showed.
    private mutating func detectDriftingStop(_ p: Point) -> [TripEvent] {
        guard let window = driftWindow(noting: p) else { return [] }
        // Not across a silence: a vehicle in stop-and-go traffic whose positions stop for a minute moves the medians
        // on at its mean pace, stops included — slower than it drives, and no sign that it stood.
        let continuous = zip(window, window.dropFirst()).allSatisfy {
            $1.time - $0.time <= configuration.dopplerMaximumInterval
        }
        guard continuous else { return [] }
        // Not where the window's ends lie farther apart than the fastest wander could put them: that is driving.
        let span = hop(window[0].latitude, window[0].longitude, p.sample.latitude, p.sample.longitude)
        guard span < Self.fastestWander * configuration.movingSpeed * Self.driftWindow else { return [] }
        guard let pace = Self.blockMedianPace(window.map(\.timedPlace)), pace < configuration.movingSpeed else {
            return []
        }
        let centre = Self.median(window)
        let reach = driftReach
        let k = window.firstIndex { hop($0.latitude, $0.longitude, centre.latitude, centre.longitude) <= reach } ?? 0
        let arrived = driftArrival(near: centre, within: reach, window: window.count) ?? window[k]
        let standing = window[k...]
        let spread =
            (standing.map {
                let d = hop($0.latitude, $0.longitude, centre.latitude, centre.longitude)
                return d * d
            }.reduce(0, +) / Double(standing.count)).squareRoot()
        trip!.distance = arrived.distance
        positionAnchor = nil
        stopCandidate = []
        phase = .stopped
        beginStill(at: p, seen: true)
        stillSince = arrived.time
        stillCentre = centre
        scatter = StopScatter(time: p.sample.time, prior: max(configuration.stationaryRadius, spread))
        lastStill = p
        drift = nil
        return resumeStopAfterJump(at: arrived.time, place: centre)
    }

    /// Positions only: notes `p` in the positions of the last `driftHistory` seconds (one a second) and returns the
    /// window of the last `driftWindow` seconds of them when it spans that time and is due to be looked at (every
    /// `driftBlock / 2` seconds: what it finds is dated back to where it began, so nothing is lost).
    private mutating func driftWindow(noting p: Point) -> [DriftSample]? {
        if let latest = drift?.last, p.sample.time - latest.time < 1 { return nil }
        // Kept in place (no copy of the positions per position).
        if drift == nil { drift = DriftHistory() }
        drift!.append(
            DriftSample(
                time: p.sample.time, latitude: p.sample.latitude, longitude: p.sample.longitude,
                distance: trip?.distance ?? 0))
        while drift!.count > 2, p.sample.time - drift![1].time >= Self.driftHistory { drift!.removeFirst() }
        guard let history = drift,
            let first = history.lastIndex(where: { p.sample.time - $0.time >= Self.driftWindow }),
            history.count - first >= 6
        else { return nil }
        if let checked = driftCheckedAt, p.sample.time - checked < Self.driftBlock / 2 { return nil }
        driftCheckedAt = p.sample.time
        return Array(history[first...])
    }

    /// Positions only, a drifting stop found whose window of positions lies near `centre` from its first one on (the
    /// last `count` of the positions kept): the vehicle may have stood there longer than the window, while the wander
    /// moved the medians of blocks on at about the moving speed (a street canyon's wander is tens of metres over a
    /// minute or two). The positions before the window tell: the stop began at the first position within `reach` of
    /// `centre` after the last `driftBlock`-second block whose median lay beyond it, or after a silence (no more
    /// than `driftHistory` seconds back). A vehicle that drives up to its parking place has the medians of its last
    /// blocks on the way beyond `reach`; single multipath jumps do not move a median.
    private func driftArrival(near centre: Coordinate, within reach: Double, window count: Int) -> DriftSample? {
        guard let history = drift, count <= history.count else { return nil }
        let near = { (sample: DriftSample) in
            hop(sample.latitude, sample.longitude, centre.latitude, centre.longitude) <= reach
        }
        var start = history.count - count
        while start > 0 {
            // The block of positions before `start`, and no silence up to `start`.
            var from = start - 1
            while from > 0, history[start - 1].time - history[from - 1].time < Self.driftBlock { from -= 1 }
            let continuous = (from..<start).allSatisfy {
                history[$0 + 1].time - history[$0].time <= configuration.dopplerMaximumInterval
            }
            let median = Self.median(Array(history[from..<start]))
            guard continuous, hop(median.latitude, median.longitude, centre.latitude, centre.longitude) <= reach
            else { break }
            start = from
        }
        guard start < history.count - count else { return nil }
        return history[start...].first(where: near)
    }

    /// Positions only, standing: whether the positions taken for the stop's over the last `driftWindow` seconds moved
    /// on faster than wander moves the medians of their blocks (as `drivesOn`). Then the vehicle drives: the stop's
    /// radius had grown with the positions of a drive round the blocks near it (a stop found where the positions of a
    /// drive in a street canyon gathered for a while, or one whose place was a cold start's wrong position).
    private mutating func drivesWhileStill(_ p: Point) -> Bool {
        guard let window = driftWindow(noting: p) else { return false }
        return movesOnAsDriving(window.map(\.timedPlace))
    }

    /// Positions only, a stop inside a trip found at `place` from `time`: when it is back where the stop that the last
    /// departure left was (within `3 × stationaryRadius` of its centre) after less than `jumpMovingTime` of moving,
    /// that departure was the positions', not the vehicle's, and the old stop goes on (the way and the idle period
    /// counted for the departure are taken back) where either
    /// - the way counted since is far longer than the step back (out and back: more than twice the distance between
    ///   the stops and two stationary radii): a jump of the positions, a multipath burst held for seconds, as `isJump`
    ///   finds for a whole trip; or
    /// - the step back lies within `wanderRadii` of the old stop's scatter: its wander (a street canyon's, tens of
    ///   metres) carried the positions past the departure's radius and back.
    /// Not the few metres of a manoeuvre into a parking place, which leaves a stop that scattered less than that.
    /// When the stop left was the parking the trip began at, the whole trip was the jump: it is discarded (as `isJump`
    /// discards one that ends there), and the parking goes on.
    private mutating func resumeStopAfterJump(at time: Double, place: Coordinate) -> [TripEvent] {
        guard let left = leftStop else { return [] }
        leftStop = nil
        let r = configuration.stationaryRadius
        let back = hop(left.centre.latitude, left.centre.longitude, place.latitude, place.longitude)
        guard let open = trip, time - left.departed < Self.jumpMovingTime, back <= 3 * r,
            open.distance - left.distance > 2 * back + 2 * r
                || back <= Self.wanderRadii * (left.scatter?.radius ?? 0)
        else { return [] }
        var events: [TripEvent] = []
        if left.parking == true {
            events = endTrip(at: time, coordinate: left.centre, jump: true)
        } else {
            trip!.distance = left.distance
            trip!.idleSeconds = left.idleSeconds
            trip!.idlePeriods = left.idlePeriods
            trip!.maximumSpeed = left.maximumSpeed
            trip!.track.removeAll { $0.time.secondsSince1970 > left.departed && $0.time.secondsSince1970 < time }
        }
        stillSince = left.since
        stillCentre = left.centre
        // The wider of the two scatters: the jump's way back may have shown more of it than the old stop had.
        if (left.scatter?.radius ?? 0) > (scatter?.radius ?? 0) { scatter = left.scatter }
        longIdleReported = left.longIdleReported
        return events
    }

    /// How many of a stop's scatter radii a stop found right after leaving it may lie from it and still be the same
    /// stop (`resumeStopAfterJump`).
    static let wanderRadii = 2.0

    /// How far from where a drifting stop's positions gather the vehicle may be and count as arrived: what it drives
    /// in three `driftBlock`s at the moving speed (45 m by default).
    private var driftReach: Double { configuration.movingSpeed * Self.driftBlock * 3 }

    /// See `detectDriftingStop`.
    static let driftWindow: Double = 60
    /// How far back a drifting stop's beginning is looked for (`driftArrival`): longer than a street canyon's wander
    /// can hold the medians of blocks at the moving speed.
    static let driftHistory: Double = 300
    static let driftBlock: Double = 10

    /// How fast the medians of `driftBlock`-second blocks of `samples` (in time order) move on: the path through them
    /// over the time between the first and the last, m/s. Wander and multipath jumps move them little; a vehicle that
    /// drives moves them at its pace. `nil` for fewer than four blocks.
    private static func blockMedianPace(_ samples: [TimedPlace]) -> Double? {
        var blocks: [TimedPlace] = []
        var from = 0
        while from < samples.count {
            let limit = samples[from].time + driftBlock
            var to = from
            while to < samples.count, samples[to].time < limit { to += 1 }
            let block = samples[from..<to]
            let place = Coordinate(
                latitude: median(block.map(\.place.latitude)), longitude: median(block.map(\.place.longitude)))
            blocks.append(TimedPlace(time: median(block.map(\.time)), place: place))
            from = to
        }
        guard blocks.count >= 4, let first = blocks.first, let last = blocks.last, last.time > first.time else {
            return nil
        }
        let path = zip(blocks, blocks.dropFirst()).reduce(0.0) {
            $0 + hop($1.0.place.latitude, $1.0.place.longitude, $1.1.place.latitude, $1.1.place.longitude)
        }
        return path / (last.time - first.time)
    }

    /// The fastest the medians of blocks move on (`blockMedianPace`) for positions that wander: faster is driving.
    static let fastestWander = 4.0

    private static func median(_ samples: [DriftSample]) -> Coordinate {
        Coordinate(latitude: median(samples.map(\.latitude)), longitude: median(samples.map(\.longitude)))
    }

    private static func median(_ values: [Double]) -> Double {
        let v = values.sorted()
        let n = v.count
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
    }

    private mutating func whileStill(_ p: Point) -> [TripEvent] {
        let c = configuration
        var events: [TripEvent] = []
        guard let centre = stillCentre, let since = stillSince else {
            if let left = phoneLeftBeforeFirstPoint(p) {
                // The very first point used, a phone driving, after points that stood (a cold start's, refused for
                // their stated error, or the phone's timer points before it): the vehicle left from there.
                trip = OpenTrip(start: left.time, startCoordinate: left.place, estimatedStart: true)
                trip!.distance = left.distance
                phase = .moving
                record(p)
                return [.tripStarted(start: Timestamp(secondsSince1970: left.time), coordinate: left.place)]
            }
            if let before = drivenBeforeFirstFix(p) {
                // The very first point of the stream, the vehicle driving, its fixes before a cold start's garbage:
                // it left when the cold start's speeds rose, and the way since is theirs. Where it left, nothing
                // good says: back along the course by that way (estimated).
                let back = Geodesic.wgs84.direct(
                    latitude: p.latitude, longitude: p.longitude, azimuth: (p.course ?? 0) + 180,
                    distance: before.distance)
                let place = Coordinate(latitude: back.latitude, longitude: back.longitude)
                trip = OpenTrip(start: before.time, startCoordinate: place, estimatedStart: true)
                trip!.distance = before.distance
                phase = .moving
                record(p)
                return [.tripStarted(start: Timestamp(secondsSince1970: before.time), coordinate: place)]
            }
            // The very first point of the stream: standing still until shown otherwise.
            beginStill(at: p)
            lastStill = p
            return []
        }
        let away = distance(centre, p)
        let hasDoppler = p.sample.doppler != nil
        if !hasDoppler, scatter?.isQuiet(within: radius(for: p)) != true {
            return whileStillWithoutDoppler(p, away: away, centre: centre, since: since)
        }
        // With Doppler, speed says whether the wheels turn and the position only confirms it; without,
        // where the positions stay as close together as the fixes claim, leaving the stop radius is
        // evidence too.
        let moving =
            p.speed >= c.movingSpeed || (away > 2 * radius(for: p) && (!hasDoppler || p.speed >= c.stoppedSpeed))
        let stillGoing = p.speed >= c.stoppedSpeed || (!hasDoppler && away > radius(for: p))
        if moving || (!departure.isEmpty && stillGoing) {
            departure.append(p)
            let first = departure[0]
            let span = p.sample.time - first.sample.time
            if span >= c.departureConfirmation && departure.count >= 2 && away > radius(for: p) {
                events += confirmDeparture()
            }
            return events
        }
        // Inside a trip, wheels that turned (Doppler) and stopped again before the position left the stop
        // radius moved the vehicle up a queue: the hop is driven, and a new stop begins where it ended.
        if hasDoppler, phase == .stopped, trip != nil, let from = lastStill, !departure.isEmpty,
            let hop = creep(from: from, through: departure, to: p), hop >= c.stationaryRadius / 2
        {
            trip!.distance += hop
            trip!.idleSeconds += max(0, from.sample.time - since)
            trip!.idlePeriods += 1
            for q in departure { record(q) }
            departure = []
            beginStill(at: p, seen: true)
            lastStill = p
            return standing(p, since: p.sample.time, centre: Coordinate(latitude: p.latitude, longitude: p.longitude))
        }
        // Leaving, the fix was lost after a point that moved, and it came back far from the stop, the wheels still:
        // the vehicle drove off and stood again inside the outage (at a light, or parked). Where it went confirms the
        // departure, which has not lasted the confirmation only because the fix was lost; the way across the outage
        // is bridged as any outage while moving, and the stop at its end is dated inside it (`stopInsideOutage`).
        if hasDoppler, let last, departure.last?.sample.time == last.sample.time,
            departure.contains(where: { ($0.sample.doppler ?? 0) >= c.movingSpeed }),
            p.sample.time - last.sample.time > c.dopplerMaximumInterval, outageSeen(after: last.sample.time),
            away > 2 * radius(for: p) + 3 * last.sample.sigma
        {
            events += confirmDeparture()
            return events + whileMoving(p)
        }
        // Standing inside a trip, the fix was lost and came back far from the stop, the wheels (nearly) still: the
        // vehicle drove on during the outage and stands again (stop-and-go under a bridge). The way is driven — the
        // fixes of a departure that began before the fix was lost, then across the outage — and a new stop begins
        // here; the centre of the old one must not drift over to it as if it stood.
        if hasDoppler, phase == .stopped, trip != nil, let last,
            p.sample.time - last.sample.time > c.dopplerMaximumInterval, outageSeen(after: last.sample.time),
            away > 2 * radius(for: p) + 3 * last.sample.sigma
        {
            let from = departure.isEmpty ? last : (lastStill ?? departure[0])
            return events + standsAgain(from: from, since: since, at: p)
        }
        // The same when the fix came back with the vehicle still rolling (its first point after the outage moving, far
        // from the stop) and it stands again at the next: that point was no noise of the stop, it was the queue moving
        // on under the bridge.
        if hasDoppler, phase == .stopped, trip != nil, let still = lastStill, let first = departure.first,
            first.sample.time - still.sample.time > c.dopplerMaximumInterval, outageSeen(after: still.sample.time),
            distance(centre, first) > 2 * radius(for: first) + 3 * still.sample.sigma
        {
            return events + standsAgain(from: still, since: since, at: p)
        }
        if hasDoppler,
            reporting == .continuous || departure.contains(where: { ($0.sample.doppler ?? 0) >= c.movingSpeed })
                || phoneDrove(after: lastStill, before: p.sample.time),
            hasRelocated(to: p)
        {
            // Seen again after a silence far from where it stood, having driven: it came here unseen and stands. (A
            // phone only when a point of the departure, or one after its first one after the silence, drove: its first
            // points that settle may still be a cold start's, converging from hundreds of metres off while they claim
            // 3 m, and standing they say nothing of wheels.)
            departure.append(p)
            return events + confirmDeparture()
        }
        // Still standing: a departure that did not come true was noise.
        departure = []
        accumulateStill(p, away: away)
        lastStill = p
        outwardFrom = p
        events += standing(p, since: since, centre: centre)
        return events
    }

    /// Ends a stop inside the trip that the vehicle left unseen (the fix lost) for a new one at `p`: the way from
    /// `from` (the last point of the stop, or of a departure that began before the fix was lost) through the
    /// departure's points to `p` is driven; the old stop, since `since`, is idle time.
    private mutating func standsAgain(from: Point, since: Double, at p: Point) -> [TripEvent] {
        var previous = from
        for q in departure + [p] {
            addDistance(from: previous, to: q)
            record(q)
            previous = q
        }
        trip!.idleSeconds += max(0, from.sample.time - since)
        trip!.idlePeriods += 1
        departure = []
        beginStill(at: p, seen: true)
        lastStill = p
        return standing(p, since: p.sample.time, centre: Coordinate(latitude: p.latitude, longitude: p.longitude))
    }

    /// Positions only: the road across an outage bends from the course held on entering it to the course held on
    /// leaving it (`OutageBridge.length`), but a position source shows the latter only after the outage, once the
    /// fixes have moved on from the first one by far more than their errors (ten times the sum of their one-sigma
    /// errors: a bearing good to a few degrees), within `dopplerMaximumInterval`. Then the outage's length is bent to
    /// that course too. If they do not get that far in time (the vehicle stopped), it stays bent to the entry course.
    private mutating func settleExitCourse(at p: Point) {
        guard let open = openBridge, trip != nil else {
            openBridge = nil
            return
        }
        let elapsed = p.sample.time - open.time
        guard elapsed > 0 else { return }
        guard elapsed <= configuration.dopplerMaximumInterval else {
            openBridge = nil
            return
        }
        let line = Geodesic.wgs84.inverse(
            latitude1: open.latitude, longitude1: open.longitude, latitude2: p.latitude, longitude2: p.longitude)
        guard line.distance >= 10 * (open.sigma + p.sample.sigma) else { return }
        let bent = OutageBridge.estimate(
            chord: open.chord, angle1: open.angle1, angle2: line.azimuth1 - open.azimuth2, duration: open.duration,
            speed1: nil, speed2: nil, weighting: speedsWeighting, configuration: configuration)
        let settled = max(bent, open.streets ?? 0)
        trip!.distance += settled - open.length
        openBridge = nil
    }

    /// The way along `points` by their Doppler speeds (trapezoids), or `nil` when a speed is missing. A step longer
    /// than `dopplerMaximumInterval` stood at both ends (the speed was below the stopping speed at both), and its
    /// speeds say nothing of what came between: within the two points' stop radii it stood throughout (the positions'
    /// difference is their noise) and counts nothing. Beyond them it either drove from one stand to another while the
    /// fix was lost (a phone sends nothing then) or the later point's position jumped (a street canyon): the point
    /// after it tells — back within the stop radii of the first, a jump, counted as nothing; else a move, and the
    /// stand begins at the later point (`restart`, its index: the way counts from there). As the last step nothing
    /// tells yet (`unresolved`).
    private func creep(through points: [Point]) -> (way: Double, restart: Int, unresolved: Bool)? {
        var total = 0.0
        var restart = 0
        var unresolved = false
        for i in points.indices.dropFirst() {
            let (a, b) = (points[i - 1], points[i])
            guard let va = a.sample.doppler, let vb = b.sample.doppler else { return nil }
            let dt = b.sample.time - a.sample.time
            if dt > 0, dt <= configuration.dopplerMaximumInterval {
                total += (va + vb) / 2 * dt
                continue
            }
            guard dt > 0, distance(a, b) > 2 * stopRadius(of: a, and: b.sample) else { continue }
            guard i + 1 < points.count else {
                unresolved = true
                continue
            }
            let c = points[i + 1]
            if distance(a, c) > 2 * stopRadius(of: a, and: c.sample) {
                restart = i
                total = 0
            }
        }
        return (total, restart, unresolved)
    }

    /// The way from `from` through `points` to `to` by their Doppler speeds (trapezoids), or `nil` when a
    /// speed is missing or two of them are further apart than `dopplerMaximumInterval`.
    private func creep(from: Point, through points: [Point], to: Point) -> Double? {
        var total = 0.0
        var previous = from
        for q in points + [to] {
            let dt = q.sample.time - previous.sample.time
            guard let va = previous.sample.doppler, let vb = q.sample.doppler, dt >= 0,
                dt <= configuration.dopplerMaximumInterval
            else { return nil }
            total += (va + vb) / 2 * dt
            previous = q
        }
        return total
    }

    /// Positions only: the departure rule when the source reports no speed.
    ///
    /// Without Doppler, the speed the filter derives from positions is no witness while the vehicle
    /// stands: a receiver parked in a street canyon wanders by tens of metres, correlated over
    /// minutes, with multipath spikes on top, and the filter turns that into metres per second. So
    /// only where the positions go counts:
    /// - a position counts as standing still while it stays within the stop's still radius
    ///   (`stillRadius(for:)`: the configured radius, or more for noisy fixes, or more for the
    ///   scatter actually seen at this stop — whichever is largest);
    /// - positions outside it are a possible departure, which comes true when the position is twice
    ///   the still radius from the stop's centre, farther than all of them, and got farther over the
    ///   last `departureConfirmation` seconds at `movingSpeed` or more (wander goes out and back,
    ///   slowly on average, and stays within its bounds; a vehicle that drives off keeps getting
    ///   farther, at the speed it drives);
    /// - a possible departure whose positions come back within the radius, or that has not come true
    ///   after `departureWindow` seconds, was the stop's scatter, and is counted as such;
    /// - the trip starts when the positions began their last run away from the stop's centre before
    ///   they left the radius (`outwardFrom`), not when the departure was confirmed.
    private mutating func whileStillWithoutDoppler(
        _ p: Point, away: Double, centre: Coordinate, since: Double
    ) -> [TripEvent] {
        let c = configuration
        let r = stillRadius(for: p)
        // A possible departure cut by a silence (the receiver off or without a fix: a tunnel on the way out) with the
        // position still away after it did not come back: it was no scatter of the stop, and it starts again here.
        if away > r, let latest = departure.last, p.sample.time - latest.sample.time > c.dopplerMaximumInterval {
            departure = []
        }
        if away > r, departure.first.map({ p.sample.time - $0.sample.time <= Self.departureWindow }) ?? true {
            let farthest = departure.allSatisfy { distance(centre, $0) < away }
            // How fast the positions got away over the last confirmation span.
            let receding = departure.last { p.sample.time - $0.sample.time >= c.departureConfirmation }.map {
                (away - distance(centre, $0)) / (p.sample.time - $0.sample.time)
            }
            departure.append(p)
            if farthest, away > 2 * r, let receding, receding >= c.movingSpeed {
                lastStill = outwardFrom ?? lastStill
                outwardFrom = nil
                return confirmDeparture()
            }
            // After a gap (the box was off) the first fixes can be far from where the vehicle stood, in any
            // direction from it: the vehicle left meanwhile. Then the departure is shown by the fixes moving on
            // at a vehicle's speed, all of them well outside the stop, wherever they head.
            // Or by the fixes standing together somewhere else, all well outside the stop (it drove while unseen
            // and waits at a light): the scatter of a stop goes out and comes back. The same after a run of refused
            // fixes (`usedAfterRefusals`): a multipath burst hid a hop up a queue, and the first fix used after it
            // stands where the hop ended (drivesim shortstops-1hz-31629544, `QueueHopBehindABurstTests`).
            if let first = departure.first, let still = lastStill,
                first.sample.time - still.sample.time > c.dopplerMaximumInterval
                    || first.sample.time == usedAfterRefusals,
                p.sample.time - first.sample.time >= c.departureConfirmation,
                departure.allSatisfy({ distance(centre, $0) > 2 * r })
            {
                lastStill = outwardFrom ?? lastStill
                outwardFrom = nil
                return confirmDeparture()
            }
            return []
        }
        // The window ran out with the positions still away, standing together elsewhere: a scatter goes out and
        // comes back, and wanders while out; this is a vehicle that drove off and stopped again (a light) before
        // its departure came true. It left.
        if away > 2 * r, standsElsewhere(departure + [p], centre: centre, radius: r) {
            departure.append(p)
            lastStill = outwardFrom ?? lastStill
            outwardFrom = nil
            return confirmDeparture()
        }
        // Or the positions of the window moved on at a vehicle's pace, faster than wander moves them (the medians of
        // blocks, as `detectDriftingStop` tells a stand from driving), wherever they headed — past the stop, too,
        // when the stop's place was a cold start's wrong position and the true ones came from hundreds of metres
        // off: taken for the stop's scatter, they would make a stop no departure leaves. So do the positions taken
        // for the stop's own over its last minute (`drivesWhileStill`).
        if drivesOn(departure + [p]) || drivesWhileStill(p) {
            departure.append(p)
            lastStill = outwardFrom ?? lastStill
            outwardFrom = nil
            return confirmDeparture()
        }
        // Still standing: the positions of a departure that did not come true were the scatter.
        for q in departure {
            let d = distance(centre, q)
            scatter?.add(d, at: q.sample.time)
        }
        let abandoned = !departure.isEmpty
        departure = []
        let previousAway = lastStill.map { distance(centre, $0) }
        // The outward run starts again at a position no farther than the one before, or still within
        // the fix's own error of the centre.
        if abandoned || away <= p.sample.sigma || previousAway.map({ away <= $0 }) ?? true { outwardFrom = p }
        accumulateStill(p, away: away)
        lastStill = p
        return standing(p, since: since, centre: centre)
    }

    /// Positions only: whether `positions` (a possible departure's, its window run out) moved on faster than wander
    /// moves the medians of their blocks.
    private func drivesOn(_ positions: [Point]) -> Bool {
        movesOnAsDriving(
            positions.map {
                TimedPlace(
                    time: $0.sample.time,
                    place: Coordinate(latitude: $0.sample.latitude, longitude: $0.sample.longitude))
            })
    }

    /// Whether the medians of the blocks of `positions` (in time order) move on faster than wander moves them
    /// (`blockMedianPace` at least `fastestWander` × `movingSpeed`): a vehicle that drives.
    private func movesOnAsDriving(_ positions: [TimedPlace]) -> Bool {
        guard let pace = Self.blockMedianPace(positions) else { return false }
        return pace >= Self.fastestWander * configuration.movingSpeed
    }

    /// Positions only: whether the positions of a possible departure's last `departureConfirmation` seconds and more
    /// (at least three) all lie beyond twice the stop radius `radius` from its centre and within `radius` of their
    /// own middle: the vehicle stands somewhere else.
    private func standsElsewhere(_ positions: [Point], centre: Coordinate, radius: Double) -> Bool {
        guard let latest = positions.last else { return false }
        let recent = positions.filter { latest.sample.time - $0.sample.time <= 2 * configuration.departureConfirmation }
        guard recent.count >= 3, let earliest = recent.first,
            latest.sample.time - earliest.sample.time >= configuration.departureConfirmation
        else { return false }
        let latitude = Self.median(recent.map(\.sample.latitude))
        let longitude = Self.median(recent.map(\.sample.longitude))
        return recent.allSatisfy {
            distance(centre, $0) > 2 * radius
                && hop($0.sample.latitude, $0.sample.longitude, latitude, longitude) <= radius
        }
    }

    /// Filtered sources: the first point after the last silence (`resumed`) when its Doppler speed says it stood.
    private func resumedStanding() -> HeldFix? {
        guard reporting == .filtered, let back = resumed, let speed = back.speed, speed.isFinite,
            speed < configuration.movingSpeed
        else { return nil }
        return back
    }

    /// Whether the vehicle, parked, was seen again after a silence away from where it stood (`lastStill`) — beyond
    /// the two points' stop radii and three times the standing point's error — at `p` (the last point of a possible
    /// departure, or a point that stands), and had driven: a point since the silence moved (Doppler), or the
    /// speeds of the cold start after a power-on did. Then it drove there unseen (the receiver came on and lost the
    /// fix again; a phone's points came back imprecise), and the way is a trip, even if the departure did not last
    /// the confirmation before the vehicle stood again or the next silence. Doppler only: without it a position
    /// far off says nothing of the wheels.
    private func hasRelocated(to p: Point) -> Bool {
        let c = configuration
        guard phase == .parked, p.sample.doppler != nil, let still = lastStill else { return false }
        let back = (departure.first ?? p).sample.time
        guard back - still.sample.time > c.dopplerMaximumInterval,
            distance(still, p) > 2 * stopRadius(of: still, and: p.sample) + 3 * still.sample.sigma
        else { return false }
        let moving = { (q: Point) in (q.sample.doppler ?? 0) >= c.movingSpeed }
        return departure.contains(where: moving) || moving(p) || phoneDrove(after: still, before: p.sample.time)
            || gate.coldStartSpeeds.contains { $0.time > still.sample.time && $0.speed >= c.movingSpeed }
    }

    /// Filtered sources: whether a point after the first one after the phone's last silence, which began after
    /// `still`, moved before `time` (used, held or refused: `resumedSpeeds`). Its Doppler speed is right even where a
    /// cold start's position is not.
    private func phoneDrove(after still: Point?, before time: Double) -> Bool {
        guard reporting == .filtered, let still, let back = resumed, back.time > still.sample.time,
            let speeds = resumedSpeeds
        else { return false }
        return speeds.contains { $0.time > back.time && $0.time < time && $0.speed >= configuration.movingSpeed }
    }

    /// Filtered sources: the way from the parking place, left when the phone's first point after its silence
    /// (`resumedStanding`, later than `after`) stood, to `first`, by the Doppler speeds of the points since
    /// (`resumedSpeeds`, as `coldStartWay` measures a receiver's cold start), or `nil` when there are none.
    private func resumedWay(after: Double, until first: Sample) -> SpeedWay? {
        guard let back = resumedStanding(), back.time > after, let speeds = resumedSpeeds else { return nil }
        return way(by: speeds.filter { $0.time >= back.time && $0.time < first.time }, until: first)
    }

    /// Refused fixes in a row after which the next point used is taken as after a gap (`usedAfterRefusals`).
    static let refusedRunLength = 3

    /// Positions only: how long a possible departure may take to come true before its positions are
    /// taken for the stop's scatter. A vehicle that drives off, even at walking pace, is twice the
    /// still radius away well within it. (It also bounds the points held for a possible departure.)
    static let departureWindow: Double = 60

    /// Standing still at `p` since `since`: a stop of the parking threshold ends the trip, a long one
    /// raises the long-idle event.
    private mutating func standing(_ p: Point, since: Double, centre: Coordinate) -> [TripEvent] {
        let c = configuration
        var events: [TripEvent] = []
        if phase == .stopped, p.sample.time - (waitingSince ?? since) >= c.parkingThreshold {
            events += endTrip(at: since, coordinate: centre, estimated: waitingSince != nil ? .end : [])
        }
        if !longIdleReported, p.sample.time - since >= c.longIdleThreshold {
            longIdleReported = true
            events.append(.longIdle(since: Timestamp(secondsSince1970: since), duration: p.sample.time - since))
        }
        return events
    }

    private mutating func confirmDeparture() -> [TripEvent] {
        let c = configuration
        var events: [TripEvent] = []
        let first = departure[0]
        if phase == .stopped, let still = lastStill, let since = stillSince, let centre = stillCentre,
            waitingSince != nil || (reporting == .filtered && first.sample.doppler != nil)
        {
            // A phone standing at a stop leaves: it most likely left when accelerating evenly over the way to its first
            // point moving would have brought it there. A stand of the parking threshold from when it most likely
            // stopped (`waitingSince`, its timer point's estimate, `waitsAtStop`; else when the stop began) was a
            // parking, although no point came while it stood that long: a phone that stands sends a point only when
            // its position wanders past its distance filter or its timer runs out, and it may leave before either.
            let waited = waitingSince ?? since
            if leftEvenly(from: still, to: first, speed: first.speed) - waited >= c.parkingThreshold {
                events += endTrip(at: since, coordinate: centre, estimated: waitingSince != nil ? .end : [])
            }
        }
        waitingSince = nil
        // Departure time: the last moment seen standing still, unless that was before a power-off,
        // in which case the vehicle left no earlier than the receiver came on again.
        var startTime = lastStill?.sample.time ?? first.sample.time
        var origin = lastStill
        var estimatedStart = false
        // A vehicle that parked without a fix and drove out before the fix came back drove the way out of that place
        // (`unseenExitWay`) before its first fix, which is not where it parked: seen moving there by its Doppler
        // speed (`droveOutUnseen`), or, positions only, leaving it at once at a moving pace.
        var unseenExit = 0.0
        let exit = phase == .parked ? exitUnseen : nil
        exitUnseen = nil
        // From the first fix after the silence to the first point of the departure.
        let sinceBack = exit.map {
            hop($0.back.latitude, $0.back.longitude, first.sample.latitude, first.sample.longitude)
        }
        if let exit, let sinceBack {
            let drove =
                exit.moving
                ? lastStill?.sample.time == exit.parked
                : first.sample.time > exit.back.time
                    && sinceBack / (first.sample.time - exit.back.time) >= c.movingSpeed
            if drove { unseenExit = Self.unseenExitWay }
        }
        if let still = lastStill, first.sample.time - still.sample.time > c.dopplerMaximumInterval {
            estimatedStart = true
            // It left during an outage: as late as it could have, driving at its first speed.
            let bridge = distance(still, first)
            let latest = max(still.sample.time, first.sample.time - bridge / max(first.speed, c.movingSpeed))
            startTime = latest
            if let on = gate.powerOnTime, on > still.sample.time {
                startTime = min(on, first.sample.time)
                // Inside a trip (a stop shorter than the parking threshold so far), seen after the silence farther
                // away than it could have got since the receiver seemingly came on: the silence was no power-off
                // but an outage a logger kept no record of (a GPX track has no epochs without a fix), and the way
                // from where it stood is the trip's.
                if phase == .stopped, trip != nil,
                    bridge > c.maximumSpeed * (first.sample.time - startTime) + 3 * c.stationaryRadius
                {
                    startTime = latest
                }
            }
            // Bridge from where it stood only if it could have got here since starting.
            let reach = c.maximumSpeed * (first.sample.time - startTime) + 3 * c.stationaryRadius
            if distance(still, first) > reach { origin = nil }
            // A phone whose first point after its silence stood (refused or not: its speed is right) left after that
            // point. The way from where it stood is bridged all the same: it was driven in the silence (into a
            // garage, where the phone lost its fix on the way), and nothing else counts it.
            if let back = resumedStanding(), back.time > startTime, back.time <= first.sample.time {
                startTime = back.time
            }
            // Its speeds since the silence show it drove before the first point used (a cold start's, refused for
            // their positions): it left when they did — after the last that stood, if one did; else no later than
            // the first, driving already, allows.
            if let left = phoneLeft(after: still.sample.time, before: first.sample.time) {
                startTime = left.stood ? left.time : max(still.sample.time, min(startTime, left.time))
            }
        }
        if unseenExit > 0, let exit, let sinceBack {
            // As late as driving the way out and on to the first point at its speed allows, after the parking.
            estimatedStart = true
            let way = unseenExit + sinceBack
            startTime = max(exit.parked, min(startTime, first.sample.time - way / max(first.speed, c.movingSpeed)))
        }
        if phase == .parked {
            let startPlace =
                origin.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
                ?? Coordinate(latitude: first.latitude, longitude: first.longitude)
            trip = OpenTrip(start: startTime, startCoordinate: startPlace, estimatedStart: estimatedStart)
            trip!.distance += unseenExit
            events.append(.tripStarted(start: Timestamp(secondsSince1970: startTime), coordinate: startPlace))
            if let origin { record(origin) }
            // Positions only, seen leaving: the next stop shows whether the departure was a jump of the positions.
            leftStop = nil
            if first.sample.doppler == nil, !estimatedStart, let since = stillSince, let centre = stillCentre {
                leftStop = LeftStop(
                    since: since, centre: centre, scatter: scatter, longIdleReported: longIdleReported,
                    departed: startTime, distance: trip!.distance, idleSeconds: 0, idlePeriods: 0, maximumSpeed: 0,
                    parking: true)
            }
        } else if let since = stillSince, trip != nil {
            leftStop = nil
            if first.sample.doppler == nil, let centre = stillCentre {
                leftStop = LeftStop(
                    since: since, centre: centre, scatter: scatter, longIdleReported: longIdleReported,
                    departed: startTime, distance: trip!.distance, idleSeconds: trip!.idleSeconds,
                    idlePeriods: trip!.idlePeriods, maximumSpeed: trip!.maximumSpeed)
            }
            trip!.idleSeconds += max(0, startTime - since)
            trip!.idlePeriods += 1
        }
        var previous = origin
        if let still = origin, first.sample.time - still.sample.time > c.dopplerMaximumInterval,
            let driven = coldStartWay(after: still.sample.time, until: first.sample)
                ?? resumedWay(after: still.sample.time, until: first.sample)
        {
            // After power-on the positions were garbage but the Doppler speeds were not: measure the
            // way from the parking place to the first good position by them — where they do not span it (the fix
            // was lost again after the cold start), no shorter than the line between the two, and across an outage
            // between two speeds of moving by those, as far as the line bears it out (`OutageBridge.acrossOutages`).
            let line = distance(still, first)
            trip?.distance +=
                driven.complete
                ? driven.distance
                : max(
                    line,
                    OutageBridge.acrossOutages(line: line, measured: driven.distance, outages: driven.outages))
            if let previousPoint = previous { record(previousPoint) }
            previous = nil
            record(first)
            previous = first
            for q in departure.dropFirst() {
                if let p = previous { addDistance(from: p, to: q) }
                record(q)
                previous = q
            }
            departure = []
        }
        for q in departure {
            if let previous { addDistance(from: previous, to: q) }
            record(q)
            previous = q
        }
        phase = .moving
        departure = []
        stopCandidate = []
        drift = nil
        stillSince = nil
        stillCentre = nil
        stillCount = 0
        scatter = nil
        outwardFrom = nil
        longIdleReported = false
        return events
    }

    /// When a vehicle whose first point (`p`) drives left, and the way since, by the speeds of the cold start's refused
    /// fixes before it: from the last of them below `movingSpeed` (or the first, if it drove from the power-on) to `p`,
    /// when they span it without a step longer than `dopplerMaximumInterval`, and it drove `departureConfirmation` or
    /// longer and more than twice the stationary radius. `nil` otherwise, and inside a trip.
    private func drivenBeforeFirstFix(_ p: Point) -> (time: Double, distance: Double)? {
        let c = configuration
        guard trip == nil, let v = p.sample.doppler, v >= c.movingSpeed, let on = gate.powerOnTime,
            on <= p.sample.time
        else { return nil }
        let speeds = gate.coldStartSpeeds.filter { $0.time >= on && $0.time < p.sample.time }
        guard var k = speeds.indices.last, p.sample.time - speeds[k].time <= c.dopplerMaximumInterval else {
            return nil
        }
        while k > 0, speeds[k].speed >= c.movingSpeed,
            speeds[k].time - speeds[k - 1].time <= c.dopplerMaximumInterval
        {
            k -= 1
        }
        let run = Array(speeds[k...])
        guard let driven = way(by: run, until: p.sample), driven.complete,
            p.sample.time - run[0].time >= c.departureConfirmation, driven.distance > 2 * c.stationaryRadius
        else { return nil }
        return (run[0].time, driven.distance)
    }

    /// The latest a vehicle that drove at `seen` can have left a stand: reaching that speed accelerating as evenly as a
    /// car brakes to a stop (`brakingDeceleration`).
    private static func latestLeft(reaching seen: FixGate.TimedSpeed) -> Double {
        seen.time - seen.speed / brakingDeceleration
    }

    /// Filtered sources: when a phone last seen standing at `after` left, when the speeds of its points since the
    /// silence after that (`resumedSpeeds`: used, held or refused; a cold start's positions may be far off, its speeds
    /// are right) drove before `time`: as late as reaching the first speed after `after` that drove allows,
    /// accelerating as evenly as a car brakes to a stop (`brakingDeceleration`), and no earlier than the last that
    /// stood before it (`stood`), if one did. (If none did, the vehicle may have left at any time in the silence, but
    /// not before it had stood there the parking threshold.)
    private func phoneLeft(after: Double, before time: Double) -> (time: Double, stood: Bool)? {
        let c = configuration
        guard reporting == .filtered, let back = resumed, back.time > after,
            let speeds = resumedSpeeds?.filter({ $0.time > after && $0.time < time }),
            let k = speeds.firstIndex(where: { $0.speed >= c.movingSpeed })
        else { return nil }
        let latest = Self.latestLeft(reaching: speeds[k])
        if k > 0 { return (max(speeds[k - 1].time, latest), true) }
        // Not when it drove too soon after it was last seen standing to have parked there: it was still arriving
        // (the end of the last trip was estimated early).
        return latest - after >= c.parkingThreshold ? (latest, false) : nil
    }

    /// Filtered sources: when and where a phone whose first point used (`p`) drives (Doppler) left, and the way since,
    /// when a point since the silence before it stood (`resumedStill`: refused for its stated error, as a phone's cold
    /// start's are, but its speed is right and its position within about that error): it left there no earlier than
    /// that point and as late as accelerating evenly over the line to `p` allows (`leftEvenly`) — or, where a refused
    /// point after it drove already, as reaching that point's speed at the braking rate allows, if that is earlier. The way
    /// is the line, or what the even acceleration covers where the standing point's time bounds it, or what the refused
    /// points' speeds measure, if longer. Without such a
    /// point nothing says the vehicle had stood: `nil`, as inside a trip.
    private func phoneLeftBeforeFirstPoint(_ p: Point) -> (time: Double, distance: Double, place: Coordinate)? {
        guard reporting == .filtered, trip == nil, let v = p.sample.doppler, v >= configuration.movingSpeed,
            let still = resumedStill, still.time < p.sample.time
        else { return nil }
        let line = hop(still.latitude, still.longitude, p.sample.latitude, p.sample.longitude)
        var time = p.sample.time - 2 * line / v
        if let seen = resumedSpeeds?.first(where: { $0.time > still.time && $0.speed >= configuration.movingSpeed }),
            seen.time < p.sample.time
        {
            time = min(time, Self.latestLeft(reaching: seen))
        }
        time = max(still.time, time)
        var way = min(line, v * (p.sample.time - time) / 2)
        // Where the refused points' speeds measure the way (as a receiver's cold start's do, `coldStartWay`): that, as
        // far as the line bears out their gaps.
        let speeds = resumedSpeeds?.filter { $0.time >= still.time && $0.time < p.sample.time } ?? []
        if let driven = self.way(by: speeds, until: p.sample) {
            way = max(
                way,
                driven.complete
                    ? driven.distance
                    : OutageBridge.acrossOutages(line: line, measured: driven.distance, outages: driven.outages))
        }
        return (time, way, Coordinate(latitude: still.latitude, longitude: still.longitude))
    }

    /// The distance driven from power-on to `first` by the Doppler speeds of the refused cold-start
    /// fixes (trapezoidal rule), or `nil` when there are none — or when the receiver was not powered on
    /// again after `after` (the last position before the gap): the speeds of an earlier cold start say
    /// nothing of this gap, which was an outage with the receiver on. With it, whether the speeds span the way: none
    /// of their steps (nor the one to `first`) is longer than `dopplerMaximumInterval` (else the receiver lost the fix
    /// again on the way, and what it drove then is not in the distance).
    ///
    /// Where the receiver was on without a fix for a while before the first speed (it came on in an underground garage
    /// and found the sky outside), the vehicle may have left in that time: it is taken to have accelerated evenly
    /// from a stand at the power-on to that speed (half of it over the time), as `arrival` has a vehicle brake evenly
    /// into a stop — for a first speed within `coldStartWindow` of the power-on (after longer, nothing tells how long
    /// it stood first).
    private func coldStartWay(after: Double, until first: Sample) -> SpeedWay? {
        guard let on = gate.powerOnTime, on > after else { return nil }
        let speeds = gate.coldStartSpeeds.filter { $0.time < first.time && $0.time >= on }
        guard var driven = way(by: speeds, until: first) else { return nil }
        if let lead = speeds.first, lead.time - on <= configuration.coldStartWindow {
            driven.distance += lead.speed * (lead.time - on) / 2
        }
        return driven
    }

    /// A way measured by Doppler speeds (`way(by:until:)`): its length where they follow each other, whether they span
    /// it, and apart the way across outages between two speeds of moving.
    typealias SpeedWay = (distance: Double, complete: Bool, outages: Double)

    /// The way by `speeds` and on to `first` (trapezoids), and whether they span it: none of their steps (nor the one
    /// to `first`) is longer than `dopplerMaximumInterval`. `nil` without speeds, or without one at `first`. Apart
    /// (`outages`): the way across the longer steps between two speeds of moving shorter than the parking threshold
    /// by those speeds — the receiver lost the fix again and the vehicle drove on (it cannot have parked in that
    /// time), the mean of the two for the time, within `OutageBridge.reach` — for the caller to weigh against a line
    /// (`OutageBridge.acrossOutages`).
    private func way(by speeds: [FixGate.TimedSpeed], until first: Sample) -> SpeedWay? {
        guard !speeds.isEmpty, let end = first.doppler else { return nil }
        let c = configuration
        var total = 0.0
        var outages = 0.0
        var complete = true
        let last = FixGate.TimedSpeed(time: first.time, speed: end)
        for (a, b) in zip(speeds, speeds.dropFirst() + [last]) {
            let span = b.time - a.time
            if span <= c.dopplerMaximumInterval {
                total += (a.speed + b.speed) / 2 * span
                continue
            }
            complete = false
            if span < c.parkingThreshold, min(a.speed, b.speed) >= c.movingSpeed {
                outages += min(
                    (a.speed + b.speed) / 2 * span,
                    OutageBridge.reach(duration: span, from: a.speed, to: b.speed, configuration: c))
            }
        }
        return (total, complete, outages)
    }

    /// Standing still from `p` on. `seen` tells whether the engine saw the vehicle come to this stop
    /// (its positions held still for the stop confirmation), or knows nothing of it (the start of the
    /// stream, after a gap): then, positions only, the stop is taken to scatter by the stationary
    /// radius until its positions show otherwise (see `StopScatter`).
    private mutating func beginStill(at p: Point, seen: Bool = false) {
        drift = nil
        waitingSince = nil
        stillSince = p.sample.time
        stillCentre = Coordinate(latitude: p.latitude, longitude: p.longitude)
        stillCount = 1
        longIdleReported = false
        scatter =
            p.sample.doppler == nil
            ? StopScatter(time: p.sample.time, prior: seen ? 0 : configuration.stationaryRadius) : nil
        outwardFrom = p
    }

    /// - Parameter away: `p`'s distance from `stillCentre`, where the caller has it.
    private mutating func accumulateStill(_ p: Point, away known: Double? = nil) {
        guard let centre = stillCentre else { return }
        let away = known ?? distance(centre, p)
        scatter?.add(away, at: p.sample.time)
        // Mean of the positions, fading over about a minute so that a wrong first position and
        // slow drift are forgotten.
        stillCount += 1
        let dt = last.map { max(0, p.sample.time - $0.sample.time) } ?? 1
        let w = max(1 / Double(stillCount), min(1, dt / 60))
        stillCentre = Coordinate(
            latitude: centre.latitude + (p.latitude - centre.latitude) * w,
            longitude: centre.longitude + (p.longitude - centre.longitude) * w)
    }

    private func stopTimeAndPlace() -> (time: Double, coordinate: Coordinate)? {
        guard let since = stillSince, let centre = stillCentre else { return nil }
        return (since, centre)
    }

    // MARK: Distance and trip figures

    private mutating func addDistance(from a: Point, to b: Point) {
        guard trip != nil else { return }
        let c = configuration
        let dt = b.sample.time - a.sample.time
        guard dt > 0 else { return }
        let step: Double
        // (Only while refused fixes' speeds are kept: without them there is no such way, and the call copies the engine.)
        if gate.refusedSpeeds != nil, let driven = refusedWay(from: a, to: b) {
            // The receiver went on reporting, but its positions jumped (multipath it held for a while): the wheels
            // did not, and their speeds measure the way.
            positionAnchor = nil
            step = driven
        } else if dt <= c.dopplerMaximumInterval, let va = a.sample.doppler, let vb = b.sample.doppler {
            step =
                Self.sparseStep(from: a, to: b, trapezoid: (va + vb) / 2 * dt, speedsWeighting, c) ?? (va + vb) / 2 * dt
            positionAnchor = nil
        } else if dt <= c.dopplerMaximumInterval {
            // Positions only: the filtered path measured in steps of at least `positionStepSpacing`, so
            // that the sideways wander of slowly correlated receiver noise does not add length; a step
            // between two fixes is bent by the filter's courses where the vehicle turned (it matters at
            // low output rates).
            let anchor = positionAnchor ?? a
            let span = distance(anchor, b)
            // The noisier the fixes, the longer the step that rises above their wander.
            let spacing = min(
                Self.longestPositionStep * c.positionStepSpacing,
                max(c.positionStepSpacing, c.positionStepNoiseFactor * b.sample.sigma))
            if span < spacing {
                positionAnchor = anchor
                step = 0
            } else {
                // Bent only where the line is well above the noise (as `sparseStep`): the filter's courses, taken
                // from positions alone, turn by the noise too, and bending every step by it adds length.
                let clear = span > Self.sparseChordNoise * max(a.sample.sigma, b.sample.sigma)
                step = anchor.sample.time == a.sample.time && clear ? bentChord(from: a, to: b) : span
                positionAnchor = b
            }
        } else if reporting == .filtered, dt < Self.phoneCornerSilence, let va = a.sample.doppler,
            let vb = b.sample.doppler,
            va >= c.movingSpeed, vb >= c.movingSpeed, let ca = a.course, let cb = b.course,
            abs(OutageBridge.wrap(cb - ca)) >= Self.phoneCornerTurn,
            let sparse = Self.sparseStep(from: a, to: b, trapezoid: (va + vb) / 2 * dt, speedsWeighting, c)
        {
            // A phone moving at both ends of a silence: it sends a point once it is 75 m (its distance filter) from
            // the last one, so a silence while moving is a way that stayed near the last point — round a corner or
            // two, or standing at a light — not a tunnel: bridged as sparse points are, the speeds' length held
            // between the arc and the corner of the courses (a turn of 120° between points 75 m apart is two legs of
            // 75 m, which the outage's rule took for a stop inside the outage and bridged by the arc).
            positionAnchor = nil
            step = sparse
            lastBridge = Bridge(length: step, end: b.sample.time)
        } else if reporting == .filtered, dt < Self.phoneCornerSilence, let va = a.sample.doppler,
            let vb = b.sample.doppler, va >= c.movingSpeed, vb < c.stoppedSpeed
        {
            // A phone moving, then standing after a silence: it came to a stand less than its distance filter on (else
            // it would have sent a point on the way), and sent this one when its position wandered past it. The line,
            // bent by the course it drove, is the way; the speeds' mean over the silence is not (it stood for most of
            // it).
            positionAnchor = nil
            step = bentChord(from: a, to: b)
            lastBridge = Bridge(length: step, end: b.sample.time)
        } else if let va = a.sample.doppler, let vb = b.sample.doppler, va < c.stoppedSpeed, vb < c.stoppedSpeed,
            !outageSeen(after: a.sample.time)
        {
            // Standing at both ends of a silence in which the receiver reported no outage (a phone sends nothing
            // while it stands, and a point when its position wandered off): the line between them is wander.
            positionAnchor = nil
            step = 0
        } else {
            positionAnchor = nil
            // An outage (tunnel): see `OutageBridge.estimate`.
            let bridge = bridgeOutage(from: a, to: b.sample, at: (b.latitude, b.longitude), course: b.course)
            step = bridge.length
            lastBridge = Bridge(length: step, end: b.sample.time)
            if let open = bridge.open { openBridge = open }
        }
        trip!.distance += step
        if trip!.circuity == nil { trip!.circuity = RoadCircuity() }
        trip!.circuity!.note(latitude: b.latitude, longitude: b.longitude, odometer: trip!.distance)
        let speed = b.sample.doppler ?? b.speed
        trip!.maximumSpeed = max(trip!.maximumSpeed, min(speed, c.maximumSpeed))
    }

    /// An outage while moving, from `a` to `b`, placed at `position` (filtered or not) with course `course`: its way
    /// (`OutageBridge.estimate`, no shorter than the streets' way, `streetsWay`), and, when `b` has neither speed nor
    /// course, the bridge left open for the fixes after it to settle (`settleExitCourse`).
    private func bridgeOutage(
        from a: Point, to b: Sample, at position: (latitude: Double, longitude: Double), course: Double?
    ) -> (length: Double, open: OpenBridge?) {
        let line = Geodesic.wgs84.inverse(
            latitude1: a.latitude, longitude1: a.longitude, latitude2: position.latitude,
            longitude2: position.longitude)
        let duration = b.time - a.sample.time
        let angle1 = a.course.map { $0 - line.azimuth1 } ?? 0
        let streets = streetsWay(line: line.distance, duration: duration, from: a, to: b)
        let length = max(
            OutageBridge.estimate(
                chord: line.distance, angle1: angle1, angle2: course.map { $0 - line.azimuth2 } ?? 0,
                duration: duration, speed1: a.sample.doppler, speed2: b.doppler, weighting: speedsWeighting,
                configuration: configuration),
            streets ?? 0)
        guard b.doppler == nil, course == nil else { return (length, nil) }
        let open = OpenBridge(
            time: b.time, latitude: position.latitude, longitude: position.longitude, sigma: b.sigma,
            chord: line.distance, angle1: angle1, azimuth2: line.azimuth2, duration: duration, length: length,
            streets: streets)
        return (length, open)
    }

    /// Positions only, an outage while moving (a silence in a GPX track: under bridges and signs, between houses): the
    /// line across it bent by the courses at its ends is the road where it bent once, but in a town the streets
    /// between two points turn at every block. With no speeds to tell, the streets the trip drove itself are the best
    /// guess: they were as much longer than their lines, over stretches as long as this one (`RoadCircuity`), as
    /// this way is longer than its line. Within what the vehicle could drive in the time. `nil` with speeds, for a
    /// line longer than `RoadCircuity.longestLine` (a road's: the bent chord), or before the trip has driven
    /// `streetsStretches` stretches as long as the line.
    private func streetsWay(line: Double, duration: Double, from a: Point, to b: Sample) -> Double? {
        guard a.sample.doppler == nil, b.doppler == nil, line <= RoadCircuity.longestLine,
            let ratio = trip?.circuity?.ratio(over: line, spans: Self.streetsStretches)
        else { return nil }
        return min(
            line * ratio, OutageBridge.reach(duration: duration, from: nil, to: nil, configuration: configuration))
    }

    /// The longest step of a positions-only path, in `positionStepSpacing`s (30 m by default): three sigmas of a
    /// street canyon's fixes at HDOP 3, so that their wander round a car waiting at a light adds no way.
    static let longestPositionStep = 6.0

    /// How many stretches as long as an outage's line the trip's path must hold apart from each other for its streets
    /// to tell that outage's way (`streetsWay`): the median of fewer says as much of one corner as of the streets.
    static let streetsStretches = 10.0

    /// Fixes seconds apart (a phone that reports a point every 75 m; a slow receiver): two speeds say little of
    /// the way between them (the vehicle slowed for a bend, or sped up), while the line between the positions,
    /// far longer than their errors, bent by the courses at both ends, says much. The speeds' length is checked
    /// against it as across an outage (`OutageBridge.estimate`). `nil` where the fixes are close in time or the
    /// line is not well above the noise: there the trapezoid of the speeds is the better figure.
    private static func sparseStep(
        from a: Point, to b: Point, trapezoid: Double, _ weighting: OutageBridge.SpeedsWeighting,
        _ configuration: EngineConfiguration
    ) -> Double? {
        let dt = b.sample.time - a.sample.time
        guard dt > TripEngine.sparseInterval else { return nil }
        let line = Geodesic.wgs84.inverse(
            latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
        guard line.distance > TripEngine.sparseChordNoise * max(a.sample.sigma, b.sample.sigma) else { return nil }
        guard let va = a.sample.doppler, let vb = b.sample.doppler else { return nil }
        // Positions that put the points much farther apart than the wheels went (a phone's fix wandering off as it
        // parks): the wheels are right.
        if line.distance > 1.5 * trapezoid + 3 * (a.sample.sigma + b.sample.sigma) + 5 { return trapezoid }
        return OutageBridge.sparse(
            chord: line.distance, angle1: a.course.map { $0 - line.azimuth1 } ?? 0,
            angle2: b.course.map { $0 - line.azimuth2 } ?? 0, duration: dt, speed1: va, speed2: vb,
            weighting: weighting, configuration: configuration)
    }

    /// The way from `a` to `b` by the Doppler speeds of the fixes refused as jumps or outliers between them, when
    /// they join the two without a step longer than `dopplerMaximumInterval` (trapezoids): the receiver kept
    /// reporting, and only its positions were wrong (a multipath jump it held: refused until `dopplerMaximumInterval`
    /// had passed since the last good fix, or until the jump recovery). `nil` otherwise (an outage: see
    /// `OutageBridge.estimate`).
    private func refusedWay(from a: Point, to b: Point) -> Double? {
        guard let va = a.sample.doppler, b.sample.doppler != nil else { return nil }
        let chain = refusedChain(after: a.sample.time, before: b.sample.time)
        // Its steps are within `dopplerMaximumInterval` (the chain's, and the last one to `b`): the way is whole.
        guard !chain.broken, let latest = chain.speeds.last,
            b.sample.time - latest.time <= configuration.dopplerMaximumInterval
        else { return nil }
        return way(by: [FixGate.TimedSpeed(time: a.sample.time, speed: va)] + chain.speeds, until: b.sample)?.distance
    }

    /// The Doppler speeds of the fixes refused for their positions (`FixGate.refusedSpeeds`) after `time` and before
    /// `end` that follow it without a step longer than `dopplerMaximumInterval` — the receiver went on reporting how
    /// fast the vehicle went — and whether a longer step broke the chain off before `end`.
    private func refusedChain(after time: Double, before end: Double = .infinity) -> (
        speeds: [FixGate.TimedSpeed], broken: Bool
    ) {
        var speeds: [FixGate.TimedSpeed] = []
        var previous = time
        for q in gate.refusedSpeeds ?? [] where q.time > time && q.time < end {
            guard q.time - previous <= configuration.dopplerMaximumInterval else { return (speeds, true) }
            speeds.append(q)
            previous = q.time
        }
        return (speeds, false)
    }

    /// Fixes further apart than this are sparse (`sparseStep`): longer than the period of the slowest receivers
    /// (0.2 Hz), whose speeds between fixes five seconds apart the trapezoid follows well.
    static let sparseInterval: Double = 5.5
    /// …and the line between them this many times their one-sigma error or longer.
    static let sparseChordNoise: Double = 10

    /// Whether the receiver reported epochs without a fix after `time` (an outage: a tunnel, a garage).
    private func outageSeen(after time: Double) -> Bool {
        (gate.lastEpochWithoutFixTime ?? -.infinity) > time
    }

    /// Whether the receiver reported epochs without a fix after `time` and before it was switched off, when it was
    /// switched off and on since (else `outageSeen(after:)`): epochs without a fix after the power-on say nothing of
    /// how the vehicle came to where it stood — they are the next departure's (a cold start that loses the fix again,
    /// a garage's exit).
    private func outageSeenBeforePowerOff(after time: Double) -> Bool {
        guard let on = gate.powerOnTime, on > time else { return outageSeen(after: time) }
        return (gate.powerOffWithoutFix ?? -.infinity) > time
    }

    /// The radius within which positions count as standing still: the configured one, or more for
    /// noisy fixes (2.5 σ), so that a receiver in an urban canyon does not seem to drive off.
    private func radius(for p: Point) -> Double {
        max(configuration.stationaryRadius, 2.5 * p.sample.sigma)
    }

    /// The stop radius of two fixes taken together, a fix before a gap and the first after it: the larger of
    /// their radii (`radius(for:)`). Within twice that, the second is where the first was.
    private func stopRadius(of last: Point, and next: Sample) -> Double {
        max(radius(for: last), configuration.stationaryRadius, 2.5 * next.sigma)
    }

    /// Standing still, positions only: the stop radius (`radius(for:)`), or more where the positions
    /// seen at this stop scatter more (`StopScatter.radius`).
    private func stillRadius(for p: Point) -> Double {
        max(radius(for: p), scatter?.radius ?? 0)
    }

    private func bentChord(from a: Point, to b: Point) -> Double {
        // At one fix a second or faster the road between two fixes is straight to within the noise,
        // and bending it by noisy courses would only add length.
        guard b.sample.time - a.sample.time > 1.5, a.course != nil || b.course != nil else { return distance(a, b) }
        let line = Geodesic.wgs84.inverse(
            latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
        return OutageBridge.length(
            chord: line.distance, angle1: a.course.map { $0 - line.azimuth1 } ?? 0,
            angle2: b.course.map { $0 - line.azimuth2 } ?? 0)
    }

    private mutating func record(_ p: Point) {
        guard trip != nil else { return }
        trip!.fixesUsed += 1
        // Only while the trip may still be a jump (`isJump`): no geodesic per point on a long drive.
        let start = trip!.startCoordinate
        if p.sample.time - trip!.start - trip!.idleSeconds < 3 * Self.jumpMovingTime,
            hop(start.latitude, start.longitude, p.latitude, p.longitude) <= 3 * configuration.stationaryRadius
        {
            if let at = trip!.lastAtStart { trip!.longestAway = max(trip!.longestAway ?? 0, p.sample.time - at) }
            trip!.lastAtStart = p.sample.time
        }
        guard configuration.collectTrack else { return }
        let point = TrackPoint(
            time: Timestamp(secondsSince1970: p.sample.time), latitude: p.latitude, longitude: p.longitude,
            speed: p.speed)
        if let kept = trip!.track.last {
            let moved = hop(kept.latitude, kept.longitude, p.latitude, p.longitude)
            let elapsed = p.sample.time - kept.time.secondsSince1970
            guard moved >= configuration.trackPointSpacing || elapsed >= 30 else { return }
        }
        trip!.track.append(point)
    }

    private mutating func closeAtGap(_ last: Point, next: Sample) -> [TripEvent] {
        let c = configuration
        var events: [TripEvent] = []
        var parkedAt = last
        if !departure.isEmpty, hasRelocated(to: last) {
            // Its last points before the gap were a departure from somewhere else: the trip is ended below as
            // any trip the vehicle was last seen on.
            events += confirmDeparture()
        }
        switch phase {
        case .moving
        where trip != nil && last.sample.doppler == nil && next.doppler == nil
            && cannotHaveParked(after: last, next: next):
            // Positions only, moving into the gap and far away after it, too far to have stood the parking
            // threshold on the way: one drive through an outage (a long tunnel, a winding valley without sky).
            let bridge = bridgeOutage(from: last, to: next, at: (next.latitude, next.longitude), course: nil)
            trip!.distance += bridge.length
            openBridge = bridge.open
            positionAnchor = nil
            stopCandidate = []
            // Measured: the way from the last fix to the next must not be bridged again.
            self.last = nil
            return []
        case .moving, .stopped:
            // Standing inside the trip (a stop shorter than the parking threshold so far), the vehicle may have
            // driven on during the gap, leaving the stop after the last fix seen there.
            let stop = phase == .stopped ? stopTimeAndPlace() : nil
            let pace = stop.map { cruisingSpeed(until: $0.time) } ?? last.speed
            // It drove on after the last fix if its Doppler speed was that of a moving vehicle, or, positions only,
            // if it was too fast there to have stood before the receiver's next epoch (`droveOnPastLastFix`), or if
            // the fix was lost after it (an outage seen: epochs without a fix); a vehicle seen standing or stopping
            // whose receiver then fell silent parked there, and the way to the next fix belongs to the next departure.
            if stop == nil, let wait = waitsAtStop(after: last, next: next) {
                // A phone's timer point: the vehicle stands at a stop it has not yet stood the parking threshold at.
                // The trip stays open; what comes next tells (`standing`, `confirmDeparture`).
                trip!.distance += wait.way
                standInsideTrip(at: last, waitingSince: wait.since)
                stillSince = wait.end
                stillCentre = Coordinate(latitude: next.latitude, longitude: next.longitude)
                return events
            }
            if stop == nil, stoodLessThanParking(at: last, next: next) {
                // A phone's stand that its timer's point, driving, shows shorter than a parking: a stop inside the trip,
                // which its next point leaves (`confirmDeparture`).
                standInsideTrip(at: last)
                return events
            }
            let outageSeen = outageSeenBeforePowerOff(after: last.sample.time)
            let moving = (last.sample.doppler ?? 0) >= c.movingSpeed || droveOnPastLastFix(last)
            let arrivedUnseen = arrivedBeforePowerOn(from: last, at: next)
            let drivingOn = outageSeen || (stop == nil && moving) || arrivedUnseen
            if trip != nil, resumedStanding() != nil, phoneDrove(after: last, before: next.time) {
                // A phone's first point after the silence stood, and a point after it drove before this one: the
                // vehicle had parked (the phone off, or without a fix, while it stood) and left again. Where it went
                // before the silence is no arrival at this point; the way here is the next departure's.
                events = endAtLastStop(after: last)
            } else if trip != nil, !outageSeen, stop == nil, moving, let halt = braking(after: last, next: next) {
                // The last fixes show the vehicle braking hard, and no outage: it stopped a few metres on and the
                // box went off (or the phone fell silent) there; the way to the next fix is the next departure.
                events = endArrived(at: halt.point, adding: halt.distance)
                parkedAt = halt.point
            } else if trip != nil, drivingOn,
                let arrival = arrival(after: last, pace: pace, next: next, arrivedUnseen: arrivedUnseen)
            {
                if let stop {
                    trip!.idleSeconds += max(0, last.sample.time - stop.time)
                    trip!.idlePeriods += 1
                }
                trip!.distance += arrival.distance
                if let resumed = arrival.resumed, resumed - arrival.point.sample.time < c.parkingThreshold {
                    // It drove on, or stood less than the parking threshold: the outage stays inside the trip.
                    trip!.distance += arrival.departed
                    if resumed > arrival.point.sample.time {
                        trip!.idleSeconds += resumed - arrival.point.sample.time
                        trip!.idlePeriods += 1
                    }
                    phase = .moving
                    stillSince = nil
                    waitingSince = nil
                    stillCentre = nil
                    scatter = nil
                    departure = []
                    stopCandidate = []
                    // Measured: the way from the last fix to the next must not be bridged again.
                    self.last = nil
                    return []
                }
                // The fix was lost on the way (into a garage) and the box went off before it came back.
                events = endArrived(at: arrival.point)
                parkedAt = arrival.point
                let moving = droveOutUnseen(after: last, next: next)
                // Positions only, the fix good at once (settled on the power-on's first fixes, the three a receiver
                // needs, `FixGate`, with no cold start's refused between): a receiver on, or hot, with the sky back.
                // Many fixes refused first may hide a departure inside the line.
                let settledAtOnce = gate.powerOnTime.map { next.time - $0 <= 2.5 * (lastStep ?? 1) } ?? false
                if moving || (next.doppler == nil && reporting == .continuous && settledAtOnce) {
                    exitUnseen = ExitUnseen(parked: arrival.point.sample.time, back: next, moving: moving)
                }
            } else if trip != nil, !outageSeen, stop == nil, let parked = movedOnToPark(after: last, next: next) {
                // It stands at the next point's place since it most likely arrived there. A parking if that stand
                // lasts the parking threshold; a stop inside the trip (a light, then a short errand 40 m on) if it
                // leaves sooner: as for a wait (`waitsAtStop`), what comes next tells (`standing`, `confirmDeparture`).
                trip!.distance += parked.distance
                record(parked.point)
                standInsideTrip(at: parked.point, waitingSince: parked.point.sample.time)
                return events
            } else {
                // As if nothing had come after the gap (`lastStop`): at the stop, confirmed or begun at the last
                // fixes before it; a phone last seen driving when braking and parking would have brought it to a
                // stand (the gap is longer than that); else at the last fix.
                events = endAtLastStop(after: last)
            }
        case .parked:
            break
        }
        // The vehicle stands where it was last seen (or arrived) until shown otherwise.
        phase = .parked
        departure = []
        stopCandidate = []
        beginStill(at: parkedAt)
        lastStill = parkedAt
        return events
    }

    /// A phone's stand across a silence that the trip keeps open: stopped at `p` (seen there), the stand to be decided by
    /// the points after it (`standing`, `confirmDeparture`), `waitingSince` when it most likely began, if estimated.
    private mutating func standInsideTrip(at p: Point, waitingSince waiting: Double? = nil) {
        phase = .stopped
        stopCandidate = []
        beginStill(at: p, seen: true)
        waitingSince = waiting
        lastStill = p
    }

    /// Whether a phone that came to a stand at its last point (`cameToStand`: the stand began there) and whose next
    /// point drives stood less than the parking threshold, when that point came no later than the parking threshold
    /// after it (`timerSlack` allowed): the phone's timer's point (300 s), sent as the car had just left. From the point
    /// to when the vehicle most likely left (accelerating evenly over the way to the next point, `leftEvenly`): a stop
    /// inside the trip (a light, an errand a few dozen metres on), not the parking that a silence after a stand is taken
    /// for (`lastStop`). Not after a longer silence (the phone off or without a fix: the vehicle may have left long
    /// before its next point), nor after the gap threshold, at which a server closes a silent phone's trip
    /// (`closeIfSilent`), nor for other sources (a receiver's silence is the box going off).
    private func stoodLessThanParking(at last: Point, next: Sample) -> Bool {
        let c = configuration
        guard reporting == .filtered, trip != nil, phase == .moving, lastCameToStand == true, stopCandidate.count <= 1,
            next.time - last.sample.time <= min(c.parkingThreshold, c.gapThreshold) + Self.timerSlack,
            let speed = next.doppler,
            speed >= c.movingSpeed
        else { return false }
        let first = Point(sample: next, latitude: next.latitude, longitude: next.longitude, speed: speed, course: nil)
        return leftEvenly(from: last, to: first, speed: speed) - last.sample.time < c.parkingThreshold
    }

    /// How much later than its period a phone's timer point may come (the app's timer, the fix it waits for): 2 s.
    static let timerSlack: Double = 2

    /// Whether a phone last seen driving (`last`, its Doppler speed `movingSpeed` or more) and seen after a silence
    /// standing (`next`: the point its timer sends, 300 s after the last one, when it has not moved 75 m) may still be
    /// waiting at a stop shorter than the parking threshold: braking evenly over the way between them (twice the way
    /// over the last speed) it came to a stand less than `parkingThreshold` before `next`. A light or a queue of nearly
    /// five minutes then ends no trip: the next point decides (a departure, `confirmDeparture`; or the next timer
    /// point, a parking). Returns when it most likely stopped (`since`), the way driven to the stop, and the end the
    /// trip gets if it parked there: the same as without the wait (`arrival`, `lastStop`), estimated.
    private func waitsAtStop(after last: Point, next: Sample) -> (since: Double, end: Double, way: Double)? {
        let c = configuration
        guard reporting == .filtered, trip != nil, phase == .moving, stopCandidate.isEmpty,
            let v = last.sample.doppler, v >= c.movingSpeed, let after = next.doppler, after < c.stoppedSpeed
        else { return nil }
        let chord = hop(last.latitude, last.longitude, next.latitude, next.longitude)
        let since = last.sample.time + 2 * chord / v
        guard since < next.time, next.time - since < c.parkingThreshold else { return nil }
        // Beyond the stop radii the way to the next point is driven and the end is when braking over it ended (as
        // `arrival` dates it); within them, the way is noise and the end is where the stream ending there puts it.
        let away = chord > 2 * stopRadius(of: last, and: next)
        let end = away ? since + parkingDelay : lastStop(after: last).time
        return (since, min(next.time, end), away ? chord : 0)
    }

    /// Ends the trip where and when a rule estimated the vehicle arrived across a gap (`point`), the last `way` to it
    /// driven.
    private mutating func endArrived(at point: Point, adding way: Double = 0) -> [TripEvent] {
        trip?.distance += way
        record(point)
        return endTrip(
            at: point.sample.time, coordinate: Coordinate(latitude: point.latitude, longitude: point.longitude),
            estimated: .end)
    }

    /// Whether a vehicle moving at `last` and seen at `next` after a gap cannot have stood for the parking threshold
    /// in between: driving the line between them at a quarter above the speed it had — or above the trip's pace
    /// (`cruisingSpeed`), when it was slower, braking for where it stopped (no car drives hundreds of metres at the
    /// speed it brakes to) — leaves less than that. `false` when `next` is within the stop radii of `last`.
    private func cannotHaveParked(after last: Point, next: Sample) -> Bool {
        let c = configuration
        guard last.speed >= c.movingSpeed else { return false }
        let chord = hop(last.latitude, last.longitude, next.latitude, next.longitude)
        let near = stopRadius(of: last, and: next)
        guard chord > 2 * near else { return false }
        let pace = 1.25 * max(last.speed, next.doppler ?? 0, cruisingSpeed(until: last.sample.time))
        return next.time - last.sample.time - chord / pace < c.parkingThreshold
    }

    /// Positions only, from a receiver (it logs every epoch it has a fix in): whether the vehicle was still driving at
    /// its last fix before a silence, so that it went on without a fix (into a garage) before the box went off. A box
    /// goes off when the vehicle stands; one seen driving at the last epoch stood no sooner than braking hard
    /// (`hardBraking`) from there takes, and had it stood by the next epoch with the fix, that epoch would show it.
    /// The speed is the filter's, which lags behind a vehicle braking to a stand: at the last fix of the 437 silences
    /// in the benchmark's GPX drives (faultsim fresh13–18, drivesim fresh13–16) where the car stood there, it showed
    /// up to 5.0 m/s at 1 Hz and 3.9 m/s at 5 Hz (12.4 m/s at 0.2 Hz, where braking hard from 30 m/s fits between two
    /// epochs and nothing tells), hence no slower than `droveOnSpeed`.
    private func droveOnPastLastFix(_ last: Point) -> Bool {
        guard reporting == .continuous, last.sample.doppler == nil, phase == .moving, trip != nil, let step = lastStep
        else { return false }
        if last.speed >= max(Self.droveOnSpeed, Self.hardBraking * step) { return true }
        // Sparse epochs (a stand fits between two): a vehicle that stood before the next one, its box off, was most
        // likely slowing already over the step into the last fix. One whose steps' mean speeds show it going on at a
        // cruising pace, no slower than over the step before, drove on.
        guard step >= Self.sparseStep, step <= configuration.dopplerMaximumInterval, let speeds = stepSpeeds,
            let prior = speeds.prior
        else { return false }
        return speeds.last >= Self.sparseDroveOnSpeed && speeds.last >= Self.steadyStepRatio * prior
    }

    /// Epochs this far apart, seconds, or farther are sparse for `droveOnPastLastFix`: the filter's speed says nothing
    /// of a stand in between, and the positions' steps, longer than their noise, show the pace: 2 s.
    static let sparseStep: Double = 2
    /// At sparse epochs, the mean speed over the step into the last fix from which a vehicle not slowing drove on past
    /// it (`droveOnPastLastFix`), m/s, and how much of the step before's that is not slowing. At the 178 silences of
    /// the benchmark's 0.2 Hz GPX drives (fresh20–23), 27 of the 43 where the car drove on 50 m or more (22 of the 38
    /// into a garage) showed 8 m/s and 0.8 or more, and one of the 125 where it stood within 15 m of its last fix did
    /// (faultsim stop-and-go: a stop 11 m on from 10.6 m/s). Those that stood showed up to 10.7 m/s over the step into
    /// the last fix, braking from up to 23.5 m/s over the one before.
    static let sparseDroveOnSpeed: Double = 8
    static let steadyStepRatio: Double = 0.8

    /// Whether a vehicle that lost its fix driving (`last`) and parked without it drove out of that place before the
    /// fix came back (`next`): the receiver stayed on and reported epochs without a fix until just before `next` (no
    /// power cycle: a cold start's speeds would measure the way, `coldStartWay`), and the vehicle's Doppler speed at
    /// `next` is that of one moving. It stood where the sky was hidden (an underground garage, a covered car park)
    /// and the fix came back where the sky opened on the way out, not at its parking place.
    private func droveOutUnseen(after last: Point, next: Sample) -> Bool {
        let c = configuration
        guard (next.doppler ?? 0) >= c.movingSpeed, gate.powerOnTime.map({ $0 <= last.sample.time }) ?? true,
            let lost = gate.lastEpochWithoutFixTime
        else { return false }
        return lost > last.sample.time && next.time - lost <= c.dopplerMaximumInterval
    }

    /// The way a vehicle drove from a parking place without sky to where its receiver, on without a fix all the time
    /// it stood, had the fix again (`droveOutUnseen`; positions only, a first fix after the silence good at once and
    /// left at once: `exitUnseen`), metres: nothing measures it (no fix, no speed), and counting none loses the aisles
    /// and the ramp out of a garage — a level of an underground or multi-storey car park is 40–100 m across, its ramp
    /// 30–60 m long. The middle of the ways out of one or two levels, 100 m.
    static let unseenExitWay: Double = 100

    /// How hard a car may brake to a stand, m/s²: 6 (a stop in traffic is 2–4, an emergency stop reaches 8–9).
    static let hardBraking: Double = 6

    /// The filter's speed from which a vehicle last seen without Doppler cannot have stood at its last fix (see
    /// `droveOnPastLastFix`): 6 m/s.
    static let droveOnSpeed: Double = 6

    /// Whether the vehicle, last seen at `last` before a silence, must have reached the place of `next` (the first
    /// fix after it) before the receiver was powered on again: no vehicle starting from a stand at the power-on (it
    /// was parked, its box off) covers the way by that fix (`launchReach`, allowing three stop radii). Positions only:
    /// a source that logs no epochs without a fix and no speeds (GPX) shows an outage that ended in the box going off
    /// (the fix lost on the way into a garage) only so (with Doppler, the no-fix epochs and the cold start's speeds
    /// tell). The way was driven before the box went off, so it belongs to the trip that ends there (see `arrival`),
    /// not to the next departure (which would have to drop it: see `confirmDeparture`).
    private func arrivedBeforePowerOn(from last: Point, at next: Sample) -> Bool {
        guard last.sample.doppler == nil, next.doppler == nil, let on = gate.powerOnTime, on > last.sample.time,
            on <= next.time
        else { return false }
        let reach = launchReach(in: next.time - on) + 3 * configuration.stationaryRadius
        return hop(last.latitude, last.longitude, next.latitude, next.longitude) > reach
    }

    /// The farthest a vehicle starting from a stand gets in `duration` seconds, metres: accelerating at
    /// `launchAcceleration` up to `maximumSpeed`, then at that speed.
    private func launchReach(in duration: Double) -> Double {
        let top = configuration.maximumSpeed
        let accelerating = top / Self.launchAcceleration
        guard duration > accelerating else { return Self.launchAcceleration * duration * duration / 2 }
        return top * accelerating / 2 + top * (duration - accelerating)
    }

    /// The hardest a car starts from a stand, m/s²: 3 (0–100 km/h in 9 s; an ordinary start is 1–2). At the 1,367
    /// silences of the benchmark's GPX drives where the car stood at its last fix (it drove 50 m or less before the
    /// power-on; faultsim tuning and fresh13–32, drivesim tuning, fresh13–16, 20–23 and 29–32), the first fix that
    /// settled the receiver lay no farther than 2.2 m/s² from the power-on allows (three stop radii spared), but for two
    /// where that fix was itself a cold start's wrong position; of the 615 where the car drove on into the silence, 375
    /// lay farther than this bound.
    static let launchAcceleration: Double = 3

    /// The trip's mean speed from its start until `time`, stops included, m/s; `nil` outside a trip or at its start.
    private func meanSpeed(until time: Double) -> Double? {
        guard let trip, time > trip.start else { return nil }
        return trip.distance / (time - trip.start)
    }

    /// The trip's mean speed while moving until `time`, m/s (at least `movingSpeed`).
    private func cruisingSpeed(until time: Double) -> Double {
        guard let trip else { return configuration.movingSpeed }
        let moving = time - trip.start - trip.idleSeconds
        return max(configuration.movingSpeed, moving > 0 ? trip.distance / moving : 0)
    }

    /// Where and when a vehicle that lost its fix while moving (or standing inside a trip) and then fell
    /// silent (a long gap, or the box switched off) arrived, when the first good fix after the gap is away
    /// from the last one: the way between them was driven (the line, made as much longer as the streets the trip
    /// drove before were than theirs: `RoadCircuity`), less the way from the parking place to that
    /// fix when the Doppler speeds of a cold start measured it (then the vehicle had already left again),
    /// and the vehicle arrived when braking from `pace` (the speed before the outage) to a stop over that
    /// distance would have brought it there — or when the box went off, if the receiver went on reporting
    /// without a fix until then; never after the fix came back. `nil` when the fix is back where it was lost
    /// (within the two fixes' stop radii, `stopRadius(of:and:)`): then the trip ends at the last fix, as it always
    /// did. `arrivedUnseen`: positions only, the fix after the power-on lies beyond where the vehicle could have got
    /// since (`arrivedBeforePowerOn`, which the caller decided on).
    private func arrival(after last: Point, pace: Double, next: Sample, arrivedUnseen: Bool) -> Arrival? {
        let c = configuration
        let line = Geodesic.wgs84.inverse(
            latitude1: last.latitude, longitude1: last.longitude, latitude2: next.latitude, longitude2: next.longitude)
        let chord = line.distance
        let near = stopRadius(of: last, and: next)
        guard chord > 2 * near else { return nil }
        var departed = 0.0
        // The line from the last fix to the parking place: where a cold start's speeds measured the way from there to
        // the next fix, the parking place lies anywhere within that way of it, in a direction nothing tells (ahead of
        // the next fix, or behind it on the way back): on average `meanLine` from the last fix.
        var parkingLine = chord
        let powerCycle = gate.powerOnTime.map { $0 > last.sample.time } ?? false
        if powerCycle, let way = coldStartWay(after: last.sample.time, until: next) {
            // Where the fix was lost again after the cold start, the way across by the speeds on both sides, as far as
            // the line from the last fix bears it out: a vehicle that left in the power-on's first seconds and drove
            // through the outage at speed covered the line after the power-on (`OutageBridge.acrossOutages`).
            let driven = OutageBridge.acrossOutages(line: chord, measured: way.distance, outages: way.outages)
            departed = min(chord, driven)
            parkingLine = OutageBridge.meanLine(distance: chord, radius: driven)
        }
        let straight = chord - departed
        // The streets there are as much longer than the line as those the trip drove (`RoadCircuity`): the streets
        // into a parking place, not a road across a long gap.
        let circuity = straight <= RoadCircuity.longestLine ? trip?.circuity?.ratio(over: straight) ?? 1 : 1
        var approach = straight * circuity
        // It came to a stop at the end of the way: braking from the speed it had, half that on average, over the line.
        // (Not over the streets: braking evenly over the whole way overstates the time a car that kept its speed
        // for most of it took, and the longer way would only add to that.) One seen driving at its last fix without
        // Doppler (`droveOnPastLastFix`) went on as it drove there, along the streets, and stopped at their end: its
        // last speed is no speed it braked from, and braking evenly from it over the line doubles the time of a car
        // that stopped a few seconds on. One that, positions only, got where the fix after the power-on shows it before
        // the box went off (`arrivedUnseen`) may have stood at its last fix (a light, a queue at the ramp): it
        // went the streets at the trip's pace at least; braking evenly from a crawl over hundreds of metres would take
        // minutes.
        var end = last.sample.time + 2 * straight / max(pace, c.movingSpeed) + parkingDelay
        if droveOnPastLastFix(last) {
            end = last.sample.time + approach / max(pace, c.movingSpeed)
        } else if arrivedUnseen {
            end = last.sample.time + approach / max(pace, cruisingSpeed(until: last.sample.time))
        }
        if let off = gate.powerOffWithoutFix, off > last.sample.time, off < next.time {
            // The receiver went on reporting, without a fix, until the box was switched off: a box on the
            // ignition goes off when the vehicle has arrived. The way there is an outage ending at a stop.
            end = off
            let duration = off - last.sample.time
            let bySpeeds = OutageBridge.estimate(
                chord: straight, angle1: 0, angle2: 0, duration: duration, speed1: last.sample.doppler,
                speed2: last.sample.doppler.map { _ in 0 }, weighting: speedsWeighting, configuration: c)
            // It went as it had gone since the trip began, at the trip's pace (its streets, their lights and queues),
            // and braked to the stop: the box's switch-off dates the arrival, so the time says how far. The chord
            // alone misses the corners of the streets to the garage and its ramp. An approach of the parking
            // threshold or longer may have ended in a wait with the box on: then the chord and speeds (above).
            if duration < c.parkingThreshold, let pace = meanSpeed(until: last.sample.time) {
                let speed = last.sample.doppler ?? last.speed
                let driven = OutageBridge.arrival(
                    duration: duration, from: speed, pace: pace, braking: Self.brakingDeceleration)
                let most = OutageBridge.reach(duration: duration, from: speed, to: 0, configuration: c)
                // Where the line is less than `stoppedRatio` of that, the car slowed or stood on the way (as inside an
                // outage: `OutageBridge.estimate`): no more than the line allows then. (Not the shortest line to the
                // parking place, the chord less the way out: a car that left back the way it came would have stood
                // in the street all the time the box says it drove.)
                let allowed = parkingLine / OutageBridge.stoppedRatio
                approach = max(straight, bySpeeds, min(driven, most, allowed))
            } else {
                approach = max(approach, bySpeeds)
            }
        }
        end = min(end, next.time)
        var place = (latitude: next.latitude, longitude: next.longitude)
        if departed > 0 {
            // Where the cold start's way, measured back from the next fix, puts it on the line: the departure from
            // there to the next fix is that way (`confirmDeparture`), not a few metres that look like standing.
            let p = Geodesic.wgs84.direct(
                latitude: last.latitude, longitude: last.longitude, azimuth: line.azimuth1, distance: straight)
            place = (p.latitude, p.longitude)
        }
        let sample = Sample(
            time: end, latitude: place.latitude, longitude: place.longitude, doppler: nil, course: nil,
            sigma: next.sigma)
        let point = Point(sample: sample, latitude: place.latitude, longitude: place.longitude, speed: 0, course: nil)
        // When it left again, if the fix after the gap shows it moving: at power-on, or as late as its
        // speed allows for the way it had gone since.
        var resumed: Double? = nil
        if let speed = next.doppler, speed >= c.movingSpeed {
            let left = powerCycle ? (gate.powerOnTime ?? next.time) : next.time - departed / speed
            resumed = max(end, min(next.time, left))
        }
        return Arrival(point: point, distance: approach, departed: departed, resumed: resumed)
    }

    /// Where a vehicle seen braking at its last fix before a silence came to a stop, braking on as it was: `nil` when
    /// it was not braking (less than `brakingDeceleration`), or when the fix after the silence lies within that
    /// way (then the usual rules apply). The fixes refused for their positions after the last one count with their
    /// speeds (`refusedChain`): a fix braking harder than the filter expected is refused as an outlier, and its speed
    /// is the last word on how the vehicle went on.
    private func braking(after last: Point, next: Sample) -> (point: Point, distance: Double)? {
        guard let v = last.sample.doppler else { return nil }
        var decel = deceleration ?? 0
        if let latest = refusedChain(after: last.sample.time).speeds.last {
            decel = (v - latest.speed) / (latest.time - last.sample.time)
        }
        if decel < Self.brakingDeceleration {
            // A phone that fell silent while moving and reports again already moving: had it kept its fix it
            // would have sent a point every 75 m, so the way on was short, and where it parked the next point
            // cannot tell (it was sent on the way out). It stopped as a car stops.
            guard reporting == .filtered, let speed = next.doppler, speed >= configuration.movingSpeed else {
                return nil
            }
            decel = Self.brakingDeceleration
        }
        let way = v * v / (2 * decel)
        let line = Geodesic.wgs84.inverse(
            latitude1: last.latitude, longitude1: last.longitude, latitude2: next.latitude, longitude2: next.longitude)
        let near = stopRadius(of: last, and: next)
        guard line.distance > way + 2 * near else { return nil }
        // It must have had the time to park: driving the rest of the way at the faster of its two speeds leaves
        // the parking threshold or more (a vehicle that went through a long tunnel at speed did not stop).
        let pace = max(v, next.doppler ?? 0, configuration.movingSpeed)
        guard next.time - last.sample.time - line.distance / pace >= configuration.parkingThreshold else { return nil }
        let azimuth = last.course ?? line.azimuth1
        let p = Geodesic.wgs84.direct(
            latitude: last.latitude, longitude: last.longitude, azimuth: azimuth, distance: way)
        let time = min(next.time, last.sample.time + v / decel + parkingDelay)
        let sample = Sample(
            time: time, latitude: p.latitude, longitude: p.longitude, doppler: 0, course: nil, sigma: last.sample.sigma)
        return (Point(sample: sample, latitude: p.latitude, longitude: p.longitude, speed: 0, course: nil), way)
    }

    /// Where and when a phone that came to a stand at its last point (`cameToStand`) before a silence came to stand at
    /// the next point's place, when that point (its heartbeat, after the silence) stands too, away from it by more than
    /// the two points' stop radii: it waited there (a light, a gap in the traffic to turn in), then drove on less than
    /// its distance filter — else it would have sent a point on the way — and stood at the next point's place (parked,
    /// or stopped for an errand: `closeAtGap` lets the points after tell). The way between them was driven; when it
    /// left, nothing says, so the time is estimated: the wait and the time to park (`parkingDelay`) and the way at a
    /// parking pace (`manoeuvreSpeed`), never after the next point. `nil` for other sources (their silence is the box
    /// going off where the vehicle stood), when the last point did not come to a stand from driving, when the next
    /// point moves, and when it lies within the stop radii.
    private func movedOnToPark(after last: Point, next: Sample) -> (point: Point, distance: Double)? {
        let c = configuration
        guard reporting == .filtered, phase == .moving, lastCameToStand == true, let after = next.doppler,
            after < c.stoppedSpeed
        else { return nil }
        let way = hop(last.latitude, last.longitude, next.latitude, next.longitude)
        let near = stopRadius(of: last, and: next)
        guard way > 2 * near else { return nil }
        let time = min(
            next.time, last.sample.time + parkingDelay + way / Self.manoeuvreSpeed)
        let sample = Sample(
            time: time, latitude: next.latitude, longitude: next.longitude, doppler: 0, course: nil,
            sigma: next.sigma)
        return (Point(sample: sample, latitude: next.latitude, longitude: next.longitude, speed: 0, course: nil), way)
    }

    /// Whether `p` stands (its Doppler speed below `movingSpeed`) where braking from `before` (driving, at
    /// `manoeuvreSpeed` or faster) brought it: the time between them is no longer than braking evenly over the way
    /// between them takes (twice the way over the speed), with half as much again and a few seconds to spare. A phone
    /// sends such a point as the vehicle comes to a stand from driving (at a light); a point it sends long after,
    /// standing, or after a crawl, is its position wandering off (a street canyon) or a car parking, not a wait.
    private func cameToStand(from before: Point, at p: Point) -> Bool {
        let c = configuration
        guard let v = before.sample.doppler, v >= Self.manoeuvreSpeed, let now = p.sample.doppler, now < c.movingSpeed
        else { return false }
        let way = hop(before.latitude, before.longitude, p.latitude, p.longitude)
        return p.sample.time - before.sample.time <= 1.5 * 2 * way / v + 5
    }

    /// How long a vehicle may take, from a phone's last point before it parks, to stand parked: from nothing (it
    /// parked there) to a red light's wait and the time to turn in and find the place, 80 s. The phone sends nothing
    /// meanwhile (its next point comes after 75 m or 300 s), so nothing says when within that the vehicle came to a
    /// stand. A receiver's silence is the box going off with the ignition: the vehicle stood then, and its last
    /// epochs date the arrival.
    static let parkingWindow: Double = 80

    /// How `OutageBridge.estimate` weighs the speeds at an outage's ends against its bent chord, by the source.
    private var speedsWeighting: OutageBridge.SpeedsWeighting { reporting == .filtered ? .phone : .receiver }

    /// What a phone's arrival estimated across a silence adds to the time the vehicle reached its stop (braking from
    /// its last speed, or across an outage): the middle of the `parkingWindow`, 40 s off at most for any arrival
    /// within it, and within a minute for one up to 100 s on. None for a receiver.
    private var parkingDelay: Double { reporting == .filtered ? Self.parkingWindow / 2 : 0 }

    /// Where, between the earliest moment a vehicle that stood after an outage can have stopped (going on at its last
    /// speed for the bridged way) and the first fix after it, it most likely stopped: over the 57 such stops in the
    /// benchmark's drives up to the fresh13 split, the true stop lay at the median 28 %, at the 90th percentile 84 % of
    /// that window after the earliest moment (going on at the last speed over the chord). A third of the way keeps
    /// each of them within 60 s (58 s at worst); the earliest moment was off by up to 89 s (9 of them by more than
    /// 60 s), the middle of the window by up to 65 s.
    static let stopInsideOutageShare: Double = 1.0 / 3

    /// The slowest a vehicle drives when it comes to a stand from driving (`cameToStand`), and the pace it parks at
    /// (`movedOnToPark`): 18 km/h.
    static let manoeuvreSpeed: Double = 5

    /// The deceleration from which the last fixes before a silence count as braking to a stop, m/s² (a car slows at
    /// about 0.5–1 m/s² when the driver lets go of the throttle, 2–4 when braking for a stop).
    static let brakingDeceleration: Double = 1.5

    struct Arrival {
        /// Where and when the vehicle arrived.
        var point: Point
        /// The way from the last fix to there, metres.
        var distance: Double
        /// The way from there to the first fix after the gap, already driven again (metres).
        var departed: Double
        /// When the vehicle left again, if the first fix after the gap shows it moving.
        var resumed: Double?
    }

    /// Ends the open trip at `end`, `coordinate`: discarded when it is shorter than `minimumTripDistance` or a jump of
    /// the positions (`isJump`, or `known` by the caller: `resumeStopAfterJump`), else ended.
    private mutating func endTrip(
        at end: Double, coordinate: Coordinate, estimated: EstimatedEnds = [], jump known: Bool = false
    ) -> [TripEvent] {
        if let anchor = positionAnchor, phase == .moving, let last, trip != nil {
            trip!.distance += distance(anchor, last)
        }
        positionAnchor = nil
        openBridge = nil
        waitingSince = nil
        leftStop = nil
        guard let open = trip else { return [] }
        trip = nil
        phase = .parked
        stopCandidate = []
        let finished = Trip(
            start: Timestamp(secondsSince1970: open.start), end: Timestamp(secondsSince1970: max(end, open.start)),
            distance: open.distance, idleSeconds: open.idleSeconds, idlePeriods: open.idlePeriods,
            maximumSpeed: open.maximumSpeed, startCoordinate: open.startCoordinate, endCoordinate: coordinate,
            fixesUsed: open.fixesUsed, track: open.track,
            estimated: estimated.union(open.estimatedStart ? .start : []))
        let jump = known || (estimated.isEmpty && isJump(open, end: end, coordinate: coordinate))
        if finished.distance < configuration.minimumTripDistance || jump {
            counts.tripsDiscarded += 1
            return [.tripDiscarded(finished)]
        }
        return [.tripEnded(finished)]
    }

    /// Whether a trip is a jump of the position, not a drive: it came back to where it started (within
    /// `3 × stationaryRadius`) after less than `jumpMovingTime` seconds of moving. That is what a multipath burst
    /// looks like to the motion logic (for a few seconds the receiver reports a consistent position tens of metres
    /// away, with an error figure large enough to pass the gates, then comes back); no vehicle drives out and back
    /// to its parking place in under a minute. So too a few bursts one after another, each back at the start in less
    /// than that, all within three times that (`OpenTrip.lastAtStart`, `longestAway`). Trips with an estimated end or
    /// start (a gap) are kept.
    private func isJump(_ open: OpenTrip, end: Double, coordinate: Coordinate) -> Bool {
        guard !open.estimatedStart else { return false }
        let moving = end - open.start - open.idleSeconds
        let back = hop(
            open.startCoordinate.latitude, open.startCoordinate.longitude, coordinate.latitude, coordinate.longitude)
        guard back <= 3 * configuration.stationaryRadius else { return false }
        if moving < Self.jumpMovingTime { return true }
        // Bursts one after another (a street canyon at night): every excursion from the start came back to it in less
        // than `jumpMovingTime`, and all of them together in less than three times that.
        guard let at = open.lastAtStart, let longest = open.longestAway else { return false }
        return max(longest, end - at) < Self.jumpMovingTime && moving < 3 * Self.jumpMovingTime
    }

    /// A phone's silence while moving that turns by this many degrees or more went round a corner (see `addDistance`).
    static let phoneCornerTurn: Double = 45
    /// The longest such silence, seconds: a minute at city pace is a few corners' way; longer is an outage.
    static let phoneCornerSilence: Double = 60

    /// See `isJump`: the multipath bursts seen last 6–30 s.
    static let jumpMovingTime: Double = 45

    private func distance(_ a: Point, _ b: Point) -> Double {
        hop(a.latitude, a.longitude, b.latitude, b.longitude)
    }

    private func distance(_ a: Coordinate, _ b: Point) -> Double {
        hop(a.latitude, a.longitude, b.latitude, b.longitude)
    }
}
