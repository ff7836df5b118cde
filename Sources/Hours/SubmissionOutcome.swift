public import Foundation

/// What became of one change sent to the payroll system, and what to do about it.
public enum SubmissionOutcome: Sendable, Hashable {
    /// 2xx: the receiver has the change.
    case accepted
    /// No connection, a timeout, 408, 429 or 5xx: try again later; `retryAfter` is the receiver's `Retry-After` in
    /// seconds when it sent one.
    case retryLater(reason: String, retryAfter: Double?)
    /// Any other answer: the receiver refused the change; it waits for `hours retry`.
    case refused(message: String)

    /// The outcome of an HTTP answer: its status, its `Retry-After` header and its body (the receiver's message).
    public static func answer(status: Int, retryAfter: String?, body: String, now: Date) -> SubmissionOutcome {
        switch status {
        case 200..<300:
            return .accepted
        case 408, 429, 500..<600:
            return .retryLater(
                reason: "HTTP \(status)" + message(body).map { ": \($0)" }.orEmpty,
                retryAfter: retryAfter.flatMap { RetryAfter.seconds($0, now: now) })
        default:
            return .refused(message: "HTTP \(status)" + message(body).map { ": \($0)" }.orEmpty)
        }
    }

    /// The receiver's message in a body: `{"error": {"message": …}}`, `{"error": "…"}`, `{"message": "…"}`, or the
    /// body's first line as text; at most 300 characters, control characters dropped.
    public static func message(_ body: String) -> String? {
        var text = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) {
            let dictionary = object as? [String: Any]
            if let error = dictionary?["error"] as? [String: Any], let message = error["message"] as? String {
                text = message
            } else if let message = dictionary?["error"] as? String ?? dictionary?["message"] as? String
                ?? dictionary?["detail"] as? String
            {
                text = message
            }
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let clean = String(
            String.UnicodeScalarView(line.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let trimmed = clean.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > 300 ? String(trimmed.prefix(300)) + "…" : trimmed
    }
}

extension Optional where Wrapped == String {
    fileprivate var orEmpty: String { self ?? "" }
}

/// An HTTP `Retry-After` value (RFC 9110 §10.2.3): delay seconds, or an HTTP date.
public enum RetryAfter {
    /// The seconds to wait from `now`, at least 0; nil when the value is neither form.
    public static func seconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Double(text).map { min($0, 86_400) }
        }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                return min(max(0, date.timeIntervalSince(now)), 86_400)
            }
        }
        return nil
    }
}

/// When a change that could not be delivered is tried again: 30 s after the first failure, doubling with every
/// further failure up to one hour, spread by ±20 % so that many boxes coming back online do not all call at once;
/// the receiver's `Retry-After` wins when it sent one.
public struct SubmissionBackoff: Sendable, Hashable {
    public var first: Double
    public var ceiling: Double
    /// How far a delay is spread either way, as a fraction of it.
    public var spread: Double

    public init(first: Double = 30, ceiling: Double = 3_600, spread: Double = 0.2) {
        self.first = first
        self.ceiling = ceiling
        self.spread = spread
    }

    /// The delay before the next try after `failures` failed tries (1 for the first); `jitter` is a random number
    /// in 0..<1.
    public func delay(afterFailures failures: Int, retryAfter: Double? = nil, jitter: Double) -> Double {
        if let retryAfter { return max(1, retryAfter) }
        let doublings = min(max(failures, 1) - 1, 32)
        let nominal = min(ceiling, first * pow(2, Double(doublings)))
        let factor = 1 + spread * (2 * min(max(jitter, 0), 1) - 1)
        return min(ceiling, max(1, nominal * factor))
    }
}
