public import LogbookStore
import MileageLog
public import TrackModel

/// When a vehicle drove: each trip's start and end, what another domain may know of the mileage log without naming
/// its services (the work hours propose an entry from a day's trips).
public protocol TripTimes: Sendable {
    /// The vehicle's trips (not voided) that start in `start..<end`, in any order.
    func tripTimes(vehicle: String, from start: Timestamp, to end: Timestamp) throws -> [TripTime]
}

/// One trip's start and end.
public struct TripTime: Sendable, Hashable {
    public var start: Timestamp
    public var end: Timestamp

    public init(start: Timestamp, end: Timestamp) {
        self.start = start
        self.end = end
    }
}

extension AppDatabase: TripTimes {
    public func tripTimes(vehicle: String, from start: Timestamp, to end: Timestamp) throws -> [TripTime] {
        try trips(TripFilter(vehicle: vehicle, interval: UTCInterval(start: start, end: end)))
            .map { TripTime(start: $0.start, end: $0.end) }
    }
}
