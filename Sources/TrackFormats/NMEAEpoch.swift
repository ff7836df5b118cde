#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif
internal import TrackModel

/// What the sentences of one reporting cycle (one epoch) said so far.
///
/// Every setter follows gpsd's merge rule: a value a later sentence of the same epoch provides
/// replaces the one an earlier sentence provided (so RMC's position replaces GGA's when RMC comes
/// later); a value a sentence does not carry leaves the earlier one in place.
///
/// Absent measurements are NaN (absent counts -1): the struct stays small and cheap to reset.
struct NMEAEpoch {
    /// Whether an accepted sentence contributed to this epoch.
    var contributed = false
    var hasTimeOfDay = false
    /// Seconds since midnight UTC.
    var timeOfDay = 0.0
    /// Days since 1970 given by a sentence of this epoch (valid RMC, ZDA).
    var day: Int?

    var hasPosition = false
    var latitude = 0.0
    var longitude = 0.0
    /// Validity claimed by the sentence that gave the position.
    var positionValidity = Validity.unknown

    var altitudeMSL = Double.nan
    var geoidSeparation = Double.nan
    var speed = Double.nan
    var track = Double.nan
    var hdop = Double.nan
    var pdop = Double.nan
    var vdop = Double.nan
    var eph = Double.nan
    var epv = Double.nan
    var epx = Double.nan
    var epy = Double.nan
    /// Satellites used, from GGA or GNS (-1: not given).
    var satellitesUsed = -1
    /// PRNs listed by this epoch's GSA sentences (summed over constellations).
    var gsaSatellites = 0
    var hasGSA = false
    /// The highest GSA fix mode of the epoch (0: none seen).
    var gsaMode = 0
    /// GGA fix quality 0...8 (-1: not given).
    var ggaQuality = -1
    /// Quality from an FAA mode indicator (RMC, GLL, GNS).
    var modeQuality: FixQuality?
    /// A sentence of this epoch reported that there is no fix.
    var reportedNoFix = false

    /// One-based line of the last sentence that contributed.
    var lastLine = 0

    enum Validity {
        case valid, invalid, unknown
    }

    mutating func setPosition(latitude: Double, longitude: Double, validity: Validity) {
        hasPosition = true
        self.latitude = latitude
        self.longitude = longitude
        positionValidity = validity
    }

    /// A sentence said outright that there is no fix — RMC or GLL status `V`, or FAA mode `N` (not
    /// valid) or `E` (estimated) in RMC, GLL, GNS or VTG: the position merged so far is no fix.
    ///
    /// As in gpsd, where the last sentence of a cycle to set the mode decides it, a later sentence
    /// that brings a position with its own validity (a GGA with quality 1, a valid RMC) replaces this.
    mutating func markInvalid() {
        reportedNoFix = true
        positionValidity = .invalid
    }

    /// The fix mode this epoch supports.
    ///
    /// Validity comes from the sentence that gave the final position (GGA quality, RMC/GLL status,
    /// GNS mode) unless a later sentence flagged the fix invalid (`markInvalid`); when that sentence
    /// said nothing (an empty GGA quality), any no-fix report of the epoch decides. GSA's mode then
    /// tells 2D from 3D; without GSA, an altitude from at least four satellites means 3D.
    var mode: FixMode {
        guard hasPosition else { return reportedNoFix || gsaMode == 1 ? .noFix : .unknown }
        let valid: Bool
        switch positionValidity {
        case .valid: valid = true
        case .invalid: valid = false
        case .unknown: valid = !reportedNoFix
        }
        guard valid else { return .noFix }
        if gsaMode == 2 { return .twoD }
        if gsaMode == 3 { return .threeD }
        if !altitudeMSL.isNaN, satellitesUsed < 0 || satellitesUsed >= 4 { return .threeD }
        return .twoD
    }

    /// The fix quality: GGA's when given, else the FAA mode indicator's.
    var quality: FixQuality? {
        if ggaQuality >= 0 { return NMEAEpoch.quality(gga: ggaQuality) }
        return modeQuality
    }

    /// gpsd's reading of the GGA quality digit.
    static func quality(gga: Int) -> FixQuality {
        switch gga {
        case 1: return .gps
        case 2: return .differential
        case 3: return .pps
        case 4: return .rtkFixed
        case 5: return .rtkFloat
        case 6: return .deadReckoning
        case 7: return .timeOnly  // manual input (surveyed position)
        case 8: return .simulated
        default: return .unknown
        }
    }

    /// gpsd's reading of an FAA mode indicator (RMC, GLL, GNS, VTG).
    static func quality(faaMode: UInt8) -> FixQuality? {
        switch faaMode {
        case 0: return nil
        case UInt8(ascii: "N"), UInt8(ascii: "V"): return .unknown
        case UInt8(ascii: "D"), UInt8(ascii: "P"): return .differential
        case UInt8(ascii: "E"): return .deadReckoning
        case UInt8(ascii: "F"): return .rtkFloat
        case UInt8(ascii: "R"): return .rtkFixed
        case UInt8(ascii: "M"): return .timeOnly
        case UInt8(ascii: "S"): return .simulated
        default: return .gps
        }
    }
}

/// A GST's error estimates (NaN when absent), kept until the epoch it names opens.
struct PendingGST {
    var timeOfDay: Double
    var sigmaLatitude: Double
    var sigmaLongitude: Double
    var sigmaAltitude: Double
    var line: Int
}

/// `nil` for NaN (an absent measurement).
@inline(__always)
func nmeaOptional(_ x: Double) -> Double? { x.isNaN ? nil : x }

/// Course normalised to 0 ≤ track < 360.
@inline(__always)
func nmeaNormalizedTrack(_ degrees: Double) -> Double {
    if degrees >= 0, degrees < 360 { return degrees }
    var t = degrees.truncatingRemainder(dividingBy: 360)
    if t < 0 { t += 360 }
    return t
}

/// Distance in metres between two points on the WGS84 ellipsoid: Vincenty's inverse method (1975),
/// iterated until λ changes by at most 1e-12 rad.
///
/// Used only to derive a speed between consecutive epochs. gpsd derives its speeds with this same
/// method and stopping rule; for hops of under a metre the rule leaves a relative error of ~1e-5
/// (about 3e-6 m/s at walking pace), and using the same method keeps our derived speeds equal to
/// gpsd's to the millimetre per second it prints. Returns `nil` if the iteration does not converge
/// (nearly antipodal points).
func nmeaVincentyDistance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double? {
    let a = 6_378_137.0
    let b = 6_356_752.314_245
    let f = 1 / 298.257_223_563
    let radiansPerDegree = 0.017_453_292_519_943_295_769_236_907_684_886
    let l = (longitude2 - longitude1) * radiansPerDegree
    let u1 = atan((1 - f) * tan(latitude1 * radiansPerDegree))
    let u2 = atan((1 - f) * tan(latitude2 * radiansPerDegree))
    let sinU1 = sin(u1)
    let cosU1 = cos(u1)
    let sinU2 = sin(u2)
    let cosU2 = cos(u2)
    var lambda = l
    var sinSigma = 0.0
    var cosSigma = 0.0
    var sigma = 0.0
    var cosSquaredAlpha = 0.0
    var cos2SigmaM = 0.0
    var iterationsLeft = 100
    while true {
        let sinLambda = sin(lambda)
        let cosLambda = cos(lambda)
        let p = cosU2 * sinLambda
        let q = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
        sinSigma = (p * p + q * q).squareRoot()
        if sinSigma == 0 { return 0 }  // coincident points
        cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
        sigma = atan2(sinSigma, cosSigma)
        let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
        cosSquaredAlpha = 1 - sinAlpha * sinAlpha
        cos2SigmaM = cosSigma - 2 * sinU1 * sinU2 / cosSquaredAlpha
        if !cos2SigmaM.isFinite { cos2SigmaM = 0 }  // both points on the equator
        let c = f / 16 * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
        let previous = lambda
        lambda =
            l + (1 - c) * f * sinAlpha
            * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (2 * cos2SigmaM * cos2SigmaM - 1)))
        iterationsLeft -= 1
        if abs(lambda - previous) <= 1e-12 { break }
        if iterationsLeft == 0 { return nil }
    }
    let uSquared = cosSquaredAlpha * (a * a - b * b) / (b * b)
    let bigA = 1 + uSquared / 16_384 * (4_096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
    let bigB = uSquared / 1_024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
    let deltaSigma =
        bigB * sinSigma
        * (cos2SigmaM + bigB / 4
            * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM
                * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
    return b * bigA * (sigma - deltaSigma)
}
