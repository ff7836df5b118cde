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
    /// Points since a possible stop began (not yet confirmed).
    var stopCandidate: [Point] = []
    /// When a possible stop began right after an outage: the estimated moment the vehicle stopped
    /// inside it (it went on at its last speed for the bridged distance).
    var stopInsideOutage: Double?
    /// The length of the last outage bridged while moving, and when it ended.
    var lastBridge: Bridge?
    /// Positions only: the last point up to which the path has been measured.
    var positionAnchor: Point?

    struct Bridge: Sendable, Codable {
        var length: Double
        var end: Double
    }

    /// The version of the engine's saved state. Version 2 (issue 26) added `FixGate.powerOffWithoutFix`,
    /// `lastEpochWithoutFix`, `lastEpochWithoutFixTime`, `coldStartTrail` and `OpenTrip.estimatedStart`; a checkpoint without them
    /// (version 1, where this is `nil`) resumes with them unset.
    static let stateVersion = 2
    var stateVersion: Int? = TripEngine.stateVersion

    public init(configuration: EngineConfiguration = EngineConfiguration()) {
        self.configuration = configuration
    }

    /// The same state under another configuration (a checkpoint resumed after the settings changed).
    public func reconfigured(_ configuration: EngineConfiguration) -> TripEngine {
        var copy = self
        copy.configuration = configuration
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
        counts.read += 1
        let c = configuration
        var events: [TripEvent] = []
        let verdict = gate.check(fix, c)
        let sample: Sample
        var reanchored = false
        switch verdict {
        case .reject(let reason):
            counts.rejected[reason, default: 0] += 1
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
            return events
        }
        counts.used += 1
        events += advance(point)
        last = point
        return events
    }

    /// Ends the stream: closes the open trip at the last fix (or at the moment the vehicle stopped).
    public mutating func finish() -> [TripEvent] {
        guard trip != nil, let last else { return [] }
        if phase == .stopped, let stop = stopTimeAndPlace() {
            return endTrip(at: stop.time, coordinate: stop.coordinate)
        }
        return endTrip(at: last.sample.time, coordinate: Coordinate(latitude: last.latitude, longitude: last.longitude))
    }

    /// Closes the trip of a source that fell silent: when `now` (the caller's clock) is `gapThreshold` or more after
    /// the last fix, the trip ends where a gap in the data would end it without a fix after it (at the moment the
    /// vehicle stopped, or at the last fix) and the vehicle is taken as parked there. Phones stop reporting when
    /// they stand still, so their silence is a parking; a fix that comes later starts from there. Nothing happens
    /// while the silence is shorter or when no trip is open.
    public mutating func closeIfSilent(now: Timestamp) -> [TripEvent] {
        guard trip != nil, let last, now.secondsSince1970 - last.sample.time >= configuration.gapThreshold else {
            return []
        }
        let events: [TripEvent]
        if phase == .stopped, let stop = stopTimeAndPlace() {
            events = endTrip(at: stop.time, coordinate: stop.coordinate)
        } else {
            events = endTrip(
                at: last.sample.time, coordinate: Coordinate(latitude: last.latitude, longitude: last.longitude))
        }
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
        if let last { addDistance(from: last, to: p) }
        record(p)
        // A possible stop: slow, and the positions since then stay close together.
        if p.speed < c.stoppedSpeed || (!stopCandidate.isEmpty && p.speed < c.movingSpeed) {
            if stopCandidate.isEmpty {
                stopInsideOutage = nil
                if let last, let bridge = lastBridge, bridge.end == p.sample.time, last.speed >= c.movingSpeed {
                    stopInsideOutage = min(p.sample.time, last.sample.time + bridge.length / last.speed)
                }
            }
            stopCandidate.append(p)
            let first = stopCandidate[0]
            if distance(first, p) > radius(for: p) {
                stopCandidate = p.speed < c.stoppedSpeed ? [p] : []
            } else if p.sample.time - first.sample.time >= c.stopConfirmation && stopCandidate.count >= 2 {
                phase = .stopped
                // Positions only: the way from the last measured step to where the vehicle stopped.
                if let anchor = positionAnchor, trip != nil {
                    trip!.distance += distance(anchor, first)
                    positionAnchor = nil
                }
                beginStill(at: first, seen: true)
                if let inside = stopInsideOutage { stillSince = inside }
                for q in stopCandidate.dropFirst() { accumulateStill(q) }
                stopCandidate = []
                lastStill = p
            }
        } else {
            stopCandidate = []
        }
        return []
    }

    private mutating func whileStill(_ p: Point) -> [TripEvent] {
        let c = configuration
        var events: [TripEvent] = []
        guard let centre = stillCentre, let since = stillSince else {
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
        // Still standing: a departure that did not come true was noise.
        departure = []
        accumulateStill(p)
        lastStill = p
        outwardFrom = p
        events += standing(p, since: since, centre: centre)
        return events
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
            if let first = departure.first, let still = lastStill,
                first.sample.time - still.sample.time > c.dopplerMaximumInterval,
                p.sample.time - first.sample.time >= c.departureConfirmation,
                distance(first, p) / (p.sample.time - first.sample.time) >= c.movingSpeed,
                departure.allSatisfy({ distance(centre, $0) > 2 * r })
            {
                lastStill = outwardFrom ?? lastStill
                outwardFrom = nil
                return confirmDeparture()
            }
            return []
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
        accumulateStill(p)
        lastStill = p
        return standing(p, since: since, centre: centre)
    }

    /// Positions only: how long a possible departure may take to come true before its positions are
    /// taken for the stop's scatter. A vehicle that drives off, even at walking pace, is twice the
    /// still radius away well within it. (It also bounds the points held for a possible departure.)
    static let departureWindow: Double = 60

    /// Standing still at `p` since `since`: a stop of the parking threshold ends the trip, a long one
    /// raises the long-idle event.
    private mutating func standing(_ p: Point, since: Double, centre: Coordinate) -> [TripEvent] {
        let c = configuration
        var events: [TripEvent] = []
        if phase == .stopped, p.sample.time - since >= c.parkingThreshold {
            events += endTrip(at: since, coordinate: centre)
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
        // Departure time: the last moment seen standing still, unless that was before a power-off,
        // in which case the vehicle left no earlier than the receiver came on again.
        var startTime = lastStill?.sample.time ?? first.sample.time
        var origin = lastStill
        var estimatedStart = false
        if let still = lastStill, first.sample.time - still.sample.time > c.dopplerMaximumInterval {
            estimatedStart = true
            if let on = gate.powerOnTime, on > still.sample.time {
                startTime = min(on, first.sample.time)
            } else {
                // It left during an outage: as late as it could have, driving at its first speed.
                let bridge = distance(still, first)
                startTime = max(still.sample.time, first.sample.time - bridge / max(first.speed, c.movingSpeed))
            }
            // Bridge from where it stood only if it could have got here since starting.
            let reach = c.maximumSpeed * (first.sample.time - startTime) + 3 * c.stationaryRadius
            if distance(still, first) > reach { origin = nil }
        }
        if phase == .parked {
            let startPlace =
                origin.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
                ?? Coordinate(latitude: first.latitude, longitude: first.longitude)
            trip = OpenTrip(start: startTime, startCoordinate: startPlace, estimatedStart: estimatedStart)
            events.append(.tripStarted(start: Timestamp(secondsSince1970: startTime), coordinate: startPlace))
            if let origin { record(origin) }
        } else if let since = stillSince, trip != nil {
            trip!.idleSeconds += max(0, startTime - since)
            trip!.idlePeriods += 1
        }
        var previous = origin
        if let still = origin, first.sample.time - still.sample.time > c.dopplerMaximumInterval,
            let driven = coldStartDistance(until: first.sample)
        {
            // After power-on the positions were garbage but the Doppler speeds were not: measure the
            // way from the parking place to the first good position by them.
            trip?.distance += driven
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
        stillSince = nil
        stillCentre = nil
        stillCount = 0
        scatter = nil
        outwardFrom = nil
        longIdleReported = false
        return events
    }

    /// The distance driven from power-on to `first` by the Doppler speeds of the refused cold-start
    /// fixes (trapezoidal rule), or `nil` when there are none.
    private func coldStartDistance(until first: Sample) -> Double? {
        let speeds = gate.coldStartSpeeds.filter { $0.time < first.time }
        guard !speeds.isEmpty, let end = first.doppler else { return nil }
        var total = 0.0
        for (a, b) in zip(speeds, speeds.dropFirst()) where b.time - a.time <= configuration.dopplerMaximumInterval {
            total += (a.speed + b.speed) / 2 * (b.time - a.time)
        }
        let lastSpeed = speeds[speeds.count - 1]
        let tail = first.time - lastSpeed.time
        if tail <= configuration.dopplerMaximumInterval { total += (lastSpeed.speed + end) / 2 * tail }
        return total
    }

    /// Standing still from `p` on. `seen` tells whether the engine saw the vehicle come to this stop
    /// (its positions held still for the stop confirmation), or knows nothing of it (the start of the
    /// stream, after a gap): then, positions only, the stop is taken to scatter by the stationary
    /// radius until its positions show otherwise (see `StopScatter`).
    private mutating func beginStill(at p: Point, seen: Bool = false) {
        stillSince = p.sample.time
        stillCentre = Coordinate(latitude: p.latitude, longitude: p.longitude)
        stillCount = 1
        longIdleReported = false
        scatter =
            p.sample.doppler == nil
            ? StopScatter(time: p.sample.time, prior: seen ? 0 : configuration.stationaryRadius) : nil
        outwardFrom = p
    }

    private mutating func accumulateStill(_ p: Point) {
        guard let centre = stillCentre else { return }
        let away = distance(centre, p)
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
        if dt <= c.dopplerMaximumInterval, let va = a.sample.doppler, let vb = b.sample.doppler {
            step = (va + vb) / 2 * dt
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
                4 * c.positionStepSpacing, max(c.positionStepSpacing, c.positionStepNoiseFactor * b.sample.sigma))
            if span < spacing {
                positionAnchor = anchor
                step = 0
            } else {
                step = anchor.sample.time == a.sample.time ? bentChord(from: a, to: b) : span
                positionAnchor = b
            }
        } else {
            positionAnchor = nil
            // An outage (tunnel): see `OutageBridge.estimate`.
            let line = Geodesic.wgs84.inverse(
                latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
            step = OutageBridge.estimate(
                chord: line.distance, angle1: a.course.map { $0 - line.azimuth1 } ?? 0,
                angle2: b.course.map { $0 - line.azimuth2 } ?? 0, duration: dt, speed1: a.sample.doppler,
                speed2: b.sample.doppler, configuration: c)
            lastBridge = Bridge(length: step, end: b.sample.time)
        }
        trip!.distance += step
        let speed = b.sample.doppler ?? b.speed
        trip!.maximumSpeed = max(trip!.maximumSpeed, min(speed, c.maximumSpeed))
    }

    /// The radius within which positions count as standing still: the configured one, or more for
    /// noisy fixes (2.5 σ), so that a receiver in an urban canyon does not seem to drive off.
    private func radius(for p: Point) -> Double {
        max(configuration.stationaryRadius, 2.5 * p.sample.sigma)
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
        guard configuration.collectTrack else { return }
        let point = TrackPoint(
            time: Timestamp(secondsSince1970: p.sample.time), latitude: p.latitude, longitude: p.longitude,
            speed: p.speed)
        if let kept = trip!.track.last {
            let moved = Geodesic.wgs84.distance(
                latitude1: kept.latitude, longitude1: kept.longitude, latitude2: p.latitude, longitude2: p.longitude)
            let elapsed = p.sample.time - kept.time.secondsSince1970
            guard moved >= configuration.trackPointSpacing || elapsed >= 30 else { return }
        }
        trip!.track.append(point)
    }

    private mutating func closeAtGap(_ last: Point, next: Sample) -> [TripEvent] {
        let c = configuration
        var events: [TripEvent] = []
        var parkedAt = last
        switch phase {
        case .moving, .stopped:
            // Standing inside the trip (a stop shorter than the parking threshold so far), the vehicle may have
            // driven on during the gap, leaving the stop after the last fix seen there.
            let stop = phase == .stopped ? stopTimeAndPlace() : nil
            let pace = stop.map { cruisingSpeed(until: $0.time) } ?? last.speed
            // It drove on after the last fix if its Doppler speed was that of a moving vehicle, or if the fix
            // was lost after it (an outage seen: epochs without a fix); a vehicle seen standing or stopping whose
            // receiver then fell silent parked there, and the way to the next fix belongs to the next departure.
            // (Without Doppler the filter's speed lags behind a vehicle that brakes to a stop: no witness.)
            let outageSeen = (gate.lastEpochWithoutFixTime ?? -.infinity) > last.sample.time
            let moving = (last.sample.doppler ?? 0) >= c.movingSpeed
            let drivingOn = outageSeen || (stop == nil && moving)
            if trip != nil, drivingOn, let arrival = arrival(after: last, pace: pace, next: next) {
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
                    stillCentre = nil
                    scatter = nil
                    departure = []
                    stopCandidate = []
                    // Measured: the way from the last fix to the next must not be bridged again.
                    self.last = nil
                    return []
                }
                // The fix was lost on the way (into a garage) and the box went off before it came back.
                record(arrival.point)
                events = endTrip(
                    at: arrival.point.sample.time,
                    coordinate: Coordinate(latitude: arrival.point.latitude, longitude: arrival.point.longitude),
                    estimated: .end)
                parkedAt = arrival.point
            } else if let stop {
                events = endTrip(at: stop.time, coordinate: stop.coordinate)
            } else {
                events = endTrip(
                    at: last.sample.time, coordinate: Coordinate(latitude: last.latitude, longitude: last.longitude))
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

    /// Where and when a vehicle that lost its fix while moving (or standing inside a trip) and then fell
    /// silent (a long gap, or the box switched off) arrived, when the first good fix after the gap is away
    /// from the last one: the distance between them was driven, less the way from the parking place to that
    /// fix when the Doppler speeds of a cold start measured it (then the vehicle had already left again),
    /// and the vehicle arrived when braking from `pace` (the speed before the outage) to a stop over that
    /// distance would have brought it there — or when the box went off, if the receiver went on reporting
    /// without a fix until then; never after the fix came back. `nil` when the fix is back where it was lost (within the
    /// two fixes' stop radii): then the trip ends at the last fix, as it always did.
    /// The trip's mean speed while moving until `time`, m/s (at least `movingSpeed`).
    private func cruisingSpeed(until time: Double) -> Double {
        guard let trip else { return configuration.movingSpeed }
        let moving = time - trip.start - trip.idleSeconds
        return max(configuration.movingSpeed, moving > 0 ? trip.distance / moving : 0)
    }

    private func arrival(after last: Point, pace: Double, next: Sample) -> Arrival? {
        let c = configuration
        let line = Geodesic.wgs84.inverse(
            latitude1: last.latitude, longitude1: last.longitude, latitude2: next.latitude, longitude2: next.longitude)
        let chord = line.distance
        let near = max(radius(for: last), c.stationaryRadius, 2.5 * next.sigma)
        guard chord > 2 * near else { return nil }
        var departed = 0.0
        let powerCycle = gate.powerOnTime.map { $0 > last.sample.time } ?? false
        if powerCycle, let driven = coldStartDistance(until: next) {
            departed = min(chord, driven)
        }
        var approach = chord - departed
        // It came to a stop at the end of the way: braking from the speed it had, half that on average.
        var end = last.sample.time + 2 * approach / max(pace, c.movingSpeed)
        if let off = gate.powerOffWithoutFix, off > last.sample.time, off < next.time {
            // The receiver went on reporting, without a fix, until the box was switched off: a box on the
            // ignition goes off when the vehicle has arrived. The way there is an outage ending at a stop.
            end = off
            approach = max(
                approach,
                OutageBridge.estimate(
                    chord: approach, angle1: 0, angle2: 0, duration: off - last.sample.time,
                    speed1: last.sample.doppler, speed2: last.sample.doppler.map { _ in 0 }, configuration: c))
        }
        end = min(end, next.time)
        var place = (latitude: next.latitude, longitude: next.longitude)
        if departed > 0 {
            let p = Geodesic.wgs84.direct(
                latitude: last.latitude, longitude: last.longitude, azimuth: line.azimuth1, distance: approach)
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

    private mutating func endTrip(
        at end: Double, coordinate: Coordinate, estimated: EstimatedEnds = []
    ) -> [TripEvent] {
        if let anchor = positionAnchor, phase == .moving, let last, trip != nil {
            trip!.distance += distance(anchor, last)
        }
        positionAnchor = nil
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
        let jump = estimated.isEmpty && isJump(open, end: end, coordinate: coordinate)
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
    /// to its parking place in under a minute. Trips with an estimated end or start (a gap) are kept.
    private func isJump(_ open: OpenTrip, end: Double, coordinate: Coordinate) -> Bool {
        guard !open.estimatedStart else { return false }
        let moving = end - open.start - open.idleSeconds
        let back = hop(
            open.startCoordinate.latitude, open.startCoordinate.longitude, coordinate.latitude, coordinate.longitude)
        return moving < Self.jumpMovingTime && back <= 3 * configuration.stationaryRadius
    }

    /// See `isJump`: the multipath bursts seen last 6–30 s.
    static let jumpMovingTime: Double = 45

    private func distance(_ a: Point, _ b: Point) -> Double {
        hop(a.latitude, a.longitude, b.latitude, b.longitude)
    }

    private func distance(_ a: Coordinate, _ b: Point) -> Double {
        hop(a.latitude, a.longitude, b.latitude, b.longitude)
    }
}
