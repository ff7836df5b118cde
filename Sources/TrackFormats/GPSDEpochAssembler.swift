public import TrackModel

/// One epoch, one fix: turns gpsd's reports into one `Fix` per receiver epoch.
///
/// The same assembler serves the live client (`GPSDClient`, reports read through libgps) and the
/// gpsd-JSON decoder (`gpspipe -w` recordings and Logbook's own TPV files), so a drive streamed
/// through gpsd and its recording give the same fixes. A value type without I/O and without a clock:
/// a live caller passes the monotonic arrival time of each report, a file decoder passes none.
///
/// **Several reports per epoch.** gpsd may send a TPV several times per epoch as its cycle fills in:
/// with an NMEA receiver one after GGA (a speed gpsd derived from successive positions, no `track`)
/// and one after RMC (the receiver's own Doppler speed and `track`), with SKY reports between them.
/// Reports with the same `time` are merged member by member, later values winning, except that a
/// speed reported together with a `track` (the receiver's velocity) is never replaced by a speed
/// without one (gpsd's estimate from positions). An epoch ends when a report with another time
/// arrives, when the input ends, or — live — when no report has come for a quiet period.
///
/// **Epochs once.** A report for one of the last `recentCapacity` epochs handed out is dropped: each
/// epoch reaches the consumer once, also across a reconnection (keep one assembler per stream) and
/// when a receiver interleaves epochs (gpsd's `ac12` log reports epoch N+1 without a fix before N).
/// A TPV report without a time (gpsd has no date yet) is no epoch to merge into: it is handed out as
/// it is, in its place in the stream (the engine refuses it; the live client leaves it out).
///
/// **SKY.** DOPs and satellites used join the epoch with the SKY's time, or the epoch being
/// assembled when the SKY has no time (one that arrives before any TPV waits for the next).
///
/// **Devices.** gpsd names the device on every report. Reports of one device are assembled: the one
/// asked for, else the first seen; the others are counted and dropped. `devicesSeen` lists them all.
/// A device chosen because it came first is chosen again when it goes away (a new gpsd session, or
/// gpsd reporting it deactivated): after gpsd restarts, or the receiver is plugged in again, it often
/// has another path (`/dev/pts/4`, `/dev/ttyUSB1`), and its reports must not be dropped as another
/// device's. A device asked for stays asked for.
///
/// **gpsd's error model.** With an NMEA receiver gpsd has no error estimate from the receiver: its
/// `eph` is the HDOP times a constant (gpsd 3.22: 19 m, 4.75 m with a differential fix) and its
/// `epx`, `epy`, `epv` are DOPs times constants too. Where the device's driver is known (from gpsd's
/// DEVICE or DEVICES report) to speak NMEA 0183, such figures are turned back into the HDOP they
/// came from and dropped, so that the engine weighs the epoch exactly as it weighs the NMEA it came
/// from. Receivers with a binary protocol (u-blox, SiRF, …) report their own accuracy, which is kept.
///
/// **Below a 2D fix** an epoch carries no position (gpsd's own convention).
public struct GPSDEpochAssembler: Sendable {
    /// What a SKY report adds to an epoch.
    public struct Sky: Sendable, Hashable {
        public var hdop: Double?
        public var pdop: Double?
        public var vdop: Double?
        public var satellitesUsed: Int?

        public init(hdop: Double? = nil, pdop: Double? = nil, vdop: Double? = nil, satellitesUsed: Int? = nil) {
            self.hdop = hdop
            self.pdop = pdop
            self.vdop = vdop
            self.satellitesUsed = satellitesUsed
        }

        mutating func merge(_ later: Sky) {
            hdop = later.hdop ?? hdop
            pdop = later.pdop ?? pdop
            vdop = later.vdop ?? vdop
            satellitesUsed = later.satellitesUsed ?? satellitesUsed
        }

        func apply(to fix: inout Fix) {
            if let hdop { fix.hdop = hdop }
            if let pdop { fix.pdop = pdop }
            if let vdop { fix.vdop = vdop }
            if let satellitesUsed { fix.satellitesUsed = satellitesUsed }
        }
    }

    /// What became of the reports that did not make an epoch of their own.
    public struct Counts: Sendable, Hashable {
        /// TPV reports merged into an epoch that another report had begun.
        public var mergedReports = 0
        /// Reports for an epoch already handed out.
        public var lateReports = 0
        /// TPV reports without a time.
        public var untimedReports = 0
        /// Reports of a device other than the one assembled.
        public var otherDeviceReports = 0
        /// SKY reports that joined no epoch.
        public var unmatchedSky = 0
        /// Epochs whose DOP-derived error figures were turned back into an HDOP.
        public var derivedErrorsConverted = 0
    }

    /// The quiet period is 1.2 × the observed interval between epochs, clamped to this range (seconds):
    /// at least 1 s, so that a slow burst of one epoch's reports is never split, and at most 1.5 s, so a
    /// slow receiver's epochs are not delayed by a whole cycle.
    public static let quietRange = 1.0...1.5
    /// How many epochs handed out are remembered, to drop late reports of them.
    public static let recentCapacity = 256

    /// gpsd 3.22's user equivalent range errors for an NMEA receiver (`P_UERE_NO_DGPS`,
    /// `P_UERE_WITH_DGPS`): its `eph` is the HDOP times one of them. Measured against gpsd 3.22.
    static let gpsdUERE = 19.0
    static let gpsdUEREDifferential = 4.75

    /// The device asked for, or the first one seen.
    public private(set) var device: String?
    /// The device asked for (`nil`: follow the first one seen).
    public let requestedDevice: String?
    /// Every device that sent a TPV or SKY report, in the order seen.
    public private(set) var devicesSeen: [String] = []
    public private(set) var counts = Counts()

    /// Drivers by device path, from DEVICE and DEVICES reports.
    private var drivers: [String: String] = [:]

    private(set) var held: Fix?
    private var heldKey: Int64 = 0
    /// The held epoch's speed and track came with a track: the receiver's own velocity.
    private var heldHasReceiverVelocity = false
    /// Fixes handed out and not yet taken (`ready[readyIndex...]`; at most two between calls).
    private var ready: [Fix] = []
    private var readyIndex = 0
    /// Keys of the epochs handed out last, oldest overwritten first.
    private var recentKeys: [Int64] = []
    /// The same keys, for look-ups.
    private var recentSet: Set<Int64> = []
    private var recentNext = 0
    /// DOPs and satellites from a SKY report that came before its epoch's TPV (`key` nil: the next TPV).
    private var pendingSky: (key: Int64?, sky: Sky)?

    private var lastReportAt = 0.0
    private var previousEpochStartedAt: Double?
    /// Arrival interval between the first reports of the last two epochs, in seconds.
    public private(set) var epochInterval: Double?

    /// - Parameter device: the device whose reports to assemble (`nil`: the first one seen).
    public init(device: String? = nil) {
        self.device = device
        requestedDevice = device
    }

    // MARK: Reports

    /// Takes a DEVICE report (or one entry of DEVICES): the device's driver tells how to read its errors.
    /// A report that the device was deactivated (gpsd closed it) frees a device chosen as the first seen.
    public mutating func deviceReport(path: String, driver: String?, deactivated: Bool = false) {
        if deactivated {
            if requestedDevice == nil && device == path { device = nil }
            return
        }
        guard let driver, !driver.isEmpty else { return }
        drivers[path] = driver
    }

    /// A new gpsd session begins (live): the held epoch is handed out, and a device chosen as the first
    /// seen is chosen again from the new session's reports. Epochs already handed out are still
    /// remembered, so a gpsd that repeats them is not heard twice.
    public mutating func sessionStarted() {
        flush()
        if requestedDevice == nil { device = nil }
    }

    /// Takes a TPV report from `device` (`nil` when the report names none), received at monotonic time
    /// `now` (`nil` when reading a file). The epoch it completes, if any, can then be taken with `next()`.
    public mutating func tpv(_ fix: Fix, device reportDevice: String?, at now: Double? = nil) {
        guard accepts(reportDevice) else { return }
        guard let time = fix.time else {
            counts.untimedReports += 1
            handOutHeld()
            enqueue(Self.withoutPositionBelow2D(fix))
            return
        }
        let key = Self.key(time)
        if held != nil, key == heldKey {
            merge(fix)
            counts.mergedReports += 1
            if let now { lastReportAt = now }
            return
        }
        if recentSet.contains(key) {
            counts.lateReports += 1
            return
        }
        handOutHeld()
        if let now {
            if let previousEpochStartedAt { epochInterval = now - previousEpochStartedAt }
            previousEpochStartedAt = now
            lastReportAt = now
        }
        var next = fix
        heldHasReceiverVelocity = fix.track != nil
        if let pending = pendingSky {
            if pending.key == nil || pending.key == key {
                pending.sky.apply(to: &next)
                pendingSky = nil
            } else if let waiting = pending.key, waiting < key {
                // Its epoch went by without a TPV.
                counts.unmatchedSky += 1
                pendingSky = nil
            }
        }
        held = next
        heldKey = key
        heldDevice = reportDevice
    }

    /// Takes a SKY report: its DOPs and satellites used belong to the epoch of `time`, or to the epoch
    /// being assembled when the report carries no time.
    public mutating func sky(_ sky: Sky, time: Timestamp?, device reportDevice: String?) {
        guard accepts(reportDevice) else { return }
        let key = time.map(Self.key)
        if held != nil, key == nil || key == heldKey {
            sky.apply(to: &held!)
            return
        }
        if let key, recentSet.contains(key) {
            counts.lateReports += 1
            return
        }
        // A SKY of a later epoch (or, without a time, of the next one) waits for its TPV; one with a
        // later time also says that the held epoch is complete.
        if let key, held != nil, key > heldKey { handOutHeld() }
        if var pending = pendingSky, pending.key == key || pending.key == nil || key == nil {
            pending.sky.merge(sky)
            pending.key = key ?? pending.key
            pendingSky = pending
        } else {
            if pendingSky != nil { counts.unmatchedSky += 1 }
            pendingSky = (key, sky)
        }
    }

    // MARK: Output

    /// The next complete epoch, oldest first.
    public mutating func next() -> Fix? {
        guard readyIndex < ready.count else { return nil }
        let fix = ready[readyIndex]
        readyIndex += 1
        if readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
        }
        return fix
    }

    /// How long after the last report the held epoch is handed out (live).
    public var quietPeriod: Double {
        guard let epochInterval else { return Self.quietRange.upperBound }
        return min(max(1.2 * epochInterval, Self.quietRange.lowerBound), Self.quietRange.upperBound)
    }

    /// When the held epoch will be handed out if nothing else arrives (live).
    public var deadline: Double? { held == nil ? nil : lastReportAt + quietPeriod }

    /// Hands out the held epoch if no report has come for the quiet period (live).
    public mutating func flush(ifQuietAt now: Double) {
        guard let deadline, now >= deadline else { return }
        handOutHeld()
    }

    /// Hands out the held epoch now (the input or the session ended).
    public mutating func flush() {
        handOutHeld()
        if pendingSky != nil {
            counts.unmatchedSky += 1
            pendingSky = nil
        }
    }

    // MARK: Internals

    private var heldDevice: String?

    /// Epochs are keyed by their time in whole milliseconds.
    static func key(_ time: Timestamp) -> Int64 { Int64((time.secondsSince1970 * 1_000).rounded()) }

    /// Whether a report of `reportDevice` belongs to the assembled stream; notes devices seen.
    private mutating func accepts(_ reportDevice: String?) -> Bool {
        guard let reportDevice else { return true }
        if !devicesSeen.contains(reportDevice) { devicesSeen.append(reportDevice) }
        if device == nil { device = reportDevice }
        if reportDevice == device { return true }
        counts.otherDeviceReports += 1
        return false
    }

    /// Merges a later report of the held epoch into it.
    private mutating func merge(_ new: Fix) {
        var fix = held!
        fix.mode = new.mode
        fix.quality = new.quality ?? fix.quality
        fix.latitude = new.latitude ?? fix.latitude
        fix.longitude = new.longitude ?? fix.longitude
        fix.altitudeMSL = new.altitudeMSL ?? fix.altitudeMSL
        fix.altitudeHAE = new.altitudeHAE ?? fix.altitudeHAE
        fix.geoidSeparation = new.geoidSeparation ?? fix.geoidSeparation
        if new.track != nil {
            fix.speed = new.speed
            fix.track = new.track
            heldHasReceiverVelocity = true
        } else if !heldHasReceiverVelocity {
            fix.speed = new.speed ?? fix.speed
        }
        fix.climb = new.climb ?? fix.climb
        fix.eph = new.eph ?? fix.eph
        fix.epv = new.epv ?? fix.epv
        fix.epx = new.epx ?? fix.epx
        fix.epy = new.epy ?? fix.epy
        fix.hdop = new.hdop ?? fix.hdop
        fix.pdop = new.pdop ?? fix.pdop
        fix.vdop = new.vdop ?? fix.vdop
        fix.satellitesUsed = new.satellitesUsed ?? fix.satellitesUsed
        fix.sourceLine = new.sourceLine ?? fix.sourceLine
        held = fix
    }

    private mutating func handOutHeld() {
        guard var fix = held else { return }
        held = nil
        recentSet.insert(heldKey)
        if recentKeys.count < Self.recentCapacity {
            recentKeys.append(heldKey)
        } else {
            recentSet.remove(recentKeys[recentNext])
            recentSet.insert(heldKey)
            recentKeys[recentNext] = heldKey
            recentNext = (recentNext + 1) % Self.recentCapacity
        }
        fix = Self.withoutPositionBelow2D(fix)
        if let heldDevice, let driver = drivers[heldDevice], Self.isNMEADriver(driver) {
            if Self.convertDerivedErrors(&fix) { counts.derivedErrorsConverted += 1 }
        }
        enqueue(fix)
    }

    private mutating func enqueue(_ fix: Fix) { ready.append(fix) }

    /// gpsd's convention: a report without a fix carries no position.
    static func withoutPositionBelow2D(_ fix: Fix) -> Fix {
        guard fix.mode == .noFix else { return fix }
        var fix = fix
        fix.latitude = nil
        fix.longitude = nil
        fix.altitudeMSL = nil
        fix.altitudeHAE = nil
        return fix
    }

    /// gpsd's drivers for receivers that speak NMEA 0183 (their error figures are gpsd's DOP model).
    static func isNMEADriver(_ driver: String) -> Bool {
        driver.contains("NMEA") || ["MTK-3301", "Ashtech", "Fastrax", "Jackson Labs", "Skytraq"].contains(driver)
    }

    /// Replaces gpsd's DOP-derived error figures by the HDOP they came from. Returns whether any were found.
    static func convertDerivedErrors(_ fix: inout Fix) -> Bool {
        guard fix.eph != nil || fix.epx != nil || fix.epy != nil || fix.epv != nil else { return false }
        if fix.hdop == nil, let eph = fix.eph {
            let differential = (fix.quality?.rawValue ?? 1) >= FixQuality.differential.rawValue
            let hdop = eph / (differential ? gpsdUEREDifferential : gpsdUERE)
            // NMEA gives the HDOP with at most two decimals: undo gpsd's rounding of eph to 0.01 m.
            fix.hdop = (hdop * 100).rounded() / 100
        }
        fix.eph = nil
        fix.epx = nil
        fix.epy = nil
        fix.epv = nil
        return true
    }
}
