import Foundation

/// Checks on what a process logged.
public enum LogText {
    /// Whether `log` holds a number that starts like one of `coordinates` ("59.4", "24.7") followed by more digits,
    /// other than as a time's seconds (`08:06:59.429Z`, which once looked like a latitude to a plain search).
    public static func mentionsCoordinate(_ log: String, like coordinates: [String]) -> Bool {
        coordinates.contains { start in
            let pattern = #"(?<![:\d])"# + NSRegularExpression.escapedPattern(for: start) + #"\d"#
            return log.range(of: pattern, options: .regularExpression) != nil
        }
    }
}
