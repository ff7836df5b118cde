/// An entry proposed from a day's trips: from the first trip's start to the last trip's end, with the stops longer
/// than `breakThreshold` between trips as the break.
public struct HoursProposal: Sendable, Hashable {
    public var start: Moment
    public var end: Moment
    public var breakMinutes: Int
    /// The stops counted as breaks.
    public var breaks: [(start: Moment, end: Moment)] { breakList.map { ($0.start, $0.end) } }
    public var tripCount: Int

    struct Stop: Sendable, Hashable {
        var start: Moment
        var end: Moment
    }

    var breakList: [Stop]

    public static let breakThresholdMinutes = 15

    /// nil without trips.
    public init?(trips: [(start: Moment, end: Moment)], breakThresholdMinutes: Int = Self.breakThresholdMinutes) {
        let sorted = trips.sorted { $0.start < $1.start }
        guard let first = sorted.first else { return nil }
        var end = first.end
        var stops: [Stop] = []
        for trip in sorted.dropFirst() {
            if trip.start.seconds - end.seconds > Double(breakThresholdMinutes * 60) {
                stops.append(Stop(start: end, end: trip.start))
            }
            end = max(end, trip.end)
        }
        start = first.start
        self.end = end
        breakList = stops
        breakMinutes = stops.reduce(0) { $0 + $1.start.minutes(until: $1.end) }
        tripCount = sorted.count
    }

    public static func == (a: HoursProposal, b: HoursProposal) -> Bool {
        a.start == b.start && a.end == b.end && a.breakList == b.breakList && a.tripCount == b.tripCount
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(breakList)
    }
}
