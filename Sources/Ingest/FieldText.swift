import TrackModel

/// Numbers as apps write them in queries and JSON strings: decimal, with an optional sign, fraction and exponent.
/// `NaN` and `Infinity` are read too (as non-finite values that screening refuses, not as errors of the request);
/// hexadecimal, blanks, commas and units are not numbers.
enum NumberText {
    static func parse(_ text: some StringProtocol) -> Double? {
        let lower = text.lowercased()
        switch lower {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        var sawDigit = false
        for byte in lower.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "+"), UInt8(ascii: "-"): break
            default: return nil
            }
        }
        guard sawDigit, lower.utf8.count <= 64 else { return nil }
        return Double(lower)
    }

    /// `12` for whole numbers below 10¹⁵, else Swift's shortest round-trip text (`12.5`, `1e+20`).
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// `true`/`false`, `1`/`0`, `yes`/`no`, in any case.
enum BoolText {
    static func parse(_ text: some StringProtocol) -> Bool? {
        switch text.trimmingSpaces.lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no": false
        default: nil
        }
    }
}

/// Points in time as the apps send them: epoch seconds, epoch milliseconds (any number of at least 10¹¹, which
/// as seconds would be the year 5138) or ISO 8601 with an offset or `Z` (read as UTC without one).
enum TimeText {
    /// 10¹¹: a number this large is milliseconds.
    static let millisecondThreshold = 1e11

    static func epoch(_ number: Double) -> Timestamp? {
        guard number.isFinite, number >= 0 else { return nil }
        let seconds = number >= millisecondThreshold ? number / 1_000 : number
        // Beyond the year 9999 no calendar field reads it back.
        guard seconds < 253_402_300_800 else { return nil }
        return Timestamp(secondsSince1970: seconds)
    }

    static func parse(_ text: some StringProtocol) -> Timestamp? {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { return nil }
        if let number = NumberText.parse(trimmed) { return epoch(number) }
        if let time = Timestamp(iso8601: trimmed) { return time }
        // An offset's `+` written unescaped into a URL arrives as a space: `…T10:00:00 02:00`.
        if let space = trimmed.lastIndex(of: " "), let t = trimmed.firstIndex(where: { $0 == "T" || $0 == "t" }),
            space > t
        {
            var repaired = trimmed
            repaired.replaceSubrange(space...space, with: "+")
            return Timestamp(iso8601: repaired)
        }
        return nil
    }

    static func invalid(_ field: String) -> IngestError {
        IngestError(.invalid, field: field, "must be epoch seconds, epoch milliseconds or an ISO 8601 date-time")
    }
}

/// The items of a query or form body, each read as the field named by its key (a later item of the same name
/// wins). An empty value counts as absent: apps leave a placeholder empty when they have no value for it.
struct FormFields {
    let values: [String: String]
    /// The keys in the order first sent.
    let names: [String]

    init(_ items: [IngestRequest.Item]) {
        var values: [String: String] = [:]
        var names: [String] = []
        for item in items {
            if values.updateValue(item.value, forKey: item.name) == nil { names.append(item.name) }
        }
        self.values = values
        self.names = names
    }

    func text(_ key: String) -> String? {
        guard let text = values[key]?.trimmingSpaces, !text.isEmpty else { return nil }
        return text
    }

    func number(_ key: String) throws(IngestError) -> Double? {
        guard let text = text(key) else { return nil }
        guard let number = NumberText.parse(text) else {
            throw IngestError(.invalid, field: key, "must be a number")
        }
        return number
    }

    /// The number of the first of `keys` that is present.
    func number(first keys: String...) throws(IngestError) -> Double? {
        for key in keys {
            if let number = try number(key) { return number }
        }
        return nil
    }

    func bool(_ key: String) throws(IngestError) -> Bool? {
        guard let text = text(key) else { return nil }
        guard let flag = BoolText.parse(text) else { throw IngestError(.invalid, field: key, "must be true or false") }
        return flag
    }

    func time(_ key: String) throws(IngestError) -> Timestamp? {
        guard let text = text(key) else { return nil }
        guard let time = TimeText.parse(text) else { throw TimeText.invalid(key) }
        return time
    }

    /// The time of the first of `keys` that is present.
    func time(first keys: String...) throws(IngestError) -> Timestamp? {
        for key in keys {
            if let time = try time(key) { return time }
        }
        return nil
    }
}

/// Optional measurements as the engine wants them: a non-finite or negative value (apps send −1 for "unknown") is
/// no value.
enum Measurement {
    /// A speed, accuracy or DOP: finite and not negative; an accuracy of 0 is "unknown" too.
    static func nonNegative(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    static func positive(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }

    /// A course in degrees, 0…360.
    static func course(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0, value <= 360 else { return nil }
        return value
    }

    /// A finite value of any sign (altitude).
    static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// A battery level in percent, 0…100.
    static func percent(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0, value <= 100 else { return nil }
        return value
    }

    /// A battery level given as a fraction, 0…1, in percent.
    static func fractionAsPercent(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0, value <= 1 else { return nil }
        return value * 100
    }
}
