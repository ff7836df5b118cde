internal import CLibGPS
internal import TrackFormats
internal import TrackModel

extension Fix {
    /// The fix of a TPV report that libgps has just read into `data` (`timeMilliseconds`: its time).
    ///
    /// libgps sets every double gpsd left out to NaN: NaN becomes `nil`. Validity comes from `mode`
    /// (a position only with 2D or 3D), never from `status`, which gpsd 3.22 leaves out for a plain fix
    /// (libgps then reads 0): a fix without status reads as `.gps`, like `GPSDJSONDecoder` does.
    /// Its time comes from the report (`nil` when gpsd has no date yet).
    init(gpsData data: UnsafePointer<gps_data_t>, timeMilliseconds: Int64?) {
        let fix = data.pointee.fix
        let mode = FixMode(rawValue: Int(fix.mode)) ?? .unknown
        let positioned = mode >= .twoD
        self.init(time: timeMilliseconds.map { Timestamp(secondsSince1970: Double($0) / 1_000) }, mode: mode)
        if fix.status != 0 {
            quality = FixQuality(rawValue: Int(fix.status)) ?? .unknown
        } else if positioned {
            quality = .gps
        }
        if positioned {
            latitude = Self.finite(fix.latitude)
            longitude = Self.finite(fix.longitude)
            altitudeMSL = Self.finite(fix.altMSL) ?? Self.finite(fix.altitude)
            altitudeHAE = Self.finite(fix.altHAE)
            geoidSeparation = Self.finite(fix.geoid_sep)
            eph = Self.finite(fix.eph)
            epv = Self.finite(fix.epv)
            epx = Self.finite(fix.epx)
            epy = Self.finite(fix.epy)
        }
        speed = Self.finite(fix.speed)
        track = Self.finite(fix.track)
        climb = Self.finite(fix.climb)
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}

extension GPSDEpochAssembler.Sky {
    /// DOPs and satellites used of a SKY report that libgps has just read into `data`.
    init(gpsData data: UnsafePointer<gps_data_t>) {
        let dop = data.pointee.dop
        let used = Int(data.pointee.satellites_used)
        self.init(
            hdop: dop.hdop.isFinite ? dop.hdop : nil, pdop: dop.pdop.isFinite ? dop.pdop : nil,
            vdop: dop.vdop.isFinite ? dop.vdop : nil, satellitesUsed: used > 0 ? used : nil)
    }
}
