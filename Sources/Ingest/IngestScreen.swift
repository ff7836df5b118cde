public import TrackModel

/// Why screening refused a position. Counted per device by the server, never an error of the whole request: the
/// other positions of the request are stored.
public enum IngestRefusal: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Latitude or longitude is not a number (`NaN`).
    case notANumber = "not-a-number"
    /// Latitude beyond ±90° or longitude beyond ±180° (infinities included).
    case outOfRange = "out-of-range"
    /// Exactly 0,0: what phones and trackers send before their first fix.
    case nullIsland = "null-island"
    /// Dated later than the server's clock plus the allowed margin.
    case future

    public static func < (lhs: IngestRefusal, rhs: IngestRefusal) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The positions a request reported, screened: those that may become distance, and counts of the others by reason.
public struct IngestScreening: Sendable, Hashable {
    public var accepted: [IngestPosition]
    public var refused: [IngestRefusal: Int]

    public init(accepted: [IngestPosition] = [], refused: [IngestRefusal: Int] = [:]) {
        self.accepted = accepted
        self.refused = refused
    }

    /// How many positions were refused, whatever the reason.
    public var refusedCount: Int { refused.values.reduce(0, +) }
}

/// The screen every ingested position passes before it is stored: no position at 0,0, outside ±90/±180, not a
/// number, or dated more than `futureMargin` after `now` (the server's clock, passed in: this type reads none).
public struct IngestScreen: Sendable, Hashable {
    /// Seconds a fix may be dated after `now` (phones' clocks run a little ahead). Default 300 s.
    public var futureMargin: Double

    public init(futureMargin: Double = 300) {
        self.futureMargin = futureMargin
    }

    /// Why `position` is refused, `nil` when it passes.
    public func refusal(of position: IngestPosition, now: Timestamp) -> IngestRefusal? {
        let latitude = position.latitude
        let longitude = position.longitude
        if latitude.isNaN || longitude.isNaN { return .notANumber }
        if !(-90...90).contains(latitude) || !(-180...180).contains(longitude) { return .outOfRange }
        if latitude == 0 && longitude == 0 { return .nullIsland }
        if !(position.time.secondsSince1970 <= now.secondsSince1970 + futureMargin) { return .future }
        return nil
    }

    /// `positions` split into the accepted, in their order, and counts of the refused by reason.
    public func screen(_ positions: [IngestPosition], now: Timestamp) -> IngestScreening {
        var screening = IngestScreening()
        screening.accepted.reserveCapacity(positions.count)
        for position in positions {
            if let reason = refusal(of: position, now: now) {
                screening.refused[reason, default: 0] += 1
            } else {
                screening.accepted.append(position)
            }
        }
        return screening
    }
}
