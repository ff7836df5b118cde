/// Rounding of a time or a duration to a grid of minutes, as time clocks do it (the raw times are always kept).
public struct Rounding: Sendable, Hashable, CustomStringConvertible {
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case none
        case nearest
        case up
        case down
    }

    /// The grids payroll rules use.
    public static let allowedMinutes = [1, 5, 6, 10, 15]

    public var mode: Mode
    public var minutes: Int

    public static let none = Rounding(mode: .none, minutes: 1)

    public init(mode: Mode, minutes: Int) {
        self.mode = mode
        self.minutes = minutes
    }

    /// `none`, or `nearest 15`, `up 5`, `down 6` (also `nearest:15`, `up/10`).
    public init?(parsing text: String) {
        let parts = text.lowercased().split(whereSeparator: { " :/".contains($0) })
        if parts == ["none"] {
            self = .none
            return
        }
        guard parts.count == 2, let mode = Mode(rawValue: String(parts[0])), mode != .none,
            let minutes = Int(parts[1]), Self.allowedMinutes.contains(minutes)
        else { return nil }
        self.init(mode: mode, minutes: minutes)
    }

    /// Rounds a number of seconds (a local wall-clock time or a duration) to the grid.
    public func apply(seconds: Double) -> Double {
        guard mode != .none else { return seconds }
        let grid = Double(minutes * 60)
        let steps = seconds / grid
        switch mode {
        case .none: return seconds
        case .nearest: return steps.rounded(.toNearestOrAwayFromZero) * grid
        case .up: return steps.rounded(.up) * grid
        case .down: return steps.rounded(.down) * grid
        }
    }

    public var description: String { mode == .none ? "none" : "\(mode.rawValue) \(minutes)" }
}

/// How start, end and duration of a shift are rounded when it is closed.
public struct RoundingRules: Sendable, Hashable {
    public var start: Rounding
    public var end: Rounding
    public var duration: Rounding

    public init(start: Rounding = .none, end: Rounding = .none, duration: Rounding = .none) {
        self.start = start
        self.end = end
        self.duration = duration
    }
}
