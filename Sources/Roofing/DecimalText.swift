/// Exact decimal numbers as people write them, scaled to integers: `1234.50`, `1234,50`, `1.234,50` (Danish
/// thousands dot and decimal comma), `1,234.50`, `1 234,50`, with a leading sign.
///
/// The decimal separator is the last of `.` and `,` when both appear; a separator that appears more than once
/// groups thousands. A single separator is the decimal one, except where it is followed by exactly three digits
/// and the value allows fewer than three decimals (`1.234` as an amount is 1234 kr: read as a price of
/// 1.234 kr it would be wrong in any case).
enum DecimalText {
    /// `text` as an integer of 10^-`places` units; the error names `field`.
    static func parse(_ text: String, places: Int, limit: Int64, field: String) throws(RoofingError) -> Int64 {
        func fail(_ why: String) -> RoofingError {
            RoofingError(.invalid, path: field, "'\(text)' is not a number\(why.isEmpty ? "" : ": " + why)")
        }
        var chars = Array(text.trimmingWhitespace())
        guard !chars.isEmpty else { throw RoofingError(.invalid, path: field, "a number is required") }
        var negative = false
        if chars[0] == "-" || chars[0] == "+" || chars[0] == "\u{2212}" {
            negative = chars[0] != "+"
            chars.removeFirst()
        }
        // Spaces (also no-break and thin spaces) group thousands.
        chars.removeAll { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" || $0 == "'" }
        guard !chars.isEmpty else { throw fail("") }
        for c in chars where !(c.isASCII && (c.isNumber || c == "." || c == ",")) {
            throw fail("unexpected '\(c)'")
        }
        let dots = chars.count { $0 == "." }
        let commas = chars.count { $0 == "," }
        var decimalSeparator: Character?
        if dots > 0 && commas > 0 {
            decimalSeparator = chars.lastIndex(of: ".")! > chars.lastIndex(of: ",")! ? "." : ","
            let other: Character = decimalSeparator == "." ? "," : "."
            if chars.count(where: { $0 == decimalSeparator }) > 1 { throw fail("two decimal separators") }
            if chars.lastIndex(of: other)! > chars.lastIndex(of: decimalSeparator!)! { throw fail("") }
        } else if dots + commas == 1 {
            let separator: Character = dots == 1 ? "." : ","
            let after = chars.count - 1 - chars.firstIndex(of: separator)!
            decimalSeparator = (after == 3 && places < 3 && chars.first != separator) ? nil : separator
        } else {
            decimalSeparator = nil  // none, or only thousands separators
        }
        var integerPart = chars
        var fraction: [Character] = []
        if let decimalSeparator, let index = chars.lastIndex(of: decimalSeparator) {
            integerPart = Array(chars[..<index])
            fraction = Array(chars[(index + 1)...])
        }
        // What is left of the integer part may be grouped by the other separator, in groups of three.
        let groups = integerPart.split(
            separator: integerPart.first { $0 == "." || $0 == "," } ?? "#",
            omittingEmptySubsequences: false)
        if groups.count > 1 {
            if groups[0].isEmpty || groups[0].count > 3 || groups.dropFirst().contains(where: { $0.count != 3 }) {
                throw fail("thousands are grouped by three digits")
            }
            if groups.contains(where: { $0.contains(".") || $0.contains(",") }) { throw fail("") }
        }
        let digits = groups.joined()
        guard !digits.isEmpty || !fraction.isEmpty else { throw fail("") }
        guard !fraction.contains(where: { $0 == "." || $0 == "," }) else { throw fail("") }
        guard fraction.count <= places else {
            throw fail(places == 0 ? "a whole number is expected" : "at most \(places) decimals")
        }
        var value: Int64 = 0
        for c in Array(digits) + fraction + Array(repeating: "0", count: places - fraction.count) {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(c.wholeNumberValue!))
            guard !o1, !o2, sum <= limit else { throw fail("too large") }
            value = sum
        }
        return negative ? -value : value
    }

    /// `value` (in 10^-`places` units) with exactly `places` decimals (`minimumPlaces` ... `places` when
    /// trailing zeros are dropped), a point and no grouping: `-1234.50`.
    static func format(
        _ value: Int64, places: Int, minimumPlaces: Int? = nil, decimal: Character = ".",
        grouping: Character? = nil
    ) -> String {
        let magnitude = value.magnitude
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        var integer = String(magnitude / scale)
        if let grouping {
            var grouped = ""
            for (index, c) in integer.enumerated() {
                if index > 0 && (integer.count - index) % 3 == 0 { grouped.append(grouping) }
                grouped.append(c)
            }
            integer = grouped
        }
        var fraction = places == 0 ? "" : String(magnitude % scale)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        if let minimumPlaces {
            while fraction.count > minimumPlaces && fraction.hasSuffix("0") { fraction.removeLast() }
        }
        return (value < 0 ? "-" : "") + integer + (fraction.isEmpty ? "" : String(decimal) + fraction)
    }

    /// `numerator / denominator` rounded half away from zero.
    static func divideRounded(_ numerator: Int128, by denominator: Int128) -> Int128 {
        let quotient = numerator / denominator
        let remainder = numerator % denominator
        guard remainder != 0, 2 * remainder.magnitude >= denominator.magnitude else { return quotient }
        return (numerator < 0) != (denominator < 0) ? quotient - 1 : quotient + 1
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return String(s)
    }
}
