public import TrackModel

/// A window of local clock time, `[start, end)` in minutes after midnight. A window whose end is earlier than its
/// start crosses midnight (22:00–06:00); equal ends mean the whole day.
public struct TimeWindow: Sendable, Hashable, Codable, CustomStringConvertible {
    public var startMinute: Int
    public var endMinute: Int

    /// `nil` unless both minutes lie in `0..<1440`.
    public init?(startMinute: Int, endMinute: Int) {
        guard (0..<1_440).contains(startMinute), (0..<1_440).contains(endMinute) else { return nil }
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    /// Parses `HH:MM-HH:MM` (24-hour clock; `24:00` is accepted as an end meaning midnight).
    public init?(parsing text: String) {
        let b = Array(text.utf8)
        guard b.count == 11, b[5] == UInt8(ascii: "-") else { return nil }
        func minutes(_ s: ArraySlice<UInt8>) -> Int? {
            let i = s.startIndex
            guard s[i + 2] == UInt8(ascii: ":"), let h = Day.number(s[i..<i + 2]), let m = Day.number(s[i + 3..<i + 5]),
                h <= 24, m <= 59, h < 24 || m == 0
            else { return nil }
            return h * 60 + m
        }
        guard let start = minutes(b[0..<5]), start < 1_440, let end = minutes(b[6..<11]) else { return nil }
        self.init(startMinute: start, endMinute: end % 1_440)
    }

    /// Whether a time of day, in seconds after local midnight, lies in the window.
    public func contains(secondOfDay: Double) -> Bool {
        let minute = secondOfDay / 60
        let start = Double(startMinute)
        let end = Double(endMinute)
        if startMinute == endMinute { return true }
        if startMinute < endMinute { return minute >= start && minute < end }
        return minute >= start || minute < end
    }

    public var description: String {
        func hhmm(_ m: Int) -> String {
            let h = m / 60
            let mm = m % 60
            return (h < 10 ? "0" : "") + String(h) + ":" + (mm < 10 ? "0" : "") + String(mm)
        }
        return hhmm(startMinute) + "-" + hhmm(endMinute)
    }
}

/// The facts about a trip that rules look at.
public struct TripFacts: Sendable, Hashable {
    public var start: Timestamp
    /// The local UTC offset at `start`, seconds east of Greenwich; weekdays and times are local.
    public var utcOffsetSeconds: Int
    public var startCoordinate: Coordinate?
    public var endCoordinate: Coordinate?
    public var vehiclePlate: String?
    /// The trip's current category, if any, and whether a person set it (then rules never override it).
    public var category: TripCategory?
    public var categoryIsManual: Bool

    public init(
        start: Timestamp, utcOffsetSeconds: Int = 0, startCoordinate: Coordinate? = nil,
        endCoordinate: Coordinate? = nil, vehiclePlate: String? = nil, category: TripCategory? = nil,
        categoryIsManual: Bool = false
    ) {
        self.start = start
        self.utcOffsetSeconds = utcOffsetSeconds
        self.startCoordinate = startCoordinate
        self.endCoordinate = endCoordinate
        self.vehiclePlate = vehiclePlate
        self.category = category
        self.categoryIsManual = categoryIsManual
    }
}

/// A rule: if every condition that is set holds, the trip gets `category` (and `purpose`, if given).
/// Unset conditions (empty sets, `nil`) match anything.
public struct ClassificationRule: Sendable, Hashable {
    public var name: String
    /// Higher runs first; equal priorities keep their order in the rule set.
    public var priority: Int
    public var weekdays: Set<Weekday>
    public var timeWindow: TimeWindow?
    public var startPlace: Place?
    public var endPlace: Place?
    /// Compared after `normalizedPlate`, so `"B-AB 123"` matches `"bab123"`.
    public var vehiclePlates: Set<String>
    public var category: TripCategory
    public var purpose: String?

    public init(
        name: String, priority: Int = 0, weekdays: Set<Weekday> = [], timeWindow: TimeWindow? = nil,
        startPlace: Place? = nil, endPlace: Place? = nil, vehiclePlates: Set<String> = [],
        category: TripCategory, purpose: String? = nil
    ) {
        self.name = name
        self.priority = priority
        self.weekdays = weekdays
        self.timeWindow = timeWindow
        self.startPlace = startPlace
        self.endPlace = endPlace
        self.vehiclePlates = Set(vehiclePlates.map(Self.normalizedPlate))
        self.category = category
        self.purpose = purpose
    }

    public func matches(_ trip: TripFacts) -> Bool {
        let local = trip.start.secondsSince1970 + Double(trip.utcOffsetSeconds)
        if !weekdays.isEmpty, !weekdays.contains(Day(trip.start, utcOffsetSeconds: trip.utcOffsetSeconds).weekday) {
            return false
        }
        if let timeWindow {
            let secondOfDay = local - (local / 86_400).rounded(.down) * 86_400
            guard timeWindow.contains(secondOfDay: secondOfDay) else { return false }
        }
        if let startPlace {
            guard let coordinate = trip.startCoordinate, startPlace.contains(coordinate) else { return false }
        }
        if let endPlace {
            guard let coordinate = trip.endCoordinate, endPlace.contains(coordinate) else { return false }
        }
        if !vehiclePlates.isEmpty {
            guard let plate = trip.vehiclePlate, vehiclePlates.contains(Self.normalizedPlate(plate)) else {
                return false
            }
        }
        return true
    }

    /// Upper-case letters and digits only.
    public static func normalizedPlate(_ plate: String) -> String {
        String(plate.uppercased().filter { $0.isLetter || $0.isNumber })
    }
}

/// The outcome of classifying a trip.
public struct Classification: Sendable, Hashable {
    public var category: TripCategory
    public var purpose: String?
    /// The rule that decided; `nil` when the category was set by hand.
    public var ruleName: String?
    /// True when a person set the category; rules did not touch it.
    public var isManual: Bool

    public init(category: TripCategory, purpose: String? = nil, ruleName: String? = nil, isManual: Bool = false) {
        self.category = category
        self.purpose = purpose
        self.ruleName = ruleName
        self.isManual = isManual
    }
}

/// Rules in the order they are tried: by priority, highest first, then in the order given.
public struct RuleSet: Sendable, Hashable {
    public private(set) var rules: [ClassificationRule]

    public init(_ rules: [ClassificationRule]) {
        self.rules = rules.enumerated()
            .sorted { a, b in
                a.element.priority != b.element.priority ? a.element.priority > b.element.priority : a.offset < b.offset
            }
            .map(\.element)
    }

    /// A manual category wins; otherwise the first matching rule decides; `nil` if none matches.
    public func classify(_ trip: TripFacts) -> Classification? {
        if trip.categoryIsManual, let category = trip.category {
            return Classification(category: category, isManual: true)
        }
        guard let rule = rules.first(where: { $0.matches(trip) }) else { return nil }
        return Classification(category: rule.category, purpose: rule.purpose, ruleName: rule.name)
    }
}
