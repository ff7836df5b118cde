import ValueStreams

/// A time on a map (a sticker's process or waiting time, the working time a day) as an input gives it: seconds as a
/// number (`"process_s": 300`), or text with units (`"5m"`, `"1h30m"`, as `DurationText` reads it) — what the command
/// line and the pages' forms send. A bare number in text is refused as ambiguous.
public struct ValueStreamDuration: Sendable, Hashable, Decodable {
    public var seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// `45s`, `5m`, `1h30m`, `2d`; nil for anything else.
    public init?(text: String) {
        guard let seconds = DurationText.seconds(text) else { return nil }
        self.seconds = seconds
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Text first: a form's value is always text, and `90` there is as ambiguous as on the command line.
        if let text = try? c.decode(String.self) {
            guard let seconds = DurationText.seconds(text) else {
                throw DecodingError.dataCorruptedError(
                    in: c, debugDescription: "is not a duration such as 45s, 5m or 1h30m")
            }
            self.seconds = seconds
        } else {
            seconds = try c.decode(Double.self)
        }
    }
}
