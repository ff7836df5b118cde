/// An entry proposed from a day's trips: the entry (saved or not), and what it was made of.
public struct HoursProposalView: Encodable, Sendable, Hashable {
    public var entry: HoursEntryView
    /// The day, `YYYY-MM-DD`.
    public var date: String
    /// The vehicle whose trips it came from.
    public var vehicle: String
    public var trips: Int
    /// The stops between trips counted as break (longer than `HoursProposal.breakThresholdMinutes`).
    public var stops: Int
    public var stopMinutes: Int
    public var saved: Bool

    enum CodingKeys: String, CodingKey {
        case entry = "shift"
        case date, vehicle, trips, stops, saved
        case stopMinutes = "stop_minutes"
    }
}
