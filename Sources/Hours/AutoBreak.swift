/// Breaks deducted when none (or a shorter one) was entered: for instance 30 minutes for shifts longer than 6 hours
/// and 45 for shifts longer than 9, as German working-time law asks.
public struct AutoBreak: Sendable, Hashable {
    public struct Step: Sendable, Hashable {
        /// A shift longer than this many minutes …
        public var afterMinutes: Int
        /// … has at least this break.
        public var breakMinutes: Int

        public init(afterMinutes: Int, breakMinutes: Int) {
            self.afterMinutes = afterMinutes
            self.breakMinutes = breakMinutes
        }
    }

    public var steps: [Step]

    public static let none = AutoBreak(steps: [])

    public init(steps: [Step]) { self.steps = steps.sorted { $0.afterMinutes < $1.afterMinutes } }

    /// The break for a shift of `elapsedMinutes` with `enteredMinutes` of break typed in: the entered break unless a
    /// step asks for a longer one.
    public func breakMinutes(elapsedMinutes: Int, enteredMinutes: Int) -> Int {
        let required = steps.filter { elapsedMinutes > $0.afterMinutes }.map(\.breakMinutes).max() ?? 0
        return max(enteredMinutes, required)
    }
}
