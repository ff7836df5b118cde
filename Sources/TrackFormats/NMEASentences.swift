internal import TrackModel

/// The sentence handlers of `NMEADecoder`: each reads its fields straight from the line bytes,
/// rejects the sentence when a field it relies on is unreadable (`bad-field`) and merges the rest
/// into the open epoch. Field numbers below are NMEA's (1 = first field after the tag).
extension NMEADecoder {
    /// 1 knot in metres per second.
    static let metresPerSecondPerKnot = 1_852.0 / 3_600.0

    /// A DOP value, or `nil` when absent or outside 0.01...89.99 (receivers send 99.99 or 0 for "unknown").
    @inline(__always)
    private static func dop(_ v: NMEAValue<Double>) -> Double? {
        guard let d = v.value, d >= 0.01, d <= 89.99 else { return nil }
        return d
    }

    private mutating func rejectBadField(line: Int, field: StaticString) {
        rejectedBadField += 1
        noteRejected(line: line, reason: "bad-field", field: field)
    }

    private mutating func rejectMalformed(line: Int) {
        rejectedMalformed += 1
        noteRejected(line: line, reason: "malformed")
    }

    /// A fix sentence that reports no fix: it joins (or, without a time, closes) the open epoch.
    /// `explicit`: it said so outright (status `V`, FAA mode `N` or `E`), which also takes the fix from
    /// the position merged so far (`NMEAEpoch.markInvalid`).
    @inline(__always)
    private mutating func noFixSentence(timeOfDay: Double?, line: Int, explicit: Bool = false) {
        guard let timeOfDay else {
            skippedNoFix += 1
            enterEpoch(timeOfDay: nil, timelessNoFix: true)
            return
        }
        enterEpoch(timeOfDay: timeOfDay)
        if explicit { epoch.markInvalid() } else { epoch.reportedNoFix = true }
        contribute(line: line)
    }

    /// Whether an FAA mode indicator says there is no fix: `N` (not valid) or `E` (estimated, dead
    /// reckoning).
    @inline(__always)
    private static func faaModeIsNoFix(_ mode: UInt8) -> Bool {
        mode == 78 || mode == 69  // 'N', 'E'
    }

    // MARK: GGA

    /// GGA: 1 time, 2-5 lat/N/lon/E, 6 quality, 7 satellites, 8 HDOP, 9 altitude MSL, 10 M, 11 geoid separation.
    mutating func decodeGGA(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let fTime = f.next()
        let fLat = f.next()
        let fNS = f.next()
        let fLon = f.next()
        let fEW = f.next()
        let fQuality = f.next()
        let fSatellites = f.next()
        let fHDOP = f.next()
        let fAltitude = f.next()
        f.skip(1)
        let fSeparation = f.next()
        guard f.has(12) else { return rejectMalformed(line: line) }
        let time = timeMemo.value(base, fTime) { base.nmeaTimeOfDay(fTime) }
        let lat = latitudeMemo.value(base, fLat, hemisphere: fNS) {
            base.nmeaAngle(fLat, hemisphere: fNS, positive: 78, negative: 83, limit: 90)
        }
        let lon = longitudeMemo.value(base, fLon, hemisphere: fEW) {
            base.nmeaAngle(fLon, hemisphere: fEW, positive: 69, negative: 87, limit: 180)
        }
        if time.isInvalid || lat.isInvalid || lon.isInvalid {
            return rejectBadField(line: line, field: time.isInvalid ? "time" : lat.isInvalid ? "latitude" : "longitude")
        }
        let quality = base.nmeaInteger(fQuality).value
        let timeOfDay = time.value
        guard let latitude = lat.value, let longitude = lon.value else {
            if quality == nil || quality == 0 { return noFixSentence(timeOfDay: timeOfDay, line: line) }
            // A claimed fix without a position: only its time and figures are of use.
            enterEpoch(timeOfDay: timeOfDay)
            applyGGAFigures(base, quality: quality, fSatellites, fHDOP)
            contribute(line: line)
            return
        }
        enterEpoch(timeOfDay: timeOfDay, bringsPosition: true)
        let validity: NMEAEpoch.Validity = quality.map { $0 > 0 ? .valid : .invalid } ?? .unknown
        epoch.setPosition(latitude: latitude, longitude: longitude, validity: validity)
        if let altitude = base.nmeaDecimal(fAltitude).value { epoch.altitudeMSL = altitude }
        if let separation = base.nmeaDecimal(fSeparation).value { epoch.geoidSeparation = separation }
        applyGGAFigures(base, quality: quality, fSatellites, fHDOP)
        contribute(line: line)
    }

    @inline(__always)
    private mutating func applyGGAFigures(
        _ base: UnsafePointer<UInt8>, quality: Int?, _ fSatellites: NMEAField, _ fHDOP: NMEAField
    ) {
        if let quality {
            epoch.ggaQuality = quality
            if quality == 0 { epoch.reportedNoFix = true }
        }
        if let satellites = base.nmeaInteger(fSatellites).value { epoch.satellitesUsed = satellites }
        if let hdop = Self.dop(base.nmeaDecimal(fHDOP)) { epoch.hdop = hdop }
    }

    // MARK: RMC

    /// RMC: 1 time, 2 status, 3-6 lat/N/lon/E, 7 speed (knots), 8 course, 9 date, 10-11 magnetic
    /// variation, 12 FAA mode.
    mutating func decodeRMC(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let fTime = f.next()
        let fStatus = f.next()
        let fLat = f.next()
        let fNS = f.next()
        let fLon = f.next()
        let fEW = f.next()
        let fSpeed = f.next()
        guard f.has(7) else { return rejectMalformed(line: line) }
        let fCourse = f.next()
        let fDate = f.next()
        f.skip(2)
        let fMode = f.next()
        let time = timeMemo.value(base, fTime) { base.nmeaTimeOfDay(fTime) }
        if time.isInvalid { return rejectBadField(line: line, field: "time") }
        let faaMode = base.nmeaFirstByte(fMode)
        let flaggedInvalid = base.nmeaIs(fStatus, 86) || Self.faaModeIsNoFix(faaMode)  // status 'V'
        guard base.nmeaIs(fStatus, 65), faaMode != 78 else {  // 'A', not FAA 'N'
            return noFixSentence(timeOfDay: time.value, line: line, explicit: flaggedInvalid)
        }
        let lat = latitudeMemo.value(base, fLat, hemisphere: fNS) {
            base.nmeaAngle(fLat, hemisphere: fNS, positive: 78, negative: 83, limit: 90)
        }
        let lon = longitudeMemo.value(base, fLon, hemisphere: fEW) {
            base.nmeaAngle(fLon, hemisphere: fEW, positive: 69, negative: 87, limit: 180)
        }
        let date = base.nmeaDate(fDate)
        if lat.isInvalid || lon.isInvalid || date.isInvalid {
            return rejectBadField(line: line, field: lat.isInvalid ? "latitude" : lon.isInvalid ? "longitude" : "date")
        }
        let position = lat.value.flatMap { la in lon.value.map { (la, $0) } }
        enterEpoch(timeOfDay: time.value, bringsPosition: position != nil)
        if let day = date.value, time.value != nil { epoch.day = day }
        if let (latitude, longitude) = position {
            epoch.setPosition(latitude: latitude, longitude: longitude, validity: .valid)
        }
        if let speed = base.nmeaDecimal(fSpeed).value { epoch.speed = speed * Self.metresPerSecondPerKnot }
        if let course = base.nmeaDecimal(fCourse).value { epoch.track = nmeaNormalizedTrack(course) }
        epoch.modeQuality = NMEAEpoch.quality(faaMode: faaMode) ?? .gps
        if flaggedInvalid { epoch.markInvalid() }  // FAA 'E': its date counts, its position is no fix
        contribute(line: line)
    }

    // MARK: GLL

    /// GLL: 1-4 lat/N/lon/E, 5 time, 6 status, 7 FAA mode.
    mutating func decodeGLL(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let fLat = f.next()
        let fNS = f.next()
        let fLon = f.next()
        let fEW = f.next()
        let fTime = f.next()
        let fStatus = f.next()
        guard f.has(6) else { return rejectMalformed(line: line) }
        let fMode = f.next()
        let time = base.nmeaTimeOfDay(fTime)
        if time.isInvalid { return rejectBadField(line: line, field: "time") }
        let faaMode = base.nmeaFirstByte(fMode)
        let flaggedInvalid = base.nmeaIs(fStatus, 86) || Self.faaModeIsNoFix(faaMode)  // status 'V'
        guard base.nmeaIs(fStatus, 65), faaMode != 78 else {
            return noFixSentence(timeOfDay: time.value, line: line, explicit: flaggedInvalid)
        }
        let lat = base.nmeaAngle(fLat, hemisphere: fNS, positive: 78, negative: 83, limit: 90)
        let lon = base.nmeaAngle(fLon, hemisphere: fEW, positive: 69, negative: 87, limit: 180)
        if lat.isInvalid || lon.isInvalid {
            return rejectBadField(line: line, field: lat.isInvalid ? "latitude" : "longitude")
        }
        guard let latitude = lat.value, let longitude = lon.value else {
            return noFixSentence(timeOfDay: time.value, line: line, explicit: flaggedInvalid)
        }
        enterEpoch(timeOfDay: time.value, bringsPosition: true)
        epoch.setPosition(latitude: latitude, longitude: longitude, validity: .valid)
        epoch.modeQuality = NMEAEpoch.quality(faaMode: faaMode) ?? .gps
        if flaggedInvalid { epoch.markInvalid() }  // FAA 'E'
        contribute(line: line)
    }

    // MARK: GNS

    /// GNS: 1 time, 2-5 lat/N/lon/E, 6 mode indicators (one per constellation), 7 satellites, 8 HDOP,
    /// 9 altitude MSL, 10 geoid separation, 11 DGPS age, 12 station, 13 navigational status.
    mutating func decodeGNS(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let fTime = f.next()
        let fLat = f.next()
        let fNS = f.next()
        let fLon = f.next()
        let fEW = f.next()
        let fMode = f.next()
        let fSatellites = f.next()
        let fHDOP = f.next()
        let fAltitude = f.next()
        let fSeparation = f.next()
        f.skip(2)
        guard f.has(12) else { return rejectMalformed(line: line) }
        let fStatus = f.next()
        let time = base.nmeaTimeOfDay(fTime)
        if time.isInvalid { return rejectBadField(line: line, field: "time") }
        // Valid when any constellation's indicator is not 'N' and the status is not unsafe/invalid.
        var indicator: UInt8 = 0
        var i = fMode.start
        while i < fMode.end {
            if base[i] != 78 {
                indicator = base[i]
                break
            }
            i += 1
        }
        // No fix outright when every constellation's indicator is 'N' or 'E'.
        var j = fMode.start
        while j < fMode.end, Self.faaModeIsNoFix(base[j]) { j += 1 }
        let flaggedInvalid = !fMode.isEmpty && j == fMode.end
        let status = base.nmeaFirstByte(fStatus)
        guard indicator != 0, status != 85, status != 86 else {  // 'U', 'V'
            return noFixSentence(timeOfDay: time.value, line: line, explicit: flaggedInvalid)
        }
        let lat = base.nmeaAngle(fLat, hemisphere: fNS, positive: 78, negative: 83, limit: 90)
        let lon = base.nmeaAngle(fLon, hemisphere: fEW, positive: 69, negative: 87, limit: 180)
        if lat.isInvalid || lon.isInvalid {
            return rejectBadField(line: line, field: lat.isInvalid ? "latitude" : "longitude")
        }
        guard let latitude = lat.value, let longitude = lon.value else {
            return noFixSentence(timeOfDay: time.value, line: line, explicit: flaggedInvalid)
        }
        enterEpoch(timeOfDay: time.value, bringsPosition: true)
        epoch.setPosition(latitude: latitude, longitude: longitude, validity: .valid)
        if let altitude = base.nmeaDecimal(fAltitude).value { epoch.altitudeMSL = altitude }
        if let separation = base.nmeaDecimal(fSeparation).value { epoch.geoidSeparation = separation }
        if let satellites = base.nmeaInteger(fSatellites).value { epoch.satellitesUsed = satellites }
        if let hdop = Self.dop(base.nmeaDecimal(fHDOP)) { epoch.hdop = hdop }
        epoch.modeQuality = NMEAEpoch.quality(faaMode: indicator)
        if flaggedInvalid { epoch.markInvalid() }  // indicators 'E' and 'N' only
        contribute(line: line)
    }

    // MARK: VTG

    /// VTG: 1 course true, 2 T, 3 course magnetic, 4 M, 5 speed knots, 6 N, 7 speed km/h, 8 K, 9 FAA mode.
    /// The NMEA 1.x form without unit letters (course, magnetic course, knots, km/h) is read too.
    mutating func decodeVTG(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let fCourse = f.next()
        let fSecond = f.next()
        guard f.has(4) else { return rejectMalformed(line: line) }
        let course: NMEAValue<Double>
        var knots: NMEAValue<Double>
        var kmh: NMEAValue<Double>
        var mode: UInt8 = 0
        if fSecond.isEmpty || base.nmeaIs(fSecond, 84) {  // 'T': NMEA 2+
            course = base.nmeaDecimal(fCourse)
            f.skip(2)
            knots = base.nmeaDecimal(f.next())
            f.skip(1)
            kmh = base.nmeaDecimal(f.next())
            f.skip(1)
            mode = base.nmeaFirstByte(f.next())
        } else {
            // fSecond was the magnetic course.
            course = base.nmeaDecimal(fCourse)
            knots = base.nmeaDecimal(f.next())
            kmh = base.nmeaDecimal(f.next())
        }
        guard !Self.faaModeIsNoFix(mode) else {
            // 'N' not valid, 'E' estimated: the open epoch has no fix, as with these modes in RMC, GLL
            // and GNS (gpsd merely ignores such a VTG). Without an open epoch there is nothing to flag.
            guard epoch.contributed else {
                skippedNoFix += 1
                return
            }
            epoch.markInvalid()
            contribute(line: line)
            return
        }
        if knots.isInvalid { knots = .empty }
        if kmh.isInvalid { kmh = .empty }
        let speed = knots.value.map { $0 * Self.metresPerSecondPerKnot } ?? kmh.value.map { $0 / 3.6 }
        guard speed != nil || course.value != nil else {
            skippedNoFix += 1
            return
        }
        enterEpoch(timeOfDay: nil)
        if let speed { epoch.speed = speed }
        if let c = course.value { epoch.track = nmeaNormalizedTrack(c) }
        contribute(line: line)
    }

    // MARK: GSA

    /// GSA: 1 A/M, 2 mode (1 none, 2 2D, 3 3D), 3-14 satellites used, 15 PDOP, 16 HDOP, 17 VDOP,
    /// [18 system ID]. Some receivers list more than 12 satellites; the DOPs are then the last three
    /// numbers of the sentence.
    mutating func decodeGSA(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let count = f.fieldCount + 1  // gpsd's count: the tag and the fields
        guard count >= 18 else { return rejectMalformed(line: line) }
        f.skip(1)
        let fMode = f.next()
        // Satellite fields run up to the PDOP: fields 3...14 normally, more on 24-channel receivers.
        var dopIndex = 15
        if count > 19 {
            // Find the DOPs: the last three fields, or the three before a trailing system ID.
            var probe = f
            probe.skip(count - 4)
            let last = probe.next()
            var hasPoint = false
            for k in last.start..<last.end where base[k] == 46 { hasPoint = true }
            dopIndex = hasPoint ? count - 3 : count - 4
        }
        var satellites = 0
        for _ in 3..<dopIndex where !f.next().isEmpty { satellites += 1 }
        let pdop = Self.dop(base.nmeaDecimal(f.next()))
        let hdop = Self.dop(base.nmeaDecimal(f.next()))
        let vdop = Self.dop(base.nmeaDecimal(f.next()))
        let mode = base.nmeaInteger(fMode).value ?? 0
        enterEpoch(timeOfDay: nil)
        if (1...3).contains(mode) { epoch.gsaMode = max(epoch.gsaMode, mode) }
        epoch.hasGSA = true
        epoch.gsaSatellites += satellites
        if let pdop { epoch.pdop = pdop }
        if let hdop { epoch.hdop = hdop }
        if let vdop { epoch.vdop = vdop }
        contribute(line: line)
    }

    // MARK: GST

    /// GST: 1 time of the fix it refers to, 2 RMS, 3-5 error ellipse, 6 σ latitude, 7 σ longitude,
    /// 8 σ altitude (metres). GST joins the epoch whose time it names: the open one, or — receivers
    /// such as Septentrio's send GST first in the cycle — the next one, if that one has its time.
    /// A GST without a time joins the open epoch.
    mutating func decodeGST(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let time = base.nmeaTimeOfDay(f.next())
        if time.isInvalid { return rejectBadField(line: line, field: "time") }
        f.skip(4)
        let sigmaLatitude = base.nmeaDecimal(f.next()).value ?? .nan
        let sigmaLongitude = base.nmeaDecimal(f.next()).value ?? .nan
        let sigmaAltitude = base.nmeaDecimal(f.next()).value ?? .nan
        guard f.has(8) else { return rejectMalformed(line: line) }
        guard !sigmaLatitude.isNaN || !sigmaLongitude.isNaN || !sigmaAltitude.isNaN else {
            skippedNoFix += 1
            return
        }
        let errors = PendingGST(
            timeOfDay: time.value ?? 0, sigmaLatitude: sigmaLatitude, sigmaLongitude: sigmaLongitude,
            sigmaAltitude: sigmaAltitude, line: line)
        if let t = time.value, !(epoch.hasTimeOfDay && abs(t - epoch.timeOfDay) <= 0.01) {
            if pendingGST != nil { skippedOutOfEpoch += 1 }
            pendingGST = errors
            return
        }
        apply(errors)
    }

    /// Merges GST error estimates into the open epoch.
    mutating func apply(_ errors: PendingGST) {
        if !errors.sigmaLatitude.isNaN, !errors.sigmaLongitude.isNaN {
            epoch.epy = errors.sigmaLatitude
            epoch.epx = errors.sigmaLongitude
            epoch.eph =
                (errors.sigmaLatitude * errors.sigmaLatitude
                + errors.sigmaLongitude * errors.sigmaLongitude).squareRoot()
        }
        if !errors.sigmaAltitude.isNaN { epoch.epv = errors.sigmaAltitude }
        contribute(line: errors.line)
    }

    /// A new epoch got its time: a GST that named it joins it; any other waiting GST is dropped.
    @inline(__always)
    mutating func settlePendingGST() {
        guard let errors = pendingGST else { return }
        pendingGST = nil
        if abs(errors.timeOfDay - epoch.timeOfDay) <= 0.01 {
            apply(errors)
        } else {
            skippedOutOfEpoch += 1
        }
    }

    // MARK: ZDA

    /// ZDA: 1 time, 2 day, 3 month, 4 year (four digits), 5-6 local zone.
    mutating func decodeZDA(_ base: UnsafePointer<UInt8>, _ f: inout NMEAFieldCursor, _ line: Int) {
        let fTime = f.next()
        let fDay = f.next()
        let fMonth = f.next()
        let fYear = f.next()
        guard f.has(4) else { return rejectMalformed(line: line) }
        if fTime.isEmpty || fDay.isEmpty || fMonth.isEmpty || fYear.isEmpty {
            skippedNoFix += 1
            return
        }
        guard let timeOfDay = base.nmeaTimeOfDay(fTime).value, let day = base.nmeaInteger(fDay).value,
            let month = base.nmeaInteger(fMonth).value, let year = base.nmeaInteger(fYear).value,
            (1_900...2_200).contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return rejectBadField(line: line, field: "date") }
        enterEpoch(timeOfDay: timeOfDay)
        epoch.day = CivilDate.daysFromCivil(year: year, month: month, day: day)
        contribute(line: line)
    }
}
