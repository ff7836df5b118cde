public import Hours

/// A time of an entry that happened twice (the night the clocks go back), and which of the two the entry has, as
/// the entry's `repeated_times` give it (`hours add|edit|list --format json` and the API):
///
/// `{"field": "start", "time": "02:30", "offset": "+02:00", "occurrence": "first",
///   "note": "start 02:30 taken as the first 02:30 (+02:00); 02:30+01:00 is the second"}`
///
/// `field` is the input's (`start` or `end`, of the times as entered, before rounding).
public struct HoursRepeatedTimeView: Encodable, Sendable, Hashable {
    public var field: String
    /// `HH:MM` on the wall clock.
    public var time: String
    /// The UTC offset of the occurrence taken, `+02:00`.
    public var offset: String
    /// `first` or `second`.
    public var occurrence: String
    public var note: String

    public init(field: String, _ repeated: RepeatedTime) {
        self.field = field
        time = ClockTime(minute: repeated.time.minute).description
        offset = repeated.offsetText
        occurrence = repeated.ordinal
        note = "\(field) \(repeated.note)"
    }
}
