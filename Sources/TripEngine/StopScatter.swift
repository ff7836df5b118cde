/// Positions only: how far the positions seen at a stop scatter around the stop's centre.
///
/// A parked receiver does not report one position. Under open sky it wanders by a few metres, in a
/// street canyon by tens, correlated over minutes, whatever its reported error says. The stop's
/// still radius has to cover what this receiver does here, so it grows with the scatter seen: the
/// root mean square (RMS) of the distances of the positions from the stop's centre, a mean over
/// time (so the output rate does not change it) that fades after `memory` seconds, as a stop's
/// scatter changes as slowly as the satellites move.
///
/// Until a stop has been watched for a while its scatter is not known: slowly correlated wander
/// shows its size only over minutes. So `radius` starts from a prior — an assumed RMS, counted as
/// `priorSeconds` of observation — which the positions then outweigh. A handful of numbers: it
/// costs nothing in a checkpoint.
struct StopScatter: Sendable, Codable, Hashable {
    /// The mean of the squared distances seen, m².
    private(set) var meanSquare: Double = 0
    /// The seconds of observation the mean stands for, at most `memory`.
    private(set) var seconds: Double = 0
    /// The time of the last position added.
    private(set) var time: Double

    /// How long the scatter is remembered, seconds.
    static let memory: Double = 600
    /// The longest time one position stands for, seconds (the longest interval between fixes that still
    /// counts as continuous reporting, `EngineConfiguration.dopplerMaximumInterval`'s default).
    static let maximumStep: Double = 15
    /// How much observation the prior counts as, seconds; also how long a stop has to be watched
    /// before it can be found quiet.
    static let priorSeconds: Double = 60
    /// The still radius is this many times the RMS distance: for Gaussian scatter (Rayleigh
    /// distances) 2.5 times their RMS is exceeded by 0.2 % of the positions.
    static let factor: Double = 2.5

    /// The RMS assumed until the positions show otherwise, metres.
    private(set) var prior: Double

    /// A stop seen first at `time`, assumed to scatter by an RMS of `prior` metres.
    init(time: Double, prior: Double) {
        self.time = time
        self.prior = prior
    }

    /// Adds the distance of a position from the stop's centre, metres, seen at `time`; it stands for
    /// the time since the previous position.
    mutating func add(_ distance: Double, at newTime: Double) {
        // A position stands for at most `maximumStep` seconds: the first one after a long gap (the box was
        // off, the vehicle may have left meanwhile) is one sample, not hours of scatter.
        let dt = min(Self.maximumStep, max(0, newTime - time))
        time = max(time, newTime)
        guard dt > 0 else { return }
        seconds = min(Self.memory, seconds + dt)
        meanSquare += (distance * distance - meanSquare) * dt / seconds
    }

    /// The radius that the stop's positions stay within: `factor` times their RMS distance, taken
    /// as `prior` metres until shown otherwise.
    var radius: Double {
        let p = Self.priorSeconds
        return Self.factor * ((prior * prior * p + meanSquare * seconds) / (p + seconds)).squareRoot()
    }

    /// Whether the stop has been watched for `priorSeconds` and its positions stayed within `limit`
    /// metres (`factor` times their RMS): a receiver as quiet here as it claims to be.
    func isQuiet(within limit: Double) -> Bool {
        seconds >= Self.priorSeconds && Self.factor * meanSquare.squareRoot() <= limit
    }
}
