internal import TrackModel

/// Turns gpsd's reports into one `Fix` per epoch.
///
/// gpsd sends a TPV report several times per epoch as its cycle fills in (with NMEA: after GGA, then
/// after RMC), each holding everything merged so far, so the latest report of an epoch is the fullest.
/// The assembler holds the latest report of the current epoch and hands it out when a report with another
/// time arrives, or when no report has come for a quiet period (so the last epoch before an outage is not
/// held forever). A report for any of the last `recentCapacity` epochs handed out is dropped: each epoch
/// reaches the consumer once, also across a reconnection (keep one assembler per stream) and when a
/// receiver interleaves epochs (gpsd's `ac12` log reports epoch N+1 without a fix before epoch N).
///
/// SKY reports carry DOPs and satellites used; one with a time goes to that epoch, one without (NMEA
/// GSV/GSA) to the epoch being assembled. When gpsd reports an epoch only once, at the end of its cycle,
/// a time-less SKY sent earlier in that cycle therefore lands on the previous epoch: DOPs may lag an epoch.
///
/// Epochs are keyed by their time in whole milliseconds. A value type without I/O or clock: the caller
/// passes the monotonic time of each report.
struct EpochAssembler: Sendable {
    /// The quiet period is 1.2 × the observed interval between epochs, clamped to this range (seconds):
    /// at least 1 s, so that a slow burst of one epoch's reports is never split, and at most 1.5 s, so a
    /// slow receiver's epochs are not delayed by a whole cycle.
    static let quietRange = 1.0...1.5

    private(set) var held: Fix?
    private var heldKey: Int64 = 0
    private var lastReportAt = 0.0
    private var previousEpochStartedAt: Double?
    /// Keys of the epochs handed out last, oldest overwritten first.
    private var recentKeys: [Int64] = []
    private var recentNext = 0
    static let recentCapacity = 64
    /// Arrival interval between the first reports of the last two epochs, in seconds.
    private(set) var epochInterval: Double?
    /// DOPs and satellites from a SKY report that came before its epoch's TPV.
    private var pendingSky: (key: Int64, sky: Sky)?
    /// Reports dropped because their epoch had already been handed out.
    private(set) var lateReportsDropped = 0

    /// What a SKY report adds to an epoch.
    struct Sky: Sendable, Hashable {
        var hdop: Double?
        var pdop: Double?
        var vdop: Double?
        var satellitesUsed: Int?
    }

    /// How long after the last report the held epoch is handed out.
    var quietPeriod: Double {
        guard let epochInterval else { return Self.quietRange.upperBound }
        return min(max(1.2 * epochInterval, Self.quietRange.lowerBound), Self.quietRange.upperBound)
    }

    /// When the held epoch will be handed out if nothing else arrives.
    var deadline: Double? { held == nil ? nil : lastReportAt + quietPeriod }

    /// Takes a TPV report whose time is `key` milliseconds since 1970, received at monotonic time `now`.
    /// Returns the previous epoch when this report starts a new one.
    mutating func report(_ fix: Fix, key: Int64, at now: Double) -> Fix? {
        if var current = held, key == heldKey {
            // A fuller report of the held epoch replaces it; SKY data it lacks is kept.
            var next = fix
            Self.keepSky(from: current, into: &next)
            current = next
            held = current
            lastReportAt = now
            return nil
        }
        if recentKeys.contains(key) {
            lateReportsDropped += 1
            return nil
        }
        let out = takeHeld()
        if let previousEpochStartedAt { epochInterval = now - previousEpochStartedAt }
        previousEpochStartedAt = now
        var next = fix
        if let pending = pendingSky, pending.key == key {
            Self.apply(pending.sky, to: &next)
            pendingSky = nil
        }
        held = next
        heldKey = key
        lastReportAt = now
        return out
    }

    /// Takes a SKY report: its DOPs and satellites used belong to the epoch of time `key` (milliseconds),
    /// or to the held epoch when the report carries no time.
    mutating func sky(_ sky: Sky, key: Int64?) {
        if held != nil, key == nil || key == heldKey {
            Self.apply(sky, to: &held!)
        } else if let key, !recentKeys.contains(key) {
            pendingSky = (key, sky)
        }
    }

    /// Hands out the held epoch if no report has come for the quiet period.
    mutating func flush(ifQuietAt now: Double) -> Fix? {
        guard let deadline, now >= deadline else { return nil }
        return takeHeld()
    }

    /// Hands out the held epoch now (the session ended).
    mutating func flush() -> Fix? { takeHeld() }

    private mutating func takeHeld() -> Fix? {
        guard let out = held else { return nil }
        held = nil
        if recentKeys.count < Self.recentCapacity {
            recentKeys.append(heldKey)
        } else {
            recentKeys[recentNext] = heldKey
            recentNext = (recentNext + 1) % Self.recentCapacity
        }
        return out
    }

    private static func apply(_ sky: Sky, to fix: inout Fix) {
        if let v = sky.hdop { fix.hdop = v }
        if let v = sky.pdop { fix.pdop = v }
        if let v = sky.vdop { fix.vdop = v }
        if let v = sky.satellitesUsed { fix.satellitesUsed = v }
    }

    private static func keepSky(from old: Fix, into new: inout Fix) {
        new.hdop = new.hdop ?? old.hdop
        new.pdop = new.pdop ?? old.pdop
        new.vdop = new.vdop ?? old.vdop
        new.satellitesUsed = new.satellitesUsed ?? old.satellitesUsed
    }
}
