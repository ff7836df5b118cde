public import TrackModel

/// An odometer reading in kilometres, taken at `date`.
public struct OdometerReading: Sendable, Hashable, Codable {
    public var date: Timestamp
    public var reading: Double

    public init(date: Timestamp, reading: Double) {
        self.date = date
        self.reading = reading
    }
}

/// A distance measured both ways over the same stretch of driving.
public struct DistanceSample: Sendable, Hashable {
    public var gpsMetres: Double
    public var odometerKilometres: Double

    public init(gpsMetres: Double, odometerKilometres: Double) {
        self.gpsMetres = gpsMetres
        self.odometerKilometres = odometerKilometres
    }
}

/// A trip's GPS-measured distance and when it was driven.
public struct TripDistance: Sendable, Hashable {
    public var start: Timestamp
    public var end: Timestamp
    public var gpsMetres: Double

    public init(start: Timestamp, end: Timestamp, gpsMetres: Double) {
        self.start = start
        self.end = end
        self.gpsMetres = gpsMetres
    }
}

/// The factor between GPS and odometer distance: odometer distance ≈ factor × GPS distance. Speedometers are
/// built to over-read, so factors slightly above 1 are normal.
public enum OdometerCalibration {
    /// Σ odometer / Σ GPS. This is the factor that makes the period's totals agree exactly, and each stretch
    /// counts in proportion to its length — the default, since a log's totals are what must reconcile.
    public static func ratioOfSums(_ samples: [DistanceSample]) -> Double? {
        let gps = samples.reduce(0) { $0 + $1.gpsMetres }
        let odometer = samples.reduce(0) { $0 + $1.odometerKilometres * 1_000 }
        guard gps > 0 else { return nil }
        return odometer / gps
    }

    /// Least squares through the origin, Σ(g·o) / Σ(g²): minimises the squared per-stretch errors, so long
    /// stretches weigh quadratically. Useful as a cross-check; far from `ratioOfSums` means inconsistent samples.
    public static func leastSquares(_ samples: [DistanceSample]) -> Double? {
        let gg = samples.reduce(0) { $0 + $1.gpsMetres * $1.gpsMetres }
        let go = samples.reduce(0) { $0 + $1.gpsMetres * $1.odometerKilometres * 1_000 }
        guard gg > 0 else { return nil }
        return go / gg
    }

    /// Pairs consecutive odometer readings with the GPS distance of the trips driven between them.
    ///
    /// Readings are taken in time order. An interval is skipped when the odometer went backwards, when a trip
    /// straddles one of its readings (its distance cannot be split honestly), or when no GPS distance fell in it.
    public static func samples(readings: [OdometerReading], trips: [TripDistance]) -> [DistanceSample] {
        let sorted = readings.sorted { $0.date < $1.date }
        var result: [DistanceSample] = []
        for (first, second) in zip(sorted, sorted.dropFirst()) where second.reading >= first.reading {
            var gps = 0.0
            var straddles = false
            for trip in trips where trip.end > first.date && trip.start < second.date {
                if trip.start < first.date || trip.end > second.date {
                    straddles = true
                    break
                }
                gps += trip.gpsMetres
            }
            guard !straddles, gps > 0 else { continue }
            result.append(DistanceSample(gpsMetres: gps, odometerKilometres: second.reading - first.reading))
        }
        return result
    }
}

/// A trip's odometer readings (kilometres) and, if recorded, its GPS distance.
public struct OdometerTrip: Sendable, Hashable {
    public var id: String
    public var start: Timestamp
    public var odometerStart: Double
    public var odometerEnd: Double
    public var gpsMetres: Double?
    /// A voided trip lies between this trip and the one before: a gap here is driving that trip was meant to
    /// account for, so it counts at any size, not only beyond the tolerance.
    public var followsVoidedTrip: Bool

    public init(
        id: String, start: Timestamp, odometerStart: Double, odometerEnd: Double, gpsMetres: Double? = nil,
        followsVoidedTrip: Bool = false
    ) {
        self.id = id
        self.start = start
        self.odometerStart = odometerStart
        self.odometerEnd = odometerEnd
        self.gpsMetres = gpsMetres
        self.followsVoidedTrip = followsVoidedTrip
    }

    public var odometerKilometres: Double { odometerEnd - odometerStart }
}

/// How far readings may disagree before it is a finding: the larger of `absoluteKilometres` and `relative` ×
/// a base distance (see `OdometerCheck`).
public struct OdometerTolerance: Sendable, Hashable {
    public var relative: Double
    public var absoluteKilometres: Double

    public init(relative: Double = 0.01, absoluteKilometres: Double = 1) {
        self.relative = relative
        self.absoluteKilometres = absoluteKilometres
    }

    public func limit(forKilometres base: Double) -> Double { max(absoluteKilometres, relative * abs(base)) }
}

/// Something wrong with the odometer chain.
public struct OdometerFinding: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The trip starts further on than the previous one ended: kilometres nobody logged.
        case gap
        /// The trip starts at a lower reading than the previous one ended.
        case backwardsBetweenTrips = "backwards-between-trips"
        /// The trip ends at a lower reading than it started.
        case backwardsWithinTrip = "backwards-within-trip"
        /// The trip's odometer distance disagrees with its calibrated GPS distance.
        case jump
        /// A dashboard reading below the odometer the log had already reached (recorded with --force).
        case readingBackwards = "reading-backwards"
        /// A dashboard reading far beyond what the trips since the previous reading explain (recorded with --force).
        case readingBeyond = "reading-beyond"
    }

    public var kind: Kind
    public var tripID: String
    /// For findings between trips, the trip before.
    public var previousTripID: String?
    /// The size of the gap, step back or disagreement (odometer minus GPS for jumps), in kilometres.
    public var kilometres: Double
    /// The limit that was exceeded (zero for backwards readings).
    public var limitKilometres: Double
    /// For findings about a dashboard reading, the reading (then `tripID` is the trip it disagrees with, if any).
    public var readingID: String?

    public init(
        kind: Kind, tripID: String, previousTripID: String? = nil, kilometres: Double, limitKilometres: Double,
        readingID: String? = nil
    ) {
        self.kind = kind
        self.tripID = tripID
        self.previousTripID = previousTripID
        self.kilometres = kilometres
        self.limitKilometres = limitKilometres
        self.readingID = readingID
    }

    public var description: String {
        if let readingID { return "reading \(readingID): \(kind.rawValue) of \(kilometres) km" }
        let after = previousTripID.map { " after trip \($0)" } ?? ""
        return "trip \(tripID)\(after): \(kind.rawValue) of \(kilometres) km"
    }
}

/// Checks a vehicle's trips for a continuous, plausible odometer chain.
public struct OdometerCheck: Sendable, Hashable {
    public var tolerance: OdometerTolerance
    /// Odometer distance per GPS distance (see `OdometerCalibration`); jumps are judged against GPS × factor.
    public var calibrationFactor: Double

    public init(tolerance: OdometerTolerance = OdometerTolerance(), calibrationFactor: Double = 1) {
        self.tolerance = tolerance
        self.calibrationFactor = calibrationFactor
    }

    /// Findings in trip order (trips are sorted by start; ties keep their order).
    ///
    /// - Within a trip: an end reading below the start is `backwardsWithinTrip`; otherwise, with a GPS distance,
    ///   an odometer distance off by more than the limit for the trip's odometer distance is a `jump`.
    /// - Between consecutive trips: any start below the previous end is `backwardsBetweenTrips`; a start above it
    ///   by more than the limit for the two trips' odometer distances together is a `gap` — by any amount when a
    ///   voided trip lies between them (`followsVoidedTrip`).
    public func findings(trips: [OdometerTrip]) -> [OdometerFinding] {
        let sorted = trips.enumerated().sorted { a, b in
            a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
        }.map(\.element)
        var result: [OdometerFinding] = []
        var previous: OdometerTrip?
        for trip in sorted {
            if let previous {
                let step = trip.odometerStart - previous.odometerEnd
                // After a voided trip any gap counts (beyond float noise): that trip said the driving happened.
                let limit =
                    trip.followsVoidedTrip
                    ? 0
                    : tolerance.limit(
                        forKilometres: max(0, previous.odometerKilometres) + max(0, trip.odometerKilometres))
                if step < 0 {
                    result.append(
                        OdometerFinding(
                            kind: .backwardsBetweenTrips, tripID: trip.id, previousTripID: previous.id,
                            kilometres: -step, limitKilometres: 0))
                } else if step > max(limit, 1e-6) {
                    result.append(
                        OdometerFinding(
                            kind: .gap, tripID: trip.id, previousTripID: previous.id, kilometres: step,
                            limitKilometres: limit))
                }
            }
            let driven = trip.odometerKilometres
            if driven < 0 {
                result.append(
                    OdometerFinding(
                        kind: .backwardsWithinTrip, tripID: trip.id, kilometres: -driven, limitKilometres: 0))
            } else if let gps = trip.gpsMetres {
                let difference = driven - gps * calibrationFactor / 1_000
                let limit = tolerance.limit(forKilometres: driven)
                if abs(difference) > limit {
                    result.append(
                        OdometerFinding(kind: .jump, tripID: trip.id, kilometres: difference, limitKilometres: limit))
                }
            }
            previous = trip
        }
        return result
    }
}

/// How far a dashboard reading may run ahead of the odometer the log explains (the previous reading, or the initial
/// odometer, plus the trips logged since) before `odometer record` refuses it: the larger of `absolute` and
/// `relative` × the distance those trips explain, in the vehicle's unit. Driving nobody logged beyond that is
/// a gap in the books, not a reading to take silently.
public struct ReadingTolerance: Sendable, Hashable {
    public var relative: Double
    public var absolute: Double

    public init(relative: Double = 0.05, absolute: Double = 25) {
        self.relative = relative
        self.absolute = absolute
    }

    public func limit(explained distance: Double) -> Double { max(absolute, relative * max(0, distance)) }
}
