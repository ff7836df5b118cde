public import Foundation

/// A moment on the UTC time line, in seconds since 1970 (whole seconds: what the clock and the database keep).
public struct Moment: Sendable, Hashable, Comparable, Codable {
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds.rounded(.down) }
    public init(_ date: Date) { self.init(seconds: date.timeIntervalSince1970) }

    public var date: Date { Date(timeIntervalSince1970: seconds) }

    public static func < (a: Moment, b: Moment) -> Bool { a.seconds < b.seconds }

    public func minutes(until later: Moment) -> Int { Int(((later.seconds - seconds) / 60).rounded()) }
}
