/// Numbers of the mileage log's views as its JSON has always written them: rounded to a fixed number of decimals
/// (`distance_m` to 0.1 m, coordinates to 1e-7°), and `null` where there is none or it is not finite.
enum ViewNumber {
    static func rounded(_ value: Double?, _ decimals: Int) -> Double? {
        guard let value, value.isFinite else { return nil }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? 0 : rounded
    }
}
