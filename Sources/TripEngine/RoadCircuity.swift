import Geodesy

/// How much longer the roads a trip drove are than the straight lines between their ends, measured on the trip's
/// own path: the way the vehicle went without a fix into a place it parked at (an underground garage) is unknown, and
/// the line from the last fix is its shortest bound. Streets with corners and ramps are longer than that line by
/// a ratio that depends on the town and on the length: the ratio of the streets the trip drove just before, over
/// stretches as long as that line, is the best guess the data hold (a highway's is near 1, a grid of blocks' about
/// 1.3).
struct RoadCircuity: Sendable, Codable, Hashable {
    struct Mark: Sendable, Codable, Hashable {
        var latitude: Double
        var longitude: Double
        /// The trip's distance when the vehicle was here, metres.
        var odometer: Double
    }

    /// The path, a mark every `spacing` metres, the last `capacity` of them.
    private(set) var marks = SlidingArray<Mark>()

    static let spacing = 25.0
    static let capacity = 200
    /// The longest line the ratio is taken for: beyond it, a line across a gap is a road's (the speeds on both sides
    /// tell more), not the streets into a parking place.
    static let longestLine = 1_000.0
    /// Fewer stretches than this say nothing of the streets.
    static let minimumStretches = 5
    /// A stretch that turns back on itself (a U-turn, a loop round a block to the same street) says nothing of how
    /// far the streets go between two points: its ratio counts as this much at most.
    static let largestRatio = 3.0

    /// How far the path noted reaches, metres (the odometer from its first mark to its last).
    var span: Double { (marks.last?.odometer ?? 0) - (marks.first?.odometer ?? 0) }

    /// Notes where the vehicle is when the trip has driven `odometer` metres.
    mutating func note(latitude: Double, longitude: Double, odometer: Double) {
        if let last = marks.last, odometer - last.odometer < Self.spacing { return }
        marks.append(Mark(latitude: latitude, longitude: longitude, odometer: odometer))
        if marks.count > Self.capacity { marks.removeFirst(marks.count - Self.capacity) }
    }

    /// The median ratio of way to line over the stretches of the path `scale` metres long or a little longer (from
    /// each mark to the first one at least `scale` further on), at least 1; `nil` where the path has fewer than
    /// `minimumStretches` of them, or spans less than `spans` times `scale` (so many stretches apart from each other:
    /// overlapping ones say much of one corner).
    func ratio(over scale: Double, spans: Double = 0) -> Double? {
        guard scale > 0, marks.count > Self.minimumStretches, span >= spans * scale else { return nil }
        var ratios: [Double] = []
        var j = 0
        for i in marks.indices {
            j = max(j, i + 1)
            while j < marks.count, marks[j].odometer - marks[i].odometer < scale { j += 1 }
            guard j < marks.count else { break }
            let way = marks[j].odometer - marks[i].odometer
            let line = hop(marks[i].latitude, marks[i].longitude, marks[j].latitude, marks[j].longitude)
            ratios.append(line > 0 ? min(way / line, Self.largestRatio) : Self.largestRatio)
        }
        guard ratios.count >= Self.minimumStretches else { return nil }
        ratios.sort()
        let middle = ratios.count / 2
        let median = ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
        return max(1, median)
    }
}
