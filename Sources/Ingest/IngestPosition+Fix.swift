public import TrackModel

extension IngestPosition {
    /// The trip engine's input: the fix a gpsd TPV report with the same values gives, that is
    /// `{"class":"TPV","time":…,"mode":3,"lat":…,"lon":…,"alt":…,"speed":…,"track":…,"eph":…}`
    /// with `eph` the phone's accuracy in metres (`mode` 2 when the app sent no altitude, `hdop` when a tracker sent one).
    ///
    /// The accuracy is what the engine weighs the position by: it refuses fixes whose `eph` exceeds its
    /// `maximum_eph`, waits for three precise fixes after a cold start, and smooths by `eph / 2` as the one-sigma
    /// error, exactly as it does for a receiver that reports `eph`. Quality is `.gps`, as gpsd's decoder gives a
    /// TPV without `status`.
    public var fix: Fix {
        Fix(
            time: time,
            mode: altitude == nil ? .twoD : .threeD,
            quality: .gps,
            latitude: latitude,
            longitude: longitude,
            altitudeMSL: altitude,
            speed: speed,
            track: course,
            eph: accuracy,
            hdop: hdop
        )
    }
}
