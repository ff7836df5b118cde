/// What a trip typed in by a person may be: at most a day long, and no faster than 250 km/h on average.
public enum TripPlausibility {
    public static let longestTrip: Double = 86_400
    public static let fastestAverage: Double = 250 / 3.6

    /// Why a trip of `seconds` over `metres` cannot be right, or nil when it can.
    public static func refusal(seconds: Double, metres: Double) -> String? {
        guard metres.isFinite, metres < 100_000_000 else { return "the distance is not a plausible number" }
        if seconds > longestTrip {
            return "the trip would last \(hoursMinutes(seconds)) h, longer than 24 hours; log it as several trips"
        }
        if seconds > 0, metres / seconds > fastestAverage {
            let kmh = Int((metres / seconds * 3.6).rounded())
            return "\(Int((metres / 1_000).rounded())) km in \(hoursMinutes(seconds)) h is \(kmh) km/h on average, "
                + "faster than 250 km/h; check the odometer or distance and the times"
        }
        return nil
    }

    static func hoursMinutes(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        return "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }
}
