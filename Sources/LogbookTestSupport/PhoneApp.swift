import Geodesy
public import TrackModel

/// What a phone app sends of a receiver's output (Traccar Client's filter): the first fix, then one once the phone is
/// 75 m from the last one sent or 300 s later; fixes without a position are never sent, and a phone reports its
/// accuracy in metres only (no HDOP).
public enum PhoneApp {
    /// The points sent of `fixes`. The fixes at the indices in `also` are sent too (where a scenario needs the filter
    /// to fire: its 75 m from the last point ended there).
    public static func points(_ fixes: [Fix], also: Set<Int> = []) -> [Fix] {
        var sent: [Fix] = []
        for (index, fix) in fixes.enumerated() {
            guard fix.mode != .noFix, let lat = fix.latitude, let lon = fix.longitude, let t = fix.time else {
                continue
            }
            if !also.contains(index), let last = sent.last, let lastTime = last.time, let lastLat = last.latitude,
                let lastLon = last.longitude,
                t.secondsSince1970 - lastTime.secondsSince1970 < timerPeriod,
                Geodesic.wgs84.distance(latitude1: lastLat, longitude1: lastLon, latitude2: lat, longitude2: lon)
                    < distanceFilter
            {
                continue
            }
            var point = fix
            point.hdop = nil
            sent.append(point)
        }
        return sent
    }

    /// Metres from the last point sent after which the next is sent.
    public static let distanceFilter = 75.0
    /// Seconds after the last point sent after which the next is sent, moved or not.
    public static let timerPeriod = 300.0
}
